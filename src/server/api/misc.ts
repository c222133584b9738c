import { Hono } from 'hono';
import { z } from 'zod';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { listCountries } from '../domain/places/countries.ts';
import type { ApiEnv } from './context.ts';
import { ok, readQuery } from './http.ts';

const countriesQuery = pagingQuery(10, 500).extend({
  key: z.string().trim().max(100).optional(),
  orderby: z.enum(['name']).default('name'),
  sort: z.enum(['asc', 'desc']).default('asc'),
});

export const miscRoutes = new Hono<ApiEnv>().get('/misc/countries', async (c) => {
  const q = readQuery(c, countriesQuery);
  return ok(c, await listCountries(c.get('services').deps.db, q, c.get('lang')));
});
