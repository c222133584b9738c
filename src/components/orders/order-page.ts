import type { AstroGlobal } from 'astro';

/**
 * The order of a detail page for the signed-in user: a Response (404 for anyone but its parties,
 * a redirect to the viewer's own side) or the order. Pages call it before rendering anything.
 */
export async function orderPage(Astro: AstroGlobal, side: 'purchase' | 'sale') {
  const { locale, user, site } = Astro.locals;
  const id = Number(Astro.params.id);
  const order = Number.isSafeInteger(id) && id > 0 ? await site.ownOrder(user!.id, id, locale) : undefined;
  if (!order) return Astro.rewrite('/404');
  const mine = order.viewer_role === 'requester' ? 'purchase' : 'sale';
  if (mine !== side) return Astro.redirect(`${mine === 'purchase' ? '/dashboard/purchase' : '/dashboard/sell'}/${order.id}`);
  return order;
}
