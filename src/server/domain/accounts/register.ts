import { eq, or } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { RegisterInput } from '../../../lib/schemas/auth.ts';
import { users } from '../../db/schema.ts';
import { invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { hashPassword } from './passwords.ts';
import { takenUserField } from './taken-fields.ts';
import type { UserRow } from './users.ts';
import { INDONESIA_ID } from '../../../lib/schemas/places.ts';

/**
 * Creates an account; username and e-mail are unique (case-insensitive, stored lower-case).
 * The answer says whether an e-mail is registered, so attempts are limited per IP. The account
 * starts in the language it registered in.
 */
export async function register(deps: Pick<Deps, 'db' | 'limits'>, input: RegisterInput, ip: string, locale: Locale): Promise<UserRow> {
  const { db } = deps;
  await deps.limits.consume('registrationsPerIp', ip);
  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, input.username), eq(users.email, input.email)));
  const fields: Record<string, string> = {};
  if (clash.some((u) => u.username === input.username)) fields.username = 'errors:field.username_taken';
  if (clash.some((u) => u.email === input.email)) fields.email = 'errors:field.email_taken';
  if (Object.keys(fields).length) throw invalid(fields);

  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ name: input.name, username: input.username, email: input.email, passwordHash, locale, countryId: INDONESIA_ID })
      .returning();
    return row;
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    throw takenUserField(err);
  }
}
