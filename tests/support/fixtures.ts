import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { addDays, todayIso } from '../../src/lib/dates.ts';
import { apiUrl, call, newUser, serverDataDir } from './api.ts';
import { readableMail } from './mail.ts';

/** Every mail to `email` in the development outbox (DATA_DIR/mail), oldest first, as searchable text (readableMail). */
export function mailsTo(email: string): string[] {
  const dir = join(serverDataDir(), 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(`-${email}.eml`))
    .sort()
    .map((f) => readableMail(readFileSync(join(dir, f), 'utf8')));
}

/** The reset token of a reset mail's link. */
export const resetTokenOf = (mail: string) => decodeURIComponent(mail.match(/reset-password\?token=([^\s]+)/)![1]);

/** Every SMS the development outbox holds for `phone` (E.164), oldest first. */
export function smsTexts(phone: string): string[] {
  let text = '';
  try {
    text = readFileSync(join(serverDataDir(), 'sms', `${phone}.txt`), 'utf8');
  } catch {
    return [];
  }
  // Each SMS is two lines: a timestamp, then the text.
  return text.trimEnd().split('\n').filter((_, i) => i % 2 === 1);
}

/** The 4-character code of the latest SMS to `phone`: its only 4-character upper-case token. */
export function smsCode(phone: string): string {
  return smsTexts(phone).at(-1)!.match(/\b([A-Z0-9]{4})\b/)![1];
}

export const randomLocalPhone = () => `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A fresh user whose phone is verified through the real OTP flow: allowed to sell. */
export async function newTraveller() {
  const u = await newUser();
  const phone = randomLocalPhone();
  await call('POST', '/v1/send-phone-verification', { token: u.token, body: { phone_number: phone } });
  const res = await call('POST', '/v1/verify-phone', { token: u.token, body: { phone_number: phone, otp_code: smsCode(`+62${phone.slice(1)}`) } });
  if (res.status !== 200) throw new Error(`verify failed ${JSON.stringify(res.body)}`);
  return u;
}

export async function newTrip(token: string, over: Record<string, unknown> = {}) {
  const today = todayIso();
  const res = await call('POST', '/v1/users/trips', {
    token,
    body: {
      origin_country_id: 392,
      origin_city_id: 1850147,
      destination_country_id: 228,
      destination_city_id: 1642911,
      arrival_date: addDays(today, 9),
      delivery_date: addDays(today, 11),
      ...over,
    },
  });
  if (res.status !== 201) throw new Error(`trip failed ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function pngBytes(color = '#67cc8e', width = 900, height = 700) {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function uploadImage(token: string, bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${apiUrl()}/v1/uploads/images`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Lang: 'en' }, body: form });
  return { status: res.status, body: await res.json() };
}

export async function newAddress(token: string) {
  const res = await call('POST', '/v1/addresses', {
    token,
    body: { name: 'Rina', phone_number: '081299998888', label: 'Rumah', detail: 'Jl. Sudirman 1', country_id: 228, province_id: 31, city_id: 3171, sub_district_id: 317101, pos_code: '10110' },
  });
  if (res.status !== 201) throw new Error(`address failed ${JSON.stringify(res.body)}`);
  return res.body.data;
}
