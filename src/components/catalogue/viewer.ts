type Site = App.Locals['site'];

/**
 * Which of these items the signed-in user has favourited, so hearts render in their true state
 * without JavaScript. Guests (the cached, common case) cost nothing.
 */
export async function favoriteIds(site: Site, userId: number | undefined, type: 'Product' | 'Request', ids: number[]): Promise<Set<number>> {
  if (!userId || !ids.length) return new Set();
  return new Set(await site.favoriteIdsAmong(userId, type, ids));
}

/** The follow state a profile or user card needs: counts, and whether the viewer follows. */
export async function followState(site: Site, viewerId: number | undefined, userId: number) {
  return viewerId && viewerId !== userId ? site.isFollowing(viewerId, userId) : false;
}
