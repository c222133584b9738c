import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger.ts';
import { createRedisBroker } from '../../src/server/realtime/redis-broker.ts';
import { createRealtimeServer, type RealtimeServer } from '../../src/server/realtime/server.ts';
import { uniq } from '../support/api.ts';

/**
 * Two server instances sharing the real-time load through Redis (REDIS_URL): an event published
 * on one reaches a browser connected to the other, through the SDK's trigger API and through the
 * in-process publish the outbox uses; a private channel still needs the signature. Runs when
 * TEST_REDIS_URL names a Redis (CI sets it: the Redis at 127.0.0.1:6379).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const APP = { appId: '7', key: 'redis-test-key', secret: 'redis-test-secret-0123456789abcdef' };

interface Instance {
  rt: RealtimeServer;
  server: Server;
  port: number;
}

async function startInstance(topic: string): Promise<Instance> {
  const logger = createLogger('warn');
  const broker = await createRedisBroker(redisUrl!, logger, topic);
  const rt = createRealtimeServer({ ...APP, logger, broker });
  const server = createServer((req, res) => {
    if (!rt.handleHttp(req, res)) res.writeHead(404).end();
  });
  server.on('upgrade', (req, socket, head) => {
    if (!rt.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { rt, server, port: (server.address() as AddressInfo).port };
}

async function stopInstance(i: Instance) {
  await i.rt.close();
  i.server.closeAllConnections();
  await new Promise<void>((resolve) => i.server.close(() => resolve()));
}

function waitFor<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([promise.finally(() => clearTimeout(timer)), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${label}`)), ms)))]);
}

/** A browser's pusher-js on instance `on`, its private channel signed by that instance. */
async function browserOn(on: Instance, channelName: string) {
  const client = new Pusher(APP.key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: on.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { customHandler: ({ socketId, channelName: name }, cb) => cb(null, { auth: on.rt.authorizeChannel(socketId, name) }), transport: 'ajax', endpoint: '' },
  });
  const channel = client.subscribe(channelName);
  await waitFor(new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
  }), 5000, `subscribe ${channelName}`);
  const received: { event: string; data: unknown }[] = [];
  channel.bind_global((event: string, data: unknown) => {
    if (!event.startsWith('pusher:')) received.push({ event, data });
  });
  return { client, received };
}

describe.runIf(redisUrl)('real-time across two instances through Redis', () => {
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    // A topic of this run's own, so parallel runs on one Redis do not hear each other.
    const topic = `titipan:realtime:test:${uniq()}`;
    [a, b] = await Promise.all([startInstance(topic), startInstance(topic)]);
  });
  afterAll(async () => {
    await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
  });

  it('an event published on one instance reaches a socket connected to the other', async () => {
    const channel = `private-user.${Math.floor(Math.random() * 1e6)}`;
    const browser = await browserOn(a, channel);
    try {
      // The in-process publish (what the outbox does) on B …
      await b.rt.publish(channel, 'new-notification', { title: 'New order' });
      // … and the official SDK's trigger API on B.
      const sdk = new PusherServer({ ...APP, host: '127.0.0.1', port: String(b.port), useTLS: false });
      await sdk.trigger(channel, 'new-message', { body: 'Halo', chat_id: 3 });
      await expect.poll(() => browser.received, { timeout: 5000 }).toEqual([
        { event: 'new-notification', data: { title: 'New order' } },
        { event: 'new-message', data: { body: 'Halo', chat_id: 3 } },
      ]);
    } finally {
      browser.client.disconnect();
    }
  });

  it('a socket on another channel hears nothing, and one instance’s signature opens only the channel it names', async () => {
    const mine = `private-user.${Math.floor(Math.random() * 1e6)}`;
    const other = `private-user.${Math.floor(Math.random() * 1e6) + 1_000_000}`;
    const browser = await browserOn(b, mine);
    try {
      await a.rt.publish(other, 'new-notification', { title: 'Not yours' });
      await a.rt.publish(mine, 'new-notification', { title: 'Yours' });
      await expect.poll(() => browser.received.length, { timeout: 5000 }).toBe(1);
      expect(browser.received[0]).toEqual({ event: 'new-notification', data: { title: 'Yours' } });
      // A signature made for one channel does not open another.
      const forged = new Pusher(APP.key, {
        cluster: 'local', wsHost: '127.0.0.1', wsPort: a.port, forceTLS: false, enabledTransports: ['ws'], disableStats: true,
        channelAuthorization: { customHandler: ({ socketId }, cb) => cb(null, { auth: a.rt.authorizeChannel(socketId, mine) }), transport: 'ajax', endpoint: '' },
      });
      try {
        const refused = await waitFor(new Promise<unknown>((resolve) => {
          const ch = forged.subscribe(other);
          ch.bind('pusher:subscription_error', (e: unknown) => resolve(e));
          ch.bind('pusher:subscription_succeeded', () => resolve('subscribed'));
        }), 5000, 'forged subscription answer');
        expect(refused).not.toBe('subscribed');
      } finally {
        forged.disconnect();
      }
    } finally {
      browser.client.disconnect();
    }
  });
});
