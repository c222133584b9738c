import type { TestProject } from 'vitest/node';
import { startTestServer } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dataDir: string;
    publicUrl: string;
    dbKind: string;
    pusher: { appId: string; key: string; secret: string };
  }
}

/** API_DB=postgres runs the same suite against TEST_DATABASE_URL instead of PGlite. */
export default async function setup(project: TestProject) {
  const usePostgres = process.env.API_DB === 'postgres';
  if (usePostgres && !process.env.TEST_DATABASE_URL) throw new Error('API_DB=postgres needs TEST_DATABASE_URL');
  const server = await startTestServer({ databaseUrl: usePostgres ? process.env.TEST_DATABASE_URL : undefined });
  project.provide('apiUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('publicUrl', server.app.config.publicUrl);
  project.provide('dbKind', server.app.database.kind);
  const { appId, key, secret } = server.app.config.pusher;
  project.provide('pusher', { appId, key, secret });
  return () => server.close();
}
