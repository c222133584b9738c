import { describe, expect, it } from 'vitest';
import { call, newUser, uniq } from '../support/api.ts';
import { mailsTo, resetTokenOf } from '../support/fixtures.ts';

/**
 * Sign-in details that an intruder with a borrowed session or an old mailbox must not be able to
 * take over: reset links, the e-mail, the password.
 */
async function secondSession(u: { email: string; password: string }) {
  const res = await call('POST', '/v1/login', { body: { email: u.email, password: u.password } });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

const status = async (token: string) => (await call('GET', '/v1/users/me', { token })).status;

describe('password reset links', () => {
  it('a reset spends every other outstanding link of the account', async () => {
    const u = await newUser();
    for (let i = 0; i < 2; i++) expect((await call('POST', '/v1/forgot-password', { body: { email: u.email } })).status).toBe(200);
    const [older, newer] = mailsTo(u.email).map(resetTokenOf);
    expect(older).not.toBe(newer);
    expect((await call('POST', '/v1/reset-password', { body: { token: newer, password: 'fresh-pass-1' } })).status).toBe(200);
    const stale = await call('POST', '/v1/reset-password', { body: { token: older, password: 'intruder-pass' } });
    expect(stale.status).toBe(422);
    expect(stale.body.errors.token).toBe('This reset link is invalid or has expired');
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: 'fresh-pass-1' } })).status).toBe(200);
  });
});

describe('changing the e-mail', () => {
  it('needs the current password, keeps this session, ends the others and tells the old address', async () => {
    const u = await newUser();
    const other = await secondSession(u);
    const email = `moved_${uniq()}@example.test`;

    const missing = await call('PUT', '/v1/users/me', { token: u.token, body: { email } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ current_password: 'This field is required' });
    const wrong = await call('PUT', '/v1/users/me', { token: u.token, lang: 'id', body: { email, current_password: 'not-my-password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: 'Kata sandi saat ini salah' });
    expect((await call('GET', '/v1/users/me', { token: u.token })).body.data.email).toBe(u.email);

    const done = await call('PUT', '/v1/users/me', { token: u.token, lang: 'id', body: { email, current_password: u.password } });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('E-mail Anda sudah diubah. Perangkat lain telah dikeluarkan');
    expect(done.body.data.email).toBe(email);
    expect(await status(u.token)).toBe(200);
    expect(await status(other)).toBe(401);

    const notice = mailsTo(u.email).at(-1)!;
    expect(notice).toContain(`To: ${u.email}`);
    expect(notice).toContain('Subject: E-mail akun Titipan Anda telah diubah');
    expect(notice).toContain(`dari ${u.email} menjadi ${email}`);
    expect(mailsTo(email)).toHaveLength(0);
    expect((await call('POST', '/v1/login', { body: { email, password: u.password } })).status).toBe(200);
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
  });

  it('spends reset links sent to the old address', async () => {
    const u = await newUser();
    await call('POST', '/v1/forgot-password', { body: { email: u.email } });
    const token = resetTokenOf(mailsTo(u.email).at(-1)!);
    expect((await call('PUT', '/v1/users/me', { token: u.token, body: { email: `moved_${uniq()}@example.test`, current_password: u.password } })).status).toBe(200);
    expect((await call('POST', '/v1/reset-password', { body: { token, password: 'intruder-pass' } })).status).toBe(422);
  });

  it('wrong current passwords count as failed logins of the account', async () => {
    const u = await newUser();
    for (let i = 0; i < 10; i++) {
      const res = await call('PUT', '/v1/users/me', { token: u.token, body: { email: `moved_${uniq()}@example.test`, current_password: `guess-${i}` } });
      expect(res.status).toBe(422);
    }
    const locked = await call('PUT', '/v1/users/me', { token: u.token, body: { email: `moved_${uniq()}@example.test`, current_password: u.password } });
    expect(locked.status).toBe(429);
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: u.password } })).status).toBe(429);
  });

  it('ten accounts moving to one address at once: one 200, nine "already registered", no 5xx', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    const email = `wanted_${uniq()}@example.test`;
    const results = await Promise.all(users.map((u) => call('PUT', '/v1/users/me', { token: u.token, body: { email, current_password: u.password } })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors).toEqual({ email: 'This e-mail is already registered' });
    // The nine losers keep their address and their sessions.
    const losers = users.filter((_, i) => statuses[i] === 422);
    for (const u of losers) expect((await call('GET', '/v1/users/me', { token: u.token })).body.data.email).toBe(u.email);
  });
});

describe('PUT /v1/users/me/password', () => {
  const change = (token: string, body: Record<string, unknown>, lang: 'en' | 'id' = 'en') => call('PUT', '/v1/users/me/password', { token, lang, body });

  it('checks every field and the current password', async () => {
    const u = await newUser();
    const empty = await change(u.token, {}, 'id');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ current_password: 'Kolom ini wajib diisi', password: 'Kolom ini wajib diisi', password_confirmation: 'Kolom ini wajib diisi' });
    const mismatch = await change(u.token, { current_password: u.password, password: 'new-password-1', password_confirmation: 'new-password-2' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: 'Passwords do not match' });
    const short = await change(u.token, { current_password: u.password, password: 'short', password_confirmation: 'short' });
    expect(short.body.errors).toEqual({ password: 'Password must be at least 8 characters' });
    const wrong = await change(u.token, { current_password: 'not-my-password', password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: 'The current password is not right' });
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: u.password } })).status).toBe(200);
    expect((await call('PUT', '/v1/users/me/password', { body: { current_password: u.password, password: 'new-password-1', password_confirmation: 'new-password-1' } })).status).toBe(401);
  });

  it('changes the password, keeps this session, ends the others and mails the owner', async () => {
    const u = await newUser();
    const other = await secondSession(u);
    const res = await change(u.token, { current_password: u.password, password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your password is changed. Other devices were logged out');
    expect(await status(u.token)).toBe(200);
    expect(await status(other)).toBe(401);
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: 'new-password-1' } })).status).toBe(200);
    const mail = mailsTo(u.email).at(-1)!;
    expect(mail).toContain('Subject: Your Titipan password was changed');
    expect(mail).toMatch(/https?:\/\/[^\s]+\/forgot-password/);
  });
});
