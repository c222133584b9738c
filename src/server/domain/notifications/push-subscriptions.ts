import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/delivery-schema.ts';
import { invalid } from '../../errors.ts';
import { endpointProblem } from '../../security/push-endpoints.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Keeps a browser's push subscription for the signed-in user: only an endpoint the server may
 * POST to (push-endpoints.ts), else 422 and nothing stored. The same endpoint again (the browser
 * re-subscribed, or another account signed in on it) replaces its keys and owner: one row per endpoint.
 */
export async function subscribePush(db: DbOrTx, userId: number, input: PushSubscriptionInput, allowedOrigins: readonly string[]) {
  const problem = endpointProblem(input.endpoint, allowedOrigins);
  if (problem) throw invalid({ endpoint: problem });
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth } });
}

/** Forgets one of the user's subscriptions (another user's endpoint is left alone); how many went. */
export async function unsubscribePush(db: DbOrTx, userId: number, endpoint: string): Promise<number> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}
