import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

export const apiUrl = () => inject('apiUrl');

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON call to the test server, as an API client (Bearer) or a browser (cookie + Origin). */
export async function call<T = any>(
  method: string,
  path: string,
  opts: { body?: unknown; raw?: string; token?: string; lang?: 'en' | 'id'; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Lang: opts.lang ?? 'en', ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let payload: string | undefined;
  if (opts.raw !== undefined) payload = opts.raw;
  else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
  if (payload !== undefined) headers['Content-Type'] ??= 'application/json';
  const res = await fetch(`${apiUrl()}${path}`, { method, headers, body: payload, redirect: 'manual' });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

export const uniq = () => randomBytes(4).toString('hex');

/** Registers a fresh user and returns its token and profile. */
export async function newUser(overrides: Partial<{ name: string; username: string; email: string; password: string }> = {}) {
  const id = uniq();
  const input = {
    name: `Test User ${id}`,
    username: `user_${id}`,
    email: `user_${id}@example.test`,
    password: 'password123',
    ...overrides,
  };
  const res = await call('POST', '/v1/register', { body: input });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...input, token: res.body.data.token as string, user: res.body.data.user };
}
