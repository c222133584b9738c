/**
 * Off-site delivery (e-mail, web push, WhatsApp) of what the outbox committed. The dispatcher
 * writes one row per notification and channel in the transaction that marks the notification
 * dispatched, so nothing goes out before the notification's own transaction committed and the
 * unique `dedupe_key` makes a second row impossible. Senders then claim due rows by taking a
 * lease (`locked_until`, claimed under FOR UPDATE SKIP LOCKED so several dispatchers never
 * claim the same row), send outside any transaction (a slow mail server holds no lock and keeps
 * no request waiting), and record the outcome: sent, skipped, dropped, or another attempt after
 * a backoff; failed after the last attempt.
 */
import { and, asc, eq, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { DeliveryCategory } from '../../../lib/notification-settings.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notificationDeliveries, pushSubscriptions } from '../../db/delivery-schema.ts';
import { users } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { preferencesOfUsers, wants, type UserPreferences } from './preferences.ts';

export type ChannelName = 'email' | 'push' | 'whatsapp';
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type Outcome = { status: 'sent' } | { status: 'skipped' | 'dropped'; reason: string };

export interface DeliveryChannel {
  name: ChannelName;
  /** Categories this channel carries at all (WhatsApp: order matters only). */
  carries?: (category: DeliveryCategory) => boolean;
  /** Sends one delivery; throws when it should be tried again later. */
  send(d: DeliveryRow): Promise<Outcome>;
}

/** Waits between attempts: the sixth failure is final. */
export const RETRY_BACKOFF_SECONDS = [30, 120, 600, 1800, 7200];
export const MAX_ATTEMPTS = RETRY_BACKOFF_SECONDS.length + 1;
/** How long a claimed row stays with its sender; a sender that died gives it back after this. */
const LEASE_MS = 120_000;
/**
 * A claimed row is sent only while this much of its lease is left: longer than one send may take
 * (the mail transport, web push and WhatsApp calls time out well within it), so a row can never
 * be re-claimed by another dispatcher while it is being sent. The rest of a slow batch goes back.
 */
export const SEND_MARGIN_MS = 60_000;

/** Something to deliver: a committed notification, or a chat digest (payload). */
export interface DeliveryPlan {
  userId: number;
  notificationId?: number;
  category: DeliveryCategory;
  /** Names the thing delivered; the channel is appended (`n:17` → `n:17:email`). */
  dedupeBase: string;
  payload?: Record<string, unknown>;
}

interface PlanUser {
  id: number;
  deletedAt: Date | null;
  phoneVerifiedAt: Date | null;
}

/** Why a row is recorded as done without sending; undefined: send it. */
function planned(channel: ChannelName, user: PlanUser | undefined, prefs: UserPreferences, category: DeliveryCategory, devices: Set<number>): Outcome | undefined {
  if (!user || user.deletedAt) return { status: 'dropped', reason: 'user_deleted' };
  if (channel === 'whatsapp') {
    if (!prefs.whatsapp) return { status: 'skipped', reason: 'not_opted_in' };
    if (!user.phoneVerifiedAt) return { status: 'skipped', reason: 'no_verified_phone' };
    return undefined;
  }
  if (!wants(prefs, channel, category)) return { status: 'skipped', reason: 'preference' };
  if (channel === 'push' && !devices.has(user.id)) return { status: 'skipped', reason: 'no_device' };
  return undefined;
}

/**
 * Writes the delivery rows of `plans` on every channel that carries them, in the caller's
 * transaction: pending, or already settled as skipped (preference, no device) or dropped.
 */
export async function planDeliveries(tx: DbOrTx, channels: readonly DeliveryChannel[], plans: DeliveryPlan[], now: Date, logger?: Logger): Promise<void> {
  if (!plans.length || !channels.length) return;
  const ids = [...new Set(plans.map((p) => p.userId))];
  const [people, prefs, devices] = await Promise.all([
    tx.select({ id: users.id, deletedAt: users.deletedAt, phoneVerifiedAt: users.phoneVerifiedAt }).from(users).where(inArray(users.id, ids)),
    preferencesOfUsers(tx, ids),
    tx.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids)),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const withDevice = new Set(devices.map((d) => d.userId));
  const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
  for (const plan of plans) {
    for (const channel of channels) {
      if (channel.carries && !channel.carries(plan.category)) continue;
      const settled = planned(channel.name, byId.get(plan.userId), prefs.get(plan.userId)!, plan.category, withDevice);
      if (settled?.status === 'dropped') logger?.info(`delivery ${plan.dedupeBase}:${channel.name} dropped: ${settled.reason}`);
      rows.push({
        userId: plan.userId,
        notificationId: plan.notificationId ?? null,
        channel: channel.name,
        category: plan.category,
        dedupeKey: `${plan.dedupeBase}:${channel.name}`,
        payload: plan.payload ?? null,
        status: settled?.status ?? 'pending',
        reason: settled && 'reason' in settled ? settled.reason : null,
        nextAttemptAt: now,
      });
    }
  }
  if (rows.length) await tx.insert(notificationDeliveries).values(rows).onConflictDoNothing({ target: notificationDeliveries.dedupeKey });
}

/** Takes up to `limit` due rows for this sender: each is leased, and counted as an attempt. */
async function claimDue(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.status, 'pending'),
          lte(notificationDeliveries.nextAttemptAt, now),
          or(isNull(notificationDeliveries.lockedUntil), lte(notificationDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(notificationDeliveries.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const leased = await tx
      .update(notificationDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
      .where(inArray(notificationDeliveries.id, due.map((d) => d.id)))
      .returning();
    return leased.sort((a, b) => a.id - b.id);
  });
}

async function record(db: Db, d: DeliveryRow, now: Date, outcome: Outcome | { error: unknown }) {
  const attempts = d.attempts + 1;
  if ('error' in outcome) {
    const message = String((outcome.error as Error)?.message ?? outcome.error).slice(0, 500);
    const last = attempts >= MAX_ATTEMPTS;
    await db
      .update(notificationDeliveries)
      .set({
        attempts,
        status: last ? 'failed' : 'pending',
        lastError: message,
        lockedUntil: null,
        nextAttemptAt: last ? d.nextAttemptAt : new Date(now.getTime() + RETRY_BACKOFF_SECONDS[attempts - 1] * 1000),
        updatedAt: now,
      })
      .where(eq(notificationDeliveries.id, d.id));
    return;
  }
  await db
    .update(notificationDeliveries)
    .set({ attempts, status: outcome.status, reason: 'reason' in outcome ? outcome.reason : null, sentAt: outcome.status === 'sent' ? now : null, lockedUntil: null, updatedAt: now })
    .where(eq(notificationDeliveries.id, d.id));
}

/**
 * Sends one claimed batch on its channels; how many rows it claimed. A channel's error is the
 * row's failed attempt (retried after a backoff), never the dispatcher's.
 */
export async function sendDueBatch(deps: { db: Db; logger: Logger; now: () => Date }, channels: readonly DeliveryChannel[], batchSize: number): Promise<number> {
  const claimed = await claimDue(deps.db, deps.now(), batchSize);
  const byName = new Map(channels.map((c) => [c.name, c]));
  for (const d of claimed) {
    if (deps.now().getTime() > d.lockedUntil!.getTime() - SEND_MARGIN_MS) {
      // Too little of the lease left to send safely: another pass claims it afresh.
      await deps.db.update(notificationDeliveries).set({ lockedUntil: null }).where(eq(notificationDeliveries.id, d.id));
      continue;
    }
    const channel = byName.get(d.channel as ChannelName);
    let outcome: Outcome | { error: unknown };
    try {
      outcome = channel ? await channel.send(d) : { status: 'skipped', reason: 'channel_off' };
    } catch (error) {
      deps.logger.warn(`${d.channel} delivery ${d.dedupeKey} failed (attempt ${d.attempts + 1} of ${MAX_ATTEMPTS})`, error);
      outcome = { error };
    }
    if ('status' in outcome && outcome.status === 'dropped') deps.logger.info(`${d.channel} delivery ${d.dedupeKey} dropped: ${outcome.reason}`);
    await record(deps.db, d, deps.now(), outcome);
  }
  return claimed.length;
}

/** Finished deliveries (sent, skipped, dropped, failed) are kept this long for the console and support, then deleted. */
export const DELIVERIES_KEPT_DAYS = 30;

/** Deletes finished deliveries older than DELIVERIES_KEPT_DAYS, in steps; returns how many. */
export async function sweepDeliveries(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 24 * 3_600_000);
  let swept = 0;
  for (;;) {
    const old = db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(and(ne(notificationDeliveries.status, 'pending'), lt(notificationDeliveries.updatedAt, cutoff)))
      .limit(2000);
    const gone = await db.delete(notificationDeliveries).where(inArray(notificationDeliveries.id, old)).returning({ id: notificationDeliveries.id });
    swept += gone.length;
    if (gone.length === 0) return swept;
  }
}
