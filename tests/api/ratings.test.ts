/**
 * Ratings (SPEC §5, §7): each side rates the other once per completed order, 1–5 stars; averages,
 * counts and lists per role; the traveller's delivery rate once they have 3 finished orders.
 */
import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { completedOrder, paidOrder, rate, shippedOrder } from '../support/fulfil.ts';
import { getOrder, travellerWithProduct } from '../support/orders.ts';

describe('POST /v1/ratings', () => {
  it('refuses a rating before the order is completed, then takes one per side', async () => {
    const o = await shippedOrder();
    const early = await rate(o.buyer, { transaction_id: o.id, rate: 5, comment: 'Great', for: 'traveler' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Orders can be rated once they are completed');
    expect((await getOrder(o.buyer.token, o.id)).body.data.can_rate).toBeNull();

    await call('POST', `/v1/transactions/${o.id}/accepted`, { token: o.buyer.token });
    expect((await getOrder(o.buyer.token, o.id)).body.data.can_rate).toBe('traveler');
    expect((await getOrder(o.traveller.token, o.id)).body.data.can_rate).toBe('requester');

    const res = await rate(o.buyer, { transaction_id: o.id, rate: 5, comment: 'Fast and careful', for: 'traveler' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Thank you for your review');
    expect(res.body.data.ratings.traveler).toMatchObject({ rate: 5, comment: 'Fast and careful', for: 'traveler', rater: { id: o.buyer.user.id } });
    expect(res.body.data.can_rate).toBeNull();

    const back = await rate(o.traveller, { transaction_id: o.id, rate: 4, for: 'requester' }, 'id');
    expect(back.status).toBe(201);
    expect(back.body.message).toBe('Terima kasih atas ulasan Anda');
    // Both sides see both ratings on the order.
    const seen = (await getOrder(o.buyer.token, o.id)).body.data;
    expect(seen.ratings.requester).toMatchObject({ rate: 4, comment: null });
    expect(seen.ratings.traveler.rate).toBe(5);

    const again = await rate(o.buyer, { transaction_id: o.id, rate: 1, for: 'traveler' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already rated this order');
  });

  it('needs at least one star, in the caller language', async () => {
    const o = await completedOrder();
    for (const bad of [0, undefined, -3, 2.5, '5']) {
      const res = await rate(o.buyer, { transaction_id: o.id, rate: bad, for: 'traveler' }, 'id');
      expect(res.status).toBe(422);
      expect(res.body.errors.rate).toBe('Rating minimal 1 bintang');
    }
    const en = await rate(o.buyer, { transaction_id: o.id, rate: 0, for: 'traveler' });
    expect(en.body.errors.rate).toBe('Give at least 1 star');
    const six = await rate(o.buyer, { transaction_id: o.id, rate: 6, for: 'traveler' });
    expect(six.status).toBe(422);
    expect(six.body.errors.rate).toBe('A rating is 1 to 5 stars');
    const side = await rate(o.buyer, { transaction_id: o.id, rate: 3, for: 'nobody' });
    expect(side.status).toBe(422);
    expect((await getOrder(o.buyer.token, o.id)).body.data.ratings).toEqual({ traveler: null, requester: null });
  });

  it('only the parties rate, and each rates the other side', async () => {
    const o = await completedOrder();
    const stranger = await newUser();
    expect((await rate(stranger, { transaction_id: o.id, rate: 5, for: 'traveler' })).status).toBe(404);
    expect((await rate(stranger, { transaction_id: 99_999_999, rate: 5, for: 'traveler' })).status).toBe(404);
    const self = await rate(o.buyer, { transaction_id: o.id, rate: 5, for: 'requester' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You rate the other side of the order, not yourself');
    expect((await rate(o.traveller, { transaction_id: o.id, rate: 5, for: 'traveler' })).status).toBe(403);
    expect((await call('POST', '/v1/ratings', { body: { transaction_id: o.id, rate: 5, for: 'traveler' } })).status).toBe(401);
  });

  it('the same rating sent many times at once is stored exactly once', async () => {
    const o = await completedOrder();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => rate(o.buyer, { transaction_id: o.id, rate: (i % 5) + 1, comment: `try ${i}`, for: 'traveler' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const list = (await call('GET', `/v1/users/${o.traveller.user.id}/ratings?for=traveler`)).body.data;
    expect(list.count).toBe(1);
    expect(list.rows).toHaveLength(1);
  });
});

describe('reviews on a profile', () => {
  it('averages, counts and lists what a user received in each role', async () => {
    const seller = await travellerWithProduct({ stock: 5 });
    const first = await completedOrder({ traveller: seller });
    const second = await completedOrder({ traveller: seller });
    await rate(first.buyer, { transaction_id: first.id, rate: 5, comment: 'Perfect', for: 'traveler' });
    await rate(second.buyer, { transaction_id: second.id, rate: 4, comment: 'Good', for: 'traveler' });
    await rate(seller.traveller, { transaction_id: first.id, rate: 3, comment: 'Slow to reply', for: 'requester' });

    const asTraveller = (await call('GET', `/v1/users/${seller.traveller.user.id}/ratings?for=traveler`)).body.data;
    expect(asTraveller).toMatchObject({ average: 4.5, count: 2, total: 2 });
    expect(asTraveller.rows.map((r: any) => r.comment)).toEqual(['Good', 'Perfect']);
    expect(asTraveller.rows[0].rater).toMatchObject({ id: second.buyer.user.id, username: second.buyer.username });
    const asRequester = (await call('GET', `/v1/users/${seller.traveller.user.id}/ratings?for=requester`)).body.data;
    expect(asRequester).toMatchObject({ average: null, count: 0, rows: [] });
    const buyerReviews = (await call('GET', `/v1/users/${first.buyer.user.id}/ratings?for=requester`)).body.data;
    expect(buyerReviews).toMatchObject({ average: 3, count: 1 });

    const rep = (await call('GET', `/v1/users/${seller.traveller.user.id}/reputation`)).body.data;
    expect(rep).toMatchObject({ traveler: { average: 4.5, count: 2 }, requester: { average: null, count: 0 } });
    expect((await call('GET', '/v1/users/99999999/reputation')).status).toBe(404);
    expect((await call('GET', `/v1/users/${seller.traveller.user.id}/ratings?for=everyone`)).status).toBe(422);
  });
});

describe('delivery rate', () => {
  it('shows once a traveller has 3 finished orders: completed ÷ (completed + cancelled by them or refunded)', async () => {
    const seller = await travellerWithProduct({ stock: 10 });
    const id = seller.traveller.user.id;
    const reputation = async () => (await call('GET', `/v1/users/${id}/reputation`)).body.data.delivery;
    await completedOrder({ traveller: seller });
    await completedOrder({ traveller: seller });
    expect(await reputation()).toEqual({ completed: 2, failed: 0, rate: null });

    // A paid order the traveller cancels counts against them.
    const dropped = await paidOrder({ traveller: seller });
    const cancel = await call('POST', `/v1/transactions/${dropped.id}/cancel`, { token: seller.traveller.token, body: { canceled_reason: 1 } });
    expect(cancel.status).toBe(200);
    expect(await reputation()).toEqual({ completed: 2, failed: 1, rate: 0.67 });

    // An order the buyer cancels before payment, or cancels after paying, does not.
    const unpaid = await paidOrder({ traveller: seller });
    await call('POST', `/v1/transactions/${unpaid.id}/cancel`, { token: unpaid.buyer.token, body: { canceled_reason: 2 } });
    expect(await reputation()).toEqual({ completed: 2, failed: 1, rate: 0.67 });
    await completedOrder({ traveller: seller });
    expect(await reputation()).toEqual({ completed: 3, failed: 1, rate: 0.75 });
  });
});
