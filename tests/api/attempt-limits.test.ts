import { describe, expect, it } from 'vitest';
import { call, newUser, randomIp, uniq, type ApiResult } from '../support/api.ts';
import { randomLocalPhone, smsCode, smsTexts } from '../support/fixtures.ts';

/**
 * Attempt limits as an attacker meets them: many requests at once (each limit is one atomic
 * count taken before the work it guards), and many accounts from one address (per-IP limits).
 * Unless a test pins `ip`, every call comes from an address of its own (tests/support/api.ts).
 */
const e164 = (local: string) => `+62${local.slice(1)}`;
const statuses = (results: ApiResult[]) => results.map((r) => r.status);
const count = (results: ApiResult[], status: number) => results.filter((r) => r.status === status).length;
const at30 = <T>(fire: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 30 }, (_, i) => fire(i)));

/** A 429 as the user meets it: the wait in the message and in Retry-After, at most `windowSeconds`. */
function expectRefused(res: ApiResult, windowSeconds: number) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(windowSeconds - 60);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
}

describe('attempts at once', () => {
  it('30 wrong passwords at once get 10 answers, the rest and then the right password get 429', async () => {
    const u = await newUser();
    const guesses = await at30((i) => call('POST', '/v1/login', { body: { email: u.email, password: `wrong-guess-${i}` } }));
    expect(count(guesses, 401)).toBe(10);
    expect(count(guesses, 429)).toBe(20);
    const right = await call('POST', '/v1/login', { lang: 'id', body: { email: u.email, password: u.password } });
    expectRefused(right, 15 * 60);
    expect(right.body.message).toBe(`Terlalu banyak percobaan, coba lagi dalam ${right.headers.get('retry-after')} detik`);
  });

  it('30 wrong codes at once spend the code: 4 are told "wrong", then even the right code is refused', async () => {
    const u = await newUser();
    const phone = randomLocalPhone();
    expect((await call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } })).status).toBe(200);
    const code = smsCode(e164(phone));
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    const tries = await at30(() => call('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: phone, otp_code: wrong } }));
    expect(statuses(tries).every((s) => s === 422)).toBe(true);
    const messages = tries.map((r) => r.body.errors.otp_code);
    expect(messages.filter((m) => m === 'That code is not right, please check it and try again')).toHaveLength(4);
    expect(messages.filter((m) => m === 'This code has expired or was tried too often. Ask for a new one')).toHaveLength(26);

    const right = await call('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: phone, otp_code: code } });
    expect(right.status).toBe(422);
    expect(right.body.errors.otp_code).toBe('This code has expired or was tried too often. Ask for a new one');
    expect((await call('GET', '/v1/users/me', { token: u.token })).body.data.phone_verified).toBe(false);
  });

  it('30 SMS requests at once send exactly one SMS; the others wait a minute', async () => {
    const u = await newUser();
    const phone = randomLocalPhone();
    const sends = await at30(() => call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } }));
    expect(count(sends, 200)).toBe(1);
    expect(count(sends, 429)).toBe(29);
    expect(smsTexts(e164(phone))).toHaveLength(1);
    const refused = sends.find((r) => r.status === 429)!;
    expectRefused(refused, 60);
    expect(refused.body.message).toBe('Please wait a minute before asking for a new code');
  });

  it('one e-mail registered ten times at once: one account, nine clear 422s', async () => {
    const email = `race_${uniq()}@example.test`;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', '/v1/register', { body: { name: 'Racer', username: `race_${uniq()}_${i}`, email, password: 'password123' } })),
    );
    expect(count(results, 201)).toBe(1);
    expect(count(results, 422)).toBe(9);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors).toEqual({ email: 'This e-mail is already registered' });
  });
});

