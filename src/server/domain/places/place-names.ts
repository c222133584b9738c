import { eq, inArray } from 'drizzle-orm';
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

type CountryNames = Map<number, { en: string; id: string }>;
const countryNamesByDb = new WeakMap<Db, Promise<CountryNames>>();

/**
 * A country's name in the page language, from reference data loaded before the server starts
 * (src/server/db/reference) and fixed while it runs: read once per database, not per request (a
 * signed-in page names the user's country). An id not among them is looked up as asked.
 */
export async function countryName(db: Db, countryId: number, locale: Locale): Promise<string | undefined> {
  let all = countryNamesByDb.get(db);
  if (!all) {
    all = db
      .select({ id: countries.id, en: countries.nameEn, id_: countries.nameId })
      .from(countries)
      .then((rows) => new Map(rows.map((r) => [r.id, { en: r.en, id: r.id_ }])));
    countryNamesByDb.set(db, all);
    all.catch(() => countryNamesByDb.delete(db));
  }
  const known = (await all).get(countryId);
  if (known) return locale === 'id' ? known.id : known.en;
  const [row] = await db.select({ en: countries.nameEn, id: countries.nameId }).from(countries).where(eq(countries.id, countryId)).limit(1);
  return row && (locale === 'id' ? row.id : row.en);
}
