import { eq } from 'drizzle-orm';
import type { PasswordChangeInput } from '../../../lib/schemas/account.ts';
import { users } from '../../db/schema.ts';
import type { Deps } from '../deps.ts';
import { mailAccountChange } from './account-mail.ts';
import type { Caller } from './caller.ts';
import { requireCurrentPassword } from './current-password.ts';
import { hashPassword } from './passwords.ts';
import { spendResetLinks } from './password-reset.ts';
import { revokeAllSessions } from './sessions.ts';
import type { UserRow } from './users.ts';

/**
 * PUT /v1/users/me/password: the current password proves the owner; every other session is
 * signed out (this one stays), outstanding reset links are spent and the owner gets a mail.
 */
export async function changePassword(
  deps: Pick<Deps, 'db' | 'now' | 'limits' | 'mailer' | 'logger'>,
  user: UserRow,
  input: PasswordChangeInput,
  caller: Caller,
): Promise<void> {
  await requireCurrentPassword(deps, user, input.current_password, caller.ip);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await spendResetLinks(tx, user.id, now);
    await revokeAllSessions(tx, user.id, now, caller.token);
  });
  await mailAccountChange(deps, 'password_changed', user.email, caller.locale, {
    name: user.name,
    link: `${caller.baseUrl}/forgot-password`,
  });
}
