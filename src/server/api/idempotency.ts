import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { claimKey, completeKey, releaseKey } from '../domain/idempotency/keys.ts';
import type { UserRow } from '../domain/accounts/index.ts';
import type { ApiEnv } from './context.ts';
import { errorResponse } from './http.ts';

type Ctx = Context<ApiEnv>;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Printable ASCII without spaces, 1–255 characters (a UUID fits; so does anything a client library sends). */
const KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a repeat waits for the first call with its key to answer before it is told to retry. */
const WAIT_MS = 15_000;
const POLL_MS = 50;

/** The body as a digest, the same for the same JSON however its keys are ordered or spaced. */
function bodyDigest(raw: string) {
  let canonical = raw;
  try {
    const sorted = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, sorted(x)])) : v;
    canonical = JSON.stringify(sorted(JSON.parse(raw)));
  } catch {
    // Not JSON: the bytes as sent.
  }
  return createHash('sha256').update(canonical).digest('base64url');
}

const replay = (status: number, body: string) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Idempotent-Replayed': 'true' } });

/**
 * Runs a call that creates something at most once per `Idempotency-Key` (domain/idempotency):
 * the first call with a key runs and its answer is kept; a repeat gets that answer (waiting for
 * it while the first still runs); the key with another body or route is a 422. Without the
 * header the call simply runs. A 5xx is not kept: the key is free to retry.
 */
export async function idempotently(c: Ctx, user: UserRow, run: () => Promise<Response>): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return run();
  if (!KEY.test(key)) throw new AppError('VALIDATION', { key: 'errors:idempotency.bad_key', fields: { idempotency_key: 'errors:idempotency.bad_key' } });
  const { deps } = c.get('services');
  const ref = { userId: user.id, key };
  const claim = { ...ref, route: `${c.req.method} ${c.req.routePath}`, bodyHash: bodyDigest(await c.req.text()) };
  const waitUntil = Date.now() + WAIT_MS;
  for (;;) {
    const found = await claimKey(deps.db, claim, deps.now());
    if (found.kind === 'replay') return replay(found.status, found.response);
    if (found.kind === 'mismatch') throw new AppError('VALIDATION', { key: 'errors:idempotency.reused', fields: { idempotency_key: 'errors:idempotency.reused' } });
    if (found.kind === 'first') break;
    if (Date.now() > waitUntil) throw new AppError('CONFLICT', { key: 'errors:idempotency.running' });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  let res: Response;
  try {
    res = await run();
  } catch (err) {
    res = errorResponse(err, c);
  }
  if (res.status >= 500) {
    await releaseKey(deps.db, ref);
    return res;
  }
  await completeKey(deps.db, ref, res.status, await res.clone().text());
  return res;
}
