import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeServer, KEEP_ALIVE_MS } from '../../src/server/http.ts';
import { apiUrl } from '../support/api.ts';

/**
 * A kept-alive connection left idle for longer than Node's default 5 s is still open: a client or
 * proxy that sends its next request on it gets an answer, not a reset (src/server/http.ts).
 */
function get(agent: Agent, path: string, base = apiUrl()): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('kept-alive connections', () => {
  it('answer a request sent after 6 idle seconds on the same connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, '/v1/misc/countries')).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_000));
      // Node's default would have closed it at 5 s: the agent would have opened a new one.
      expect(await get(agent, '/v1/misc/countries')).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);

  it('do not hold up a shutdown: a request in flight is answered, then its connection closes', async () => {
    const server: Server = createServer((_req, res) => setTimeout(() => res.end('ok'), 300));
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const agent = new Agent({ keepAlive: true });
    try {
      const idle = await get(agent, '/', base); // a connection left idle
      expect(idle.status).toBe(200);
      const inFlight = get(agent, '/', base);
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      await closeServer(server); // server.close() alone waits for the kept-alive connection: 65 s
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await inFlight).status).toBe(200);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  }, 10_000);
});
