import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

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

/** name matches every typed word as a prefix, through the GIN index on to_tsvector('simple', name). */
export function nameMatches(column: AnyColumn, input: string | undefined): SQL | undefined {
  const query = prefixTsQuery(input);
  return query ? sql`to_tsvector('simple', ${column}) @@ to_tsquery('simple', ${query})` : undefined;
}
