import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../support/api.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** /healthz and /readyz as a load balancer or an orchestrator sees them (src/server/health.ts). */
describe('health and readiness', () => {
  it('/healthz answers 200 at once, never kept by a cache', async () => {
    const res = await fetch(`${apiUrl()}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz names each check it made and answers 200 when they pass', async () => {
    const res = await fetch(`${apiUrl()}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toBe('ok');
  });

  it('is answered however often it is asked (no rate limit)', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => fetch(`${apiUrl()}/readyz`).then((r) => r.status)));
    expect(new Set(answers)).toEqual(new Set([200]));
  });

  describe('on an instance of its own', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close().catch(() => {}));

    it('/readyz answers 503 naming the database when it is gone, and 503 draining once the instance shuts down', async () => {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await server.app.database.close();
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.status).toBe('unready');
      expect(body.checks.database).toMatch(/^failed/);

      server.app.drain();
      const draining = await fetch(`${server.url}/readyz`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: 'draining' });
      // The process itself is still up.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  });
});