// Dozens of password hashes one after another: slow on a busy machine, so a longer timeout.
describe('per-IP limits', { timeout: 60_000 }, () => {
  it('50 failed logins from one IP over many accounts: the 51st is refused, even with the right password; other IPs are not', async () => {
    const ip = randomIp();
    const victim = await newUser();
    for (let round = 0; round < 5; round++) {
      const sprayed = await Promise.all(
        Array.from({ length: 10 }, () => call('POST', '/v1/login', { ip, body: { email: `sprayed_${uniq()}@example.test`, password: 'Password1!' } })),
      );
      expect(statuses(sprayed)).toEqual(Array(10).fill(401));
    }
    expectRefused(await call('POST', '/v1/login', { ip, body: { email: victim.email, password: victim.password } }), 15 * 60);
    expect((await call('POST', '/v1/login', { body: { email: victim.email, password: victim.password } })).status).toBe(200);
  });

  it('a right password does not count against the IP', async () => {
    const ip = randomIp();
    const u = await newUser();
    // One more than the 50 failures an IP may have.
    for (let i = 0; i < 51; i++) expect((await call('POST', '/v1/login', { ip, body: { email: u.email, password: u.password } })).status).toBe(200);
  });

  it('20 registrations an hour from one IP; an X-Forwarded-For the client wrote itself does not help', async () => {
    const ip = randomIp();
    const register = (headers: Record<string, string>) =>
      call('POST', '/v1/register', { headers, body: { name: 'Kost Mawar', username: `kost_${uniq()}`, email: `kost_${uniq()}@example.test`, password: 'password123' } });
    for (let i = 0; i < 20; i++) expect((await register({ 'X-Forwarded-For': ip })).status).toBe(201);
    // The proxy appends the address it saw; whatever the client put before it is its own claim.
    const spoofed = await register({ 'X-Forwarded-For': `${randomIp()}, ${ip}` });
    expectRefused(spoofed, 60 * 60);
    expect(spoofed.body.message).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect((await register({ 'X-Forwarded-For': randomIp() })).status).toBe(201);
  });

  it('a taken e-mail answers only within the registration limit', async () => {
    const ip = randomIp();
    const known = await newUser();
    for (let i = 0; i < 20; i++) {
      const res = await call('POST', '/v1/register', { ip, body: { name: 'Probe', username: `probe_${uniq()}`, email: i === 19 ? known.email : `probe_${uniq()}@example.test`, password: 'password123' } });
      expect(res.status).toBe(i === 19 ? 422 : 201);
    }
    const probe = await call('POST', '/v1/register', { ip, body: { name: 'Probe', username: `probe_${uniq()}`, email: known.email, password: 'password123' } });
    expect(probe.status).toBe(429);
    expect(probe.body.errors).toBeUndefined();
  });

  it('10 reset e-mails an hour from one IP, whatever the addresses', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await call('POST', '/v1/forgot-password', { ip, body: { email: `who_${uniq()}@example.test` } })).status).toBe(200);
    expectRefused(await call('POST', '/v1/forgot-password', { ip, body: { email: `who_${uniq()}@example.test` } }), 60 * 60);
    expect((await call('POST', '/v1/forgot-password', { body: { email: `who_${uniq()}@example.test` } })).status).toBe(200);
  });

  it('10 verification SMS an hour from one IP over many accounts; the 11th is not sent', async () => {
    const ip = randomIp();
    const users = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    for (const u of users.slice(0, 10)) {
      expect((await call('POST', '/v1/send-phone-verification', { ip, token: u.token, body: { phone_number: randomLocalPhone() } })).status).toBe(200);
    }
    const phone = randomLocalPhone();
    expectRefused(await call('POST', '/v1/send-phone-verification', { ip, token: users[10].token, body: { phone_number: phone } }), 60 * 60);
    expect(smsTexts(e164(phone))).toHaveLength(0);
    expect((await call('POST', '/v1/send-phone-verification', { token: users[11].token, body: { phone_number: randomLocalPhone() } })).status).toBe(200);
  });
});
