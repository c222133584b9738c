import { Hono } from 'hono';
import { z } from 'zod';
import { favoriteSchema, followSchema, messageSchema, reportSchema } from '../../lib/schemas/catalogue.ts';
import { idText } from '../../lib/schemas/ids.ts';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { listDiscussion, postDiscussion } from '../domain/social/discussions.ts';
import { addFavorite, listFavorites, removeFavorite } from '../domain/social/favorites.ts';
import { follow, isFollowing, listFollows, unfollow } from '../domain/social/follows.ts';
import { reportItem } from '../domain/social/reports.ts';
import { publicProfile } from '../domain/social/users.ts';
import { notFound } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const favoritesQuery = pagingQuery(6, 100).extend({
  type: z.enum(['Product', 'Request']).default('Product'),
  orderby: z.enum(['created_at']).default('created_at'),
  sort: z.enum(['desc']).default('desc'),
});

/** What a discussion or a report is about, from the path: products/product or requests/request. */
const subject = z
  .enum(['products', 'product', 'requests', 'request'], { error: 'errors:code.NOT_FOUND' })
  .transform((s) => (s.startsWith('product') ? ('product' as const) : ('request' as const)));
const userId = { id: idText('catalogue:user.not_found') };
/** The item's id; which "not found" it is depends on the subject, so the domain says it. */
const itemId = idText('errors:code.NOT_FOUND');

export const socialRoutes = new Hono<ApiEnv>()
  .get(
    '/users/favorites',
    route({ user: true, query: favoritesQuery }, async (c, { user, query }) =>
      ok(c, await listFavorites(c.get('services').deps.db, user.id, query, c.get('lang'))),
    ),
  )
  .post(
    '/users/favorites',
    route({ user: true, body: favoriteSchema }, async (c, { user, body: { type, id } }) => {
      await addFavorite(c.get('services').deps.db, user.id, type, id, c.get('lang'));
      return ok(c, { type, id, favorited: true }, 'catalogue:favorite.added');
    }),
  )
  .delete(
    '/users/favorites',
    route({ user: true, body: favoriteSchema }, async (c, { user, body: { type, id } }) => {
      await removeFavorite(c.get('services').deps.db, user.id, type, id);
      return ok(c, { type, id, favorited: false }, 'catalogue:favorite.removed');
    }),
  )
  .post(
    '/users/add-follower',
    route({ user: true, body: followSchema }, async (c, { user, body: { user_id } }) => {
      await follow(c.get('services').deps, user, user_id);
      return ok(c, { user_id, following: true }, 'catalogue:follow.followed');
    }),
  )
  .post(
    '/users/unfollow',
    route({ user: true, body: followSchema }, async (c, { user, body: { user_id } }) => {
      await unfollow(c.get('services').deps, user.id, user_id);
      return ok(c, { user_id, following: false }, 'catalogue:follow.unfollowed');
    }),
  )
  .get(
    '/users/:id/profile',
    route({ params: userId }, async (c, { user: viewer, params: { id } }) => {
      const { db } = c.get('services').deps;
      const profile = await publicProfile(db, id, c.get('lang'));
      if (!profile) throw notFound('catalogue:user.not_found');
      return ok(c, { ...profile, is_following: viewer ? await isFollowing(db, viewer.id, id) : false });
    }),
  )
  .get(
    '/users/:id/followers',
    route({ params: userId }, async (c, { params }) => ok(c, await listFollows(c.get('services').deps.db, params.id, 'followers'))),
  )
  .get(
    '/users/:id/following',
    route({ params: userId }, async (c, { params }) => ok(c, await listFollows(c.get('services').deps.db, params.id, 'following'))),
  )
  .get(
    '/:subject{products|requests}/:id/discussions',
    route({ params: { subject, id: itemId } }, async (c, { params }) =>
      ok(c, await listDiscussion(c.get('services').deps.db, params.subject, params.id, c.get('lang'))),
    ),
  )
  .post(
    '/:subject{products|requests}/:id/discussions',
    route({ user: true, params: { subject, id: itemId }, body: messageSchema }, async (c, { user, params, body }) =>
      ok(
        c,
        await postDiscussion(c.get('services').deps, user, params.subject, params.id, body.message, c.get('lang')),
        'catalogue:discussion.posted',
        undefined,
        201,
      ),
    ),
  )
  .post(
    '/reports/:mode/:id',
    route({ user: true, params: { mode: subject, id: itemId }, body: reportSchema }, async (c, { user, params, body }) => {
      await reportItem(c.get('services').deps, user.id, params.mode, params.id, body.reason, c.get('lang'));
      return ok(c, null, 'catalogue:report.sent', undefined, 201);
    }),
  );
