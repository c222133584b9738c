/**
 * Errors are values with a code, an HTTP status and an i18n message key; the API layer
 * translates them into the request's language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly key: string;
  readonly params: Record<string, unknown>;
  readonly fields?: Record<string, string>;
  /** Seconds until trying again makes sense (a 429's Retry-After). */
  readonly retryAfter?: number;

  constructor(
    status: number,
    key: string,
    opts: { params?: Record<string, unknown>; fields?: Record<string, string>; retryAfter?: number } = {},
  ) {
    super(key);
    this.name = 'AppError';
    this.status = status;
    this.key = key;
    this.params = opts.params ?? {};
    this.fields = opts.fields;
    this.retryAfter = opts.retryAfter;
  }
}

export const notFound = (key = 'errors:resource_not_found') => new AppError(404, key);
export const unauthenticated = () => new AppError(401, 'errors:unauthenticated');
export const forbidden = () => new AppError(403, 'errors:forbidden');
/** A 429 naming the wait; the message may use {{seconds}}. */
export const tooManyAttempts = (seconds: number, key = 'errors:too_many_requests') =>
  new AppError(429, key, { params: { seconds }, retryAfter: seconds });
/** A 422 with per-field message keys, as the forms expect. */
export const invalid = (fields: Record<string, string>) =>
  new AppError(422, 'errors:validation', { fields });
