import { describe, expect, it } from 'vitest';
import { apiUrl, call, newUser, uniq } from '../support/api.ts';
import { newAddress, newTraveller, newTrip, pngBytes, uploadImage } from '../support/fixtures.ts';
import { pngClaiming } from '../support/fuzz.ts';

/** Concrete inputs that once answered 500; each must now be a 4xx with a message. */

const INT4_MAX = 2_147_483_647;
const TOO_BIG_IDS = [INT4_MAX + 1, 2 ** 32, 2 ** 53 - 1];

const product = (tripId: number, over: Record<string, unknown> = {}) => ({
  name: `Royce Nama ${uniq()}`,
  description: 'Original flavour chocolate, kept cold.',
  price: 250_000,
  weight: 300,
  stock: 2,
  trip_id: tripId,
  images: [],
  ...over,
});

const request = (addressId: number, over: Record<string, unknown> = {}) => ({
  name: `Tokyo Banana ${uniq()}`,
  description: 'Eight pieces, from Haneda airport.',
  price_eta: 150_000,
  quantity: 1,
  traveler_tip: 20_000,
  buy_from_country_id: 392,
  address_id: addressId,
  images: [],
  ...over,
});

describe('NUL bytes', () => {
  it('in a search key: 422 on the field, for guests too', async () => {
    for (const path of ['/v1/products?search=kit%00kat', '/v1/requests?search=%00', '/v1/misc/suggestions?key=%00', '/v1/misc/countries?key=ind%00', '/v1/misc/global-cities-with-country?key=%00']) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(422);
      expect(Object.values(res.body.errors)).toEqual(['This value is not valid']);
    }
  });

  it('in a text field, a nested value or a key: 422 in the Lang language', async () => {
    const name = await call('POST', '/v1/register', { lang: 'id', body: { name: 'Rina\u0000', username: `u_${uniq()}`, email: `${uniq()}@example.test`, password: 'password123' } });
    expect(name.status).toBe(422);
    expect(name.body.errors.name).toBe('Nilai ini tidak valid');

    const u = await newUser();
    const nested = await call('POST', '/v1/users/favorites', { token: u.token, body: { type: 'Product', id: 1, extra: { deep: ['ok', 'n\u0000'] } } });
    expect(nested.status).toBe(422);
    expect(nested.body.errors).toEqual({ extra: 'This value is not valid' });
    const key = await call('PUT', '/v1/users/me', { token: u.token, body: { 'na\u0000me': 'x' } });
    expect(key.status).toBe(422);
  });

  it('in a path parameter: 404', async () => {
    expect((await call('GET', '/v1/products/kit%00kat')).status).toBe(404);
    expect((await call('GET', '/v1/users/1%00/profile')).status).toBe(404);
  });
});

describe('ids beyond the integer column', () => {
  it('in query strings: 422 on the field, for the listing filters and the place pickers', async () => {
    for (const id of TOO_BIG_IDS) {
      const listing = await call('GET', `/v1/products?trip_id=${id}`);
      expect(listing.status).toBe(422);
      expect(listing.body.errors).toEqual({ trip_id: 'This value is not valid' });
      expect((await call('GET', `/v1/requests?destination_country_id=${id}`)).status).toBe(422);
      expect((await call('GET', `/v1/misc/cities?province_id=${id}`)).status).toBe(422);
      expect((await call('GET', `/v1/misc/global-cities?country_id=${id}`)).status).toBe(422);
      expect((await call('GET', `/v1/misc/global-cities?ids=1642911,${id}`)).status).toBe(422);
    }
    // The largest id is still an id: nothing has it.
    const max = await call('GET', `/v1/products?trip_id=${INT4_MAX}`);
    expect(max.status).toBe(200);
    expect(max.body.data.total).toBe(0);
  });

  it('in paths: 404', async () => {
    const u = await newUser();
    for (const id of TOO_BIG_IDS) {
      expect((await call('GET', `/v1/users/${id}/profile`)).status).toBe(404);
      expect((await call('GET', `/v1/addresses/${id}`, { token: u.token })).status).toBe(404);
      expect((await call('PUT', `/v1/users/trips/${id}/cancel`, { token: u.token })).status).toBe(404);
    }
  });

  it('in bodies: favourites, follows, address areas and trip cities answer 422', async () => {
    const u = await newUser();
    for (const id of TOO_BIG_IDS) {
      const fav = await call('POST', '/v1/users/favorites', { token: u.token, body: { type: 'Product', id } });
      expect(fav.status).toBe(422);
      expect(fav.body.errors.id).toBe('This value is not valid');
      expect((await call('POST', '/v1/users/add-follower', { token: u.token, body: { user_id: id } })).status).toBe(422);
      const address = await call('POST', '/v1/addresses', {
        token: u.token,
        body: { name: 'Rina', phone_number: '081299998888', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: id, city_id: 3171, sub_district_id: 317101, pos_code: '10110' },
      });
      expect(address.status).toBe(422);
      expect(address.body.errors.province_id).toBeTruthy();
      const trip = await call('POST', '/v1/users/trips', {
        token: u.token,
        body: { origin_country_id: 392, origin_city_id: id, destination_country_id: 228, destination_city_id: 1642911, arrival_date: '2099-01-01', delivery_date: '2099-01-02' },
      });
      expect(trip.status).toBe(422);
      expect(trip.body.errors.origin_city_id).toBeTruthy();
    }
  });
});

