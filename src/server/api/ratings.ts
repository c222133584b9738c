import { Hono } from 'hono';
import { idText } from '../../lib/schemas/ids.ts';
import { ratingSchema, ratingsQuery } from '../../lib/schemas/ratings.ts';
import { notFound } from '../errors.ts';
import { getTransaction } from '../domain/orders/views.ts';
import { rateOrder, ratingsOf, reputationOf } from '../domain/ratings/ratings.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const userId = { id: idText('catalogue:user.not_found') };

/** Ratings after a completed order, and what the user cards show (averages, delivery rate). */
export const ratingRoutes = new Hono<ApiEnv>()
  .post(
    '/ratings',
    route({ user: true, body: ratingSchema }, async (c, { user, body }) => {
      const { deps } = c.get('services');
      await rateOrder(deps, user.id, body);
      // Answers with the order as its detail shows it, the new rating on it.
      const order = await getTransaction(deps.db, body.transaction_id, user.id, deps.now(), c.get('lang'));
      return ok(c, order, 'orders-fulfil:rating.saved', undefined, 201);
    }),
  )
  .get(
    '/users/:id/ratings',
    route({ params: userId, query: ratingsQuery }, async (c, { params, query }) => {
      const { db } = c.get('services').deps;
      if (!(await reputationOf(db, params.id))) throw notFound('catalogue:user.not_found');
      return ok(c, await ratingsOf(db, params.id, query));
    }),
  )
  .get(
    '/users/:id/reputation',
    route({ params: userId }, async (c, { params }) => {
      const reputation = await reputationOf(c.get('services').deps.db, params.id);
      if (!reputation) throw notFound('catalogue:user.not_found');
      return ok(c, reputation);
    }),
  );
