import { AppErrorCode, errorCodeKey } from '../lib/errors.ts';

export { AppErrorCode } from '../lib/errors.ts';

/** The one table from code to HTTP status. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  OAUTH_FAILED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  PHONE_NOT_VERIFIED: 403,
  NOT_YOUR_MOVE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE: 409,
  BLOCKED: 409,
  TRIP_NOT_EDITABLE: 409,
  INVALID_TRANSITION: 409,
  INSUFFICIENT_BALANCE: 409,
  OUT_OF_STOCK: 409,
  REQUEST_UNAVAILABLE: 409,
  LENGTH_REQUIRED: 411,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  INVALID_JSON: 422,
  INVALID_TOKEN: 422,
  NO_PASSWORD: 422,
  SELF_ACTION: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<AppErrorCode, number>;

export interface AppErrorOptions {
  /** The i18n message key; default `errors:code.<CODE>`. */
  key?: string;
  params?: Record<string, unknown>;
  /** Per-field message keys (a VALIDATION error's `errors`). */
  fields?: Record<string, string>;
  /** Seconds until trying again makes sense (a 429's Retry-After). */
  retryAfter?: number;
}

/**
 * Errors are values with a stable code and an i18n message key; the API edge maps the code to
 * its status (`errorStatus`) and translates the message into the request's language.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: (typeof errorStatus)[AppErrorCode];
  readonly key: string;
  readonly params: Record<string, unknown>;
  readonly fields?: Record<string, string>;
  readonly retryAfter?: number;

  constructor(code: AppErrorCode, opts: AppErrorOptions = {}) {
    const key = opts.key ?? errorCodeKey(code);
    super(`${code}: ${key}`);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.key = key;
    this.params = opts.params ?? {};
    this.fields = opts.fields;
    this.retryAfter = opts.retryAfter;
  }
}

export const notFound = (key?: string) => new AppError(AppErrorCode.NOT_FOUND, { key });
export const unauthenticated = () => new AppError(AppErrorCode.UNAUTHENTICATED);
export const forbidden = (key?: string) => new AppError(AppErrorCode.FORBIDDEN, { key });
/** A 429 naming the wait; the message may use {{seconds}}. */
export const tooManyAttempts = (seconds: number, key?: string) =>
  new AppError(AppErrorCode.TOO_MANY_REQUESTS, { key, params: { seconds }, retryAfter: seconds });
/** A 422 with per-field message keys, as the forms expect. */
export const invalid = (fields: Record<string, string>) => new AppError(AppErrorCode.VALIDATION, { fields });
/** A refusal because of the current state of things (a trip not editable, a step out of turn). */
export const conflict = (code: AppErrorCode, key?: string, params?: Record<string, unknown>) => new AppError(code, { key, params });
