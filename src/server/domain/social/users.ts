import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { PublicProfile } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { countries, users } from '../../db/schema.ts';
import { followCounts } from './follows.ts';

/** What anyone may see of a user: no e-mail, no phone. */
export async function publicProfile(db: Db, id: number, locale: Locale): Promise<PublicProfile | undefined> {
  const [u] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      photo_profile: users.photoProfile,
      phone_verified: sql<boolean>`${users.phoneVerifiedAt} is not null`,
      created_at: users.createdAt,
      country: locale === 'id' ? countries.nameId : countries.nameEn,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!u) return undefined;
  return { ...u, created_at: u.created_at.toISOString(), ...(await followCounts(db, id)) };
}
