import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { TOKEN_LIFETIME_SECONDS, type LoginInput } from '../../../lib/schemas/auth.ts';
import { perDatabase, type Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { guessPassword } from './password-attempts.ts';
import { hashToken, newToken } from './tokens.ts';
import { findUserByEmail, type UserRow } from './users.ts';

export interface IssuedSession {
  token: string;
  expiresIn: number;
  user: UserRow;
}

export async function issueSession(deps: Pick<Deps, 'db' | 'now'>, user: UserRow): Promise<IssuedSession> {
  const token = newToken();
  const expiresAt = new Date(deps.now().getTime() + TOKEN_LIFETIME_SECONDS * 1000);
  await deps.db.insert(sessions).values({ userId: user.id, tokenHash: hashToken(token), expiresAt });
  return { token, expiresIn: TOKEN_LIFETIME_SECONDS, user };
}

/** E-mail + password → a new 24 h token. Wrong e-mail and wrong password look the same. */
export async function login(deps: Pick<Deps, 'db' | 'now' | 'limits'>, input: LoginInput, ip: string): Promise<IssuedSession> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!(await guessPassword(deps, input.email, user, input.password, ip)) || !user) throw new AppError('INVALID_CREDENTIALS', { key: 'auth:msg.login_failed' });
  return issueSession(deps, user);
}

/** `authenticate`'s statement, built once per database (it runs on every signed-in request). */
const authStatement = perDatabase((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)))
    .limit(1)
    .prepare('authenticate'),
);

/** The user a token belongs to, if the token is known, unrevoked and unexpired. */
export async function authenticate(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await authStatement(db).execute({ hash: hashToken(token), now: now.toISOString() });
  return row?.user;
}

export async function revokeSession(db: Db, token: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Signs the user out everywhere, or everywhere but the session `keep` (the one asking). */
export async function revokeAllSessions(db: Db, userId: number, now: Date, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.tokenHash, hashToken(keep)) : undefined));
}
