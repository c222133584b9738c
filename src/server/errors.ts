/**
 * Errors are values with a code, an HTTP status and an i18n message key; the API layer
 * translates them into the request's language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly key: string;
  readonly params: Record<string, unknown>;
  readonly fields?: Record<string, string>;

  constructor(status: number, key: string, opts: { params?: Record<string, unknown>; fields?: Record<string, string> } = {}) {
    super(key);
    this.name = 'AppError';
    this.status = status;
    this.key = key;
    this.params = opts.params ?? {};
    this.fields = opts.fields;
  }
}

export const notFound = (key = 'errors:resource_not_found') => new AppError(404, key);
export const unauthenticated = () => new AppError(401, 'errors:unauthenticated');
export const forbidden = () => new AppError(403, 'errors:forbidden');
/** A 422 with per-field message keys, as the forms expect. */
export const invalid = (fields: Record<string, string>) =>
  new AppError(422, 'errors:validation', { fields });
