import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../support/api.ts';

/**
 * A kept-alive connection left idle for longer than Node's default 5 s is still open: a client or
 * proxy that sends its next request on it gets an answer, not a reset (src/server/http.ts).
 */
function get(agent: Agent, path: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, apiUrl()), { agent }, (res) => {
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
});
