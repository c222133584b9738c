/**
 * Unread chat messages reach the other party off-site as a digest: at most one per room and
 * recipient every 15 minutes, not one per message. A message queues the room's digest job
 * (`chat:{room}:{user}`) a couple of minutes ahead (read meanwhile, it sends nothing); while one
 * is pending, more messages join it; once one has gone, the next waits until 15 minutes after it.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { chatMessages, chatReads } from '../../db/chat-schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/orders-schema.ts';
import type { Logger } from '../../logger.ts';
import type { JobHandler } from '../jobs/jobs.ts';
import { planDeliveries, type DeliveryChannel } from './deliveries.ts';

export const CHAT_MAIL_JOB = 'chat-digest';
/** The least time between two digests of one room to one person. */
export const CHAT_DIGEST_INTERVAL_MS = 15 * 60_000;
/** How long a first unread message waits (a reader with the chat open reads it first). */
export const CHAT_DIGEST_DELAY_MS = 2 * 60_000;

export const chatDigestKey = (roomId: number, userId: number) => `chat:${roomId}:${userId}`;

/** In the transaction that stores a message: the recipient's digest of this room is due (a pending one stays as it is). */
export async function queueChatDigest(tx: DbOrTx, roomId: number, userId: number, now: Date) {
  const soon = new Date(now.getTime() + CHAT_DIGEST_DELAY_MS);
  await tx
    .insert(jobs)
    .values({ kind: CHAT_MAIL_JOB, key: chatDigestKey(roomId, userId), runAt: soon, payload: { room_id: roomId, user_id: userId } })
    .onConflictDoUpdate({
      target: jobs.key,
      set: {
        runAt: sql`greatest(${soon.toISOString()}::timestamptz, ${jobs.doneAt} + make_interval(secs => ${CHAT_DIGEST_INTERVAL_MS / 1000}))`,
        doneAt: null,
        attempts: 0,
        lastError: null,
      },
      setWhere: sql`${jobs.doneAt} is not null`,
    });
}

/** The digest job: what the recipient has not read, and was not mailed before, goes out on the channels. */
export function chatDigestJob(channels: readonly DeliveryChannel[], deps: { now: () => Date; logger: Logger }): JobHandler {
  return async (tx, job) => {
    const p = job.payload as { room_id: number; user_id: number; mailed_upto?: number };
    const [latest] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, p.room_id), ne(chatMessages.senderId, p.user_id)))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    const [read] = await tx.select({ lastReadId: chatReads.lastReadId }).from(chatReads).where(and(eq(chatReads.roomId, p.room_id), eq(chatReads.userId, p.user_id)));
    const after = Math.max(p.mailed_upto ?? 0, read?.lastReadId ?? 0);
    if (!latest || latest.id <= after) return;
    await planDeliveries(tx, channels, [{ userId: p.user_id, category: 'chat', dedupeBase: `chat:${p.room_id}:${p.user_id}:${latest.id}`, payload: { room_id: p.room_id, after, upto: latest.id } }], deps.now(), deps.logger);
    await tx.update(jobs).set({ payload: { ...p, mailed_upto: latest.id } }).where(eq(jobs.key, job.key));
  };
}
