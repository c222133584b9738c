import { eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { PlaceNames } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { countries, globalCities } from '../../db/schema.ts';

/** Names of the countries and cities a page's filters refer to, in the page language. */
export async function placeNames(db: Db, ids: { countryIds: number[]; cityIds: number[] }, locale: Locale): Promise<PlaceNames> {
  const [c, ci] = await Promise.all([
    Promise.all(ids.countryIds.map(async (id) => ({ id, name: await countryName(db, id, locale) }))),
    ids.cityIds.length ? db.select({ id: globalCities.id, name: globalCities.name }).from(globalCities).where(inArray(globalCities.id, ids.cityIds)) : [],
  ]);
  return { countries: Object.fromEntries(c.flatMap((r) => (r.name === undefined ? [] : [[r.id, r.name]]))), cities: Object.fromEntries(ci.map((r) => [r.id, r.name])) };
}

type CountryRow = { nameEn: string; nameId: string };
const countryNamesByDb = new WeakMap<Db, Promise<Map<number, CountryRow>>>();

/** Every country's names, read once per database (reference data: src/server/db/reference). */
function countryNamesOf(db: Db): Promise<Map<number, CountryRow>> {
  let all = countryNamesByDb.get(db);
  if (!all) {
    all = db
      .select({ id: countries.id, nameEn: countries.nameEn, nameId: countries.nameId })
      .from(countries)
      .then((rows) => new Map(rows.map((r) => [r.id, r])));
    countryNamesByDb.set(db, all);
    all.catch(() => countryNamesByDb.delete(db));
  }
  return all;
}

/**
 * A country's name in the page language, from reference data loaded before the server starts
 * and fixed while it runs: read once per database, not per request (a signed-in page names the
 * user's country). An id not among them is looked up as asked.
 */
export async function countryName(db: Db, countryId: number, locale: Locale): Promise<string | undefined> {
  const row =
    (await countryNamesOf(db)).get(countryId) ??
    (await db.select({ nameEn: countries.nameEn, nameId: countries.nameId }).from(countries).where(eq(countries.id, countryId)).limit(1))[0];
  return row && (locale === 'id' ? row.nameId : row.nameEn);
}
