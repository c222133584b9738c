import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pusherClientOptions } from '../../src/lib/realtime.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createRealtimeServer, type RealtimeServer } from '../../src/server/realtime/server.ts';
import { apiUrl, call, newUser, useServer } from '../support/api.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestServer } from '../support/test-server.ts';

/**
 * REALTIME_PROVIDER=pusher: the app publishes through the official `pusher` SDK to an external
 * Pusher-protocol service and browsers connect there. The service here is a self-hosted one (a
 * second, standalone Pusher-protocol server on its own port, as soketi would be); the app is a
 * real server on the suite's engine. What a user notices: their browser, connected where the page
 * tells it, hears of a new follower; the app itself takes no WebSocket; the page may connect there.
 */
const APP = { appId: '42', key: 'external-test-key', secret: 'external-test-secret-0123456789' };

let service: { rt: RealtimeServer; server: Server; port: number };
let app: TestServer;

beforeAll(async () => {
  const rt = createRealtimeServer({ ...APP, logger: createLogger('warn') });
  const server = createServer((req, res) => {
    if (!rt.handleHttp(req, res)) res.writeHead(404).end();
  });
  server.on('upgrade', (req, socket, head) => {
    if (!rt.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service = { rt, server, port: (server.address() as AddressInfo).port };
  app = await startTestServer({
    databaseUrl: process.env.API_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    env: {
      SEED_DEMO: 'false',
      REALTIME_PROVIDER: 'pusher',
      PUSHER_APP_ID: APP.appId,
      PUSHER_KEY: APP.key,
      PUSHER_SECRET: APP.secret,
      PUSHER_HOST: `http://127.0.0.1:${service.port}`,
    },
  });
  useServer(app);
  // A server of its own loads the reference data first: slow on a busy machine.
}, 300_000);

afterAll(async () => {
  useServer(undefined);
  await app?.close();
  await service?.rt.close();
  service?.server.closeAllConnections();
  await new Promise<void>((resolve) => (service ? service.server.close(() => resolve()) : resolve()));
});

/** A signed-in user's browser, configured from what the page is told (flags.realtime). */
async function browserOf(user: { token: string; user: { id: number } }) {
  const flags = app.app.site.flags.realtime;
  const page = new URL(TEST_PUBLIC_URL);
  const client = new Pusher(flags.key, {
    ...pusherClientOptions(flags, { protocol: page.protocol, hostname: page.hostname, port: page.port }),
    enabledTransports: ['ws'],
    // pusher-js in Node needs the absolute address of the page's relative endpoint.
    channelAuthorization: { endpoint: `${apiUrl()}/v1/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${user.token}` } },
  });
  const channel = client.subscribe(`private-user.${user.user.id}`);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
  });
  const received: { event: string; data: any }[] = [];
  channel.bind_global((event: string, data: unknown) => {
    if (!event.startsWith('pusher:')) received.push({ event, data });
  });
  return { client, received };
}

describe('real-time through an external Pusher-protocol service', () => {
  it('the page points pusher-js at the service, with the public key only', () => {
    const flags = app.app.site.flags.realtime;
    expect(flags).toEqual({ key: APP.key, cluster: 'ap1', external: true, host: { hostname: '127.0.0.1', port: service.port, tls: false } });
    expect(JSON.stringify(app.app.site.flags)).not.toContain(APP.secret);
  });

  it('a new follower reaches the followed user’s browser connected to the service', async () => {
    const [star, fan] = await Promise.all([newUser(), newUser()]);
    const browser = await browserOf(star);
    try {
      expect((await call('POST', '/v1/users/add-follower', { token: fan.token, body: { user_id: star.user.id } })).status).toBe(200);
      await expect.poll(() => browser.received, { timeout: 10_000 }).toHaveLength(1);
      expect(browser.received[0]).toMatchObject({ event: 'new-notification', data: { title: 'New follower', message: `@${fan.username} now follows you` } });
    } finally {
      browser.client.disconnect();
    }
  });

  it('the app signs only the user’s own channel, and the service refuses a signature for another', async () => {
    const [me, other] = await Promise.all([newUser(), newUser()]);
    const refused = await call('POST', '/v1/broadcasting/auth', { token: me.token, body: { socket_id: '1.2', channel_name: `private-user.${other.user.id}` } });
    expect(refused.status).toBe(403);
    // A signature the app made for my channel does not open the other's on the service.
    const signed = await call('POST', '/v1/broadcasting/auth', { token: me.token, body: { socket_id: '1.2', channel_name: `private-user.${me.user.id}` } });
    expect(signed.body.auth).toMatch(new RegExp(`^${APP.key}:[0-9a-f]{64}$`));
    const flags = app.app.site.flags.realtime;
    const forged = new Pusher(flags.key, {
      ...pusherClientOptions(flags, { protocol: 'http:', hostname: 'titipan.test', port: '' }),
      enabledTransports: ['ws'],
      channelAuthorization: { customHandler: (_p, cb) => cb(null, { auth: signed.body.auth }), transport: 'ajax', endpoint: '' },
    });
    try {
      const answer = await new Promise<string>((resolve) => {
        const ch = forged.subscribe(`private-user.${other.user.id}`);
        ch.bind('pusher:subscription_error', () => resolve('refused'));
        ch.bind('pusher:subscription_succeeded', () => resolve('subscribed'));
      });
      expect(answer).toBe('refused');
    } finally {
      forged.disconnect();
    }
  });

  it('the app takes no WebSocket of its own, and its policy lets pages connect to the service', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`${apiUrl().replace('http', 'ws')}/app/${APP.key}?protocol=7`);
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
    const res = await call('GET', '/v1/countries');
    expect(res.headers.get('content-security-policy')).toMatch(new RegExp(`connect-src [^;]*ws://127\\.0\\.0\\.1:${service.port}`));
  });
});
