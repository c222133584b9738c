import { describe, expect, it } from 'vitest';
import { call, newUser, uniq } from '../support/api.ts';
import { newAddress, newTraveller, newTrip } from '../support/fixtures.ts';

const JAPAN = 392;
const INDONESIA = 228;
const TOKYO = 1850147;
const JAKARTA = 1642911;

const names = (res: { body: { data: { rows: { name: string }[] } } }) => res.body.data.rows.map((r) => r.name).sort();

describe('the "send to" country limits listings to what arrives there', () => {
  it('pre-orders: only trips arriving in the send-to country; an explicit destination or trip wins', async () => {
    const t = await newTraveller();
    const home = await newTrip(t.token); // Tokyo → Jakarta
    const away = await newTrip(t.token, { origin_country_id: INDONESIA, origin_city_id: JAKARTA, destination_country_id: JAPAN, destination_city_id: TOKYO });
    const word = `sendto${uniq()}`;
    const post = (tripId: number, name: string) =>
      call('POST', '/v1/users/products', {
        token: t.token,
        body: { name, description: 'Twelve mini bars from Kyoto, sealed.', price: 100000, weight: 200, stock: 3, trip_id: tripId, images: [] },
      });
    expect((await post(home.id, `Matcha ${word}`)).status).toBe(201);
    expect((await post(away.id, `Indomie ${word}`)).status).toBe(201);

    expect(names(await call('GET', `/v1/products?search=${word}`))).toEqual([`Indomie ${word}`, `Matcha ${word}`]);
    expect(names(await call('GET', `/v1/products?search=${word}&send_to_country_id=${INDONESIA}`))).toEqual([`Matcha ${word}`]);
    expect(names(await call('GET', `/v1/products?search=${word}&send_to_country_id=${JAPAN}`))).toEqual([`Indomie ${word}`]);
    // A destination the visitor picked in the filters, or one of their trips, is not narrowed again.
    expect(names(await call('GET', `/v1/products?search=${word}&send_to_country_id=${INDONESIA}&destination_country_id=${JAPAN}`))).toEqual([`Indomie ${word}`]);
    expect(names(await call('GET', `/v1/products?trip_id=${away.id}&send_to_country_id=${INDONESIA}`))).toEqual([`Indomie ${word}`]);
    // A malformed value is refused like any other id filter (never a 500).
    expect((await call('GET', `/v1/products?search=${word}&send_to_country_id=abc`)).status).toBe(422);
  });

  it('requests: only those delivered to the send-to country', async () => {
    const r = await newUser();
    const address = await newAddress(r.token); // in Jakarta
    const name = `Royce ${uniq()}`;
    const res = await call('POST', '/v1/users/requests', {
      token: r.token,
      body: { name, description: 'Original flavour, two boxes.', price_eta: 250000, quantity: 1, traveler_tip: 50000, buy_from_country_id: JAPAN, address_id: address.id, images: [] },
    });
    expect(res.status).toBe(201);
    expect((await call('GET', `/v1/requests?search=${encodeURIComponent(name)}&send_to_country_id=${INDONESIA}`)).body.data.total).toBe(1);
    expect((await call('GET', `/v1/requests?search=${encodeURIComponent(name)}&send_to_country_id=${JAPAN}`)).body.data.total).toBe(0);
  });
});

describe('Indonesia first', () => {
  it('heads the country list in both languages, before Afghanistan', async () => {
    for (const lang of ['en', 'id'] as const) {
      const res = await call('GET', '/v1/misc/countries?per_page=3', { lang });
      expect(res.body.data.rows[0]).toMatchObject({ id: INDONESIA, name: 'Indonesia', flag_image: '/flags/id.svg' });
      expect(res.body.data.rows[1].name).toBe('Afghanistan');
    }
  });

  it('a new account lives in Indonesia until it says otherwise', async () => {
    const u = await newUser();
    const me = await call('GET', '/v1/users/me', { token: u.token });
    expect(me.body.data.country).toMatchObject({ id: INDONESIA, name: 'Indonesia' });
  });
});
