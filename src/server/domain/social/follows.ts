import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FollowEntry } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { follows, notifications, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { notify } from '../notifications/outbox.ts';

const FOLLOW_NOTICE = 'catalogue:follow.notify';

async function assertUser(db: Db, id: number) {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!u) throw notFound('catalogue:user.not_found');
}

/** How often one follower's follow is news to the one followed: following and unfollowing in a loop notifies once. */
export const FOLLOW_NOTICE_EVERY_HOURS = 24;

/**
 * Follows a user; a new follower is news to the one followed: one notification per follower and
 * day, however often they unfollow and follow again meanwhile.
 */
export async function follow(deps: Pick<Deps, 'db' | 'outbox' | 'now' | 'limits'>, follower: { id: number; username: string }, followedId: number) {
  if (follower.id === followedId) throw new AppError('SELF_ACTION', { key: 'catalogue:follow.self' });
  await assertUser(deps.db, followedId);
  await deps.limits.consume('followsPerUser', String(follower.id));
  const added = await deps.db.transaction(async (tx) => {
    const rows = await tx.insert(follows).values({ followerId: follower.id, followedId }).onConflictDoNothing().returning({ id: follows.followerId });
    const since = new Date(deps.now().getTime() - FOLLOW_NOTICE_EVERY_HOURS * 3_600_000);
    const [told] = rows.length
      ? await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, followedId),
              gt(notifications.createdAt, since),
              eq(notifications.key, FOLLOW_NOTICE),
              eq(notifications.notifiableType, 'user'),
              eq(notifications.notifiableId, follower.id),
            ),
          )
          .limit(1)
      : [];
    if (rows.length && !told) {
      await notify(tx, followedId, {
        key: FOLLOW_NOTICE,
        params: { username: follower.username },
        notifiableType: 'user',
        notifiableId: follower.id,
        link: `/products/user/marketplace/${follower.id}`,
      });
    }
    return rows.length > 0 && !told;
  });
  if (added) deps.outbox.kick();
}

export async function unfollow(deps: Pick<Deps, 'db' | 'limits'>, followerId: number, followedId: number) {
  const { db } = deps;
  await assertUser(db, followedId);
  await deps.limits.consume('followsPerUser', String(followerId));
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
}

export async function isFollowing(db: Db, followerId: number, followedId: number) {
  const [row] = await db.select({ f: follows.followerId }).from(follows).where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
  return !!row;
}

export async function followCounts(db: Db, userId: number) {
  const [[followers], [following]] = await Promise.all([
    db.select({ n: count() }).from(follows).where(eq(follows.followedId, userId)),
    db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId)),
  ]);
  return { followers: followers.n, following: following.n };
}

/** The follower popup's tabs: {id, username, photo_profile}. */
export async function listFollows(db: Db, userId: number, which: 'followers' | 'following', limit = 300): Promise<FollowEntry[]> {
  const other = which === 'followers' ? follows.followerId : follows.followedId;
  const self = which === 'followers' ? follows.followedId : follows.followerId;
  return db
    .select({ id: users.id, username: users.username, name: users.name, photo_profile: users.photoProfile })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(self, userId), isNull(users.deletedAt)))
    .orderBy(desc(follows.createdAt))
    .limit(limit);
}
