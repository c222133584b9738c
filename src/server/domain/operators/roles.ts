import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { userRoles } from '../../db/operator-schema.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import type { UserRow } from '../accounts/index.ts';
import { recordOperatorAction } from './audit.ts';

export const OPERATOR = 'operator';

/**
 * Operators: accounts with an 'operator' row in user_roles. There is no self-service way in:
 * rows come from OPERATOR_EMAILS (`source` 'config') or from another operator in the console
 * (`source` 'console', recorded in operator_actions).
 */
export async function isOperator(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, OPERATOR)))
    .limit(1);
  return !!row;
}

/**
 * Makes the configured addresses operators, and ends the configured role of addresses that left
 * the list (a role granted in the console stays). Runs at start.
 */
export async function syncConfiguredOperators(deps: Pick<Deps, 'db' | 'config'>): Promise<void> {
  const emails = deps.config.operatorEmails;
  await deps.db.transaction(async (tx) => {
    const stale = tx
      .select({ id: users.id })
      .from(users)
      .where(emails.length ? notInArray(users.email, emails) : sql`true`);
    await tx.delete(userRoles).where(and(eq(userRoles.role, OPERATOR), eq(userRoles.source, 'config'), inArray(userRoles.userId, stale)));
    if (!emails.length) return;
    const listed = await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails));
    if (listed.length) {
      await tx
        .insert(userRoles)
        .values(listed.map((u) => ({ userId: u.id, role: OPERATOR, source: 'config' })))
        .onConflictDoNothing();
    }
  });
}

/** At login and registration: an account whose address is configured becomes an operator. */
export async function grantConfiguredOperator(deps: Pick<Deps, 'db' | 'config'>, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  if (!deps.config.operatorEmails.includes(user.email.toLowerCase())) return;
  await deps.db.insert(userRoles).values({ userId: user.id, role: OPERATOR, source: 'config' }).onConflictDoNothing();
}

/** An operator makes another account an operator (by e-mail), in the console; recorded. */
export async function grantOperator(db: Db, operatorId: number, email: string): Promise<{ user_id: number; email: string }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.trim().toLowerCase())).for('update');
    if (!user) throw notFound('admin:operators.no_such_user');
    await tx.insert(userRoles).values({ userId: user.id, role: OPERATOR, source: 'console', grantedBy: operatorId }).onConflictDoNothing();
    await recordOperatorAction(tx, operatorId, 'grant_operator', 'user', user.id, { email: user.email });
    return { user_id: user.id, email: user.email };
  });
}

/** The operators, for the console's Operators tab. */
export async function listOperators(db: DbOrTx) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, source: userRoles.source, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, OPERATOR))
    .orderBy(userRoles.createdAt);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, source: r.source as 'config' | 'console', since: r.since.toISOString() }));
}

export type { Tx };