describe('JSON numbers are numbers', () => {
  it('refuses booleans, strings and nulls where a number belongs, with a message on the field', async () => {
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    for (const [field, value] of [['price', true], ['price', '0x10'], ['price', '125000'], ['weight', '250'], ['stock', null], ['trip_id', String(trip.id)]] as const) {
      const res = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id, { [field]: value }) });
      expect(res.status, `${field}: ${JSON.stringify(value)}`).toBe(422);
      expect(res.body.errors[field]).toBeTruthy();
    }
    const address = await newAddress(t.token);
    const tip = await call('POST', '/v1/users/requests', { token: t.token, body: request(address.id, { traveler_tip: null }) });
    expect(tip.status).toBe(422);
    expect(tip.body.errors.traveler_tip).toBeTruthy();
    const ok = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id) });
    expect(ok.status).toBe(201);
    expect(ok.body.data.price).toBe(250_000);
  });
});

describe('slugs under concurrency', () => {
  it('30 requests posted at once with the same name all succeed, each with its own slug', async () => {
    const u = await newUser();
    const address = await newAddress(u.token);
    const name = `Shiroi Koibito ${uniq()}`;
    const results = await Promise.all(Array.from({ length: 30 }, () => call('POST', '/v1/users/requests', { token: u.token, body: request(address.id, { name }) })));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    const slugs = results.map((r) => r.body.data.slug as string);
    expect(new Set(slugs).size).toBe(30);
    const base = slugs.filter((s) => !/-[0-9a-f]{6}$/.test(s));
    expect(base).toHaveLength(1);
  });
});

describe('a product posted from a request', () => {
  it('must name an active request of someone else', async () => {
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    const requester = await newUser();
    const theirs = await call('POST', '/v1/users/requests', { token: requester.token, body: request((await newAddress(requester.token)).id) });
    const mine = await call('POST', '/v1/users/requests', { token: t.token, body: request((await newAddress(t.token)).id) });

    const unknown = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id, { request_id: 999_999 }) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.request_id).toBe('This pre-order can only come from an open request of someone else that you took');
    expect((await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id, { request_id: mine.body.data.id }) })).status).toBe(422);

    // Someone else's open request that this traveller has not taken is not theirs to post.
    expect((await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id, { request_id: theirs.body.data.id }) })).status).toBe(422);
    const taken = await call('POST', `/v1/transactions/take-request/${theirs.body.data.id}`, { token: t.token, body: { shipping_fee: 20_000, trip_id: trip.id } });
    expect(taken.status).toBe(201);
    const posted = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id, { request_id: theirs.body.data.id }) });
    expect(posted.status).toBe(201);
    expect(posted.body.data.request_id).toBe(theirs.body.data.id);

    // Editing without request_id keeps the link; pointing it at a deleted request is refused.
    const kept = await call('PUT', `/v1/users/products/${posted.body.data.id}`, { token: t.token, body: product(trip.id, { name: 'Renamed' }) });
    expect(kept.body.data.request_id).toBe(theirs.body.data.id);
    const gone = await call('POST', '/v1/users/requests', { token: requester.token, body: request((await newAddress(requester.token)).id) });
    await call('DELETE', `/v1/users/requests/${gone.body.data.id}`, { token: requester.token });
    const deleted = await call('PUT', `/v1/users/products/${posted.body.data.id}`, { token: t.token, body: product(trip.id, { request_id: gone.body.data.id }) });
    expect(deleted.status).toBe(422);
  });
});

describe('photo pixels', () => {
  async function upload(path: string, field: string, token: string, bytes: Buffer) {
    const form = new FormData();
    form.set(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'huge.png');
    const res = await fetch(`${apiUrl()}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Lang: 'en' }, body: form });
    return { status: res.status, body: await res.json() };
  }

  it('refuses an image claiming more than 50 megapixels before decoding it, for posts and the profile photo', async () => {
    const u = await newUser();
    const bomb = pngClaiming(10_000, 6_000); // 60 MP in a few hundred bytes
    const post = await upload('/v1/uploads/images', 'image', u.token, bomb);
    expect(post.status).toBe(422);
    expect(post.body.errors.image).toBe('A photo may be at most 50 megapixels');
    const photo = await upload('/v1/users/me/photo', 'photo', u.token, bomb);
    expect(photo.status).toBe(422);
    expect(photo.body.errors.photo).toBe('The photo must be 50 megapixels or smaller');
    // A phone-sized photo still goes through.
    expect((await uploadImage(u.token, await pngBytes('#123456', 1200, 900))).status).toBe(201);
  });
});
