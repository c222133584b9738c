import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { offReference } from './openapi.ts';

let ownServer: { url: string; dataDir: string } | undefined;
/** Points this test file's calls at a server of its own (one with a movable clock, say). */
export function useServer(server: { url: string; dataDir: string } | undefined) {
  ownServer = server;
}
export const apiUrl = () => ownServer?.url ?? inject('apiUrl');
/** DATA_DIR of the server the calls go to (its mail and SMS outboxes). */
export const serverDataDir = () => ownServer?.dataDir ?? inject('dataDir');

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A client address of its own (10.x.y.z). The test server trusts one proxy hop (TRUST_PROXY=1),
 * as behind a load balancer, so the suite's many calls do not all count against one IP.
 */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

/**
 * A JSON call to the test server, as an API client (Bearer) or a browser (cookie + Origin).
 * Each call comes from a random client address unless `ip` (or an X-Forwarded-For header) pins one.
 */
export async function call<T = any>(
  method: string,
  path: string,
  opts: { body?: unknown; raw?: string; token?: string; lang?: 'en' | 'id'; ip?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Lang: opts.lang ?? 'en', 'X-Forwarded-For': opts.ip ?? randomIp(), ...opts.headers };
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
  // Every answer the suite gets is checked against the API's reference (/v1/openapi.json).
  const problem = await offReference(method, `${apiUrl()}${path}`, res.status, res.headers.get('content-type'), body);
  if (problem) throw new Error(problem);
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
