import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../src/server/logger.ts';
import { createRealtimeServer, type RealtimeServer } from '../../src/server/realtime/server.ts';
import { apiUrl, call, newUser, uniq } from '../support/api.ts';
import { newTraveller, newTrip } from '../support/fixtures.ts';

const creds = () => inject('pusher');
const port = () => Number(new URL(apiUrl()).port);
const wsBase = () => `ws://127.0.0.1:${port()}`;

/** The official server SDK, pointed at our trigger API. */
const sdk = (secret = creds().secret) =>
  new PusherServer({ appId: creds().appId, key: creds().key, secret, host: '127.0.0.1', port: String(port()), useTLS: false });

function timeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${label}`)), ms);
    }),
  ]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── pusher-js clients ────────────────────────────────────────────────────────────────────────────

const clients: Pusher[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

async function connectClient(opts: { token?: string; customAuth?: (socketId: string, channel: string) => string } = {}): Promise<Pusher> {
  const client = new Pusher(creds().key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port(),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: opts.customAuth
      ? { customHandler: ({ socketId, channelName }, cb) => cb(null, { auth: opts.customAuth!(socketId, channelName) }) }
      : { endpoint: `${apiUrl()}/v1/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${opts.token ?? ''}` } },
  });
  clients.push(client);
  await timeout(
    new Promise<void>((resolve) => client.connection.bind('connected', () => resolve())),
    5000,
    'pusher-js connected',
  );
  return client;
}

function subscribed(client: Pusher, channelName: string): Promise<void> {
  const channel = client.subscribe(channelName);
  return timeout(
    new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(`subscription_error ${JSON.stringify(e)}`)));
    }),
    5000,
    `subscribe ${channelName}`,
  );
}

function subscriptionError(client: Pusher, channelName: string): Promise<any> {
  const channel = client.subscribe(channelName);
  return timeout(
    new Promise<any>((resolve, reject) => {
      channel.bind('pusher:subscription_error', (e: unknown) => resolve(e));
      channel.bind('pusher:subscription_succeeded', () => reject(new Error(`unexpectedly subscribed to ${channelName}`)));
    }),
    5000,
    `subscription_error on ${channelName}`,
  );
}

function nextEvent(client: Pusher, channelName: string, event: string): Promise<any> {
  return timeout(
    new Promise<any>((resolve) => client.channel(channelName).bind(event, (data: unknown) => resolve(data))),
    5000,
    `${event} on ${channelName}`,
  );
}

// ── raw WebSocket clients ────────────────────────────────────────────────────────────────────────

interface RawClient {
  ws: WebSocket;
  frames: any[];
  next(pred: (f: any) => boolean, label: string, ms?: number): Promise<any>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

const raws: WebSocket[] = [];
afterEach(() => {
  for (const ws of raws.splice(0)) ws.terminate();
});

function openRaw(url: string): RawClient {
  const ws = new WebSocket(url);
  raws.push(ws);
  const frames: any[] = [];
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)));
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(pred, label, ms = 5000) {
      return timeout(
        new Promise<any>((resolve) => {
          const check = () => {
            const i = frames.findIndex((f, idx) => !taken.has(idx) && pred(f));
            if (i === -1) return;
            taken.add(i);
            waiters.delete(check);
            resolve(frames[i]);
          };
          waiters.add(check);
          check();
        }),
        ms,
        label,
      );
    },
  };
}

const appUrl = (key = creds().key, query = 'protocol=7&client=js&version=8.6.0') => `${wsBase()}/app/${key}?${query}`;

async function rawConnected(url = appUrl()) {
  const raw = openRaw(url);
  const established = await raw.next((f) => f.event === 'pusher:connection_established', 'connection_established');
  const data = JSON.parse(established.data);
  return { raw, socketId: data.socket_id as string, established };
}

/** A ping/pong round trip: everything the server sent before the pong has arrived. */
async function roundTrip(raw: RawClient) {
  raw.send({ event: 'pusher:ping', data: {} });
  await raw.next((f) => f.event === 'pusher:pong', 'pong');
}

// ── the tests ────────────────────────────────────────────────────────────────────────────────────

describe('pusher-js client', () => {
  it('connects and gets a socket id', async () => {
    const client = await connectClient();
    expect(client.connection.state).toBe('connected');
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('joins its own private channel and receives an event triggered through the official SDK', async () => {
    const u = await newUser();
    const client = await connectClient({ token: u.token });
    const channel = `private-user.${u.user.id}`;
    await subscribed(client, channel);
    const received = nextEvent(client, channel, 'order.updated');
    const res = await sdk().trigger(channel, 'order.updated', { order_id: 42, status: 'paid', note: 'héllo "quoted"' });
    expect(res.status).toBe(200);
    expect(await received).toEqual({ order_id: 42, status: 'paid', note: 'héllo "quoted"' });
  });

  it("is refused another user's private channel and never gets its events", async () => {
    const [me, other] = await Promise.all([newUser(), newUser()]);
    const client = await connectClient({ token: me.token });
    const foreign = `private-user.${other.user.id}`;
    const error = await subscriptionError(client, foreign);
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });

    const leaked: unknown[] = [];
    client.channel(foreign).bind('secret', (d: unknown) => leaked.push(d));
    const own = `private-user.${me.user.id}`;
    await subscribed(client, own);
    const sentinel = nextEvent(client, own, 'sentinel');
    await sdk().trigger(foreign, 'secret', { x: 1 });
    await sdk().trigger(own, 'sentinel', { ok: true });
    expect(await sentinel).toEqual({ ok: true });
    expect(leaked).toEqual([]);
  });

  it('is refused by the socket server itself when the channel signature is forged', async () => {
    const u = await newUser();
    const { key } = creds();
    const client = await connectClient({
      customAuth: (socketId, channel) => `${key}:${createHmac('sha256', 'not-the-secret').update(`${socketId}:${channel}`).digest('hex')}`,
    });
    const error = await subscriptionError(client, `private-user.${u.user.id}`);
    expect(error).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('joins a public channel; socket_id on trigger excludes that socket', async () => {
    const [a, b] = await Promise.all([connectClient(), connectClient()]);
    const channel = `news-${uniq()}`;
    await Promise.all([subscribed(a, channel), subscribed(b, channel)]);
    const gotA: unknown[] = [];
    a.channel(channel).bind('headline', (d: unknown) => gotA.push(d));
    const gotB = nextEvent(b, channel, 'headline');
    await sdk().trigger(channel, 'headline', 'plain string', { socket_id: a.connection.socket_id });
    expect(await gotB).toBe('plain string');
    await sleep(150);
    expect(gotA).toEqual([]);

    const both = Promise.all([nextEvent(a, channel, 'second'), nextEvent(b, channel, 'second')]);
    await sdk().trigger(channel, 'second', [1, 2]);
    expect(await both).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('receives batched events', async () => {
    const client = await connectClient();
    const channel = `batch-${uniq()}`;
    await subscribed(client, channel);
    const first = nextEvent(client, channel, 'one');
    const second = nextEvent(client, channel, 'two');
    const res = await sdk().triggerBatch([
      { channel, name: 'one', data: { n: 1 } },
      { channel, name: 'two', data: { n: 2 } },
    ]);
    expect(res.status).toBe(200);
    expect(await Promise.all([first, second])).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe('notifications', () => {
  it('reach the recipient on their private channel, in their language, once the question is saved', async () => {
    const owner = await newTraveller();
    const trip = await newTrip(owner.token);
    const posted = await call('POST', '/v1/users/products', {
      token: owner.token,
      lang: 'id',
      body: { trip_id: trip.id, name: `Tokyo Banana ${uniq()}`, description: 'Eight pieces', price: 100000, weight: 250, stock: 1, images: [] },
    });
    expect(posted.status).toBe(201);
    const client = await connectClient({ token: owner.token });
    const channel = `private-user.${owner.user.id}`;
    await subscribed(client, channel);
    const pushed = nextEvent(client, channel, 'new-notification');
    const asker = await newUser();
    // The asker writes in English; the owner last used Indonesian.
    const res = await call('POST', `/v1/products/${posted.body.data.id}/discussions`, { token: asker.token, lang: 'en', body: { message: 'Is it fresh?' } });
    expect(res.status).toBe(201);
    expect(await pushed).toMatchObject({
      title: `Pertanyaan baru dari @${asker.username}`,
      message: `${posted.body.data.name}: Is it fresh?`,
      notificationable_type: 'product',
      notificationable_id: posted.body.data.id,
      link: `/products/marketplace/${posted.body.data.slug}#discussion`,
    });
  });
});

