import type { transactions } from '../../db/orders-schema.ts';
import type { OrderRole, PartyRole } from '../../../lib/orders/vocabulary.ts';

export type OrderRow = typeof transactions.$inferSelect;

/** Who fires an event: a party (with their user id), a deadline or webhook, or support staff. */
export type Actor = { role: PartyRole; userId: number } | { role: 'system' } | { role: 'operator'; userId: number };

/** The party role a user plays in an order, if any. */
export function partyOf(order: Pick<OrderRow, 'requesterId' | 'travelerId'>, userId: number | undefined): PartyRole | undefined {
  if (userId === undefined) return undefined;
  if (order.requesterId === userId) return 'requester';
  if (order.travelerId === userId) return 'traveler';
  return undefined;
}

export const actorRole = (actor: Actor): OrderRole => actor.role;
