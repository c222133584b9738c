import { and, eq, gt, isNull } from 'drizzle-orm';
import { translator, type Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { hashPassword } from './passwords.ts';
import { revokeAllSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import { findUserByEmail } from './users.ts';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * E-mails a one-hour reset link. Answers the same whether or not the address is registered,
 * so the endpoint cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  deps: Pick<Deps, 'db' | 'mailer' | 'now' | 'limits'>,
  email: string,
  opts: { baseUrl: string; locale: Locale; ip: string },
): Promise<void> {
  await deps.limits.consume('resetMailsPerAddress', email);
  await deps.limits.consume('resetMailsPerIp', opts.ip);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = newToken();
  await deps.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now().getTime() + RESET_LIFETIME_MS),
  });
  const t = translator(opts.locale);
  const link = `${opts.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: t('auth:mail.reset_subject'),
    text: t('auth:mail.reset_body', { name: user.name, link }),
  });
}

/**
 * Spends every outstanding reset link of the user: after a reset, a password change or an
 * e-mail change, an older link (perhaps in a mailbox someone else reads) must not work.
 */
export async function spendResetLinks(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Sets the new password, spends this and every other reset link, signs the account out everywhere. */
export async function resetPassword(deps: Pick<Deps, 'db' | 'now'>, token: string, password: string): Promise<void> {
  const now = deps.now();
  const [reset] = await deps.db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .limit(1);
  if (!reset) throw new AppError('INVALID_TOKEN', { key: 'auth:msg.reset_invalid', fields: { token: 'auth:msg.reset_invalid' } });
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!spent.length) throw new AppError('INVALID_TOKEN', { key: 'auth:msg.reset_invalid', fields: { token: 'auth:msg.reset_invalid' } });
    await spendResetLinks(tx, reset.userId, now);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
  });
  await revokeAllSessions(deps.db, reset.userId, now);
}
