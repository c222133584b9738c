import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.ts';
import { authenticate } from '../../src/server/domain/accounts/sessions.ts';
import { hashToken } from '../../src/server/domain/accounts/tokens.ts';
import { apiUrl, call, newUser, uniq } from '../support/api.ts';
import { openScratchDatabase } from '../support/database.ts';
import { mailsTo, resetTokenOf } from '../support/fixtures.ts';

describe('register', () => {
  it('creates an account and signs it in', async () => {
    const id = uniq();
    const res = await call('POST', '/v1/register', {
      body: { name: 'Ayu Lestari', username: `Ayu_${id}`, email: `AYU_${id}@Example.test`, password: 'rahasia123' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your account is ready. Welcome to Titipan!');
    expect(res.body.data.expires_in).toBe(86400);
    expect(res.body.data.user).toMatchObject({ name: 'Ayu Lestari', username: `ayu_${id}`, email: `ayu_${id}@example.test`, phone_verified: false });
    const me = await call('GET', '/v1/users/me', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe(`ayu_${id}`);
  });

  it('refuses a taken username and e-mail with field errors', async () => {
    const first = await newUser();
    const res = await call('POST', '/v1/register', {
      lang: 'id',
      body: { name: 'X', username: first.username, email: first.email.toUpperCase(), password: 'password123' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: 'Username ini sudah dipakai', email: 'E-mail ini sudah terdaftar' });
  });

  it('validates every field', async () => {
    const res = await call('POST', '/v1/register', { body: { name: '', username: 'a!', email: 'nope', password: 'short' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: 'This field is required',
      username: 'Username must be 3–30 characters of a–z, 0–9 or _',
      email: 'Enter a valid e-mail address',
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('login', () => {
  it('gives a 24 h token to the demo traveller', async () => {
    const res = await call('POST', '/v1/login', { body: { email: 'traveller@titipan.test', password: 'titipan123' } });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.expires_in).toBe(86400);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/titipan_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers a wrong password with 401 in the Lang language', async () => {
    const en = await call('POST', '/v1/login', { body: { email: 'traveller@titipan.test', password: 'wrong-one' } });
    expect(en.status).toBe(401);
    expect(en.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'The e-mail or password is wrong' });
    const id = await call('POST', '/v1/login', { lang: 'id', body: { email: 'traveller@titipan.test', password: 'wrong-one' } });
    expect(id.status).toBe(401);
    expect(id.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'E-mail atau kata sandi salah' });
    const unknown = await call('POST', '/v1/login', { body: { email: `nobody_${uniq()}@example.test`, password: 'whatever1' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(en.body.message);
  });

  it('stops guessing after 10 wrong passwords for an account, and says so in Lang', async () => {
    const u = await newUser();
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/v1/login', { body: { email: u.email, password: `guess-${i}` } })).status).toBe(401);
    }
    const blocked = await call('POST', '/v1/login', { lang: 'id', body: { email: u.email, password: u.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Terlalu banyak percobaan, coba lagi dalam \d+ detik$/);
    const other = await newUser();
    expect((await call('POST', '/v1/login', { body: { email: other.email, password: other.password } })).status).toBe(200);
  });

  it('answers malformed JSON and missing fields with 422, never 500', async () => {
    const bad = await call('POST', '/v1/login', { raw: '{"email": ' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('The request body is not valid JSON');
    const missing = await call('POST', '/v1/login', { lang: 'id', body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ email: 'Kolom ini wajib diisi', password: 'Kolom ini wajib diisi' });
    const wrongTypes = await call('POST', '/v1/login', { body: { email: 42, password: ['x'] } });
    expect(wrongTypes.status).toBe(422);
    const array = await call('POST', '/v1/login', { raw: '[1,2]' });
    expect(array.status).toBe(422);
  });
});

describe('sessions', () => {
  it('a token signs its user in until it expires or is revoked, and no other token does', async () => {
    const database = await openScratchDatabase();
    try {
      const { db } = database;
      const [user] = await db.insert(users).values({ name: 'Ayu', username: `ayu_${uniq()}`, email: `ayu_${uniq()}@example.test` }).returning();
      const expiresAt = new Date('2030-01-02T03:04:05Z');
      await db.insert(sessions).values({ userId: user.id, tokenHash: hashToken('good-token'), expiresAt });
      await db.insert(sessions).values({ userId: user.id, tokenHash: hashToken('revoked-token'), expiresAt, revokedAt: new Date('2029-01-01T00:00:00Z') });
      // Twice each: the statement is prepared once and reused.
      for (let round = 0; round < 2; round++) {
        expect((await authenticate(db, 'good-token', new Date('2030-01-02T03:04:04Z')))?.id).toBe(user.id);
        expect(await authenticate(db, 'good-token', expiresAt)).toBeUndefined();
        expect(await authenticate(db, 'good-token', new Date('2031-01-01T00:00:00Z'))).toBeUndefined();
        expect(await authenticate(db, 'revoked-token', new Date('2029-06-01T00:00:00Z'))).toBeUndefined();
        expect(await authenticate(db, 'other-token', new Date('2029-06-01T00:00:00Z'))).toBeUndefined();
        expect(await authenticate(db, '', new Date('2029-06-01T00:00:00Z'))).toBeUndefined();
      }
    } finally {
      await database.close();
    }
  });

  it('logout revokes the token', async () => {
    const u = await newUser();
    expect((await call('GET', '/v1/users/me', { token: u.token })).status).toBe(200);
    const out = await call('POST', '/v1/logout', { token: u.token });
    expect(out.status).toBe(200);
    const after = await call('GET', '/v1/users/me', { token: u.token });
    expect(after.status).toBe(401);
  });

  it('needs a token for the profile', async () => {
    const res = await call('GET', '/v1/users/me', { lang: 'id' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Silakan masuk untuk melanjutkan');
  });

  it('accepts the session cookie from our own origin and refuses it cross-site', async () => {
    const u = await newUser();
    const cookie = `titipan_session=${u.token}`;
    const me = await call('GET', '/v1/users/me', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    const host = new URL(apiUrl()).host;
    const foreign = await call('POST', '/v1/logout', { headers: { Cookie: cookie, Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const noOrigin = await call('POST', '/v1/logout', { headers: { Cookie: cookie } });
    expect(noOrigin.status).toBe(403);
    expect((await call('GET', '/v1/users/me', { token: u.token })).status).toBe(200);
    const own = await call('POST', '/v1/logout', { headers: { Cookie: cookie, Origin: `http://${host}` } });
    expect(own.status).toBe(200);
    expect((await call('GET', '/v1/users/me', { token: u.token })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('e-mails a link that sets a new password once and signs out everywhere', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/forgot-password', { lang: 'id', body: { email: u.email } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Jika e-mail tersebut terdaftar, tautan reset sedang dikirim');
    const mail = mailsTo(u.email).at(-1)!;
    expect(mail).toContain('Subject: Atur ulang kata sandi Titipan Anda');
    const token = resetTokenOf(mail);

    const reset = await call('POST', '/v1/reset-password', { body: { token, password: 'brand-new-pass' } });
    expect(reset.status).toBe(200);
    expect((await call('GET', '/v1/users/me', { token: u.token })).status).toBe(401);
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: 'brand-new-pass' } })).status).toBe(200);

    const again = await call('POST', '/v1/reset-password', { body: { token, password: 'another-pass' } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This reset link is invalid or has expired');
  });

  it('sends at most three reset e-mails per address in 15 minutes', async () => {
    const u = await newUser();
    for (let i = 0; i < 3; i++) expect((await call('POST', '/v1/forgot-password', { body: { email: u.email } })).status).toBe(200);
    const fourth = await call('POST', '/v1/forgot-password', { body: { email: u.email } });
    expect(fourth.status).toBe(429);
  });

  it('answers the same for an unknown e-mail', async () => {
    const res = await call('POST', '/v1/forgot-password', { body: { email: `ghost_${uniq()}@example.test` } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('If that e-mail is registered, a reset link is on its way');
  });
});

describe('google sign-in', () => {
  it('is a clear 503 when not configured', async () => {
    const res = await call('POST', '/v1/check-auth-google', { lang: 'id', body: { code: 'abc' } });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Masuk dengan Google tidak tersedia di server ini');
  });
});

describe('request size', () => {
  it('refuses a JSON body over 1 MB with 413 and a message', async () => {
    const res = await call('POST', '/v1/login', { lang: 'id', raw: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Permintaan terlalu besar');
  });
});

describe('unknown endpoints', () => {
  it('are 404 with a message', async () => {
    const res = await call('GET', '/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No such endpoint');
  });
});
