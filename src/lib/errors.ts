/**
 * The stable codes every API error carries (`{ code, message, errors? }`). Clients branch on the
 * code, never on the wording; the message is already translated for showing. One code per kind
 * of failure a client could act on differently; the server maps each to its HTTP status
 * (src/server/errors.ts) and, unless it names a more precise message, to `errors:code.<CODE>`.
 */
export const AppErrorCode = {
  /** 400: a request no handler could read (e.g. a Host that is not ours). */
  BAD_REQUEST: 'BAD_REQUEST',
  /** 401: not signed in, or the session ended. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** 401: the e-mail or password is wrong. */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** 401: signing in with Google did not complete. */
  OAUTH_FAILED: 'OAUTH_FAILED',
  /** 402: the payment provider refused or failed the payment. */
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  /** 403: signed in, but not allowed (includes a cross-site request). */
  FORBIDDEN: 'FORBIDDEN',
  /** 403: selling needs a verified phone number first. */
  PHONE_NOT_VERIFIED: 'PHONE_NOT_VERIFIED',
  /** 404: no such thing, or not yours to see. */
  NOT_FOUND: 'NOT_FOUND',
  /** 409: lost a race with a change made at the same moment; trying again may work. */
  CONFLICT: 'CONFLICT',
  /** 409: already done once (a second report of the same post). */
  DUPLICATE: 'DUPLICATE',
  /** 409: another domain blocks the action (open orders, an active ticket); the message says why. */
  BLOCKED: 'BLOCKED',
  /** 409: only an active trip can be changed. */
  TRIP_NOT_EDITABLE: 'TRIP_NOT_EDITABLE',
  /** 409: the thing is not in a state that allows this step (cancelling a cancelled trip). */
  INVALID_TRANSITION: 'INVALID_TRANSITION',
  /** 403: the step belongs to the other party of the order. */
  NOT_YOUR_MOVE: 'NOT_YOUR_MOVE',
  /** 409: the balance does not cover the amount. */
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  /** 409: the request was taken by another traveller, closed or deleted: it cannot be taken or bid on now. */
  REQUEST_UNAVAILABLE: 'REQUEST_UNAVAILABLE',
  /** 409: not enough stock left for the quantity. */
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  /** 411: a body without a declared length. */
  LENGTH_REQUIRED: 'LENGTH_REQUIRED',
  /** 413: the body is too large. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** 422: fields are not valid; `errors` names each with its message. */
  VALIDATION: 'VALIDATION',
  /** 422: the body is not JSON. */
  INVALID_JSON: 'INVALID_JSON',
  /** 422: a link's token (password reset) is not valid or has expired. */
  INVALID_TOKEN: 'INVALID_TOKEN',
  /** 422: the account has no password yet (Google sign-in only): set one through the reset e-mail. */
  NO_PASSWORD: 'NO_PASSWORD',
  /** 422: the action cannot target yourself or your own post. */
  SELF_ACTION: 'SELF_ACTION',
  /** 429: too many attempts; Retry-After says when to try again. */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** 500: a fault of ours. */
  INTERNAL: 'INTERNAL',
  /** 503: a service this needs is not configured or not reachable. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type AppErrorCode = keyof typeof AppErrorCode;

/** The message key a code has when the error names no more precise one. */
export const errorCodeKey = (code: AppErrorCode) => `errors:code.${code}`;

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(AppErrorCode, value);
}
