import { Hono } from 'hono';
import { z } from 'zod';
import { todayIso } from '../../lib/dates.ts';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { TRIP_STATUSES, tripCreateSchema, tripUpdateSchema } from '../../lib/schemas/trips.ts';
import { cancelTrip, createTrip, getOwnTrip, listTrips, updateTrip } from '../domain/trips/trips.ts';
import type { ApiEnv } from './context.ts';
import { ok, readJson, readQuery, requireUser } from './http.ts';
import { pathId } from './settings.ts';

const tripsQuery = pagingQuery(100, 100).extend({
  orderby: z.enum(['created_at', 'arrival_date']).default('created_at'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  status: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(TRIP_STATUSES, { error: 'errors:field.invalid' }).optional()),
});

export const tripRoutes = new Hono<ApiEnv>()
  .get('/users/trips', async (c) => {
    const user = requireUser(c);
    const q = readQuery(c, tripsQuery);
    return ok(c, await listTrips(c.get('services').deps, user.id, q, c.get('lang')));
  })
  .get('/users/trips/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'places:trip.not_found');
    return ok(c, await getOwnTrip(c.get('services').deps, user.id, id, c.get('lang')));
  })
  .post('/users/trips', async (c) => {
    const user = requireUser(c);
    const { deps } = c.get('services');
    const input = await readJson(c, tripCreateSchema(todayIso(deps.now())));
    return ok(c, await createTrip(deps, user.id, input, c.get('lang')), 'places:trip.created', undefined, 201);
  })
  .put('/users/trips/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'places:trip.not_found');
    const { deps } = c.get('services');
    const input = await readJson(c, tripUpdateSchema(todayIso(deps.now())));
    return ok(c, await updateTrip(deps, user.id, id, input, c.get('lang')), 'places:trip.updated');
  })
  .put('/users/trips/:id/cancel', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'places:trip.not_found');
    return ok(c, await cancelTrip(c.get('services').deps, user.id, id, c.get('lang')), 'places:trip.cancelled');
  });
