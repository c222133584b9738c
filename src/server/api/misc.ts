import { Hono } from 'hono';
import { z } from 'zod';
import { PAYOUT_BANKS } from '../../lib/banks.ts';
import { searchKey } from '../../lib/schemas/catalogue.ts';
import { msg } from '../../lib/schemas/common.ts';
import { idField, idText } from '../../lib/schemas/ids.ts';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { listCountries } from '../domain/places/countries.ts';
import { listGlobalCities, searchCitiesWithCountry } from '../domain/places/cities.ts';
import { listCities, listPosCodes, listProvinces, listSubDistricts } from '../domain/places/indonesia.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const key = searchKey.optional();
const requiredId = idText(msg.invalid, msg.required);

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
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, { error: msg.invalid })
    .transform((v) => v.split(',').map(Number))
    .pipe(z.array(idField()))
    .optional(),
  country_id: idText().optional(),
});
const cityWithCountryQuery = pagingQuery(10, 300).extend({ key });
const citiesQuery = pagingQuery(100, 300).extend({ province_id: requiredId });
const subDistrictsQuery = pagingQuery(300, 300).extend({ city_id: requiredId });
const posCodesQuery = z.object({ sub_district_id: requiredId });

export const miscRoutes = new Hono<ApiEnv>()
  .get(
    '/misc/countries',
    route({ query: countriesQuery }, async (c, { query }) => ok(c, await listCountries(c.get('services').deps.db, query, c.get('lang')))),
  )
  .get(
    '/misc/global-cities',
    route({ query: globalCitiesQuery }, async (c, { query }) => ok(c, await listGlobalCities(c.get('services').deps.db, query))),
  )
  .get(
    '/misc/global-cities-with-country',
    route({ query: cityWithCountryQuery }, async (c, { query }) =>
      ok(c, await searchCitiesWithCountry(c.get('services').deps.db, query, c.get('lang'))),
    ),
  )
  .get(
    '/misc/provinces',
    route({}, async (c) => {
      const rows = await listProvinces(c.get('services').deps.db);
      return ok(c, { rows, total: rows.length });
    }),
  )
  .get(
    '/misc/cities',
    route({ query: citiesQuery }, async (c, { query: q }) => {
      const rows = await listCities(c.get('services').deps.db, q.province_id, q.per_page, (q.page - 1) * q.per_page);
      return ok(c, { rows, page: q.page, per_page: q.per_page });
    }),
  )
  .get(
    '/misc/sub-districts',
    route({ query: subDistrictsQuery }, async (c, { query: q }) => {
      const rows = await listSubDistricts(c.get('services').deps.db, q.city_id, q.per_page, (q.page - 1) * q.per_page);
      return ok(c, { rows, page: q.page, per_page: q.per_page });
    }),
  )
  .get(
    '/misc/pos-codes',
    route({ query: posCodesQuery }, async (c, { query: q }) => {
      const rows = await listPosCodes(c.get('services').deps.db, q.sub_district_id);
      return ok(c, { rows, total: rows.length });
    }),
  )
  .get(
    '/misc/available-payout-banks',
    route({}, (c) => ok(c, PAYOUT_BANKS)),
  )
  .get(
    '/misc/get-traveler-platform-fee',
    route({}, (c) => ok(c, { platform_fee_percentage: c.get('services').deps.config.platformFeePercentage })),
  );
