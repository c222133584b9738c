import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { newTrip } from '../support/fixtures.ts';

/** Every failure carries a stable `code` next to its translated `message`: clients branch on the code. */
describe('error codes', () => {
  it('name the kind of failure, whatever the language of the message', async () => {
    for (const lang of ['en', 'id'] as const) {
      const res = await call('GET', '/v1/users/me', { lang });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    const en = await call('GET', '/v1/users/me');
    const id = await call('GET', '/v1/users/me', { lang: 'id' });
    expect(en.body.message).not.toBe(id.body.message);
  });

  it('come with per-field errors on VALIDATION only where fields are wrong', async () => {
    const res = await call('POST', '/v1/register', { body: { name: '', username: 'x', email: 'nope', password: '1' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION');
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['email', 'password']));

    const json = await call('POST', '/v1/login', { raw: '{"email":' });
    expect(json.status).toBe(422);
    expect(json.body).toEqual({ code: 'INVALID_JSON', message: 'The request body is not valid JSON' });
  });

  it('tell a missing route, a phone to verify and a state that forbids a step apart', async () => {
    const route = await call('GET', '/v1/no-such-endpoint');
    expect(route.status).toBe(404);
    expect(route.body).toEqual({ code: 'NOT_FOUND', message: 'No such endpoint' });

    const u = await newUser();
    const trip = await newTrip(u.token);
    const post = await call('POST', '/v1/users/products', {
      token: u.token,
      body: { trip_id: trip.id, name: 'Tokyo Banana', description: 'Eight pieces', price: 100000, weight: 250, stock: 1, images: [] },
    });
    expect(post.status).toBe(403);
    expect(post.body.code).toBe('PHONE_NOT_VERIFIED');

    expect((await call('PUT', `/v1/users/trips/${trip.id}/cancel`, { token: u.token })).status).toBe(200);
    const again = await call('PUT', `/v1/users/trips/${trip.id}/cancel`, { token: u.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'INVALID_TRANSITION', message: 'This trip is already cancelled' });
    const edit = await call('PUT', `/v1/users/trips/${trip.id}`, {
      token: u.token,
      lang: 'id',
      body: { arrival_date: trip.arrival_date, delivery_date: trip.delivery_date, reason: 'Flight moved by the airline' },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('TRIP_NOT_EDITABLE');
  });
});
