/**
 * Chat per order (SPEC §7 "Chat, social, content", "Real-time"): one room per order, only its two
 * parties read or post, contact details masked until payment, pushes to the recipient's channel.
 */
import Pusher from 'pusher-js';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { maskContacts } from '../../src/server/domain/chat/mask.ts';
import { apiUrl, call, newUser } from '../support/api.ts';
import { pngBytes } from '../support/fixtures.ts';
import { paidOrder } from '../support/fulfil.ts';
import { checkoutProduct, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';

type Party = { token: string; user: { id: number } };

/** An order waiting for payment (checked out, not paid) and its two parties. */
async function unpaidOrder() {
  const seller = await travellerWithProduct();
  const buyer = await requesterWithAddress();
  const res = await checkoutProduct(buyer, seller.product);
  if (res.status !== 201) throw new Error(`checkout failed ${JSON.stringify(res.body)}`);
  return { ...seller, buyer, id: res.body.data.transactions[0].id as number };
}

const open = (who: Party, o: { id: number; buyer: Party; traveller: Party }, lang: 'en' | 'id' = 'en') =>
  call('POST', '/v1/chats', { token: who.token, lang, body: { transaction_id: o.id, traveler_id: o.traveller.user.id, requester_id: o.buyer.user.id } });

/** A message as multipart form-data, as the browser sends it. */
async function post(token: string, chatId: number, fields: Record<string, string>, image?: Buffer, lang: 'en' | 'id' = 'en') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (image) form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${apiUrl()}/v1/chats/${chatId}/messages`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Lang: lang }, body: form });
  return { status: res.status, body: await res.json() };
}

async function roomFor(o: { id: number; buyer: Party; traveller: Party }) {
  const res = await open(o.buyer, o);
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

describe('POST /v1/chats', () => {
  it('opens one room per order, whoever opens it and however often (at once too)', async () => {
    const o = await unpaidOrder();
    const opens = await Promise.all([open(o.buyer, o), open(o.traveller, o), open(o.buyer, o), open(o.traveller, o), open(o.buyer, o)]);
    const ids = new Set(opens.map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    expect(opens.filter((r) => r.status === 201)).toHaveLength(1);
    expect(opens.filter((r) => r.status === 200)).toHaveLength(4);
    const again = await open(o.traveller, o);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe([...ids][0]);
    const rooms = (await call('GET', '/v1/chats', { token: o.buyer.token })).body.data.rows;
    expect(rooms.filter((r: any) => r.transaction_id === o.id)).toHaveLength(1);
  });

  it('is only for the parties of the order, with the order\'s own ids', async () => {
    const o = await unpaidOrder();
    const stranger = await newUser();
    const res = await open(stranger, o, 'id');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Chat tidak ditemukan');
    const missing = await call('POST', '/v1/chats', { token: o.buyer.token, body: { transaction_id: 2_000_000_000, traveler_id: 1, requester_id: 1 } });
    expect(missing.status).toBe(404);
    const swapped = await call('POST', '/v1/chats', { token: o.buyer.token, body: { transaction_id: o.id, traveler_id: o.buyer.user.id, requester_id: o.buyer.user.id } });
    expect(swapped.status).toBe(422);
    expect(swapped.body.errors.traveler_id).toBe("These are not the order's requester and traveller");
    const guest = await call('POST', '/v1/chats', { body: { transaction_id: o.id, traveler_id: 1, requester_id: 1 } });
    expect(guest.status).toBe(401);
  });
});

describe('GET /v1/chats', () => {
  it('pages the rooms, newest conversation first, by cursor; a new message brings a room back to the top; the order names its room', async () => {
    const buyer = await requesterWithAddress();
    const rooms: number[] = [];
    const orders: number[] = [];
    for (let i = 0; i < 3; i++) {
      const seller = await travellerWithProduct();
      const res = await checkoutProduct(buyer, seller.product);
      const id = res.body.data.transactions[0].id as number;
      orders.push(id);
      expect((await call('GET', `/v1/transactions/${id}`, { token: buyer.token })).body.data.chat_room).toBeNull();
      rooms.push((await open(buyer, { id, buyer, traveller: seller.traveller })).body.data.id);
      // SPEC §3: the order carries its room once opened, for both parties.
      expect((await call('GET', `/v1/transactions/${id}`, { token: seller.traveller.token })).body.data.chat_room).toEqual({ id: rooms[i] });
    }
    await post(buyer.token, rooms[0], { body: 'Masih ada stok?' });
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call('GET', `/v1/chats?per_page=2${query}`, { token: buyer.token });
      expect(res.status).toBe(200);
      pages.push(res.body.data.rows.map((r: any) => r.id));
      cursor = res.body.data.next_cursor;
    } while (cursor && pages.length < 5);
    expect(pages).toEqual([[rooms[0], rooms[2]], [rooms[1]]]);
    // One a page walks the same order, through the boundary between rooms with and without messages.
    const one: number[] = [];
    cursor = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call('GET', `/v1/chats?per_page=1${query}`, { token: buyer.token });
      one.push(...res.body.data.rows.map((r: any) => r.id));
      cursor = res.body.data.next_cursor;
    } while (cursor && one.length < 5);
    expect(one).toEqual([rooms[0], rooms[2], rooms[1]]);
    for (const bad of ['abc', '1.99999999999', 'n.-1', 'x'.repeat(40)]) {
      const res = await call('GET', `/v1/chats?cursor=${encodeURIComponent(bad)}`, { token: buyer.token, lang: 'id' });
      expect(res.status).toBe(422);
      expect(res.body.errors.cursor).toEqual(expect.any(String));
    }
  });
});

describe('messages', () => {
  it('both parties post and read, newest last, with cursor paging', async () => {
    const o = await paidOrder();
    const chat = await roomFor(o);
    for (let i = 1; i <= 5; i++) {
      const who = i % 2 ? o.buyer : o.traveller;
      const res = await post(who.token, chat, { body: `message ${i}` });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ chat_id: chat, sender_id: who.user.id, body: `message ${i}`, masked: false, helper_text: null });
    }
    const first = await call('GET', `/v1/chats/${chat}/messages?per_page=3`, { token: o.traveller.token });
    expect(first.body.data.rows.map((m: any) => m.body)).toEqual(['message 3', 'message 4', 'message 5']);
    const older = await call('GET', `/v1/chats/${chat}/messages?per_page=3&before=${first.body.data.next_cursor}`, { token: o.traveller.token });
    expect(older.body.data.rows.map((m: any) => m.body)).toEqual(['message 1', 'message 2']);
    expect(older.body.data.next_cursor).toBeNull();
    const after = await call('GET', `/v1/chats/${chat}/messages?after=${first.body.data.rows[0].id}`, { token: o.buyer.token });
    expect(after.body.data.rows.map((m: any) => m.body)).toEqual(['message 4', 'message 5']);
  });

  it('takes a photo with or without text, and refuses an empty message or a non-image', async () => {
    const o = await paidOrder();
    const chat = await roomFor(o);
    const photo = await post(o.traveller.token, chat, {}, await pngBytes('#3366cc', 300, 200));
    expect(photo.status).toBe(201);
    expect(photo.body.data.image.src).toMatch(/^\/uploads\/images\/.+-640\.webp$/);
    expect(photo.body.data.body).toBe('');
    const both = await post(o.buyer.token, chat, { body: 'Like this one?' }, await pngBytes('#cc3366', 300, 200));
    expect(both.body.data).toMatchObject({ body: 'Like this one?' });
    expect(both.body.data.image).not.toBeNull();

    const empty = await post(o.buyer.token, chat, { body: '   ' }, undefined, 'id');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body).toBe('Tulis pesan atau lampirkan foto');
    const notImage = await post(o.buyer.token, chat, { body: 'hi' }, Buffer.from('not a picture at all'));
    expect(notImage.status).toBe(422);
    const long = await post(o.buyer.token, chat, { body: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.body).toBe('A message is at most 2000 characters');
    // The rooms list previews a photo alone as "Photo" in the reader's language.
    const rooms = (await call('GET', '/v1/chats', { token: o.buyer.token, lang: 'id' })).body.data.rows;
    expect(rooms.find((r: any) => r.id === chat).last_message.body).toBe('Like this one?');
  });

  it('only the two parties read, post or mark read: 404 for anyone else', async () => {
    const o = await paidOrder();
    const chat = await roomFor(o);
    await post(o.buyer.token, chat, { body: 'private' });
    const stranger = await newUser();
    for (const res of [
      await call('GET', `/v1/chats/${chat}`, { token: stranger.token }),
      await call('GET', `/v1/chats/${chat}/messages`, { token: stranger.token }),
      await post(stranger.token, chat, { body: 'let me in' }),
      await call('PUT', `/v1/chats/${chat}/read`, { token: stranger.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Chat not found');
    }
    expect((await call('GET', '/v1/chats', { token: stranger.token })).body.data).toEqual({ rows: [], next_cursor: null });
    expect((await call('GET', '/v1/chats/new-messages', { token: stranger.token })).body.data).toEqual([]);
    const rows = (await call('GET', `/v1/chats/${chat}/messages`, { token: o.traveller.token })).body.data.rows;
    expect(rows.map((m: any) => m.body)).toEqual(['private']);
  });
});

describe('masking before payment', () => {
  it('masks phone numbers, e-mail addresses and links until the order is paid, with a hint why', async () => {
    const o = await unpaidOrder();
    const chat = await roomFor(o);
    const res = await post(o.traveller.token, chat, { body: 'WA me 0812-3456-7890 or +62 812 3456 7890, mail rina.t@gmail.com, see https://evil.example/pay and tokopedia.com/x' }, undefined, 'id');
    expect(res.status).toBe(201);
    expect(res.body.data.body).toBe('WA me ••• or •••, mail •••, see ••• and •••');
    expect(res.body.data.masked).toBe(true);
    expect(res.body.data.helper_text).toMatch(/disembunyikan sampai pesanan dibayar/);
    // The reader sees it masked too, with the hint in their own language; the original is not kept.
    const read = (await call('GET', `/v1/chats/${chat}/messages`, { token: o.buyer.token })).body.data.rows[0];
    expect(read.body).not.toMatch(/0812|gmail|https/);
    expect(read.helper_text).toMatch(/hidden until the order is paid/);
    const plain = await post(o.buyer.token, chat, { body: 'Is it the 2024 edition? 3 boxes please' });
    expect(plain.body.data).toMatchObject({ body: 'Is it the 2024 edition? 3 boxes please', masked: false, helper_text: null });
    const room = (await call('GET', `/v1/chats/${chat}`, { token: o.buyer.token })).body.data;
    expect(room.order.masking).toBe(true);
  });

  it('leaves contact details alone once the order is paid', async () => {
    const o = await paidOrder();
    const chat = await roomFor(o);
    const res = await post(o.traveller.token, chat, { body: 'Call me at 0812-3456-7890 when it arrives' });
    expect(res.body.data).toMatchObject({ body: 'Call me at 0812-3456-7890 when it arrives', masked: false });
    expect((await call('GET', `/v1/chats/${chat}`, { token: o.buyer.token })).body.data.order.masking).toBe(false);
  });

  it('masks the usual disguises and leaves ordinary numbers', () => {
    expect(maskContacts('0812 3456 7890').text).toBe('•••');
    expect(maskContacts('(021) 555-1234').text).toBe('•••');
    expect(maskContacts('rina [at] mail.com').text).toBe('•••');
    expect(maskContacts('www.example.org').text).toBe('•••');
    expect(maskContacts('Rp 150.000 for 2 boxes, size 42').masked).toBe(false);
  });
});

describe('unread, read markers and the header dropdown', () => {
  it('counts unread messages per room, shapes new messages as SPEC §3 and clears them when read', async () => {
    const o = await paidOrder();
    const chat = await roomFor(o);
    await post(o.buyer.token, chat, { body: 'first' });
    await post(o.buyer.token, chat, { body: 'second' });
    const rooms = (await call('GET', '/v1/chats', { token: o.traveller.token })).body.data.rows;
    const room = rooms.find((r: any) => r.id === chat);
    expect(room).toMatchObject({ unread: 2, transaction_id: o.id, last_message: { body: 'second' }, other: { id: o.buyer.user.id } });
    expect(room.order).toMatchObject({ id: o.id, status: 'paid', href: `/dashboard/sell/${o.id}` });
    expect(room.order.product_name).toMatch(/Tokyo Banana/);
    // The sender has read their own messages.
    expect((await call('GET', '/v1/chats', { token: o.buyer.token })).body.data.rows.find((r: any) => r.id === chat)).toMatchObject({ unread: 0, order: { href: `/dashboard/purchase/${o.id}` } });

    const fresh = (await call('GET', '/v1/chats/new-messages', { token: o.traveller.token })).body.data;
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({
      chat_id: chat,
      body: 'second',
      unread: 2,
      chat: { id: chat, requester: { id: o.buyer.user.id, username: o.buyer.user.username }, traveler: { id: o.traveller.user.id } },
    });
    expect(fresh[0].chat.requester).toHaveProperty('photo_profile');

    expect((await call('PUT', `/v1/chats/${chat}/read`, { token: o.traveller.token })).status).toBe(200);
    expect((await call('GET', '/v1/chats/new-messages', { token: o.traveller.token })).body.data).toEqual([]);
    await post(o.buyer.token, chat, { body: 'third' });
    expect((await call('GET', '/v1/chats/new-messages', { token: o.traveller.token })).body.data[0]).toMatchObject({ unread: 1, body: 'third' });
  });
});

// ── the push ─────────────────────────────────────────────────────────────────────────────────────

const clients: Pusher[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

async function listen(token: string, userId: number) {
  const port = Number(new URL(apiUrl()).port);
  const client = new Pusher(inject('pusher').key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { endpoint: `${apiUrl()}/v1/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
  });
  clients.push(client);
  const channel = client.subscribe(`private-user.${userId}`);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
  });
  const got: any[] = [];
  channel.bind('new-message', (m: unknown) => got.push(m));
  return got;
}

describe('push', () => {
  it("pushes new-message {body, chat_id} to the recipient's channel only, masked before payment", async () => {
    const o = await unpaidOrder();
    const chat = await roomFor(o);
    const toBuyer = await listen(o.buyer.token, o.buyer.user.id);
    const toTraveller = await listen(o.traveller.token, o.traveller.user.id);
    await post(o.traveller.token, chat, { body: 'Call 081234567890' });
    await expect.poll(() => toBuyer.length, { timeout: 5000 }).toBe(1);
    expect(toBuyer[0]).toMatchObject({ body: 'Call •••', chat_id: chat });
    await post(o.buyer.token, chat, {}, await pngBytes('#22aa44', 200, 200));
    await expect.poll(() => toTraveller.length, { timeout: 5000 }).toBe(1);
    expect(toTraveller[0]).toMatchObject({ body: 'Photo', chat_id: chat });
    expect(toBuyer).toHaveLength(1);
  });
});