describe('raw protocol', () => {
  it('announces the socket id and activity timeout as a JSON string', async () => {
    const { established, socketId } = await rawConnected();
    expect(typeof established.data).toBe('string');
    expect(JSON.parse(established.data)).toEqual({ socket_id: socketId, activity_timeout: 120 });
    expect(socketId).toMatch(/^\d+\.\d+$/);
  });

  it('refuses an unknown app key with 4001', async () => {
    const raw = openRaw(appUrl(`wrong-${uniq()}`));
    const error = await raw.next((f) => f.event === 'pusher:error', 'pusher:error');
    expect(JSON.parse(error.data)).toMatchObject({ code: 4001 });
    expect((await timeout(raw.closed, 5000, 'close')).code).toBe(4001);
    expect(raw.frames.some((f) => f.event === 'pusher:connection_established')).toBe(false);
  });

  it('refuses a missing or unsupported protocol version with 4007', async () => {
    for (const query of ['client=js', 'protocol=4', 'protocol=8', 'protocol=x']) {
      const raw = openRaw(appUrl(undefined, query));
      const error = await raw.next((f) => f.event === 'pusher:error', `pusher:error for ${query}`);
      expect(JSON.parse(error.data).code).toBe(4007);
      expect((await timeout(raw.closed, 5000, 'close')).code).toBe(4007);
    }
    const { socketId } = await rawConnected(appUrl(undefined, 'protocol=5'));
    expect(socketId).toMatch(/^\d+\.\d+$/);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const { raw } = await rawConnected();
    raw.send({ event: 'pusher:ping', data: {} });
    const pong = await raw.next((f) => f.event === 'pusher:pong', 'pong');
    expect(pong).toEqual({ event: 'pusher:pong', data: '{}' });
  });

  it('answers malformed JSON, oversized frames and client events with pusher:error and stays connected', async () => {
    const { raw } = await rawConnected();
    raw.send('{"event": "pusher:subscribe", ');
    const malformed = await raw.next((f) => f.event === 'pusher:error', 'error for malformed JSON');
    expect(JSON.parse(malformed.data)).toMatchObject({ code: 4200, message: expect.stringMatching(/JSON/) });

    raw.send({ event: 'pusher:ping', data: { pad: 'x'.repeat(11 * 1024) } });
    const big = await raw.next((f) => f.event === 'pusher:error', 'error for an oversized frame');
    expect(JSON.parse(big.data).message).toMatch(/exceeds/);

    raw.send({ event: 'client-typing', channel: 'news', data: {} });
    const clientEvent = await raw.next((f) => f.event === 'pusher:error', 'error for a client event');
    expect(JSON.parse(clientEvent.data)).toMatchObject({ code: 4009, message: expect.stringMatching(/client events/i) });

    await roundTrip(raw);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('subscribes with the signature from /v1/broadcasting/auth and refuses a wrong one with 4009', async () => {
    const u = await newUser();
    const { raw, socketId } = await rawConnected();
    const channel = `private-user.${u.user.id}`;

    raw.send({ event: 'pusher:subscribe', data: { channel, auth: `${creds().key}:${'0'.repeat(64)}` } });
    const refused = await raw.next((f) => f.event === 'pusher:error', 'refusal');
    expect(JSON.parse(refused.data).code).toBe(4009);
    const channelError = await raw.next((f) => f.event === 'pusher:subscription_error', 'subscription_error');
    expect(channelError.channel).toBe(channel);

    raw.send({ event: 'pusher:subscribe', data: { channel } });
    expect(JSON.parse((await raw.next((f) => f.event === 'pusher:error', 'refusal without auth')).data).code).toBe(4009);

    const auth = await call('POST', '/v1/broadcasting/auth', { token: u.token, body: { socket_id: socketId, channel_name: channel } });
    expect(auth.status).toBe(200);
    raw.send({ event: 'pusher:subscribe', data: { channel, auth: auth.body.auth } });
    const ok = await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded', 'subscription_succeeded');
    expect(ok).toEqual({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
  });

  it('refuses presence channels', async () => {
    const { raw } = await rawConnected();
    raw.send({ event: 'pusher:subscribe', data: { channel: `presence-room-${uniq()}`, auth: 'x:y', channel_data: '{}' } });
    const error = await raw.next((f) => f.event === 'pusher:error', 'refusal');
    expect(JSON.parse(error.data).message).toMatch(/presence/i);
  });

  it('stops delivering after pusher:unsubscribe', async () => {
    const { raw } = await rawConnected();
    const channel = `tick-${uniq()}`;
    raw.send({ event: 'pusher:subscribe', data: { channel } });
    await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded', 'subscribed');
    const occupied = await (await sdk().get({ path: `/channels/${channel}`, params: { info: 'subscription_count' } })).json();
    expect(occupied).toEqual({ occupied: true, subscription_count: 1 });

    await sdk().trigger(channel, 'tick', { n: 1 });
    expect(await raw.next((f) => f.event === 'tick', 'first tick')).toEqual({ event: 'tick', channel, data: '{"n":1}' });

    raw.send({ event: 'pusher:unsubscribe', data: { channel } });
    await roundTrip(raw);
    await sdk().trigger(channel, 'tick', { n: 2 });
    await roundTrip(raw);
    expect(raw.frames.filter((f) => f.event === 'tick')).toHaveLength(1);
    const after = await (await sdk().get({ path: `/channels/${channel}` })).json();
    expect(after).toEqual({ occupied: false });
  });
});

describe('trigger API', () => {
  const md5 = (s: string) => createHash('md5').update(s).digest('hex');

  /** Signs by hand (independently of the server's code), then lets a test tamper with it. */
  async function post(opts: { body?: string; secret?: string; timestamp?: number; tamper?: (q: URLSearchParams) => void } = {}) {
    const { appId, key, secret } = creds();
    const path = `/apps/${appId}/events`;
    const body = opts.body ?? JSON.stringify({ name: 'ping', channels: [`t-${uniq()}`], data: '{}' });
    const params: Record<string, string> = {
      auth_key: key,
      auth_timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: md5(body),
    };
    const query = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const signature = createHmac('sha256', opts.secret ?? secret).update(`POST\n${path}\n${query}`).digest('hex');
    const q = new URLSearchParams({ ...params, auth_signature: signature });
    opts.tamper?.(q);
    const res = await fetch(`${apiUrl()}${path}?${q}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  it('accepts a correctly signed request (control for the tampering tests)', async () => {
    expect((await post()).status).toBe(200);
  });

  it('rejects a tampered signature with 401', async () => {
    const res = await post({
      tamper: (q) => {
        const sig = q.get('auth_signature')!;
        q.set('auth_signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
      },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/signature/i);
  });

  it('rejects a wrong secret, a changed body, a foreign key and a stale timestamp with 401', async () => {
    expect((await post({ secret: 'not-the-secret' })).status).toBe(401);
    expect((await post({ tamper: (q) => q.set('body_md5', md5('{}')) })).status).toBe(401);
    expect((await post({ tamper: (q) => q.set('auth_key', 'someone-else') })).status).toBe(401);
    expect((await post({ timestamp: Math.floor(Date.now() / 1000) - 601 })).status).toBe(401);
    await expect(sdk('not-the-secret').trigger('news', 'x', {})).rejects.toMatchObject({ status: 401 });
  });

  it('validates the event and knows only its own app', async () => {
    expect((await post({ body: JSON.stringify({ name: 'x', channels: ['bad channel!'], data: '{}' }) })).status).toBe(400);
    expect((await post({ body: JSON.stringify({ name: 'x', channels: ['ok'], data: 'x'.repeat(10 * 1024 + 1) }) })).status).toBe(413);
    const res = await fetch(`${apiUrl()}/apps/not-our-app/events`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});

describe('a server started without PUSHER_SECRET', () => {
  const OLD_DEVELOPMENT_SECRET = 'titipan-dev-secret';

  it('signs with its own generated secret, kept in DATA_DIR/secrets.json', async () => {
    const stored = JSON.parse(readFileSync(join(inject('dataDir'), 'secrets.json'), 'utf8'));
    expect(stored.PUSHER_SECRET).toBe(creds().secret);
    expect(creds().secret).not.toBe(OLD_DEVELOPMENT_SECRET);
    // The control for the refusals below: the stored secret publishes.
    await expect(sdk(stored.PUSHER_SECRET).trigger(`t-${uniq()}`, 'x', {})).resolves.toMatchObject({ status: 200 });
  });

  it('refuses a private-channel subscription signed with the old development secret', async () => {
    const u = await newUser();
    const { raw, socketId } = await rawConnected();
    const channel = `private-user.${u.user.id}`;
    const forged = createHmac('sha256', OLD_DEVELOPMENT_SECRET).update(`${socketId}:${channel}`).digest('hex');
    raw.send({ event: 'pusher:subscribe', data: { channel, auth: `${creds().key}:${forged}` } });
    expect(JSON.parse((await raw.next((f) => f.event === 'pusher:error', 'refusal')).data).code).toBe(4009);
    await raw.next((f) => f.event === 'pusher:subscription_error' && f.channel === channel, 'subscription_error');
    await roundTrip(raw);
    expect(raw.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded')).toBe(false);
  });

  it('refuses events published with the old development secret', async () => {
    const { raw } = await rawConnected();
    const channel = `news-${uniq()}`;
    raw.send({ event: 'pusher:subscribe', data: { channel } });
    await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded', 'subscribed');
    await expect(sdk(OLD_DEVELOPMENT_SECRET).trigger(channel, 'forged', { x: 1 })).rejects.toMatchObject({ status: 401 });
    await roundTrip(raw);
    expect(raw.frames.some((f) => f.event === 'forged')).toBe(false);
  });
});

describe('activity, publish and shutdown (a separate instance with short timeouts)', () => {
  const silent = createLogger('silent');
  let rt: RealtimeServer;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    rt = createRealtimeServer({ appId: '9', key: 'short-key', secret: 'short-secret', logger: silent, activityTimeout: 1, pongTimeout: 0.5 });
    server = createServer((req, res) => {
      if (!rt.handleHttp(req, res)) res.writeHead(404).end();
    });
    server.on('upgrade', (req, socket, head) => {
      if (!rt.handleUpgrade(req, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/app/short-key?protocol=7`;
  });

  afterAll(async () => {
    await rt.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('pings a silent client and closes it with 4201 when no pong comes', async () => {
    const { raw } = await rawConnected(url);
    const started = Date.now();
    const ping = await raw.next((f) => f.event === 'pusher:ping', 'server ping');
    expect(ping.data).toBe('{}');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const closed = await timeout(raw.closed, 3000, 'close after missing pong');
    expect(closed.code).toBe(4201);
  });

  it('keeps a client that answers the ping', async () => {
    const { raw } = await rawConnected(url);
    raw.ws.on('message', (d) => {
      if (JSON.parse(String(d)).event === 'pusher:ping') raw.send({ event: 'pusher:pong', data: {} });
    });
    await sleep(2800);
    expect(raw.frames.filter((f) => f.event === 'pusher:ping').length).toBeGreaterThanOrEqual(2);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('publish() delivers {event, channel, data: JSON string} to every subscriber', async () => {
    const [a, b] = [await rawConnected(url), await rawConnected(url)];
    for (const c of [a, b]) {
      c.raw.send({ event: 'pusher:subscribe', data: { channel: 'orders' } });
      await c.raw.next((f) => f.event === 'pusher_internal:subscription_succeeded', 'subscribed');
    }
    await rt.publish('orders', 'order.created', { id: 7, total: '12.50' });
    const expected = { event: 'order.created', channel: 'orders', data: JSON.stringify({ id: 7, total: '12.50' }) };
    expect(await a.raw.next((f) => f.event === 'order.created', 'a')).toEqual(expected);
    expect(await b.raw.next((f) => f.event === 'order.created', 'b')).toEqual(expected);
  });

  it('close() closes every socket with 4200 and refuses new upgrades', async () => {
    const { raw } = await rawConnected(url);
    await rt.close();
    expect((await timeout(raw.closed, 3000, 'close on shutdown')).code).toBe(4200);
    const late = new WebSocket(url);
    raws.push(late);
    const outcome = await timeout(
      new Promise<string>((resolve) => {
        late.on('open', () => resolve('open'));
        late.on('error', () => resolve('error'));
      }),
      3000,
      'late connection',
    );
    expect(outcome).toBe('error');
  });
});
