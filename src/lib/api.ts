import { $locale } from './stores/session.ts';

/** An API failure: the server's translated `message`, its status and per-field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

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
  opts: { body?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<ApiResponse<T>> {
  let url = `/v1${path.startsWith('/') ? path : `/${path}`}`;
  if (opts.query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  const headers: Record<string, string> = { Lang: $locale.get(), Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, $locale.get() === 'id' ? 'Tidak dapat terhubung ke server' : 'Cannot reach the server');
  }
  const payload = (await res.json().catch(() => ({}))) as { message?: string; data?: T; errors?: Record<string, string> };
  if (!res.ok) {
    const fallback = $locale.get() === 'id' ? 'Terjadi kesalahan, harap ulangi lagi' : 'Something went wrong, please try again';
    throw new ApiError(res.status, payload.message ?? fallback, payload.errors ?? {});
  }
  return { message: payload.message, data: payload.data as T };
}
