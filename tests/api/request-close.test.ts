import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { newTraveller, newTrip } from '../support/fixtures.ts';
import { requesterWithRequest } from '../support/orders.ts';

async function travellerWithTrip() {
  const traveller = await newTraveller();
  const trip = await newTrip(traveller.token);
  return { ...traveller, trip };
}

const listed = async (name: string) => (await call('GET', `/v1/requests?search=${encodeURIComponent(name)}`)).body.data.total;

describe('closing and reopening a request', () => {
  it('the owner closes it: off the listings and search, kept in their own list; reopening brings it back', async () => {
    const { buyer, request } = await requesterWithRequest();
    expect(await listed(request.name)).toBe(1);

    const closed = await call('POST', `/v1/users/requests/${request.id}/close`, { token: buyer.token });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Request closed: it is off the listings. You can reopen it from your dashboard.');
    expect(closed.body.data.closed_at).toEqual(expect.any(String));
    expect(await listed(request.name)).toBe(0);
    const suggestions = await call('GET', `/v1/misc/suggestions?key=${encodeURIComponent(request.name)}`);
    expect(suggestions.body.data.requests).toEqual([]);
    // Still the owner's, marked closed; its page still answers (a shared link says it is closed).
    const own = await call('GET', '/v1/users/requests', { token: buyer.token });
    expect(own.body.data.rows.find((r: { id: number }) => r.id === request.id)).toMatchObject({ closed_at: expect.any(String) });
    expect((await call('GET', `/v1/requests/${request.slug}`)).body.data.closed_at).toEqual(expect.any(String));
    // Closing twice is harmless.
    expect((await call('POST', `/v1/users/requests/${request.id}/close`, { token: buyer.token })).status).toBe(200);

    const reopened = await call('POST', `/v1/users/requests/${request.id}/reopen`, { token: buyer.token, lang: 'id' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.message).toBe('Permintaan dibuka kembali: traveler dapat melihat dan mengambilnya lagi.');
    expect(reopened.body.data.closed_at).toBeNull();
    expect(await listed(request.name)).toBe(1);
  });

  it("only the owner may close or reopen; a guest is asked to log in", async () => {
    const { request } = await requesterWithRequest();
    const stranger = await newUser();
    expect((await call('POST', `/v1/users/requests/${request.id}/close`, { token: stranger.token })).status).toBe(404);
    expect((await call('POST', `/v1/users/requests/${request.id}/reopen`, { token: stranger.token })).status).toBe(404);
    expect((await call('POST', `/v1/users/requests/${request.id}/close`)).status).toBe(401);
    expect((await call('POST', '/v1/users/requests/abc/close', { token: stranger.token })).status).toBe(404);
    expect(await listed(request.name)).toBe(1);
  });

  it('a closed request cannot be taken, offered on, or bought through an open offer', async () => {
    const { buyer, request } = await requesterWithRequest({ price_eta: 500_000, quantity: 1, traveler_tip: 30_000 });
    const early = await travellerWithTrip();
    const offer = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, {
      token: early.token,
      body: { product_price: 520_000, traveler_tip: 30_000, shipping_fee: 20_000, trip_id: early.trip.id },
    });
    expect(offer.status).toBe(201);
    await call('POST', `/v1/users/requests/${request.id}/close`, { token: buyer.token });

    const t = await travellerWithTrip();
    const closedMessage = 'The requester has closed this request: it can no longer be taken, offered on or bought.';
    const take = await call('POST', `/v1/transactions/take-request/${request.id}`, { token: t.token, body: { shipping_fee: 20_000, trip_id: t.trip.id } });
    expect(take.status).toBe(409);
    expect(take.body).toMatchObject({ code: 'REQUEST_UNAVAILABLE', message: closedMessage });
    const bid = await call('POST', `/v1/transactions/request-bid/traveler/${request.id}`, {
      token: t.token,
      body: { product_price: 500_000, traveler_tip: 30_000, shipping_fee: 20_000, trip_id: t.trip.id },
    });
    expect(bid.status).toBe(409);
    expect(bid.body.message).toBe(closedMessage);
    const accept = await call('POST', `/v1/transactions/${offer.body.data.id}/accept`, { token: buyer.token });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(closedMessage);

    // Reopened, the open offer can be accepted again.
    await call('POST', `/v1/users/requests/${request.id}/reopen`, { token: buyer.token });
    expect((await call('POST', `/v1/transactions/${offer.body.data.id}/accept`, { token: buyer.token })).status).toBe(200);
  });
});
