import type { Tx } from '../../db/client.ts';
import type { OrderEvent, PartyRole } from '../../../lib/orders/vocabulary.ts';
import { notify } from '../notifications/outbox.ts';
import type { Actor, OrderRow } from './types.ts';

/** The page each party sees an order on. */
export const orderLink = (order: Pick<OrderRow, 'id'>, role: PartyRole) => (role === 'requester' ? `/dashboard/purchase/${order.id}` : `/dashboard/sell/${order.id}`);

/**
 * Who hears of a transition: the party who did not fire it (both for deadlines, webhooks and staff).
 * Stored through the outbox in this transaction as a message key and parameters, translated for
 * the reader; nothing leaves before the transaction commits.
 */
export function recipientsOf(order: OrderRow, actor: Actor): PartyRole[] {
  if (actor.role === 'requester') return ['traveler'];
  if (actor.role === 'traveler') return ['requester'];
  return ['requester', 'traveler'];
}

export async function notifyTransition(tx: Tx, order: OrderRow, event: OrderEvent | 'created' | 'offer' | 'take_request', actor: Actor) {
  // The buyer of a checkout hears of it too: what to pay, and by when (their e-mail has the summary).
  const parties: [PartyRole, string][] = recipientsOf(order, actor).map((role) => [role, event]);
  if (event === 'created') parties.push(['requester', 'placed']);
  for (const [role, what] of parties) {
    await notify(tx, role === 'requester' ? order.requesterId : order.travelerId, {
      key: `orders:notify.${what}`,
      params: { id: order.id },
      notifiableType: 'transaction',
      notifiableId: order.id,
      link: orderLink(order, role),
      transactionType: role === 'requester' ? 'pembelian' : 'penjualan',
    });
  }
}
