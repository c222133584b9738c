import { AppError, invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { guessPassword } from './password-attempts.ts';
import type { UserRow } from './users.ts';

/**
 * A change of the sign-in e-mail or the password needs the current password: a session left
 * open on a shared computer must not be enough to take the account over. The check counts as
 * a login attempt. An account with no password yet (Google sign-in only) sets one through the
 * reset e-mail first.
 */
export async function requireCurrentPassword(deps: Pick<Deps, 'limits'>, user: UserRow, password: string | undefined, ip: string) {
  if (!user.passwordHash) {
    throw new AppError('NO_PASSWORD', { key: 'errors:field.no_password_yet', fields: { current_password: 'errors:field.no_password_yet' } });
  }
  if (!password) throw invalid({ current_password: 'errors:field.required' });
  if (!(await guessPassword(deps, user.email, user, password, ip))) throw invalid({ current_password: 'errors:field.current_password_wrong' });
}
