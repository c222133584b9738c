import { sql } from 'drizzle-orm';

/**
 * A page's LIMIT or OFFSET written into the query's text instead of sent as a parameter:
 * `.limit(literal(q.per_page))`. On PGlite every query run twice becomes a named statement
 * (pglite-statements.ts), and PostgreSQL keeps a named statement's generic plan only when it looks
 * no costlier than the plans made for each run's values. With `limit $4` it must guess the limit
 * (a tenth of the rows), the generic plan of a 24-row page looks like reading thousands, and every
 * run was planned again: a listing's two queries took 1.4 ms more on PGlite for it (planning, and
 * the size of every table and index the query may use read from the file system each time). With
 * the number in the text, the kept plan is the one each run would get. PostgreSQL (node-postgres,
 * unnamed statements) plans every run either way. Each distinct page is a distinct text; PGlite
 * keeps the most recently used 500.
 */
export function literal(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a row count: ${n}`);
  // drizzle writes an SQL chunk given to limit() or offset() into the text as it is; its types
  // only name numbers and placeholders.
  return sql.raw(String(n)) as unknown as number;
}
