/**
 * What PostgreSQL said when a statement failed. Drizzle wraps the driver's error (pg's or
 * PGlite's, both carry the SQLSTATE `code` and the `constraint` name) in its own, so the
 * chain of causes is searched.
 */
export interface DbError {
  code: string;
  constraint?: string;
}

export function dbError(err: unknown): DbError | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** A unique index refused the row (optionally: that index). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const found = dbError(err);
  return found?.code === UNIQUE_VIOLATION && (constraint === undefined || found.constraint === constraint);
}
