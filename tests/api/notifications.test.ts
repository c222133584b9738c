import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { checkoutProduct, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';

/**
 * The notifications a user reads (SPEC §7): an order placed notifies its traveller, in the
 * reader's language; the unread preview, marking one or all read, paging, and nobody else's.
 */
async function placedOrder() {
  const { traveller, product } = await travellerWithProduct();
  const buyer = await requesterWithAddress();
  const res = await checkoutProduct(buyer, product);
  expect(res.status).toBe(201);
  return { traveller, buyer, orderId: res.body.data.transactions[0].id as number };
}

describe('notifications', () => {
  it('an order placed reaches its traveller, translated for the reader, linked to the sale page', async () => {
    const { traveller, orderId } = await placedOrder();
    const en = await call('GET', '/v1/notifications?status=unread', { token: traveller.token });
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ unread: 1, total: 1, page: 1 });
    expect(en.body.data.rows[0]).toMatchObject({
      title: 'New order',
      notificationable_type: 'transaction',
      notificationable_id: orderId,
      transaction_type: 'penjualan',
      link: `/dashboard/sell/${orderId}`,
      read_at: null,
    });
    const id = await call('GET', '/v1/notifications', { token: traveller.token, lang: 'id' });
    expect(id.body.data.rows[0].title).toBe('Pesanan baru');
  });

  it('a new follower is news to the one followed, once per follower and day, linked to the follower’s page', async () => {
    const [star, fan] = await Promise.all([newUser(), newUser()]);
    for (let i = 0; i < 2; i++) {
      expect((await call('POST', '/v1/users/add-follower', { token: fan.token, body: { user_id: star.user.id } })).status).toBe(200);
    }
    const list = await call('GET', '/v1/notifications', { token: star.token, lang: 'id' });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.rows[0]).toMatchObject({
      title: 'Pengikut baru',
      message: `@${fan.username} sekarang mengikuti Anda`,
      notificationable_type: 'user',
      notificationable_id: fan.user.id,
      link: `/products/user/marketplace/${fan.user.id}`,
    });
    // Unfollowing and following again the same day is no news: one notice per follower and day.
    await call('POST', '/v1/users/unfollow', { token: fan.token, body: { user_id: star.user.id } });
    await call('POST', '/v1/users/add-follower', { token: fan.token, body: { user_id: star.user.id } });
    expect((await call('GET', '/v1/notifications', { token: star.token })).body.data.total).toBe(1);
    // The follower hears nothing of their own follow.
    expect((await call('GET', '/v1/notifications', { token: fan.token })).body.data.total).toBe(0);
  });

  it('marking one read takes it off the unread list; again is harmless; someone else’s is not found', async () => {
    const { traveller, buyer } = await placedOrder();
    const [n] = (await call('GET', '/v1/notifications', { token: traveller.token })).body.data.rows;
    const stranger = await newUser();
    expect((await call('PUT', `/v1/notifications/${n.id}`, { token: stranger.token })).status).toBe(404);
    expect((await call('PUT', `/v1/notifications/${n.id}`, { token: buyer.token })).status).toBe(404);
    const read = await call('PUT', `/v1/notifications/${n.id}`, { token: traveller.token });
    expect(read.status).toBe(200);
    expect(read.body.data.read_at).toEqual(expect.any(String));
    const again = await call('PUT', `/v1/notifications/${n.id}`, { token: traveller.token });
    expect(again.body.data.read_at).toBe(read.body.data.read_at);
    const after = await call('GET', '/v1/notifications?status=unread', { token: traveller.token });
    expect(after.body.data).toMatchObject({ unread: 0, total: 0, rows: [] });
    // The full list still holds it, read.
    expect((await call('GET', '/v1/notifications', { token: traveller.token })).body.data.rows).toHaveLength(1);
  });

  it('mark all read, paging, and bad input are 4xx in the reader’s language', async () => {
    const { traveller, product } = await travellerWithProduct({ stock: 10 });
    for (let i = 0; i < 3; i++) {
      const buyer = await requesterWithAddress();
      expect((await checkoutProduct(buyer, product)).status).toBe(201);
    }
    const page1 = await call('GET', '/v1/notifications?per_page=2&page=1', { token: traveller.token });
    expect(page1.body.data).toMatchObject({ total: 3, per_page: 2, last_page: 2, unread: 3 });
    expect(page1.body.data.rows).toHaveLength(2);
    const page2 = await call('GET', '/v1/notifications?per_page=2&page=2', { token: traveller.token });
    expect(page2.body.data.rows).toHaveLength(1);
    // Newest first.
    expect(page1.body.data.rows[0].id).toBeGreaterThan(page2.body.data.rows[0].id);

    const all = await call('PUT', '/v1/notifications/read-all', { token: traveller.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ data: { marked: 3 }, message: 'All notifications are marked as read' });
    expect((await call('GET', '/v1/notifications?status=unread', { token: traveller.token })).body.data.unread).toBe(0);

    expect((await call('GET', '/v1/notifications?status=bogus', { token: traveller.token })).status).toBe(422);
    const notANumber = await call('PUT', '/v1/notifications/abc', { token: traveller.token, lang: 'id' });
    expect(notANumber.status).toBe(404);
    expect(notANumber.body.message).toBe('Notifikasi tidak ditemukan');
    expect((await call('GET', '/v1/notifications')).status).toBe(401);
    expect((await call('PUT', '/v1/notifications/read-all')).status).toBe(401);
  });
});
