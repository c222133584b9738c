import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createHttpServer } from '../../src/server/http.ts';
import { TEST_OPERATOR_EMAIL } from './operators.ts';
import type { Logger } from '../../src/server/logger.ts';

export interface TestServer {
  url: string;
  app: App;
  dataDir: string;
  /** Stops the server; `keepData` leaves DATA_DIR for a restart on it. */
  close(keepData?: boolean): Promise<void>;
}

/** The public origin the test server is configured with: links it builds start here, whatever Host it is called by. */
export const TEST_PUBLIC_URL = 'http://titipan.test';

/**
 * A real server (API + real-time; no pages unless `pages` renders some) on a random port, on PGlite in a temp dir or on
 * PostgreSQL when `databaseUrl` is given. Demo data is seeded, as on a fresh install. No
 * PUSHER_SECRET is configured: the server generates its own, as `npm start` does.
 */
export async function startTestServer(
  opts: { databaseUrl?: string; env?: Record<string, string>; now?: () => Date; dataDir?: string; logger?: Logger; pages?: (app: App) => (req: IncomingMessage, res: ServerResponse) => void } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'titipan-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    LOG_LEVEL: 'warn',
    PORT: '0',
    // As behind one load balancer: the suite's calls each name their client (tests/support/api.ts).
    TRUST_PROXY: '1',
    PUBLIC_URL: TEST_PUBLIC_URL,
    // The suite's operator (tests/support/operators.ts): the account becomes one when it registers or signs in.
    OPERATOR_EMAILS: TEST_OPERATOR_EMAIL,
    // PGLITE_WORKER=true npm run test:api runs the suite's server with PGlite in a worker thread.
    PGLITE_WORKER: process.env.PGLITE_WORKER,
    ...opts.env,
  });
  const app = await createApp(config, { now: opts.now, logger: opts.logger });
  const server = createHttpServer(app, opts.pages?.(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    dataDir,
    async close(keepData = false) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
