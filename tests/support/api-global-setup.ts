import type { TestProject } from 'vitest/node';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestCa } from './push-service.ts';
import { startTestServer } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dataDir: string;
    publicUrl: string;
    dbKind: string;
    pusher: { appId: string; key: string; secret: string };
    sandboxSecret: string;
    /** Signs the server's unsubscribe links (tests make expired and valid ones). */
    unsubscribeSecret: string;
    /** The throwaway CA every test process trusts (NODE_EXTRA_CA_CERTS): local HTTPS models sign with it. */
    testCa: { certPath: string; keyPath: string };
  }
}

/** API_DB=postgres runs the same suite against TEST_DATABASE_URL instead of PGlite. */
export default async function setup(project: TestProject) {
  // A certificate authority of the suite's own, trusted by the test processes started after this
  // (Node reads NODE_EXTRA_CA_CERTS when a process starts): a local push service signs with it.
  const ca = await makeTestCa(mkdtempSync(join(tmpdir(), 'titipan-ca-')));
  process.env.NODE_EXTRA_CA_CERTS = ca.certPath;
  project.provide('testCa', ca);
  const usePostgres = process.env.API_DB === 'postgres';
  if (usePostgres && !process.env.TEST_DATABASE_URL) throw new Error('API_DB=postgres needs TEST_DATABASE_URL');
  const server = await startTestServer({ databaseUrl: usePostgres ? process.env.TEST_DATABASE_URL : undefined });
  project.provide('apiUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('publicUrl', server.app.config.publicUrl);
  project.provide('dbKind', server.app.database.kind);
  const { appId, key, secret } = server.app.config.pusher;
  project.provide('pusher', { appId, key, secret });
  project.provide('sandboxSecret', server.app.config.payments.sandboxSecret);
  project.provide('unsubscribeSecret', server.app.config.mail.unsubscribeSecret);
  return async () => {
    // Whatever the suite did, every rupiah must still be accounted for.
    const { checkLedger } = await import('../../src/server/domain/ledger/ledger.ts');
    const { holdsEscrow } = await import('../../src/server/domain/orders/machine.ts');
    const { checkPayouts } = await import('../../src/server/domain/payouts/payouts.ts');
    const report = await checkLedger(server.app.deps.db, holdsEscrow);
    const problems = [...report.problems, ...(await checkPayouts(server.app.deps.db))];
    await server.close();
    if (problems.length) throw new Error(`ledger check failed after the suite:\n${problems.map((p) => p.detail).join('\n')}`);
  };
}
