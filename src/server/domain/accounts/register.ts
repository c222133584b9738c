import { eq, or } from 'drizzle-orm';
import type { RegisterInput } from '../../../lib/schemas/auth.ts';
import { users } from '../../db/schema.ts';
import { invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { hashPassword } from './passwords.ts';
import type { UserRow } from './users.ts';

/** Creates an account; username and e-mail are unique (case-insensitive, stored lower-case). */
export async function register(deps: Pick<Deps, 'db'>, input: RegisterInput): Promise<UserRow> {
  const { db } = deps;
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
      .values({ name: input.name, username: input.username, email: input.email, passwordHash })
      .returning();
    return row;
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    const text = String((err as { cause?: unknown }).cause ?? err);
    if (text.includes('users_username_key')) throw invalid({ username: 'errors:field.username_taken' });
    if (text.includes('users_email_key')) throw invalid({ email: 'errors:field.email_taken' });
    throw err;
  }
}
