import { Hono } from 'hono';
import { z } from 'zod';
import { idText } from '../../lib/schemas/ids.ts';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { TRIP_STATUSES, tripCreateSchema, tripUpdateSchema } from '../../lib/schemas/trips.ts';
import { cancelTrip, createTrip, getOwnTrip, listTrips, updateTrip } from '../domain/trips/trips.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const tripsQuery = pagingQuery(100, 100).extend({
  orderby: z.enum(['created_at', 'arrival_date']).default('created_at'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  status: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(TRIP_STATUSES, { error: 'errors:field.invalid' }).optional()),
});
const tripId = { id: idText('places:trip.not_found') };

export const tripRoutes = new Hono<ApiEnv>()
  .get(
    '/users/trips',
    route({ user: true, query: tripsQuery }, async (c, { user, query }) => ok(c, await listTrips(c.get('services').deps, user.id, query, c.get('lang')))),
  )
  .get(
    '/users/trips/:id',
    route({ user: true, params: tripId }, async (c, { user, params }) => ok(c, await getOwnTrip(c.get('services').deps, user.id, params.id, c.get('lang')))),
  )
  .post(
    '/users/trips',
    route({ user: true, body: tripCreateSchema }, async (c, { user, body }) =>
      ok(c, await createTrip(c.get('services').deps, user.id, body, c.get('lang')), 'places:trip.created', undefined, 201),
    ),
  )
  .put(
    '/users/trips/:id',
    route({ user: true, params: tripId, body: tripUpdateSchema }, async (c, { user, params, body }) =>
      ok(c, await updateTrip(c.get('services').deps, user.id, params.id, body, c.get('lang')), 'places:trip.updated'),
    ),
  )
  .put(
    '/users/trips/:id/cancel',
    route({ user: true, params: tripId }, async (c, { user, params }) =>
      ok(c, await cancelTrip(c.get('services').deps, user.id, params.id, c.get('lang')), 'places:trip.cancelled'),
    ),
  );
