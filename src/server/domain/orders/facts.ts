import { SELF_PICKUP, type OrderEvent, type OrderState } from '../../../lib/orders/vocabulary.ts';
import type { Actor, OrderRow } from './types.ts';

/**
 * Guards that depend on the order's facts, beyond the table's states and roles. Each returns
 * the message key of why the event may not fire now, or undefined. Pure: the engine calls them
 * on the locked row, and `actions` lists only events whose guard passes.
 */
type Guard = (order: OrderRow, actor: Actor, now: Date) => string | undefined;

const deadlinePassed: Guard = (order, _actor, now) =>
  order.deadlineAt && order.deadlineAt.getTime() <= now.getTime() ? undefined : 'orders:error.deadline_not_passed';

/** The after-sales facts of an order (what the effects recorded in `after_sales`). */
const returnShipped = (o: OrderRow) => !!o.afterSales?.ship_return;
const nothingToReturn = (o: OrderRow) => (o.afterSales?.complain as { reason?: string } | undefined)?.reason === 'not_received';
const windowOpen: Guard = (o, _a, now) => (o.deadlineAt && o.deadlineAt.getTime() <= now.getTime() ? 'orders-after:error.window_closed' : undefined);

/** The side whose offer is open made the last bid; only the other side answers it. */
const offerMadeBy = (status: string) => (status === 'offer_by_traveler' ? 'traveler' : 'requester');

export const GUARDS: Partial<Record<OrderEvent, Guard>> = {
  counter_by_requester: (o) => (o.requesterBids >= 1 ? 'orders:bid.once' : undefined),
  // The traveller's first offer is their first bid; they may counter back once.
  counter_by_traveler: (o) => (o.travelerBids >= 2 ? 'orders:bid.once' : undefined),
  update_bid: (o, a) => (a.role === offerMadeBy(o.status) ? undefined : 'orders:error.not_your_offer'),
  accept_offer: (o, a) => (a.role !== offerMadeBy(o.status) ? undefined : 'orders:error.own_offer'),
  // Once the traveller has bought the goods, only the traveller can call it off.
  cancel: (o, a) => (o.status === 'purchased' && a.role !== 'traveler' ? 'orders:error.already_purchased' : undefined),
  deliver: (o) => (o.shippingId === SELF_PICKUP ? 'orders:ship.pickup_order' : undefined),
  ready_pickup: (o) => (o.shippingId && o.shippingId !== SELF_PICKUP ? 'orders:ship.courier_order' : undefined),
  expire_offer: deadlinePassed,
  expire_payment: deadlinePassed,
  auto_complete: deadlinePassed,
  complaint_timeout: deadlinePassed,
  // After-sales (docs/order-lifecycle.md): the traveller answers a complaint only within its window.
  accept_refund: windowOpen,
  reject_refund: windowOpen,
  ship_return: (o) => (returnShipped(o) ? 'orders-after:error.return_already_shipped' : undefined),
  // Cancelling after the goods went back would leave the traveller with both.
  cancel_refund: (o) => (returnShipped(o) ? 'orders-after:error.return_already_shipped' : undefined),
  finish_refund: (o) => (returnShipped(o) || nothingToReturn(o) ? undefined : 'orders-after:error.return_not_shipped'),
  refund_timeout: (o, a, now) => deadlinePassed(o, a, now) ?? (returnShipped(o) || nothingToReturn(o) ? undefined : 'orders-after:error.return_not_shipped'),
  // The system accepts a rejection only when the requester let the window pass.
  approve_rejection: (o, a, now) => (a.role === 'system' ? deadlinePassed(o, a, now) : undefined),
};

export const guardFails = (order: OrderRow, event: OrderEvent, actor: Actor, now: Date) => GUARDS[event]?.(order, actor, now);

export const isOpenOffer = (status: OrderState) => status === 'offer_by_traveler' || status === 'offer_by_requester';
