import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import type { Storage } from './integrations/storage/index.ts';

/** How long one readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessCheck = 'database' | 'redis' | 'storage';

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]);
}

/**
 * Each dependency this instance was configured with, checked at once: the database always,
 * Redis when REDIS_URL is set, object storage when S3_BUCKET is set. `ok` only when all pass.
 */
/** What readiness asks of the app (src/server/app.ts). */
interface Checked {
  database: Pick<Database, 'db'>;
  redis?: { ping(): Promise<void> };
  deps: { storage: Storage };
  draining(): boolean;
}

export async function readiness(app: Omit<Checked, 'draining'>): Promise<{ ok: boolean; checks: Partial<Record<ReadinessCheck, string>> }> {
  const checks: [ReadinessCheck, () => Promise<unknown>][] = [['database', () => app.database.db.execute(sql`select 1`)]];
  if (app.redis) checks.push(['redis', app.redis.ping]);
  const storage = app.deps.storage;
  if (storage.check) checks.push(['storage', () => storage.check!()]);
  const results = await Promise.all(
    checks.map(async ([name, check]) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS);
        return [name, 'ok'] as const;
      } catch (err) {
        return [name, `failed: ${(err as Error).message || (err as Error).name}`] as const;
      }
    }),
  );
  return { ok: results.every(([, r]) => r === 'ok'), checks: Object.fromEntries(results) };
}

function reply(res: ServerResponse, status: number, body: unknown) {
  // Never kept by a browser or proxy: a load balancer must see the answer of now.
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Whether a request is for /healthz or /readyz (they are not logged at info level). */
export const isHealthPath = (url: string | undefined) => /^\/(healthz|readyz)(\?|$)/.test(url ?? '');

/**
 * GET /healthz: the process answers (200, no dependency asked). GET /readyz: 200 when every
 * configured dependency answers, else 503 naming the failed check; 503 as soon as the instance
 * drains (SIGTERM), so a load balancer stops sending it new requests. Answered before the API,
 * the page cache and any rate limit. Returns false for any other request.
 */
export function healthListener(app: Checked) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    if (!isHealthPath(url)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' }).end();
      return true;
    }
    if (url.startsWith('/healthz')) {
      reply(res, 200, { status: 'ok' });
      return true;
    }
    if (app.draining()) {
      reply(res, 503, { status: 'draining' });
      return true;
    }
    void readiness(app).then(
      ({ ok, checks }) => reply(res, ok ? 200 : 503, { status: ok ? 'ready' : 'unready', checks }),
      (err: Error) => reply(res, 503, { status: 'unready', error: err.message }),
    );
    return true;
  };
}
