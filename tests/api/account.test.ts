import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiUrl, call, newUser, uniq } from '../support/api.ts';
import { randomLocalPhone, smsCode } from '../support/fixtures.ts';

const e164 = (local: string) => `+62${local.slice(1)}`;

describe('PUT /v1/users/me', () => {
  it('changes one field at a time', async () => {
    const u = await newUser();
    const res = await call('PUT', '/v1/users/me', { token: u.token, body: { name: 'Putri Ayu' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your account is updated');
    expect(res.body.data.name).toBe('Putri Ayu');
    const country = await call('PUT', '/v1/users/me', { token: u.token, lang: 'id', body: { country_id: 392 } });
    expect(country.body.data.country).toEqual({ id: 392, name: 'Jepang' });
  });

  it('refuses two fields, none, or unknown ones', async () => {
    const u = await newUser();
    const two = await call('PUT', '/v1/users/me', { token: u.token, body: { name: 'A', country_id: 228 } });
    expect(two.status).toBe(422);
    const none = await call('PUT', '/v1/users/me', { token: u.token, body: {} });
    expect(none.status).toBe(422);
    const unknown = await call('PUT', '/v1/users/me', { token: u.token, lang: 'id', body: { password: 'x' } });
    expect(unknown.status).toBe(422);
    expect(Object.values(unknown.body.errors)).toContain('Ubah satu hal setiap kali: nama, e-mail, nomor telepon atau negara');
  });

  it('refuses a phone number that another account has', async () => {
    const res = await call('PUT', '/v1/users/me', { token: (await newUser()).token, body: { phone_number: '081200000001' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.phone_number).toBe('This phone number is already used by another account');
  });

  it('refuses an e-mail that another account has', async () => {
    const a = await newUser();
    const b = await newUser();
    const res = await call('PUT', '/v1/users/me', { token: b.token, body: { email: a.email, current_password: b.password } });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toBe('This e-mail is already registered');
  });
});

describe('phone verification', () => {
  it('sends a code by SMS and verifies the number with it', async () => {
    const u = await newUser();
    const phone = randomLocalPhone();
    const sent = await call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ phone_number: e164(phone), resend_in: 60 });
    const code = smsCode(e164(phone));
    expect(code).toMatch(/^[A-Z0-9]{4}$/);
    const ok = await call('POST', '/v1/verify-phone', { token: u.token, lang: 'id', body: { phone_number: phone, otp_code: code.toLowerCase() } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Nomor telepon Anda terverifikasi. Selamat berjualan di Titipan!');
    expect(ok.body.data).toMatchObject({ phone_number: e164(phone), phone_verified: true });
  });

  it('requires the phone number, in the words of the spec', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/send-phone-verification', { token: u.token, lang: 'id', body: { phone_number: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.phone_number).toBe('nomor telephone harus di isi');
    const bad = await call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: '0812' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.phone_number).toMatch(/valid phone number/);
  });

  it('allows one code a minute', async () => {
    const u = await newUser();
    const phone = randomLocalPhone();
    expect((await call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } })).status).toBe(200);
    const again = await call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } });
    expect(again.status).toBe(429);
  });

  it('spends a code after five wrong tries', async () => {
    const u = await newUser();
    const phone = randomLocalPhone();
    await call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } });
    const code = smsCode(e164(phone));
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    for (let i = 0; i < 4; i++) {
      const res = await call('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: phone, otp_code: wrong } });
      expect(res.body.errors.otp_code).toBe('That code is not right, please check it and try again');
    }
    const fifth = await call('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: phone, otp_code: wrong } });
    expect(fifth.body.errors.otp_code).toMatch(/expired or was tried too often/);
    const right = await call('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: phone, otp_code: code } });
    expect(right.status).toBe(422);
  });

  it('refuses the code when another account verified the same number meanwhile', async () => {
    const [a, b] = await Promise.all([newUser(), newUser()]);
    const phone = randomLocalPhone();
    const send = (token: string) => call('POST', '/v1/send-phone-verification', { token, body: { phone_number: phone } });
    expect((await send(a.token)).status).toBe(200);
    const codeA = smsCode(e164(phone));
    expect((await send(b.token)).status).toBe(200);
    const codeB = smsCode(e164(phone));
    expect((await call('POST', '/v1/verify-phone', { token: a.token, body: { phone_number: phone, otp_code: codeA } })).status).toBe(200);
    const late = await call('POST', '/v1/verify-phone', { token: b.token, body: { phone_number: phone, otp_code: codeB } });
    expect(late.status).toBe(422);
    expect(late.body.errors.phone_number).toBe('This phone number is already used by another account');
    expect((await call('GET', '/v1/users/me', { token: b.token })).body.data).toMatchObject({ phone_number: null, phone_verified: false });
  });

  it('checks the code format', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: randomLocalPhone(), otp_code: 'A-1' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.otp_code).toBe('The code has 4 letters or digits');
  });
});

describe('profile photo', () => {
  async function upload(token: string, bytes: Buffer, name: string, type: string) {
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${apiUrl()}/v1/users/me/photo`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Lang: 'en' }, body: form });
    return { status: res.status, body: await res.json() };
  }

  it('stores a real image as a 256 px WebP', async () => {
    const u = await newUser();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#67cc8e' } }).png().toBuffer();
    const res = await upload(u.token, png, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.data.photo_profile).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const served = await fetch(`${apiUrl()}${res.body.data.photo_profile}`);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('judges by content, not by file name', async () => {
    const u = await newUser();
    const res = await upload(u.token, Buffer.from('<?php echo 1; ?>'), 'photo.jpg', 'image/jpeg');
    expect(res.status).toBe(422);
    expect(res.body.errors.photo).toBe('That file is not a JPEG, PNG, WebP, GIF, HEIC or AVIF image');
  });
});

describe('DELETE /v1/users/me', () => {
  it('deletes the account: the token and the password stop working, the e-mail is free again', async () => {
    const u = await newUser();
    const res = await call('DELETE', '/v1/users/me', { token: u.token });
    expect(res.status).toBe(200);
    expect((await call('GET', '/v1/users/me', { token: u.token })).status).toBe(401);
    expect((await call('POST', '/v1/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    const again = await call('POST', '/v1/register', { body: { name: 'Again', username: `again_${uniq()}`, email: u.email, password: 'password123' } });
    expect(again.status).toBe(201);
  });
});
