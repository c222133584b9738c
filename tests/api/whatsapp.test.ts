/**
 * WhatsApp Business Cloud API template messages, against a local model of its `messages`
 * endpoint (POST /{phone number id}/messages, Bearer token, a template with body parameters and
 * a URL button): only to users with a verified phone who opted in, and only about orders.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries } from '../../src/server/db/delivery-schema.ts';
import { call } from '../support/api.ts';
import { useClockedServer } from '../support/clocked-server.ts';
import { startFakeHttp, type FakeHttp } from '../support/fake-http.ts';
import { operatorToken } from '../support/operators.ts';
import { checkoutProduct, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';

const TOKEN = 'EAAG-test-whatsapp-token-123';
const PHONE_ID = '106540352242922';
const env: Record<string, string> = {};
let whatsapp: FakeHttp;
let refuse = false;
beforeAll(async () => {
  // As Meta's Graph API answers: the message id, or an OAuth error for a bad token.
  whatsapp = await startFakeHttp((req) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}` || refuse) return { status: 401, body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } } };
    if (req.method !== 'POST' || req.path !== `/${PHONE_ID}/messages`) return { status: 404, body: { error: { message: 'Unknown path', code: 100 } } };
    const body = JSON.parse(req.body);
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.template?.name || !body.template?.language?.code) {
      return { status: 400, body: { error: { message: 'Invalid parameter', code: 100 } } };
    }
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${whatsapp.requests.length}` }] } };
  });
  Object.assign(env, { WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: PHONE_ID, WHATSAPP_API_URL: whatsapp.url });
});
afterAll(() => whatsapp?.close());
const time = useClockedServer({ env });

const sentTo = (phone: string) => whatsapp.requests.filter((r) => r.path.endsWith('/messages') && JSON.parse(r.body).to === phone).map((r) => JSON.parse(r.body));

async function orderFor(optIn: boolean) {
  const seller = await travellerWithProduct();
  const me = (await call('GET', '/v1/users/me', { token: seller.traveller.token, lang: 'id' })).body.data;
  const extras = await call('GET', '/v1/users/notification-extras', { token: seller.traveller.token, lang: 'id' });
  expect(extras.body.data).toMatchObject({ whatsapp_available: true, phone_verified: true });
  if (optIn) expect((await call('PUT', '/v1/users/notification-extras', { token: seller.traveller.token, lang: 'id', body: { whatsapp: true } })).status).toBe(200);
  const buyer = await requesterWithAddress();
  const id = (await checkoutProduct(buyer, seller.product)).body.data.transactions[0].id as number;
  await time.server.app.outbox.flush();
  return { seller, buyer, id, phone: String(me.phone_number).replace(/^\+/, '') };
}

describe('WhatsApp', () => {
  it('sends the order’s template message to a traveller who opted in, in their language, with the order link', async () => {
    const o = await orderFor(true);
    const messages = sentTo(o.phone);
    expect(messages).toHaveLength(1);
    expect(messages[0].template).toMatchObject({ name: 'order_update', language: { code: 'id' } });
    const [body, button] = messages[0].template.components;
    expect(body.parameters.map((p: { text: string }) => p.text)).toEqual(['Pesanan baru', expect.stringContaining(`#${o.id}`)]);
    expect(button).toMatchObject({ type: 'button', sub_type: 'url', parameters: [{ type: 'text', text: `dashboard/sell/${o.id}` }] });
    const rows = await time.server.app.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, o.seller.traveller.user.id));
    expect(rows.find((r) => r.channel === 'whatsapp')).toMatchObject({ status: 'sent' });
    // The buyer has no verified phone and did not opt in: nothing, recorded as skipped.
    const buyerRows = await time.server.app.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, o.buyer.user.id));
    expect(buyerRows.find((r) => r.channel === 'whatsapp')).toMatchObject({ status: 'skipped', reason: 'not_opted_in' });
  });

  it('sends nothing to a traveller who did not opt in', async () => {
    const o = await orderFor(false);
    expect(sentTo(o.phone)).toEqual([]);
  });

  it('a refusal is recorded and retried, never lost', async () => {
    refuse = true;
    try {
      const o = await orderFor(true);
      const rows = await time.server.app.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, o.seller.traveller.user.id));
      expect(rows.find((r) => r.channel === 'whatsapp')).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('401') });
      // The operator console lists it among the last day's delivery problems, per channel; others may not look.
      const console = await call('GET', '/v1/admin/deliveries', { token: await operatorToken() });
      expect(console.status).toBe(200);
      expect(console.body.data).toContainEqual(expect.objectContaining({ channel: 'whatsapp', state: 'retrying', attempts: 1, user_email: o.seller.traveller.email, last_error: expect.stringContaining('Invalid OAuth access token') }));
      expect((await call('GET', '/v1/admin/deliveries', { token: o.buyer.token })).status).toBe(404);
    } finally {
      refuse = false;
    }
  });
});
