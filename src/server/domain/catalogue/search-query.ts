import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { products, requests } from '../../db/schema.ts';

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

/** Up to this many matches are fetched through the GIN index and filtered by id. */
const FEW = 300;

export type NameSearch = { kind: 'all' } | { kind: 'none' } | { kind: 'where'; where: SQL };

/**
 * How to filter rows by a typed search, fast for rare and common words alike.
 *
 * PostgreSQL cannot estimate prefix matches, so it would read "latest first" through the
 * created_at index and test every row — instant for a common word, a full scan for a rare one.
 * So we first ask the GIN index alone (index scans off for this probe) for at most FEW+1 ids:
 * a rare word yields its few ids (then `id IN (…)`), a common word yields FEW+1 and the latest-first
 * plan finds enough matches within its first rows.
 */
export async function nameSearch(db: Db, table: typeof products | typeof requests, input: string | undefined): Promise<NameSearch> {
  const query = prefixTsQuery(input);
  if (!query) return input?.trim() ? { kind: 'none' } : { kind: 'all' };
  const matches = sql`${table.nameTsv} @@ to_tsquery('simple', ${query})`;
  const ids = await db.transaction(async (tx) => {
    // One round trip; settings last until the end of this transaction. gin_fuzzy_search_limit lets
    // the index stop early on a common word (we only need to know it has more than FEW matches).
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('gin_fuzzy_search_limit', ${String(FEW * 4)}, true)`,
    );
    return tx.select({ id: table.id }).from(table).where(matches).limit(FEW + 1);
  });
  if (ids.length === 0) return { kind: 'none' };
  if (ids.length <= FEW) return { kind: 'where', where: inArray(table.id, ids.map((r) => r.id)) };
  return { kind: 'where', where: matches };
}
