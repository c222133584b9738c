import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { translator, type Locale } from '../../../lib/i18n/index.ts';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../lib/schemas/account.ts';
import { phoneVerifications, users } from '../../db/schema.ts';
import { AppError, invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { hashToken } from './tokens.ts';
import { normalizePhone } from './phone.ts';
import type { UserRow } from './users.ts';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
// No 0/O or 1/I: codes are read off a phone screen and typed into four boxes.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newOtpCode(): string {
  let code = '';
  for (let i = 0; i < OTP_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

function phoneOrFail(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw invalid({ phone_number: 'places:phone.invalid' });
  return phone;
}

/** Step 1: send a 4-character code by SMS. At most one code per minute per user. */
export async function sendPhoneCode(deps: Pick<Deps, 'db' | 'sms' | 'now'>, user: UserRow, input: string, locale: Locale) {
  const phone = phoneOrFail(input);
  const now = deps.now();
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), ne(users.id, user.id)))
    .limit(1);
  if (taken) throw invalid({ phone_number: 'places:phone.taken' });
  const [recent] = await deps.db
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.userId, user.id), gt(phoneVerifications.createdAt, new Date(now.getTime() - OTP_RESEND_SECONDS * 1000))))
    .limit(1);
  if (recent) throw new AppError(429, 'places:phone.wait');

  const code = newOtpCode();
  await deps.db.insert(phoneVerifications).values({
    userId: user.id,
    phoneNumber: phone,
    codeHash: hashToken(`${phone}:${code}`),
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    createdAt: now,
  });
  await deps.sms.send(phone, translator(locale)('places:phone.sms', { code }));
  return { phone_number: phone, resend_in: OTP_RESEND_SECONDS };
}

/** Step 2: the code marks the number verified. Five wrong tries spend the code. */
export async function verifyPhoneCode(deps: Pick<Deps, 'db' | 'now'>, user: UserRow, input: string, code: string) {
  const phone = phoneOrFail(input);
  const now = deps.now();
  const [pending] = await deps.db
    .select()
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.userId, user.id),
        eq(phoneVerifications.phoneNumber, phone),
        isNull(phoneVerifications.consumedAt),
        gt(phoneVerifications.expiresAt, now),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  if (!pending || pending.attempts >= MAX_WRONG_TRIES) throw invalid({ otp_code: 'places:phone.code_expired' });

  if (pending.codeHash !== hashToken(`${phone}:${code.toUpperCase()}`)) {
    const attempts = pending.attempts + 1;
    await deps.db.update(phoneVerifications).set({ attempts }).where(eq(phoneVerifications.id, pending.id));
    throw invalid({ otp_code: attempts >= MAX_WRONG_TRIES ? 'places:phone.code_expired' : 'places:phone.code_wrong' });
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(phoneVerifications).set({ consumedAt: now }).where(eq(phoneVerifications.id, pending.id));
    await tx.update(users).set({ phoneNumber: phone, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  });
}

/** Selling (take a request, bid, post a pre-order) needs a verified phone. */
export function requireVerifiedPhone(user: UserRow) {
  if (!user.phoneVerifiedAt) throw new AppError(403, 'places:phone.must_verify');
}
