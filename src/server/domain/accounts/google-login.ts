import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError, conflict } from '../../errors.ts';
import type { GoogleIdentity } from '../../integrations/oauth/google.ts';
import type { Deps } from '../deps.ts';
import { issueSession, type IssuedSession } from './sessions.ts';
import { findUserByEmail, type UserRow } from './users.ts';
import { INDONESIA_ID } from '../../../lib/schemas/places.ts';

/**
 * Signs in the account linked to this Google identity; links it to an existing account with
 * the same verified e-mail, or creates one with a username derived from the e-mail.
 */
export async function loginWithGoogle(deps: Pick<Deps, 'db' | 'now'>, identity: GoogleIdentity): Promise<IssuedSession> {
  const { db } = deps;
  const [linked] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  if (linked) return issueSession(deps, linked);
  if (!identity.emailVerified || !identity.email) throw new AppError('OAUTH_FAILED', { key: 'auth:msg.google_failed' });

  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    const [row] = await db.update(users).set({ googleSub: identity.sub }).where(eq(users.id, existing.id)).returning();
    return issueSession(deps, row);
  }
  const base = identity.email.split('@')[0].toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 24).padEnd(3, '_');
  for (let attempt = 0; attempt < 20; attempt++) {
    const username = attempt === 0 ? base : `${base}_${Math.floor(Math.random() * 10000)}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (taken) continue;
    let row: UserRow;
    try {
      [row] = await db
        .insert(users)
        .values({ name: identity.name.slice(0, 100), username, email: identity.email, googleSub: identity.sub, countryId: INDONESIA_ID })
        .returning();
    } catch (err) {
      // A registration took the name or the address meanwhile: try another name, or give up cleanly.
      const index = uniqueViolation(err);
      if (index === 'users_username_key') continue;
      if (index !== undefined) throw conflict('CONFLICT', 'auth:msg.google_failed');
      throw err;
    }
    return issueSession(deps, row);
  }
  throw conflict('CONFLICT', 'auth:msg.google_failed');
}
