import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { mailAccountChange } from './account-mail.ts';
import type { Caller } from './caller.ts';
import { requireCurrentPassword } from './current-password.ts';
import { spendResetLinks } from './password-reset.ts';
import { revokeAllSessions } from './sessions.ts';
import { takenUserField } from './taken-fields.ts';
import type { UserRow } from './users.ts';

/**
 * PUT /v1/users/me {email, current_password}. The e-mail is where reset links go, so changing it
 * takes the password, signs out every other session, spends outstanding reset links and tells
 * the OLD address (the owner may not be the one who changed it).
 */
export async function changeEmail(
  deps: Pick<Deps, 'db' | 'now' | 'limits' | 'mailer' | 'logger'>,
  user: UserRow,
  email: string,
  currentPassword: string | undefined,
  caller: Caller,
): Promise<void> {
  if (email === user.email) return;
  await requireCurrentPassword(deps, user, currentPassword, caller.ip);
  const { db } = deps;
  const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, user.id)));
  if (taken) throw invalid({ email: 'errors:field.email_taken' });
  const now = deps.now();
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ email, updatedAt: now }).where(eq(users.id, user.id));
      await spendResetLinks(tx, user.id, now);
      await revokeAllSessions(tx, user.id, now, caller.token);
    });
  } catch (err) {
    // Several accounts changing to one address at once: the unique index lets one through.
    throw takenUserField(err);
  }
  await mailAccountChange(deps, 'email_changed', user.email, caller.locale, { name: user.name, old: user.email, email });
}
