import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/lib/dates.ts';
import { call, newUser } from '../support/api.ts';
import { newTrip } from '../support/fixtures.ts';
import { travellerWithProduct } from '../support/orders.ts';

const JAKARTA = 1642911;
const TOKYO = 1850147;
const JAPAN = 392;
const INDONESIA = 228;
const today = todayIso();

const tripBody = (over: Record<string, unknown> = {}) => ({
  origin_country_id: INDONESIA,
  origin_city_id: JAKARTA,
  destination_country_id: JAPAN,
  destination_city_id: TOKYO,
  arrival_date: addDays(today, 10),
  delivery_date: addDays(today, 12),
  ...over,
});

describe('trips', () => {
  it('creates Jakarta → Tokyo, lists it, edits it with a reason and cancels it', async () => {
    const u = await newUser();
    const created = await call('POST', '/v1/users/trips', { token: u.token, body: tripBody() });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Your trip is saved');
    const trip = created.body.data;
    expect(trip).toMatchObject({
      origin_city: { id: JAKARTA, name: 'Jakarta' },
      origin_country: { id: INDONESIA, name: 'Indonesia' },
      destination_city: { id: TOKYO, name: 'Tokyo' },
      destination_country: { id: JAPAN, name: 'Japan' },
      arrival_date: addDays(today, 10),
      delivery_date: addDays(today, 12),
      status: 'ACTIVE',
      updated_arrival_date: null,
    });

    const list = await call('GET', '/v1/users/trips?status=ACTIVE', { token: u.token, lang: 'id' });
    expect(list.body.data.rows).toHaveLength(1);
    expect(list.body.data.rows[0].destination_country.name).toBe('Jepang');

    const edit = await call('PUT', `/v1/users/trips/${trip.id}`, {
      token: u.token,
      body: { arrival_date: addDays(today, 14), delivery_date: addDays(today, 16), reason: 'Flight moved by the airline' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({
      arrival_date: addDays(today, 10),
      updated_arrival_date: addDays(today, 14),
      updated_delivery_date: addDays(today, 16),
      reason: 'Flight moved by the airline',
    });

    const cancelled = await call('PUT', `/v1/users/trips/${trip.id}/cancel`, { token: u.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    const again = await call('PUT', `/v1/users/trips/${trip.id}/cancel`, { token: u.token });
    expect(again.status).toBe(409);
    const active = await call('GET', '/v1/users/trips?status=ACTIVE', { token: u.token });
    expect(active.body.data.rows).toHaveLength(0);
    const cancelledList = await call('GET', '/v1/users/trips?status=CANCELLED', { token: u.token });
    expect(cancelledList.body.data.rows).toHaveLength(1);
  });

  it('validates dates with the spec messages', async () => {
    const u = await newUser();
    const todayArrival = await call('POST', '/v1/users/trips', { token: u.token, lang: 'id', body: tripBody({ arrival_date: today, delivery_date: addDays(today, 2) }) });
    expect(todayArrival.status).toBe(422);
    expect(todayArrival.body.errors.arrival_date).toBe('Tanggal tiba tidak boleh hari ini atau sebelumnya');
    const early = await call('POST', '/v1/users/trips', { token: u.token, body: tripBody({ arrival_date: addDays(today, 5), delivery_date: addDays(today, 3) }) });
    expect(early.body.errors.delivery_date).toBe('The delivery date cannot be before the arrival date');
    const past = await call('POST', '/v1/users/trips', { token: u.token, body: tripBody({ arrival_date: addDays(today, -3), delivery_date: addDays(today, -1) }) });
    expect(past.body.errors).toMatchObject({ arrival_date: 'The arrival date must be after today', delivery_date: 'The delivery date must be after today' });
    const sameDay = await call('POST', '/v1/users/trips', { token: u.token, body: tripBody({ arrival_date: addDays(today, 5), delivery_date: addDays(today, 5) }) });
    expect(sameDay.status).toBe(201);
    const garbage = await call('POST', '/v1/users/trips', { token: u.token, body: tripBody({ arrival_date: '2026-02-30' }) });
    expect(garbage.body.errors.arrival_date).toBe('Choose a valid date');
    const missing = await call('POST', '/v1/users/trips', { token: u.token, body: {} });
    expect(missing.body.errors).toMatchObject({
      origin_city_id: 'Choose the city you travel from',
      destination_city_id: 'Choose the city you travel to',
      arrival_date: 'Choose the arrival date',
      delivery_date: 'Choose the delivery date',
    });
  });

  it('checks that each city lies in its country', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/users/trips', { token: u.token, body: tripBody({ destination_country_id: INDONESIA }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.destination_city_id).toBe('Choose the city you travel to');
  });

  it('needs a reason to change dates', async () => {
    const u = await newUser();
    const { body } = await call('POST', '/v1/users/trips', { token: u.token, body: tripBody() });
    const res = await call('PUT', `/v1/users/trips/${body.data.id}`, { token: u.token, lang: 'id', body: { arrival_date: addDays(today, 11), delivery_date: addDays(today, 12), reason: ' ' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.reason).toBe('Beri tahu pembeli alasan perubahan tanggal');
  });

  it("never shows or changes another user's trip", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { body } = await call('POST', '/v1/users/trips', { token: owner.token, body: tripBody() });
    const id = body.data.id;
    for (const [method, path, payload] of [
      ['GET', `/v1/users/trips/${id}`, undefined],
      ['PUT', `/v1/users/trips/${id}`, { arrival_date: addDays(today, 11), delivery_date: addDays(today, 12), reason: 'x' }],
      ['PUT', `/v1/users/trips/${id}/cancel`, undefined],
    ] as const) {
      const res = await call(method, path, { token: other.token, body: payload });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Tokyo');
    }
    const list = await call('GET', '/v1/users/trips', { token: other.token });
    expect(list.body.data.rows).toHaveLength(0);
    expect((await call('GET', `/v1/users/trips/${id}`, { token: owner.token })).body.data.status).toBe('ACTIVE');
  });

  it('needs a login', async () => {
    expect((await call('GET', '/v1/users/trips')).status).toBe(401);
    expect((await call('POST', '/v1/users/trips', { body: tripBody() })).status).toBe(401);
  });

  it('treats a malformed id as not found', async () => {
    const u = await newUser();
    expect((await call('GET', '/v1/users/trips/abc', { token: u.token })).status).toBe(404);
    expect((await call('GET', '/v1/users/trips/99999999999999', { token: u.token })).status).toBe(404);
  });
});

describe('a trip counts its own pre-orders and shows its own proof', () => {
  it('products_count is the number of active pre-orders on that trip; confirmed_trip is false without an approved proof', async () => {
    // Several travellers, so that trip ids and product ids differ: a count matched on the wrong id would show.
    await travellerWithProduct();
    const { traveller, trip } = await travellerWithProduct();
    await call('POST', '/v1/users/products', {
      token: traveller.token,
      body: { name: 'Matcha KitKat', description: 'Twelve bars, bought in Kyoto.', price: 90_000, weight: 300, stock: 2, trip_id: trip.id },
    });
    const other = await newTrip(traveller.token);
    for (const path of [`/v1/users/trips/${trip.id}`, `/v1/users/trips/${other.id}`]) {
      const res = await call('GET', path, { token: traveller.token });
      expect(res.body.data).toMatchObject({ products_count: path.endsWith(`/${trip.id}`) ? 2 : 0, confirmed_trip: false, origin_city: { name: 'Tokyo' }, destination_country: { name: 'Indonesia' } });
    }
  });
});
