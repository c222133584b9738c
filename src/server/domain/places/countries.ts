import { and, asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
import { flagImage } from '../../../lib/flags.ts';
import { INDONESIA_ID } from '../../../lib/schemas/places.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { pageOf, type Country, type Page } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema.ts';
import { literal } from '../../db/literal.ts';

/**
 * GET /v1/misc/countries: searchable by name in either language, named in the request language.
 * Indonesia, where nearly every buyer lives, heads the list; the rest follow by name.
 */
export async function listCountries(
  db: Db,
  q: { page: number; per_page: number; key?: string; sort: 'asc' | 'desc' },
  locale: Locale,
): Promise<Page<Country>> {
  const nameCol = locale === 'id' ? countries.nameId : countries.nameEn;
  const filters: SQL[] = [];
  if (q.key) {
    const pattern = `%${escapeLike(q.key)}%`;
    filters.push(or(ilike(countries.nameEn, pattern), ilike(countries.nameId, pattern), ilike(countries.iso2, escapeLike(q.key)))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(countries).where(where);
  const rows = await db
    .select({ id: countries.id, name: nameCol, iso2: countries.iso2 })
    .from(countries)
    .where(where)
    .orderBy(desc(sql`${countries.id} = ${INDONESIA_ID}`), q.sort === 'desc' ? desc(nameCol) : asc(nameCol))
    .limit(literal(q.per_page))
    .offset(literal((q.page - 1) * q.per_page));
  return pageOf(
    rows.map((r) => ({ ...r, flag_image: flagImage(r.iso2) })),
    total,
    q.page,
    q.per_page,
  );
}
