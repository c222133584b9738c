import { desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { operatorActions } from '../../db/operator-schema.ts';
import { users } from '../../db/schema.ts';
import { literal } from '../../db/literal.ts';

/** What an operator acted on (the `target_type` of operator_actions). */
export type OperatorTarget = 'user' | 'transaction' | 'report' | 'help_ticket' | 'trip_proof' | 'payout' | (string & {});

/**
 * Records an operator action. Call it inside the action's own transaction, so the record and the
 * change commit together or not at all: every operator action in the console does.
 */
export async function recordOperatorAction(
  tx: Tx,
  operatorId: number,
  action: string,
  targetType: OperatorTarget,
  targetId: number,
  data?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(operatorActions).values({ operatorId, action, targetType, targetId, data: data ?? null });
}

/** The newest operator actions (the console's Audit tab). */
export async function listOperatorActions(db: DbOrTx, q: { page: number; per_page: number }) {
  const rows = await db
    .select({ a: operatorActions, name: users.name, email: users.email })
    .from(operatorActions)
    .innerJoin(users, eq(users.id, operatorActions.operatorId))
    .orderBy(desc(operatorActions.id))
    .limit(literal(q.per_page))
    .offset(literal((q.page - 1) * q.per_page));
  return rows.map(({ a, name, email }) => ({
    id: a.id,
    operator: { id: a.operatorId, name, email },
    action: a.action,
    target_type: a.targetType,
    target_id: a.targetId,
    data: a.data,
    created_at: a.createdAt.toISOString(),
  }));
}
