import { isAppErrorCode, type AppErrorCode } from './errors.ts';
import type { ActionKey } from './idempotency.ts';
import { loadNamespaces, translator } from './i18n/index.ts';
import { $locale } from './stores/session.ts';
import type { GetPath, GetRoutes } from './views/routes.ts';

/** What a failed call is: the server's code, or NETWORK when no answer came. */
export type ApiErrorCode = AppErrorCode | 'NETWORK';

/**
 * An API failure: the server's stable `code` (branch on this), its translated `message`, the
 * status and per-field errors.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  readonly code: ApiErrorCode;
  constructor(status: number, message: string, errors: Record<string, string> = {}, code: ApiErrorCode = status === 0 ? 'NETWORK' : 'INTERNAL') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
}

/** What the client says itself, in the page's language, when the server gave no message. */
const fallbackMessage = (key: 'errors:network' | 'errors:server') => translator($locale.get())(key);

/** The API said the session is gone (or never was). */
export const isUnauthenticated = (err: unknown) => err instanceof ApiError && err.status === 401;

/** The error an API answer (`{ code, message, errors? }`) describes, whatever part of it is missing. */
export function apiErrorFrom(status: number, payload: { code?: unknown; message?: unknown; errors?: unknown } | null | undefined): ApiError {
  const errors = payload?.errors && typeof payload.errors === 'object' ? (payload.errors as Record<string, string>) : {};
  const message = typeof payload?.message === 'string' ? payload.message : fallbackMessage('errors:server');
  return new ApiError(status, message, errors, isAppErrorCode(payload?.code) ? payload.code : 'INTERNAL');
}

/** No answer at all: offline, DNS, the server down. */
export const networkError = () => new ApiError(0, fallbackMessage('errors:network'));

export interface ApiResponse<T> {
  message?: string;
  data: T;
}

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * The typed client islands use for /v1. The browser's httpOnly session cookie authenticates;
 * every call sends `Lang` so messages come back in the user's language.
 */
export async function api<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  opts: { body?: unknown; query?: Query; signal?: AbortSignal; action?: ActionKey } = {},
): Promise<ApiResponse<T>> {
  let url = `/v1${path.startsWith('/') ? path : `/${path}`}`;
  if (opts.query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  const headers: Record<string, string> = { Lang: $locale.get(), Accept: 'application/json' };
  // A call that creates something carries its action's key: a repeat of it never creates twice.
  if (opts.action) headers['Idempotency-Key'] = opts.action.next(opts.body);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  // The messages of a failed call (a guest's page loads its dictionaries as its islands need them).
  const messages = loadNamespaces(['errors'])?.catch(() => undefined);
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    await messages;
    throw networkError();
  }
  opts.action?.settle();
  const payload = (await res.json().catch(() => ({}))) as { code?: string; message?: string; data?: T; errors?: Record<string, string> };
  if (!res.ok) {
    await messages;
    throw apiErrorFrom(res.status, payload);
  }
  return { message: payload.message, data: payload.data as T };
}

/**
 * GET a /v1 resource named in `GetRoutes` (src/lib/views/routes.ts): resolves to the envelope's
 * `data`, typed by the path — `api.get('/misc/countries')` is a `Page<Country>` for every caller.
 */
api.get = async function get<P extends GetPath>(path: P, opts: { query?: Query; signal?: AbortSignal } = {}): Promise<GetRoutes[P]> {
  return (await api<GetRoutes[P]>('GET', path, opts)).data;
};
