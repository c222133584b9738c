import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationDeliveries } from '../../db/delivery-schema.ts';
import { users } from '../../db/schema.ts';

/**
 * The operator console's view of off-site delivery trouble: deliveries of the last day that
 * failed for good or are being retried, newest first, with the channel and the last error
 * (the mail server, push service or WhatsApp said why).
 */
export async function deliveryProblems(db: DbOrTx, now: Date, limit = 500) {
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const rows = await db
    .select({ d: notificationDeliveries, email: users.email })
    .from(notificationDeliveries)
    .innerJoin(users, eq(users.id, notificationDeliveries.userId))
    .where(and(isNotNull(notificationDeliveries.lastError), gte(notificationDeliveries.updatedAt, since)))
    .orderBy(desc(notificationDeliveries.updatedAt), desc(notificationDeliveries.id))
    .limit(limit);
  return rows
    .filter(({ d }) => d.status === 'failed' || d.status === 'pending')
    .map(({ d, email }) => ({
      id: d.id,
      channel: d.channel,
      category: d.category,
      state: d.status === 'failed' ? 'failed' : 'retrying',
      attempts: d.attempts,
      next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
      last_error: d.lastError,
      user_email: email,
      updated_at: d.updatedAt.toISOString(),
    }));
}
