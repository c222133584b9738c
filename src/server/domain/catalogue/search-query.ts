import { and, count, desc, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, type requests } from '../../db/schema.ts';
import { literal } from '../../db/literal.ts';

/**
 * A safe prefix tsquery from what a person typed: 'kit kat' → 'kit:* & kat:*'. Only letters and
 * digits survive, so no tsquery operator can be injected. Undefined when nothing is left.
 */
export function prefixTsQuery(input: string | undefined): string | undefined {
  if (!input) return undefined;
  const words = input
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 6);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** A `prefixTsQuery` as the database reads it: its words parsed as the stored `search_tsv` was. */
export const asTsQuery = (query: string): SQL => sql`to_tsquery('simple', ${query})`;

type Searchable = typeof products | typeof requests;

export type NameSearch = { kind: 'all' } | { kind: 'none' } | { kind: 'where'; where: SQL; query: string };

/**
 * What a typed search matches: every word, as a prefix, of the post's name or places (the stored
 * `search_tsv`, GIN-indexed). 'none' when the input has no letters or digits at all.
 */
export function nameSearch(table: Searchable, input: string | undefined): NameSearch {
  const query = prefixTsQuery(input);
  if (!query) return input?.trim() ? { kind: 'none' } : { kind: 'all' };
  return { kind: 'where', where: sql`${table.searchTsv} @@ ${asTsQuery(query)}`, query };
}

/**
 * How many of the newest posts the fast path reads, about. A word that matches a page's worth of
 * them is answered from this window alone (the newest matches are among the newest posts); a
 * rarer word falls back to the GIN index.
 */
export const RECENT_WINDOW = 2000;
const CUTOFF_TTL_MS = 60_000;
const cutoffs = new WeakMap<Searchable, Map<number, { at: string; until: number; db: Db }>>();

/**
 * The creation time of about the `window`-th newest post (RECENT_WINDOW unless told), remembered
 * for a minute. Any cutoff gives correct results (the window is always "everything newer than
 * X"); a stale one only makes the window somewhat larger.
 */
export async function recentCutoff(db: Db, table: Searchable, window = RECENT_WINDOW): Promise<string> {
  let kept = cutoffs.get(table);
  if (!kept) cutoffs.set(table, (kept = new Map()));
  const known = kept.get(window);
  if (known && known.db === db && known.until > Date.now()) return known.at;
  const [row] = await db
    .select({ at: sql<string>`${table.createdAt}::text` })
    .from(table)
    .orderBy(desc(table.createdAt))
    .offset(window - 1)
    .limit(1);
  const at = row?.at ?? '-infinity';
  kept.set(window, { at, until: Date.now() + CUTOFF_TTL_MS, db });
  return at;
}

/** Posts of the recent window (all posts while there are fewer than RECENT_WINDOW). */
export async function inRecentWindow(db: Db, table: Searchable): Promise<SQL> {
  return sql`${table.createdAt} >= ${await recentCutoff(db, table)}::timestamptz`;
}

/**
 * Newest first, in a form no index can deliver: the planner then reads the matches through the GIN
 * index and sorts them, instead of walking every post newest-first looking for a rare word.
 */
export const newestViaMatches = (table: Searchable): SQL[] => [desc(sql`${table.createdAt} + interval '0 s'`), desc(table.id)];

/**
 * One page of newest-first search results. `page(extra, order)` runs the page query with an extra
 * condition and the order to use. First the recent window: when it fills the page, those rows are
 * exactly the page (every match outside the window is older). Otherwise the GIN path answers.
 */
export async function newestSearchPage<T>(db: Db, table: Searchable, perPage: number, page: (extra: SQL | undefined, order: SQL[]) => Promise<T[]>): Promise<T[]> {
  const recent = await page(await inRecentWindow(db, table), [desc(table.createdAt), desc(table.id)]);
  if (recent.length === perPage) return recent;
  return page(undefined, newestViaMatches(table));
}

/** Totals of searched listings are counted up to this many; more reads as "1,000+". */
export const SEARCH_COUNT_CAP = 1000;

/**
 * A searched listing's total, counted no further than needed: `{ total, capped }`, capped meaning
 * "at least total". `matching` selects the matching rows (any columns); the cap grows with the page
 * so that the next page stays reachable.
 */
export async function cappedTotal(
  db: Db,
  matching: () => { limit(n: number): { as(alias: string): Subquery } },
  pageEnd: number,
  cap = SEARCH_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const limit = Math.max(cap, pageEnd);
  const [{ n }] = await db.select({ n: count() }).from(matching().limit(literal(limit + 1)).as('matching'));
  return n > limit ? { total: limit, capped: true } : { total: n, capped: false };
}

/**
 * A searched product listing page, newest first: the page's ids in order and the capped total, in
 * one call of `search_product_page` (migration 0015: the same count as `cappedTotal`, then a rare
 * word's page from the GIN index and a common word's from the recent window, with plans kept).
 */
export async function newestProductSearch(
  db: Db,
  q: { query: string; today: string; page: number; perPage: number; tripId?: number; originCountryId?: number; originCityId?: number; destinationCountryId?: number; destinationCityId?: number; userId?: number },
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const limit = Math.max(SEARCH_COUNT_CAP, q.page * q.perPage);
  const id = (n: number | undefined) => sql`${n ?? null}::integer`;
  const result = (await db.execute(
    sql`select ids, total from search_product_page(${asTsQuery(q.query)}, ${q.today}::date, ${await recentCutoff(db, products)}::timestamptz, ${q.perPage}, ${(q.page - 1) * q.perPage}, ${limit},
      ${id(q.tripId)}, ${id(q.originCountryId)}, ${id(q.originCityId)}, ${id(q.destinationCountryId)}, ${id(q.destinationCityId)}, ${id(q.userId)})`,
  )) as unknown as { rows: { ids: number[]; total: number }[] };
  const { ids, total } = result.rows[0];
  return total > limit ? { ids, total: limit, capped: true } : { ids, total, capped: false };
}

/** `and` of a filter list with the search's own condition. */
export const withSearch = (filters: (SQL | undefined)[], search: NameSearch): SQL | undefined => and(...filters, search.kind === 'where' ? search.where : undefined);
