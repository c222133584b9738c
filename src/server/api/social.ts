import { Hono } from 'hono';
import { z } from 'zod';
import { favoriteSchema, followSchema, messageSchema, reportSchema } from '../../lib/schemas/catalogue.ts';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { listDiscussion, postDiscussion } from '../domain/social/discussions.ts';
import { addFavorite, listFavorites, removeFavorite } from '../domain/social/favorites.ts';
import { follow, isFollowing, listFollows, unfollow } from '../domain/social/follows.ts';
import { reportItem } from '../domain/social/reports.ts';
import { publicProfile } from '../domain/social/users.ts';
import { notFound } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { ok, readJson, readQuery, requireUser } from './http.ts';
import { pathId } from './settings.ts';

const favoritesQuery = pagingQuery(6, 100).extend({
  type: z.enum(['Product', 'Request']).default('Product'),
  orderby: z.enum(['created_at']).default('created_at'),
  sort: z.enum(['desc']).default('desc'),
});

const subject = (raw: string) => {
  if (raw === 'products' || raw === 'product') return 'product' as const;
  if (raw === 'requests' || raw === 'request') return 'request' as const;
  throw notFound();
};

export const socialRoutes = new Hono<ApiEnv>()
  .get('/users/favorites', async (c) => {
    const user = requireUser(c);
    const q = readQuery(c, favoritesQuery);
    return ok(c, await listFavorites(c.get('services').deps.db, user.id, q, c.get('lang')));
  })
  .post('/users/favorites', async (c) => {
    const user = requireUser(c);
    const { type, id } = await readJson(c, favoriteSchema);
    await addFavorite(c.get('services').deps.db, user.id, type, id, c.get('lang'));
    return ok(c, { type, id, favorited: true }, 'catalogue:favorite.added');
  })
  .delete('/users/favorites', async (c) => {
    const user = requireUser(c);
    const { type, id } = await readJson(c, favoriteSchema);
    await removeFavorite(c.get('services').deps.db, user.id, type, id);
    return ok(c, { type, id, favorited: false }, 'catalogue:favorite.removed');
  })
  .post('/users/add-follower', async (c) => {
    const user = requireUser(c);
    const { user_id } = await readJson(c, followSchema);
    await follow(c.get('services').deps.db, user.id, user_id);
    return ok(c, { user_id, following: true }, 'catalogue:follow.followed');
  })
  .post('/users/unfollow', async (c) => {
    const user = requireUser(c);
    const { user_id } = await readJson(c, followSchema);
    await unfollow(c.get('services').deps.db, user.id, user_id);
    return ok(c, { user_id, following: false }, 'catalogue:follow.unfollowed');
  })
  .get('/users/:id/profile', async (c) => {
    const id = pathId(c.req.param('id'), 'catalogue:user.not_found');
    const { db } = c.get('services').deps;
    const profile = await publicProfile(db, id, c.get('lang'));
    if (!profile) throw notFound('catalogue:user.not_found');
    const viewer = c.get('user');
    return ok(c, { ...profile, is_following: viewer ? await isFollowing(db, viewer.id, id) : false });
  })
  .get('/users/:id/followers', async (c) => {
    const id = pathId(c.req.param('id'), 'catalogue:user.not_found');
    return ok(c, await listFollows(c.get('services').deps.db, id, 'followers'));
  })
  .get('/users/:id/following', async (c) => {
    const id = pathId(c.req.param('id'), 'catalogue:user.not_found');
    return ok(c, await listFollows(c.get('services').deps.db, id, 'following'));
  })
  .get('/:subject{products|requests}/:id/discussions', async (c) => {
    const s = subject(c.req.param('subject'));
    const id = pathId(c.req.param('id'), `catalogue:${s}.not_found`);
    return ok(c, await listDiscussion(c.get('services').deps.db, s, id, c.get('lang')));
  })
  .post('/:subject{products|requests}/:id/discussions', async (c) => {
    const user = requireUser(c);
    const s = subject(c.req.param('subject'));
    const id = pathId(c.req.param('id'), `catalogue:${s}.not_found`);
    const { message } = await readJson(c, messageSchema);
    return ok(c, await postDiscussion(c.get('services').deps, user, s, id, message, c.get('lang')), 'catalogue:discussion.posted', undefined, 201);
  })
  .post('/reports/:mode/:id', async (c) => {
    const user = requireUser(c);
    const mode = subject(c.req.param('mode'));
    const id = pathId(c.req.param('id'), `catalogue:${mode}.not_found`);
    const { reason } = await readJson(c, reportSchema);
    await reportItem(c.get('services').deps.db, user.id, mode, id, reason, c.get('lang'));
    return ok(c, null, 'catalogue:report.sent', undefined, 201);
  });
