import { inArray } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { PlaceNames } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { countries, globalCities } from '../../db/schema.ts';

/** Names of the countries and cities a page's filters refer to, in the page language. */
export async function placeNames(db: Db, ids: { countryIds: number[]; cityIds: number[] }, locale: Locale): Promise<PlaceNames> {
  const [c, ci] = await Promise.all([
    ids.countryIds.length
      ? db.select({ id: countries.id, name: locale === 'id' ? countries.nameId : countries.nameEn }).from(countries).where(inArray(countries.id, ids.countryIds))
      : [],
    ids.cityIds.length ? db.select({ id: globalCities.id, name: globalCities.name }).from(globalCities).where(inArray(globalCities.id, ids.cityIds)) : [],
  ]);
  return { countries: Object.fromEntries(c.map((r) => [r.id, r.name])), cities: Object.fromEntries(ci.map((r) => [r.id, r.name])) };
}
