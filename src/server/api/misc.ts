import { Hono } from 'hono';
import { z } from 'zod';
import { PAYOUT_BANKS } from '../../lib/banks.ts';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { listCountries } from '../domain/places/countries.ts';
import { listGlobalCities, searchCitiesWithCountry } from '../domain/places/cities.ts';
import { listCities, listPosCodes, listProvinces, listSubDistricts } from '../domain/places/indonesia.ts';
import type { ApiEnv } from './context.ts';
import { ok, readQuery } from './http.ts';

const key = z.string().trim().max(100).optional();
const requiredId = (field: string) =>
  z.coerce.number({ error: 'errors:field.required' }).int({ error: 'errors:field.invalid' }).positive({ error: 'errors:field.invalid' }).describe(field);

// Page sizes (SPEC §9): country search 10 (500 in the address form), global city list 1000,
// city search 10, cities 100, picker options at most 300.
const countriesQuery = pagingQuery(10, 500).extend({
  key,
  orderby: z.enum(['name']).default('name'),
  sort: z.enum(['asc', 'desc']).default('asc'),
});
const globalCitiesQuery = pagingQuery(1000, 1000).extend({
  key,
  /** Look cities up by id ('1642911,1850147'), e.g. to label a filter taken from the URL. */
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, { error: 'errors:field.invalid' })
    .transform((v) => v.split(',').map(Number))
    .optional(),
  country_id: z.coerce.number({ error: 'errors:field.invalid' }).int().positive({ error: 'errors:field.invalid' }).optional(),
});
const cityWithCountryQuery = pagingQuery(10, 300).extend({ key });
const citiesQuery = pagingQuery(100, 300).extend({ province_id: requiredId('province_id') });
const subDistrictsQuery = pagingQuery(300, 300).extend({ city_id: requiredId('city_id') });
const posCodesQuery = z.object({ sub_district_id: requiredId('sub_district_id') });

export const miscRoutes = new Hono<ApiEnv>()
  .get('/misc/countries', async (c) => {
    const q = readQuery(c, countriesQuery);
    return ok(c, await listCountries(c.get('services').deps.db, q, c.get('lang')));
  })
  .get('/misc/global-cities', async (c) => {
    const q = readQuery(c, globalCitiesQuery);
    return ok(c, await listGlobalCities(c.get('services').deps.db, q));
  })
  .get('/misc/global-cities-with-country', async (c) => {
    const q = readQuery(c, cityWithCountryQuery);
    return ok(c, await searchCitiesWithCountry(c.get('services').deps.db, q, c.get('lang')));
  })
  .get('/misc/provinces', async (c) => {
    const rows = await listProvinces(c.get('services').deps.db);
    return ok(c, { rows, total: rows.length });
  })
  .get('/misc/cities', async (c) => {
    const q = readQuery(c, citiesQuery);
    const rows = await listCities(c.get('services').deps.db, q.province_id, q.per_page, (q.page - 1) * q.per_page);
    return ok(c, { rows, page: q.page, per_page: q.per_page });
  })
  .get('/misc/sub-districts', async (c) => {
    const q = readQuery(c, subDistrictsQuery);
    const rows = await listSubDistricts(c.get('services').deps.db, q.city_id, q.per_page, (q.page - 1) * q.per_page);
    return ok(c, { rows, page: q.page, per_page: q.per_page });
  })
  .get('/misc/pos-codes', async (c) => {
    const q = readQuery(c, posCodesQuery);
    const rows = await listPosCodes(c.get('services').deps.db, q.sub_district_id);
    return ok(c, { rows, total: rows.length });
  })
  .get('/misc/available-payout-banks', (c) => ok(c, PAYOUT_BANKS))
  .get('/misc/get-traveler-platform-fee', (c) =>
    ok(c, { platform_fee_percentage: c.get('services').deps.config.platformFeePercentage }),
  );
