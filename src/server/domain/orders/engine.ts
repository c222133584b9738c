import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactionHistories, transactions } from '../../db/orders-schema.ts';
import type { OrderEvent, OrderState } from '../../../lib/orders/vocabulary.ts';
import { cancelJob, scheduleJob } from '../jobs/jobs.ts';
import { afterCommit, type OrderDeps } from './deps.ts';
import { runEffect, type EffectInput } from './effects.ts';
import { invalidTransition, notYourMove, orderNotFound } from './errors.ts';
import { guardFails } from './facts.ts';
import { DEADLINE_RESTARTS, DEADLINES, eventsFor, nextState, TRANSITIONS } from './machine.ts';
import { notifyTransition } from './notify.ts';
import { scheduleReminders, scheduleTripReminder } from './reminders.ts';
import { partyOf, type Actor, type OrderRow } from './types.ts';

/** The job that fires a state's deadline event; one per order, moved on every transition. */
export const DEADLINE_JOB = 'order-deadline';
export const deadlineJobKey = (id: number) => `order:${id}`;

/** Reads an order and locks its row until the transaction ends: every transition starts here. */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}

/**
 * Whether `actor` may fire `event` on `order` now: the table (state and role), then the order's
 * facts. A stranger learns nothing (404); a party gets 403 for the other side's move and 409
 * for an event the state does not allow.
 */
export function authorize(order: OrderRow, event: OrderEvent, actor: Actor, now: Date) {
  if (actor.role === 'requester' || actor.role === 'traveler') {
    if (partyOf(order, actor.userId) !== actor.role) throw orderNotFound();
  }
  const t = TRANSITIONS[event];
  if (!t.from.includes(order.status as OrderState)) throw invalidTransition();
  if (!t.roles.includes(actor.role)) throw notYourMove();
  const why = guardFails(order, event, actor, now);
  if (why) throw invalidTransition(why);
}

/** The events this viewer may fire now: exactly the buttons the pages show. */
export function actionsFor(order: OrderRow, userId: number, now: Date): OrderEvent[] {
  const role = partyOf(order, userId);
  if (!role) return [];
  const actor: Actor = { role, userId };
  return eventsFor(order.status as OrderState, role).filter((e) => !guardFails(order, e, actor, now));
}

/** Sets (or clears) the deadline of the state an order has just entered, and its job. */
export async function scheduleDeadline(tx: Tx, id: number, state: OrderState, now: Date) {
  const d = DEADLINES[state];
  const deadlineAt = d ? new Date(now.getTime() + d.hours * 3_600_000) : null;
  await tx.update(transactions).set({ deadlineAt }).where(eq(transactions.id, id));
  if (deadlineAt) await scheduleJob(tx, { kind: DEADLINE_JOB, key: deadlineJobKey(id), runAt: deadlineAt });
  else await cancelJob(tx, deadlineJobKey(id), now);
  // Its reminders move with it (or go, with the state they were for).
  await scheduleReminders(tx, id, state, deadlineAt, now);
}

export async function writeHistory(tx: Tx, id: number, event: string, from: string | null, to: string, actor: Actor, data?: Record<string, unknown>) {
  await tx.insert(transactionHistories).values({
    transactionId: id,
    event,
    fromStatus: from,
    toStatus: to,
    actorRole: actor.role,
    actorId: 'userId' in actor ? actor.userId : null,
    data: data ?? null,
  });
}

/**
 * Fires an event inside the caller's transaction: locks the order, checks it, runs the effect,
 * writes the new state and its history row, moves the deadline and queues the notifications.
 * Anything that throws rolls all of it back.
 */
export async function fireIn(tx: Tx, deps: OrderDeps, id: number, event: OrderEvent, actor: Actor, input: EffectInput = {}): Promise<OrderRow> {
  const order = await lockOrder(tx, id);
  if (!order) throw orderNotFound();
  const now = deps.now();
  authorize(order, event, actor, now);
  const to = nextState(order.status as OrderState, event)!;
  const historyData = await runEffect({ tx, deps, order, event, to, actor, input, now, fire: (otherId, e, a, i) => fireIn(tx, deps, otherId, e, a, i) });
  await tx.update(transactions).set({ status: to, updatedAt: now }).where(eq(transactions.id, id));
  await writeHistory(tx, id, event, order.status, to, actor, historyData);
  if (to !== order.status || DEADLINE_RESTARTS[event]?.includes(to)) await scheduleDeadline(tx, id, to, now);
  // A paid order waits for its trip's delivery date: the traveller is reminded the day before.
  if (to === 'paid') await scheduleTripReminder(tx, order.tripId, now);
  const after = (await lockOrder(tx, id))!;
  await notifyTransition(tx, after, event, actor);
  return after;
}

/** Fires an event in a transaction of its own; notifications go out after it commits. */
export async function fire(deps: OrderDeps, id: number, event: OrderEvent, actor: Actor, input: EffectInput = {}): Promise<OrderRow> {
  const order = await deps.db.transaction((tx) => fireIn(tx, deps, id, event, actor, input));
  afterCommit(deps);
  return order;
}
