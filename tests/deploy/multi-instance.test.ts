import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineJobKey } from '../../src/server/domain/orders/engine.ts';
import { addDays, todayIso } from '../../src/lib/dates.ts';
import { call, newUser, uniq, useServer } from '../support/api.ts';
import { freePort, NGINX, scratchDatabase, sharedEnvironment, sharedServices, startInstance, startNginx, type Instance, type Proxy } from '../support/cluster.ts';
import { newAddress, pngBytes, randomLocalPhone } from '../support/fixtures.ts';
import { startS3Model, type S3Model } from '../support/s3.ts';

/**
 * Two instances of the built server behind nginx (deploy/nginx.conf as it is), on PostgreSQL,
 * Redis and a local S3 model: everything docs/deploying.md promises of several instances, seen
 * through the proxy. nginx's access log (with the X-Request-Id each request is sent with) says
 * which instance answered what.
 */
const services = await sharedServices();
const missing = 'missing' in services ? services.missing : undefined;
if (missing) console.warn(`\nSKIPPED the multi-instance test: it needs PostgreSQL and Redis, and cannot reach ${missing}. CI runs it.\n`);

describe.skipIf(missing !== undefined)('two instances behind nginx', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let s3: S3Model;
  let a: Instance;
  let b: Instance;
  let proxy: Proxy;
  const other = (port: number) => (port === a.port ? b.port : a.port);
  /** A call through the proxy with a request id of its own, and the port of the instance that answered it. */
  const via = async (method: string, path: string, opts: Parameters<typeof call>[2] = {}) => {
    const id = `t-${uniq()}`;
    const res = await call(method, path, { ...opts, headers: { ...opts.headers, 'X-Request-Id': id } });
    return { ...res, id, by: () => proxy.servedBy(id) };
  };
  const page = async (path: string) => {
    const id = `p-${uniq()}`;
    const res = await fetch(`${proxy.url}${path}`, { headers: { 'X-Request-Id': id } });
    return { id, status: res.status, cache: res.headers.get('x-page-cache'), html: await res.text(), by: await proxy.servedBy(id) };
  };
  /** The latest SMS code sent to a phone, whichever instance sent it (each writes to its own DATA_DIR). */
  const smsCode = (phone: string) => {
    // Each SMS is two lines (a timestamp, then the text): the newest of both instances' outboxes.
    const sent = [a, b].flatMap((i) => {
      let lines: string[] = [];
      try {
        lines = readFileSync(join(i.dataDir, 'sms', `${phone}.txt`), 'utf8').trimEnd().split('\n');
      } catch {
        /* none from this instance */
      }
      return lines.flatMap((line, n) => (n % 2 === 0 ? [{ at: line, text: lines[n + 1] }] : []));
    });
    return sent.sort((x, y) => x.at.localeCompare(y.at)).at(-1)!.text.match(/\b([A-Z0-9]{4})\b/)![1];
  };

  async function traveller() {
    const u = await newUser();
    const phone = randomLocalPhone();
    await via('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } });
    const verified = await via('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: phone, otp_code: smsCode(`+62${phone.slice(1)}`) } });
    expect(verified.status).toBe(200);
    const today = todayIso();
    const trip = await via('POST', '/v1/users/trips', {
      token: u.token,
      body: { origin_country_id: 392, origin_city_id: 1850147, destination_country_id: 228, destination_city_id: 1642911, arrival_date: addDays(today, 9), delivery_date: addDays(today, 11) },
    });
    expect(trip.status).toBe(201);
    return { ...u, trip: trip.body.data };
  }
  async function product(seller: Awaited<ReturnType<typeof traveller>>, stock: number, images: string[] = []) {
    const res = await via('POST', '/v1/users/products', {
      token: seller.token,
      body: { name: `Tokyo Banana ${uniq()}`, description: 'Eight cakes in a box, bought fresh.', price: 150_000, weight: 800, stock, trip_id: seller.trip.id, images },
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }
  async function checkout(buyer: { token: string }, address: { id: number }, p: { id: number; trip_id: number }) {
    const quote = await via('POST', '/v1/misc/expeditions', { token: buyer.token, body: { destination_sub_district_id: 317101, trip_id: p.trip_id, products: [{ product_id: p.id, quantity: 1 }] } });
    const res = await via('POST', '/v1/transactions/checkout', {
      token: buyer.token,
      body: { address_id: address.id, items: [{ product_id: p.id, quantity: 1 }], shipping: [{ trip_id: p.trip_id, shipping_id: quote.body.data.expeditions[0].shipping_id }] },
    });
    expect(res.status).toBe(201);
    return { ...res, order: res.body.data.transactions[0] as { id: number } };
  }
  function listen(token: string, userId: number, events: string[]) {
    const client = new Pusher(readKey(), {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: proxy.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: { endpoint: `${proxy.url}/v1/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
    });
    const channel = client.subscribe(`private-user.${userId}`);
    const got: { event: string; data: any }[] = [];
    for (const event of events) channel.bind(event, (data: unknown) => got.push({ event, data }));
    const ready = new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
    });
    return { client, got, ready };
  }
  const readKey = () => 'titipan-key';

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is not installed (apt-get install nginx; .ci/run installs it)`);
    const { databaseUrl, redisUrl } = services as { databaseUrl: string; redisUrl: string };
    [db, s3] = await Promise.all([scratchDatabase(databaseUrl), startS3Model()]);
    const [proxyPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort()]);
    const env = { ...sharedEnvironment({ databaseUrl: db.url, redisUrl, publicUrl: `http://127.0.0.1:${proxyPort}`, s3: s3.env }), LOG_LEVEL: 'debug' };
    // The first migrates and loads the reference data; the second finds them there.
    a = await startInstance(env, { port: portA });
    b = await startInstance(env, { port: portB });
    proxy = await startNginx([portA, portB], proxyPort);
    useServer({ url: proxy.url, dataDir: a.dataDir });
  }, 240_000);
  afterAll(async () => {
    useServer(undefined);
    await proxy?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await db?.drop();
  }, 60_000);

  let seller: Awaited<ReturnType<typeof traveller>>;
  let buyer: Awaited<ReturnType<typeof newUser>> & { address: { id: number } };
  let firstOrder: { id: number };
  let listed: { id: number; slug: string; trip_id: number; name: string };

  it('serves a photo uploaded through one instance from the other', async () => {
    seller = await traveller();
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(await pngBytes('#aa3366'))], { type: 'image/png' }), 'photo.png');
    const upload = await fetch(`${proxy.url}/v1/uploads/images`, { method: 'POST', headers: { Authorization: `Bearer ${seller.token}`, Lang: 'en', 'X-Request-Id': 'upload-1' }, body: form });
    expect(upload.status).toBe(201);
    const image = (await upload.json()).data;
    const uploadedOn = await proxy.servedBy('upload-1');
    let servedByOther = false;
    for (let i = 0; i < 4 && !servedByOther; i++) {
      const res = await fetch(`${proxy.url}${image.src}`, { headers: { 'X-Request-Id': `photo-${i}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await res.arrayBuffer()).subarray(8, 12).toString()).toBe('WEBP');
      servedByOther = (await proxy.servedBy(`photo-${i}`)) === other(uploadedOn);
    }
    expect(servedByOther).toBe(true);
    listed = await product(seller, 4, [image.filename]);
  });

  it('a purchase through one instance clears the guest listing the other kept', async () => {
    // Each instance renders the listing once and keeps it (round robin: two requests each).
    const before = await Promise.all([0, 1, 2, 3].map(() => page('/products/marketplace')));
    const kept = before.filter((p) => p.cache === 'hit');
    expect(new Set(kept.map((p) => p.by))).toEqual(new Set([a.port, b.port]));
    const card = (html: string) => html.slice(html.lastIndexOf('<article', html.indexOf(listed.name)), html.indexOf(listed.name));
    for (const p of before) expect(card(p.html)).not.toContain('Limited stock');

    const u = await newUser();
    buyer = { ...u, address: await newAddress(u.token) };
    const bought = await checkout(buyer, buyer.address, listed);
    firstOrder = bought.order;
    const boughtOn = await bought.by();
    // At once, on both: rendered again (no kept page), with 3 left ("limited").
    const after = [await page('/products/marketplace'), await page('/products/marketplace')];
    expect(after.map((p) => p.by).sort()).toEqual([a.port, b.port].sort());
    const onOther = after.find((p) => p.by === other(boughtOn))!;
    expect(onOther.cache).toBe('miss');
    expect(card(onOther.html)).toContain('Limited stock');
    // Each instance's log names the page's pattern, for a render and for a kept copy alike.
    const lines = [...a.log(), ...b.log()].filter((l) => l.msg === 'request');
    for (const p of [...kept, onOther]) expect(lines.find((l) => l.req_id === p.id)).toMatchObject({ route: '/products/marketplace', status: 200, method: 'GET' });
    expect(lines.find((l) => l.req_id === bought.id)).toMatchObject({ route: '/v1/transactions/checkout', status: 201, user_id: buyer.user.id });
  });

  it('a chat message posted through one instance reaches a pusher-js client connected to the other', async () => {
    const room = await via('POST', '/v1/chats', { token: buyer.token, body: { transaction_id: firstOrder.id, traveler_id: seller.user.id, requester_id: buyer.user.id } });
    expect(room.status).toBe(201);
    const listener = listen(buyer.token, buyer.user.id, ['new-message']);
    await listener.ready;
    const posted: number[] = [];
    for (const text of ['Sudah saya beli', 'Dikirim besok']) {
      const form = new FormData();
      form.set('body', text);
      const id = `chat-${uniq()}`;
      const res = await fetch(`${proxy.url}/v1/chats/${room.body.data.id}/messages`, { method: 'POST', headers: { Authorization: `Bearer ${seller.token}`, 'X-Request-Id': id }, body: form });
      expect(res.status).toBe(201);
      posted.push(await proxy.servedBy(id));
    }
    await expect.poll(() => listener.got.map((m) => m.data.body), { timeout: 5000 }).toEqual(['Sudah saya beli', 'Dikirim besok']);
    listener.client.disconnect();
    // The WebSocket's line is written when it closes: which instance held it.
    await expect.poll(() => proxy.accessLog().filter((l) => l.uri.startsWith('/app/')).length, { timeout: 5000 }).toBeGreaterThan(0);
    const socketOn = proxy.accessLog().filter((l) => l.uri.startsWith('/app/')).at(-1)!.upstreams.at(-1)!;
    // Round robin sent the two posts to different instances: one of them is not the socket's.
    expect(new Set(posted)).toEqual(new Set([a.port, b.port]));
    expect(posted).toContain(other(socketOn));
  });

  it('runs each due deadline job and pushes each outbox row once across both instances', async () => {
    const stocked = await product(seller, 20);
    const orders: number[] = [];
    for (let i = 0; i < 6; i++) orders.push((await checkout(buyer, buyer.address, stocked)).order.id);
    const listener = listen(buyer.token, buyer.user.id, ['new-notification']);
    await listener.ready;
    const { rows: [{ max: lastNotification }] } = await db.query('select coalesce(max(id), 0) as max from notifications');
    // The payment deadline passes for all six at once: both instances' job runners race for them.
    await db.query(`update transactions set deadline_at = now() - interval '1 second' where id = any($1)`, [orders]);
    await db.query(`update jobs set run_at = now() - interval '1 second' where key = any($1)`, [orders.map(deadlineJobKey)]);
    await expect
      .poll(async () => (await db.query(`select count(*)::int as n from transactions where id = any($1) and status = 'cancelled'`, [orders])).rows[0].n, { timeout: 15_000 })
      .toBe(6);
    const history = await db.query(`select transaction_id, count(*)::int as n from transaction_histories where transaction_id = any($1) and event = 'expire_payment' group by 1`, [orders]);
    expect(history.rows.map((r) => r.n)).toEqual([1, 1, 1, 1, 1, 1]);
    const jobRows = await db.query('select attempts, done_at from jobs where key = any($1)', [orders.map(deadlineJobKey)]);
    expect(jobRows.rows.every((r) => r.attempts === 1 && r.done_at)).toBe(true);
    const done = [...a.log(), ...b.log()].filter((l) => l.msg === 'job done' && orders.map(deadlineJobKey).includes(l.job));
    expect(done.map((l) => l.job).sort()).toEqual(orders.map(deadlineJobKey).sort());

    // Every notification the expiries wrote is pushed once: one log line, one event in the browser.
    await expect.poll(async () => (await db.query('select count(*)::int as n from notifications where id > $1 and dispatched_at is null', [lastNotification])).rows[0].n, { timeout: 10_000 }).toBe(0);
    const written = (await db.query('select id, user_id from notifications where id > $1 order by id', [lastNotification])).rows;
    expect(written.length).toBeGreaterThanOrEqual(6);
    const pushed = [...a.log(), ...b.log()].filter((l) => l.msg === 'notification pushed' && l.outbox_id > lastNotification).map((l) => l.outbox_id);
    expect(pushed.sort((x, y) => x - y)).toEqual(written.map((r) => r.id));
    const mine = written.filter((r) => r.user_id === buyer.user.id).map((r) => r.id);
    await expect.poll(() => listener.got.length, { timeout: 5000 }).toBe(mine.length);
    expect(listener.got.map((m) => m.data.id).sort((x, y) => x - y)).toEqual(mine);
    listener.client.disconnect();
  });

  it('drains an instance on SIGTERM while requests flow: no 5xx through the proxy', async () => {
    const statuses: number[] = [];
    const failures: string[] = [];
    let flowing = true;
    const worker = async (n: number) => {
      while (flowing) {
        const path = n % 3 === 0 ? '/products/marketplace' : n % 3 === 1 ? '/v1/products?per_page=8' : `/products/marketplace/${listed.slug}`;
        try {
          const res = await fetch(`${proxy.url}${path}`, n % 2 ? { headers: { Authorization: `Bearer ${buyer.token}` } } : {});
          await res.arrayBuffer();
          statuses.push(res.status);
        } catch (err) {
          failures.push(String((err as Error).cause ?? err));
        }
        // And writes: a sign-in (a POST) now and then.
        if (n === 0) {
          const login = await fetch(`${proxy.url}/v1/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: buyer.email, password: buyer.password }) }).catch((err) => {
            failures.push(String(err));
            return undefined;
          });
          if (login) statuses.push(login.status);
        }
      }
    };
    const workers = [0, 1, 2, 3, 4, 5].map(worker);
    await new Promise((r) => setTimeout(r, 1500));
    const servedBefore = statuses.length;
    const exit = b.stop('SIGTERM');
    expect(await exit).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    flowing = false;
    await Promise.all(workers);
    expect(failures).toEqual([]);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(servedBefore);
    expect(servedBefore).toBeGreaterThan(20);
  }, 30_000);

  it('with the object store down, pages still render; /readyz says storage', async () => {
    await s3.stop();
    const detail = await page(`/products/marketplace/${listed.slug}`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain(listed.name);
    const ready = await fetch(`${a.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks).toMatchObject({ database: 'ok', redis: 'ok', storage: expect.stringMatching(/^failed/) });
  });
});

