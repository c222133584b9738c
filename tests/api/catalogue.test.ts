import { describe, expect, it } from 'vitest';
import { favorites, requests, users } from '../../src/server/db/schema.ts';
import { favoriteIdsAmong } from '../../src/server/domain/social/favorites.ts';
import { apiUrl, call, newUser, uniq } from '../support/api.ts';
import { newAddress, newTraveller, newTrip, pngBytes, uploadImage } from '../support/fixtures.ts';
import { openScratchDatabase } from '../support/database.ts';

const product = (tripId: number, over: Record<string, unknown> = {}) => ({
  name: `Matcha Kit Kat ${uniq()}`,
  description: 'Twelve mini bars of Uji matcha Kit Kat from Kyoto.',
  price: 125000,
  weight: 250,
  stock: 5,
  trip_id: tripId,
  images: [],
  ...over,
});

describe('pre-order products', () => {
  it('a verified traveller posts a product with two photos on a trip; it appears on the listing and its page', async () => {
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    const a = await uploadImage(t.token, await pngBytes('#ff8800'));
    const b = await uploadImage(t.token, await pngBytes('#0088ff', 400, 800));
    expect(a.status).toBe(201);
    expect(a.body.data.srcset).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-1200\.webp 1200w/);
    const name = `Tokyo Banana ${uniq()}`;
    const res = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id, { name, images: [a.body.data.filename, b.body.data.filename] }) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your pre-order is live');
    const p = res.body.data;
    expect(p.slug).toMatch(/^tokyo-banana-[a-z0-9]+/);
    expect(p.product_images.map((i: { filename: string }) => i.filename)).toEqual([a.body.data.filename, b.body.data.filename]);
    expect(p.trip).toMatchObject({ origin_city: { name: 'Tokyo' }, destination_city: { name: 'Jakarta' } });

    const img = await fetch(`${apiUrl()}${p.product_images[0].src}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('cache-control')).toMatch(/immutable/);

    const detail = await call('GET', `/v1/products/${p.slug}`);
    expect(detail.body.data.name).toBe(name);
    const listing = await call('GET', `/v1/products?search=${encodeURIComponent(name)}`);
    expect(listing.body.data.rows.map((r: { slug: string }) => r.slug)).toEqual([p.slug]);
    const byTrip = await call('GET', `/v1/products?trip_id=${trip.id}`);
    expect(byTrip.body.data.total).toBe(1);
    const byOrigin = await call('GET', `/v1/products?origin_country_id=392&origin_city_id=1850147&search=${encodeURIComponent(name)}`);
    expect(byOrigin.body.data.total).toBe(1);
    const wrongDestination = await call('GET', `/v1/products?destination_country_id=392&search=${encodeURIComponent(name)}`);
    expect(wrongDestination.body.data.total).toBe(0);
  });

  it('edits keep the slug; deleting hides the product', async () => {
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    const { body } = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id) });
    const edit = await call('PUT', `/v1/users/products/${body.data.id}`, { token: t.token, body: product(trip.id, { name: 'Renamed matcha box', price: 99000 }) });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ slug: body.data.slug, name: 'Renamed matcha box', price: 99000 });
    const del = await call('DELETE', `/v1/users/products/${body.data.id}`, { token: t.token });
    expect(del.status).toBe(200);
    expect((await call('GET', `/v1/products/${body.data.slug}`)).status).toBe(404);
  });

  it('needs a verified phone to sell', async () => {
    const u = await newUser();
    const trip = await newTrip(u.token);
    const res = await call('POST', '/v1/users/products', { token: u.token, lang: 'id', body: product(trip.id) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Verifikasi nomor telepon Anda sebelum berjualan');
  });

  it('validates fields, money and the trip', async () => {
    const t = await newTraveller();
    const other = await newTraveller();
    const othersTrip = await newTrip(other.token);
    const res = await call('POST', '/v1/users/products', { token: t.token, lang: 'id', body: { price: -5, weight: 1.5, stock: 0 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      name: 'Nama produk harus diisi',
      description: 'Jelaskan produknya',
      price: 'Harus lebih dari 0',
      weight: 'Gunakan bilangan bulat',
      stock: 'Minimal 1',
      trip_id: 'perjalanan belum dipilih',
    });
    const decimals = await call('POST', '/v1/users/products', { token: t.token, body: product(othersTrip.id, { price: 1000.5 }) });
    expect(decimals.body.errors.price).toBe('Use whole Rupiah, without decimals');
    const notMine = await call('POST', '/v1/users/products', { token: t.token, body: product(othersTrip.id) });
    expect(notMine.status).toBe(422);
    expect(notMine.body.errors.trip_id).toBe('No trip chosen yet');
  });

  it("cannot use another user's photos or change another user's product", async () => {
    const t = await newTraveller();
    const thief = await newTraveller();
    const trip = await newTrip(t.token);
    const img = await uploadImage(t.token, await pngBytes());
    const thiefTrip = await newTrip(thief.token);
    const steal = await call('POST', '/v1/users/products', { token: thief.token, body: product(thiefTrip.id, { images: [img.body.data.filename] }) });
    expect(steal.status).toBe(422);
    const { body } = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id) });
    expect((await call('PUT', `/v1/users/products/${body.data.id}`, { token: thief.token, body: product(thiefTrip.id) })).status).toBe(404);
    expect((await call('DELETE', `/v1/users/products/${body.data.id}`, { token: thief.token })).status).toBe(404);
    expect((await call('GET', `/v1/products/${body.data.slug}`)).status).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const t = await newTraveller();
    const res = await uploadImage(t.token, Buffer.from('GIF89a but not really'), 'cat.gif', 'image/gif');
    expect(res.status).toBe(422);
    expect(res.body.errors.image).toMatch(/not a JPEG, PNG/);
  });

  it('hides products of a cancelled trip from the listing', async () => {
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    const name = `Cancelled trip item ${uniq()}`;
    await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id, { name }) });
    await call('PUT', `/v1/users/trips/${trip.id}/cancel`, { token: t.token });
    const listing = await call('GET', `/v1/products?search=${encodeURIComponent(name)}`);
    expect(listing.body.data.total).toBe(0);
  });
});

describe('buyer requests', () => {
  const request = (addressId: number, over: Record<string, unknown> = {}) => ({
    name: `Royce Nama Chocolate ${uniq()}`,
    description: 'Original flavour, two boxes, keep cold please.',
    price_eta: 250000,
    quantity: 2,
    traveler_tip: 50000,
    buy_from_country_id: 392,
    address_id: addressId,
    images: [],
    ...over,
  });

  it('a requester posts a request delivered to their address; it is listed and searchable', async () => {
    const r = await newUser();
    const address = await newAddress(r.token);
    const res = await call('POST', '/v1/users/requests', { token: r.token, body: request(address.id) });
    expect(res.status).toBe(201);
    const req = res.body.data;
    expect(req).toMatchObject({ buy_from_country: { id: 392, name: 'Japan' }, deliver_to_country: { id: 228 }, address_id: address.id });
    const pub = await call('GET', `/v1/requests/${req.slug}`);
    expect(pub.body.data.address_id).toBeUndefined();
    const listed = await call('GET', `/v1/requests?country_id=392&search=${encodeURIComponent(req.name)}`);
    expect(listed.body.data.total).toBe(1);
  });

  it("a traveller's trip filters requests to that route", async () => {
    const r = await newUser();
    const address = await newAddress(r.token);
    const word = `route${uniq()}`;
    await call('POST', '/v1/users/requests', { token: r.token, body: request(address.id, { name: `Japan ${word}`, buy_from_country_id: 392 }) });
    await call('POST', '/v1/users/requests', { token: r.token, body: request(address.id, { name: `Korea ${word}`, buy_from_country_id: 410 }) });
    const t = await newTraveller();
    const tokyoToJakarta = await newTrip(t.token);
    const res = await call('GET', `/v1/requests?trip_id=${tokyoToJakarta.id}&search=${word}`);
    expect(res.body.data.rows.map((x: { name: string }) => x.name)).toEqual([`Japan ${word}`]);
    expect((await call('GET', `/v1/requests?trip_id=999999999&search=${word}`)).body.data.total).toBe(0);
  });

  it("validates the request, including someone else's address", async () => {
    const r = await newUser();
    const other = await newUser();
    const othersAddress = await newAddress(other.token);
    const res = await call('POST', '/v1/users/requests', { token: r.token, body: { traveler_tip: -1 } });
    expect(res.body.errors).toMatchObject({
      name: 'What should the traveller buy?',
      price_eta: 'Estimated price is required',
      quantity: 'Quantity is required',
      traveler_tip: 'Cannot be negative',
      buy_from_country_id: 'Choose the country to buy from',
      address_id: 'Choose a delivery address',
    });
    const foreign = await call('POST', '/v1/users/requests', { token: r.token, body: request(othersAddress.id) });
    expect(foreign.body.errors.address_id).toBe('Choose a delivery address');
  });
});

describe('search suggestions', () => {
  it('groups marketplace, requests and users', async () => {
    const word = `zq${uniq()}`;
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id, { name: `Mochi ${word} box` }) });
    const res = await call('GET', `/v1/misc/suggestions?key=${word.slice(0, 6)}`);
    expect(res.body.data.marketplaces).toHaveLength(1);
    expect(res.body.data.marketplaces[0].name).toBe(`Mochi ${word} box`);
    expect(res.body.data.requests).toEqual([]);
    const users = await call('GET', `/v1/misc/suggestions?key=${t.username}`);
    expect(users.body.data.users.map((u: { username: string }) => u.username)).toContain(t.username);
    const none = await call('GET', '/v1/misc/suggestions?key=%27%20%26%20%7C%20!');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ marketplaces: [], requests: [], users: [] });
  });
});

describe('favourites, follows, discussions, reports', () => {
  it('favourites a product and lists it', async () => {
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    const { body } = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id) });
    const fan = await newUser();
    const add = await call('POST', '/v1/users/favorites', { token: fan.token, body: { type: 'Product', id: body.data.id } });
    expect(add.status).toBe(200);
    await call('POST', '/v1/users/favorites', { token: fan.token, body: { type: 'Product', id: body.data.id } });
    const list = await call('GET', '/v1/users/favorites?type=Product&orderby=created_at&sort=desc', { token: fan.token });
    expect(list.body.data.rows).toHaveLength(1);
    expect(list.body.data.rows[0].product).toMatchObject({ slug: body.data.slug, name: body.data.name, price: 125000 });
    await call('DELETE', '/v1/users/favorites', { token: fan.token, body: { type: 'Product', id: body.data.id } });
    expect((await call('GET', '/v1/users/favorites?type=Product', { token: fan.token })).body.data.rows).toHaveLength(0);
    expect((await call('POST', '/v1/users/favorites', { body: { type: 'Product', id: body.data.id } })).status).toBe(401);
  });

  it("a listing's hearts: which of its ids this user favourited, and no one else's", async () => {
    const database = await openScratchDatabase();
    try {
      const { db } = database;
      const [fan, other] = await db.insert(users).values([1, 2].map((n) => ({ name: `Fan ${n}`, username: `fan${n}_${uniq()}`, email: `fan${n}_${uniq()}@example.test` }))).returning();
      const listed = await db.insert(requests).values([1, 2, 3].map((n) => ({ userId: other.id, slug: `among-${n}-${uniq()}`, name: `Matcha ${n}`, priceEta: 100000 }))).returning();
      const [a, b, c] = listed.map((r) => r.id);
      await db.insert(favorites).values([{ userId: fan.id, requestId: a }, { userId: fan.id, requestId: c }, { userId: other.id, requestId: b }]);
      // Twice each: the statements are prepared once and reused.
      for (let round = 0; round < 2; round++) {
        expect((await favoriteIdsAmong(db, fan.id, 'Request', [a, b, c])).sort()).toEqual([a, c].sort());
        expect(await favoriteIdsAmong(db, fan.id, 'Request', [b])).toEqual([]);
        expect(await favoriteIdsAmong(db, other.id, 'Request', [a, b, c])).toEqual([b]);
        expect(await favoriteIdsAmong(db, fan.id, 'Product', [a, b, c])).toEqual([]);
        expect(await favoriteIdsAmong(db, fan.id, 'Request', [])).toEqual([]);
      }
    } finally {
      await database.close();
    }
  });

  it('follows and unfollows; counts and lists follow', async () => {
    const a = await newUser();
    const b = await newUser();
    expect((await call('POST', '/v1/users/add-follower', { token: a.token, body: { user_id: b.user.id } })).status).toBe(200);
    const profile = await call('GET', `/v1/users/${b.user.id}/profile`, { token: a.token });
    expect(profile.body.data).toMatchObject({ followers: 1, following: 0, is_following: true, username: b.username });
    expect(profile.body.data.email).toBeUndefined();
    const followers = await call('GET', `/v1/users/${b.user.id}/followers`);
    expect(followers.body.data).toEqual([expect.objectContaining({ id: a.user.id, username: a.username })]);
    await call('POST', '/v1/users/unfollow', { token: a.token, body: { user_id: b.user.id } });
    expect((await call('GET', `/v1/users/${b.user.id}/profile`)).body.data.followers).toBe(0);
    expect((await call('POST', '/v1/users/add-follower', { token: a.token, body: { user_id: a.user.id } })).status).toBe(422);
    expect((await call('POST', '/v1/users/add-follower', { body: { user_id: b.user.id } })).status).toBe(401);
  });

  it('asks a question on a product; the owner sees it in notifications', async () => {
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    const { body } = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id) });
    const asker = await newUser();
    const empty = await call('POST', `/v1/products/${body.data.id}/discussions`, { token: asker.token, lang: 'id', body: { message: '  ' } });
    expect(empty.body.errors.message).toBe('Tulis pertanyaan Anda');
    const res = await call('POST', `/v1/products/${body.data.id}/discussions`, { token: asker.token, body: { message: 'Is it the Kyoto edition?' } });
    expect(res.status).toBe(201);
    const thread = await call('GET', `/v1/products/${body.data.id}/discussions`);
    expect(thread.body.data.map((m: { message: string }) => m.message)).toEqual(['Is it the Kyoto edition?']);
  });

  it('reports a product once', async () => {
    const t = await newTraveller();
    const trip = await newTrip(t.token);
    const { body } = await call('POST', '/v1/users/products', { token: t.token, body: product(trip.id) });
    const r = await newUser();
    const first = await call('POST', `/v1/reports/product/${body.data.id}`, { token: r.token, body: { reason: 'Looks counterfeit' } });
    expect(first.status).toBe(201);
    const again = await call('POST', `/v1/reports/product/${body.data.id}`, { token: r.token, body: { reason: 'Again' } });
    expect(again.status).toBe(409);
    const empty = await call('POST', `/v1/reports/product/${body.data.id}`, { token: r.token, body: { reason: '' } });
    expect(empty.body.errors.reason).toBe('Tell us what is wrong');
    const own = await call('POST', `/v1/reports/product/${body.data.id}`, { token: t.token, body: { reason: 'x' } });
    expect(own.status).toBe(422);
  });
});
