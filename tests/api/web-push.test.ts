/**
 * Web push as a browser gets it: the public key, subscribing (only to allowed push services),
 * a notification delivered to a local HTTPS push service (allow-listed here, its certificate
 * trusted through NODE_EXTRA_CA_CERTS) that the test decrypts as the browser would, and a
 * 410 from the push service deleting the subscription.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notificationDeliveries, pushSubscriptions } from '../../src/server/db/delivery-schema.ts';
import { call, uniq } from '../support/api.ts';
import { useClockedServer } from '../support/clocked-server.ts';
import { checkoutProduct, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';
import { startPushService, subscriberKeys, type PushService } from '../support/push-service.ts';

const env: Record<string, string> = {};
let push: PushService;
beforeAll(async () => {
  const ca = inject('testCa');
  push = await startPushService({ cert: readFileSync(ca.certPath, 'utf8'), key: readFileSync(ca.keyPath, 'utf8') });
  env.PUSH_ENDPOINT_ALLOWLIST = push.origin;
});
afterAll(() => push?.close());
const time = useClockedServer({ env });
const db = () => time.server.app.deps.db;

const subscribe = (token: string, body: unknown, lang: 'en' | 'id' = 'en') => call('POST', '/v1/push/subscriptions', { token, body, lang });

describe('push subscriptions', () => {
  it('hands out the VAPID public key', async () => {
    const res = await call('GET', '/v1/push/public-key');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.data.public_key, 'base64url')).toHaveLength(65);
    expect(res.body.data.public_key).toBe(time.server.app.config.push.vapidPublicKey);
  });

  it('keeps a subscription once per endpoint, and forgets it on DELETE', async () => {
    const u = (await travellerWithProduct()).traveller;
    const keys = subscriberKeys();
    const endpoint = `${push.origin}/push/${uniq()}`;
    expect((await subscribe(u.token, { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } })).status).toBe(201);
    expect((await subscribe(u.token, { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } })).status).toBe(201);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    const gone = await call('DELETE', '/v1/push/subscriptions', { token: u.token, body: { endpoint } });
    expect(gone.status).toBe(200);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
    expect((await subscribe('', { endpoint, keys })).status).toBe(401);
  });

  it('refuses endpoints nobody allowed, bad keys and huge endpoints with 422, storing nothing', async () => {
    const u = (await travellerWithProduct()).traveller;
    const keys = subscriberKeys();
    const good = { p256dh: keys.p256dh, auth: keys.auth };
    const cases: [unknown, string][] = [
      [{ endpoint: 'not a url', keys: good }, 'endpoint'],
      [{ endpoint: `http://fcm.googleapis.com/fcm/send/${uniq()}`, keys: good }, 'endpoint'],
      [{ endpoint: `https://127.0.0.1:1/push/${uniq()}`, keys: good }, 'endpoint'],
      [{ endpoint: `https://169.254.169.254/latest/${uniq()}`, keys: good }, 'endpoint'],
      [{ endpoint: `https://push.example.com/${uniq()}`, keys: good }, 'endpoint'],
      [{ endpoint: `https://fcm.googleapis.com:8443/x/${uniq()}`, keys: good }, 'endpoint'],
      [{ endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(10_000)}`, keys: good }, 'endpoint'],
      [{ endpoint: `https://fcm.googleapis.com/fcm/send/${uniq()}` }, 'keys'],
      [{ endpoint: `https://fcm.googleapis.com/fcm/send/${uniq()}`, keys: { p256dh: 'short', auth: good.auth } }, 'keys.p256dh'],
      [{ endpoint: `https://fcm.googleapis.com/fcm/send/${uniq()}`, keys: { p256dh: good.p256dh } }, 'keys.auth'],
    ];
    for (const [body, field] of cases) {
      const res = await subscribe(u.token, body, 'id');
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).join(',')).toContain(field.split('.')[0]);
      expect(res.body.message).toBeTruthy();
    }
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.user.id))).toEqual([]);
    // The known push services are accepted as they are.
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/abc', 'https://web.push.apple.com/abc', 'https://wns2-par02p.notify.windows.com/w/?token=abc']) {
      expect((await subscribe(u.token, { endpoint: `${endpoint}${uniq()}`, keys: good })).status).toBe(201);
    }
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.userId, u.user.id));
  });
});

describe('delivery', () => {
  it('an order pushes its notification to the traveller’s device, encrypted for it, with the title in their language', async () => {
    const seller = await travellerWithProduct();
    const keys = subscriberKeys();
    const endpoint = `${push.origin}/push/${uniq()}`;
    // Subscribing from a browser in Indonesian: what reaches this user unasked speaks it.
    expect((await subscribe(seller.traveller.token, { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, 'id')).status).toBe(201);
    const buyer = await requesterWithAddress();
    const id = (await checkoutProduct(buyer, seller.product)).body.data.transactions[0].id as number;
    await time.server.app.outbox.flush();
    const mine = push.received.filter((p) => p.path === new URL(endpoint).pathname);
    expect(mine).toHaveLength(1);
    expect(mine[0].headers['content-encoding']).toBe('aes128gcm');
    expect(mine[0].headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(Number(mine[0].headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(keys.decrypt(mine[0].body));
    expect(payload).toMatchObject({ title: 'Pesanan baru', url: `/dashboard/sell/${id}` });
    expect(payload.body).toContain(`#${id}`);
    const deliveries = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, seller.traveller.user.id));
    expect(deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['email', 'sent'],
      ['push', 'sent'],
    ]);
  });

  it('a 410 from the push service deletes the subscription', async () => {
    const seller = await travellerWithProduct();
    const keys = subscriberKeys();
    const endpoint = `${push.origin}/gone/${uniq()}`;
    expect((await subscribe(seller.traveller.token, { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } })).status).toBe(201);
    const buyer = await requesterWithAddress();
    await checkoutProduct(buyer, seller.product);
    await time.server.app.outbox.flush();
    expect(push.received.filter((p) => p.path === new URL(endpoint).pathname)).toHaveLength(1);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
    const rows = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, seller.traveller.user.id));
    expect(rows.find((r) => r.channel === 'push')).toMatchObject({ status: 'skipped', reason: 'no_device' });
  });
});
