import type { Deps } from '../deps.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';

/**
 * One password guess at an account: a login, or the current password a settings change asks for.
 * Counted against the account and the caller's IP BEFORE the slow comparison, so parallel guesses
 * cannot all slip in under the limit; a right guess clears the account's count and gives the IP
 * its attempt back (only failures count there).
 */
export async function guessPassword(
  deps: Pick<Deps, 'limits'>,
  email: string,
  account: { passwordHash: string | null } | undefined,
  password: string,
  ip: string,
): Promise<boolean> {
  await deps.limits.consume('loginPerAccount', email);
  await deps.limits.consume('loginPerIp', ip);
  if (!account?.passwordHash) {
    // Same time as a real check, so a missing account is not revealed by timing.
    await burnPasswordCheck(password);
    return false;
  }
  if (!(await verifyPassword(password, account.passwordHash))) return false;
  await deps.limits.reset('loginPerAccount', email);
  await deps.limits.refund('loginPerIp', ip);
  return true;
}
