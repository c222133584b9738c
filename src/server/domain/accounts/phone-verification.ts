import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { translator, type Locale } from '../../../lib/i18n/index.ts';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../lib/schemas/account.ts';
import { phoneVerifications, users } from '../../db/schema.ts';
import { AppError, invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { hashToken } from './tokens.ts';
import { normalizePhone } from './phone.ts';
import { takenUserField } from './taken-fields.ts';
import type { UserRow } from './users.ts';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Tries per code, the right one included. */
export const MAX_TRIES = 5;
// No 0/O or 1/I: codes are read off a phone screen and typed into four boxes.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newOtpCode(): string {
  let code = '';
  for (let i = 0; i < OTP_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

function phoneOrFail(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw invalid({ phone_number: 'account:phone.invalid' });
  return phone;
}

/**
 * Step 1: send a 4-character code by SMS. One code a minute per user and a few an hour per IP,
 * both counted before the SMS goes out.
 */
export async function sendPhoneCode(deps: Pick<Deps, 'db' | 'sms' | 'now' | 'limits'>, user: UserRow, input: string, locale: Locale, ip: string) {
  const phone = phoneOrFail(input);
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), ne(users.id, user.id)))
    .limit(1);
  if (taken) throw invalid({ phone_number: 'account:phone.taken' });
  await deps.limits.consume('smsPerAccount', String(user.id));
  await deps.limits.consume('smsPerIp', ip);

  const now = deps.now();
  const code = newOtpCode();
  await deps.db.insert(phoneVerifications).values({
    userId: user.id,
    phoneNumber: phone,
    codeHash: hashToken(`${phone}:${code}`),
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    createdAt: now,
  });
  await deps.sms.send(phone, translator(locale)('account:phone.sms', { code }));
  return { phone_number: phone, resend_in: OTP_RESEND_SECONDS };
}

/**
 * Step 2: the code marks the number verified. Five tries spend the code; each try is counted
 * by one conditional UPDATE before the comparison, so parallel guesses cannot share one count.
 */
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
  const expired = () => invalid({ otp_code: 'account:phone.code_expired' });
  if (!pending) throw expired();

  const [tried] = await deps.db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(and(eq(phoneVerifications.id, pending.id), lt(phoneVerifications.attempts, MAX_TRIES), isNull(phoneVerifications.consumedAt)))
    .returning({ attempts: phoneVerifications.attempts });
  if (!tried) throw expired();
  if (pending.codeHash !== hashToken(`${phone}:${code.toUpperCase()}`)) {
    throw invalid({ otp_code: tried.attempts >= MAX_TRIES ? 'account:phone.code_expired' : 'account:phone.code_wrong' });
  }
  try {
    await deps.db.transaction(async (tx) => {
      const spent = await tx
        .update(phoneVerifications)
        .set({ consumedAt: now })
        .where(and(eq(phoneVerifications.id, pending.id), isNull(phoneVerifications.consumedAt)))
        .returning({ id: phoneVerifications.id });
      if (!spent.length) throw expired();
      await tx.update(users).set({ phoneNumber: phone, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    });
  } catch (err) {
    // Another account verified the same number since the code was sent.
    throw takenUserField(err);
  }
}

/** Selling (take a request, bid, post a pre-order) needs a verified phone. */
export function requireVerifiedPhone(user: UserRow) {
  if (!user.phoneVerifiedAt) throw new AppError('PHONE_NOT_VERIFIED', { key: 'account:phone.must_verify' });
}
