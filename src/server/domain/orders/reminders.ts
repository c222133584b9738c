/**
 * Deadline reminders: before a deadline moves money, the party who can still act hears of it,
 * with what happens at the deadline and when, in their own time zone. Each reminder is a job
 * keyed by order, state and lead time (`remind:{order}:{state}:{hours}h`): exactly one per
 * order and deadline; a transition reschedules the new state's reminders (the same key moves
 * with its deadline) and drops the rest, and a reminder whose order moved on meanwhile does
 * nothing. A trip's delivery date gets one too: the traveller hears the day before, while
 * paid orders on it are not shipped yet.
 */
import { and, count, eq, inArray, isNull, like, notInArray } from 'drizzle-orm';
import { effectiveDates } from '../../../lib/trip-dates.ts';
import type { OrderState, PartyRole } from '../../../lib/orders/vocabulary.ts';
import type { Tx } from '../../db/client.ts';
import { jobs, transactions } from '../../db/orders-schema.ts';
import { trips } from '../../db/schema.ts';
import { tripDatesOf } from '../trips/trip-dates-sql.ts';
import { scheduleJob, type JobHandler } from '../jobs/jobs.ts';
import { notify } from '../notifications/outbox.ts';
import type { OrderDeps } from './deps.ts';
import { orderLink } from './notify.ts';

export const REMINDER_JOB = 'order-reminder';
export const TRIP_REMINDER_JOB = 'trip-delivery-reminder';

interface Reminder {
  /** `orders:remind.{name}` holds its title and message. */
  name: 'payment' | 'offer' | 'complaint' | 'receipt';
  hoursBefore: number;
  to: PartyRole;
}

/** Which deadlines announce themselves, how long before, and to whom (the party who can act). */
export const REMINDERS: Partial<Record<OrderState, readonly Reminder[]>> = {
  awaiting_payment: [{ name: 'payment', hoursBefore: 2, to: 'requester' }],
  offer_by_traveler: [{ name: 'offer', hoursBefore: 12, to: 'requester' }],
  offer_by_requester: [{ name: 'offer', hoursBefore: 12, to: 'traveler' }],
  complained: [
    { name: 'complaint', hoursBefore: 24, to: 'traveler' },
    { name: 'complaint', hoursBefore: 2, to: 'traveler' },
  ],
  shipped: [{ name: 'receipt', hoursBefore: 48, to: 'requester' }],
  ready_for_pickup: [{ name: 'receipt', hoursBefore: 48, to: 'requester' }],
};

export const reminderKey = (orderId: number, state: string, hoursBefore: number) => `remind:${orderId}:${state}:${hoursBefore}h`;

/**
 * The order's reminders for the state it is now in and the deadline it now has (in the
 * transaction of the transition): scheduled or moved; every other pending reminder of the order dropped.
 */
export async function scheduleReminders(tx: Tx, orderId: number, state: OrderState, deadlineAt: Date | null, now: Date) {
  const keep: string[] = [];
  for (const r of deadlineAt ? (REMINDERS[state] ?? []) : []) {
    const runAt = new Date(deadlineAt!.getTime() - r.hoursBefore * 3_600_000);
    if (runAt.getTime() <= now.getTime()) continue;
    const key = reminderKey(orderId, state, r.hoursBefore);
    keep.push(key);
    await scheduleJob(tx, { kind: REMINDER_JOB, key, runAt, payload: { order_id: orderId, state, deadline_at: deadlineAt!.toISOString(), name: r.name, to: r.to } });
  }
  await tx
    .update(jobs)
    .set({ doneAt: now })
    .where(and(like(jobs.key, `remind:${orderId}:%`), isNull(jobs.doneAt), keep.length ? notInArray(jobs.key, keep) : undefined));
}

/** The reminder job: only while the order is still in the state, with the same deadline, it was scheduled for. */
export function orderReminderJob(): JobHandler {
  return async (tx, job) => {
    const p = job.payload as { order_id: number; state: string; deadline_at: string; name: string; to: PartyRole };
    // Locked like a transition (engine.ts lockOrder): the state read here holds until this commits.
    const [order] = await tx.select().from(transactions).where(eq(transactions.id, p.order_id)).for('update');
    if (!order || order.status !== p.state || order.deadlineAt?.toISOString() !== p.deadline_at) return;
    await notify(tx, p.to === 'requester' ? order.requesterId : order.travelerId, {
      key: `orders:remind.${p.name}`,
      params: { id: order.id, deadline_at: p.deadline_at },
      notifiableType: 'transaction',
      notifiableId: order.id,
      link: orderLink(order, p.to),
      transactionType: p.to === 'requester' ? 'pembelian' : 'penjualan',
    });
  };
}

/** Paid orders the traveller has not sent yet. */
const UNSHIPPED: OrderState[] = ['paid', 'purchased'];

/** 09:00 in Jakarta (02:00 UTC) the day before a trip's delivery date. */
function dayBefore(date: string): Date {
  const at = new Date(`${date}T02:00:00Z`);
  return new Date(at.getTime() - 86_400_000);
}

/**
 * The trip's delivery reminder for its current delivery date (keyed by trip and date): scheduled
 * when an order on it is paid and when its dates change; a reminder for a date the trip no longer
 * has is dropped.
 */
export async function scheduleTripReminder(tx: Tx, tripId: number, now: Date) {
  const [trip] = await tx.select().from(trips).where(eq(trips.id, tripId));
  if (!trip) return;
  const date = effectiveDates(tripDatesOf(trip)).delivery;
  const key = `remind:trip:${tripId}:${date}`;
  const runAt = dayBefore(date);
  const keep = trip.status === 'ACTIVE' && runAt.getTime() > now.getTime();
  if (keep) await scheduleJob(tx, { kind: TRIP_REMINDER_JOB, key, runAt, payload: { trip_id: tripId, delivery_date: date } });
  await tx
    .update(jobs)
    .set({ doneAt: now })
    .where(and(like(jobs.key, `remind:trip:${tripId}:%`), isNull(jobs.doneAt), keep ? notInArray(jobs.key, [key]) : undefined));
}

/** The trip reminder job: the traveller hears of paid orders not yet shipped, if the date still holds. */
export function tripReminderJob(): JobHandler {
  return async (tx, job) => {
    const p = job.payload as { trip_id: number; delivery_date: string };
    const [trip] = await tx.select().from(trips).where(eq(trips.id, p.trip_id)).for('update');
    if (!trip || trip.status !== 'ACTIVE' || effectiveDates(tripDatesOf(trip)).delivery !== p.delivery_date) return;
    const [{ waiting }] = await tx
      .select({ waiting: count() })
      .from(transactions)
      .where(and(eq(transactions.tripId, trip.id), inArray(transactions.status, UNSHIPPED)));
    if (!waiting) return;
    await notify(tx, trip.userId, {
      key: 'orders:remind.trip_delivery',
      params: { count: waiting, delivery_on: p.delivery_date },
      notifiableType: 'user',
      notifiableId: trip.userId,
      link: `/dashboard/trip/${trip.id}`,
    });
  };
}

/** For the job runner's table. */
export const reminderJobs = (_deps: OrderDeps) => ({ [REMINDER_JOB]: orderReminderJob(), [TRIP_REMINDER_JOB]: tripReminderJob() });
