/**
 * The unique index a failed write ran into (PostgreSQL error 23505), or undefined for any other
 * error. Both drivers are covered: Drizzle wraps the driver's error as `cause`.
 */
export function uniqueViolation(err: unknown): string | undefined {
  let current = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      return (typeof message === 'string' && message.match(/unique constraint "([^"]+)"/)?.[1]) || '';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
