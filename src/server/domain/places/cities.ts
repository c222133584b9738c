import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { pageOf, type CityWithCountry, type GlobalCity, type Page } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { countries, globalCities } from '../../db/schema.ts';
import { literal } from '../../db/literal.ts';


/**
 * A page beyond the last has no rows: answered without asking the database to sort 135,000
 * cities only to skip them all (`?page=100000` would otherwise cost a full sort each time).
 */
const pastTheEnd = (q: { page: number; per_page: number }, total: number) => (q.page - 1) * q.per_page >= total;

/** Name prefix match on lower(name) — served by the text_pattern_ops index. */
const namePrefix = (key: string) => sql`lower(${globalCities.name}) like ${`${escapeLike(key.toLowerCase())}%`}`;

/** GET /v1/misc/global-cities: cities of one country (or all), optionally by name prefix; biggest first. */
export async function listGlobalCities(
  db: Db,
  q: { page: number; per_page: number; key?: string; country_id?: number; ids?: number[] },
): Promise<Page<GlobalCity>> {
  const filters: SQL[] = [];
  if (q.ids) filters.push(inArray(globalCities.id, q.ids));
  if (q.country_id) filters.push(eq(globalCities.countryId, q.country_id));
  if (q.key) filters.push(namePrefix(q.key));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(globalCities).where(where);
  if (pastTheEnd(q, total)) return pageOf([], total, q.page, q.per_page);
  const rows = await db
    .select({ id: globalCities.id, name: globalCities.name, country_id: globalCities.countryId })
    .from(globalCities)
    .where(where)
    .orderBy(desc(globalCities.population), asc(globalCities.id))
    .limit(literal(q.per_page))
    .offset(literal((q.page - 1) * q.per_page));
  return pageOf(rows, total, q.page, q.per_page);
}

/** GET /v1/misc/global-cities-with-country: the trip popup's typed city search ("Bandung, Indonesia"). */
export async function searchCitiesWithCountry(
  db: Db,
  q: { page: number; per_page: number; key?: string },
  locale: Locale,
): Promise<Page<CityWithCountry>> {
  const where = q.key ? namePrefix(q.key) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(globalCities).where(where);
  if (pastTheEnd(q, total)) return pageOf([], total, q.page, q.per_page);
  const rows = await db
    .select({
      id: globalCities.id,
      name: globalCities.name,
      country_id: globalCities.countryId,
      country_name: locale === 'id' ? countries.nameId : countries.nameEn,
    })
    .from(globalCities)
    .innerJoin(countries, eq(countries.id, globalCities.countryId))
    .where(where)
    .orderBy(desc(globalCities.population), asc(globalCities.id))
    .limit(literal(q.per_page))
    .offset(literal((q.page - 1) * q.per_page));
  return pageOf(rows, total, q.page, q.per_page);
}

export async function findCity(db: Db, id: number) {
  const [row] = await db.select().from(globalCities).where(eq(globalCities.id, id)).limit(1);
  return row;
}
