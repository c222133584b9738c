/**
 * What a user hears of off-site, one click away: GET/PUT /v1/users/notification-settings in the
 * exact shape, the time zone, and the one-click unsubscribe link every e-mail carries (RFC 8058),
 * which works without a session and refuses forged or expired tokens with a 400, changing nothing.
 */
import { describe, expect, inject, it } from 'vitest';
import { unsubscribeToken } from '../../src/server/domain/notifications/unsubscribe.ts';
import { apiUrl, call, newUser } from '../support/api.ts';

const DEFAULTS = {
  email: { orders: true, chat: true, reminders: true, social: false },
  push: { orders: true, chat: true, reminders: true, social: true },
};
const settingsOf = async (token: string) => (await call('GET', '/v1/users/notification-settings', { token })).body.data;
const tokenFor = (userId: number, category: 'orders' | 'chat' | 'reminders' | 'social', at = new Date()) => unsubscribeToken(inject('unsubscribeSecret'), { userId, category }, at);

describe('notification settings', () => {
  it('start at the defaults, in exactly the documented shape', async () => {
    const u = await newUser();
    const res = await call('GET', '/v1/users/notification-settings', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(DEFAULTS);
    expect((await call('GET', '/v1/users/notification-settings')).status).toBe(401);
  });

  it('are saved whole and read back; a partial or wrong body is a 422 that changes nothing', async () => {
    const u = await newUser();
    const next = { email: { orders: false, chat: true, reminders: false, social: true }, push: { orders: true, chat: false, reminders: true, social: false } };
    const put = await call('PUT', '/v1/users/notification-settings', { token: u.token, body: next, lang: 'id' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ data: next, message: 'Pengaturan notifikasi disimpan' });
    expect(await settingsOf(u.token)).toEqual(next);
    for (const body of [{ email: next.email }, { ...next, sms: {} }, { ...next, email: { ...next.email, orders: 'no' } }, { ...next, push: { ...next.push, money: false } }]) {
      const res = await call('PUT', '/v1/users/notification-settings', { token: u.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toBeTruthy();
    }
    expect(await settingsOf(u.token)).toEqual(next);
  });

  it('keep the reader’s time zone; an unknown one is a 422', async () => {
    const u = await newUser();
    expect((await call('GET', '/v1/users/notification-extras', { token: u.token })).body.data).toMatchObject({ time_zone: 'Asia/Jakarta', whatsapp: false, whatsapp_available: false });
    expect((await call('PUT', '/v1/users/notification-extras', { token: u.token, body: { time_zone: 'Asia/Makassar' } })).status).toBe(200);
    expect((await call('GET', '/v1/users/notification-extras', { token: u.token })).body.data.time_zone).toBe('Asia/Makassar');
    const bad = await call('PUT', '/v1/users/notification-extras', { token: u.token, body: { time_zone: 'Mars/Olympus' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.time_zone).toBe('Choose a valid time zone');
  });
});

describe('one-click unsubscribe', () => {
  it('a POST of the link, without a session, turns that category off and answers 200', async () => {
    const u = await newUser();
    const link = `/v1/unsubscribe/${tokenFor(u.user.id, 'chat')}`;
    const res = await fetch(`${apiUrl()}${link}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(await settingsOf(u.token)).toEqual({ ...DEFAULTS, email: { ...DEFAULTS.email, chat: false } });
    // Again: still off, still 200.
    expect((await fetch(`${apiUrl()}${link}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
  });

  it('a GET of the link shows the confirmation page, and changes nothing', async () => {
    const u = await newUser();
    const token = tokenFor(u.user.id, 'orders');
    const res = await call('GET', `/v1/unsubscribe/${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await settingsOf(u.token)).toEqual(DEFAULTS);
  });

  it('a forged, altered or expired token is a 400 and changes nothing', async () => {
    const u = await newUser();
    const other = await newUser();
    const good = tokenFor(u.user.id, 'orders');
    const expired = tokenFor(u.user.id, 'orders', new Date(Date.now() - 91 * 86_400_000));
    const forged = [
      good.replace(/^\d+/, String(other.user.id)),
      good.replace('.orders.', '.chat.'),
      `${good.slice(0, -2)}AA`,
      expired,
      'nonsense',
      'x'.repeat(10_000),
    ];
    for (const token of forged) {
      const res = await call('POST', `/v1/unsubscribe/${token}`, { lang: 'id' });
      expect(res.status, token.slice(0, 40)).toBe(400);
      expect(res.body.message).toContain('tidak valid');
    }
    expect(await settingsOf(u.token)).toEqual(DEFAULTS);
    expect(await settingsOf(other.token)).toEqual(DEFAULTS);
  });
});
