import { eq } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Profile } from '../../../lib/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { countryName } from '../places/place-names.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/** GET /v1/users/me: the signed-in user's own profile, country named in the request language. */
export async function getProfile(db: Db, user: UserRow, locale: Locale): Promise<Profile> {
  let country: Profile['country'] = null;
  if (user.countryId != null) {
    const name = await countryName(db, user.countryId, locale);
    if (name !== undefined) country = { id: user.countryId, name };
  }
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    phone_number: user.phoneNumber,
    phone_verified: user.phoneVerifiedAt != null,
    has_password: user.passwordHash != null,
    photo_profile: user.photoProfile,
    country,
  };
}

/**
 * Keeps the language the user now uses (the one their API calls name), so what reaches them
 * unasked, such as a notification, speaks it. Writes only when it changed.
 */
export async function rememberLocale(db: Db, user: UserRow, locale: Locale): Promise<void> {
  if (user.locale === locale) return;
  await db.update(users).set({ locale }).where(eq(users.id, user.id));
  user.locale = locale;
}
