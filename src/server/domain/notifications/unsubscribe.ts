import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationCategory } from '../../../lib/notification-settings.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, AppErrorCode } from '../../errors.ts';
import { isCategory, turnOff } from './preferences.ts';

/**
 * One-click unsubscribe (RFC 8058): each e-mail's List-Unsubscribe link carries a token naming
 * the user and the category, signed with UNSUBSCRIBE_SECRET and good for 90 days. It is the one
 * link in a mail with a token in it; it can only switch that category's e-mail off.
 */
export const UNSUBSCRIBE_DAYS = 90;

export interface UnsubscribeClaim {
  userId: number;
  category: NotificationCategory;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

export function unsubscribeToken(secret: string, claim: UnsubscribeClaim, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_DAYS * 86_400;
  const payload = `${claim.userId}.${claim.category}.${expires}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The claim of a genuine, unexpired token; undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string, now: Date): UnsubscribeClaim | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const m = /^(\d{1,10})\.([a-z]{1,16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return undefined;
  const [, user, category, expires, mac] = m;
  const expected = Buffer.from(sign(secret, `${user}.${category}.${expires}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expires) * 1000 < now.getTime() || !isCategory(category)) return undefined;
  return { userId: Number(user), category };
}

/** The link a mail carries (the List-Unsubscribe header and the footer). */
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/v1/unsubscribe/${token}`;

/** Checks the token and switches its category's e-mail off; a forged or expired one changes nothing (400). */
export async function unsubscribe(db: DbOrTx, secret: string, token: string, now: Date): Promise<UnsubscribeClaim> {
  const claim = readUnsubscribeToken(secret, token, now);
  if (!claim) throw new AppError(AppErrorCode.BAD_REQUEST, { key: 'notifications:unsubscribe.invalid' });
  await turnOff(db, claim.userId, 'email', claim.category);
  return claim;
}
