import { afterAll, beforeAll } from 'vitest';
import { useServer } from './api.ts';
import { useSandboxSecret } from './orders.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type ServerOptions = Pick<Parameters<typeof startTestServer>[0] & {}, 'pages' | 'logger'> & {
  /** The server's environment, or a function giving it when the server starts (after the file's own beforeAll). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** PGlite whatever the suite's engine (what only the embedded database has: its backups). */
  embedded?: true;
};

/**
 * A test file's own server (no demo data) whose clock the tests move: `time.offset` (ms) is added
 * to the real time the server reads. Calls go to it and sandbox webhooks are signed for it while
 * the file runs; on the suite's engine (PostgreSQL when API_DB=postgres).
 */
export function useClockedServer(opts: ServerOptions = {}) {
  const time = { offset: 0, server: undefined as unknown as TestServer };
  const databaseUrl = process.env.API_DB === 'postgres' && !opts.embedded ? process.env.TEST_DATABASE_URL : undefined;
  beforeAll(async () => {
    time.server = await startTestServer({ databaseUrl, now: () => new Date(Date.now() + time.offset), env: { SEED_DEMO: 'false', ...(typeof opts.env === 'function' ? opts.env() : opts.env) }, pages: opts.pages, logger: opts.logger });
    useServer(time.server);
    useSandboxSecret(time.server.app.config.payments.sandboxSecret);
    // A server of its own loads the reference data first: slow on a busy machine.
  }, 300_000);
  afterAll(async () => {
    useServer(undefined);
    useSandboxSecret(undefined);
    await time.server?.close();
  });
  return time;
}
