import {
  AUTO_COMPLETE_DAYS,
  COMPLAINT_RESPONSE_HOURS,
  OFFER_LIFETIME_HOURS,
  PAYMENT_WINDOW_HOURS,
  REFUND_FINISH_HOURS,
  type OrderEvent,
  type OrderRole,
  type OrderState,
} from '../../../lib/orders/vocabulary.ts';

/**
 * The order state machine, as data (in the manner of Sharetribe's transaction processes).
 * Each event lists the states it may fire in, where it leads ('same' keeps the state: a bid update
 * or a return shipment) and who may fire it. Guards that depend on the order's facts live in
 * facts.ts, effects (ledger, stock, notifications) in effects.ts; the engine runs them in one
 * database transaction with the order row locked. docs/order-lifecycle.md draws this table.
 */
export interface Transition {
  from: readonly OrderState[];
  to: OrderState | 'same';
  roles: readonly OrderRole[];
}

const OFFERS = ['offer_by_traveler', 'offer_by_requester'] as const;
const APPEALS = ['appealed', 'appeal_return_shipped', 'appeal_return_problem'] as const;

export const TRANSITIONS: Record<OrderEvent, Transition> = {
  // Offers on a request (SPEC §4: each side bids once; the requester counters, the traveller counters back).
  counter_by_requester: { from: ['offer_by_traveler'], to: 'offer_by_requester', roles: ['requester'] },
  counter_by_traveler: { from: ['offer_by_requester'], to: 'offer_by_traveler', roles: ['traveler'] },
  update_bid: { from: OFFERS, to: 'same', roles: ['requester', 'traveler'] },
  accept_offer: { from: OFFERS, to: 'awaiting_payment', roles: ['requester', 'traveler'] },
  reject_offer: { from: OFFERS, to: 'cancelled', roles: ['requester', 'traveler'] },
  expire_offer: { from: OFFERS, to: 'cancelled', roles: ['system'] },
  // Payment.
  cancel: { from: ['awaiting_payment', 'paid', 'purchased'], to: 'cancelled', roles: ['requester', 'traveler'] },
  expire_payment: { from: ['awaiting_payment'], to: 'cancelled', roles: ['system'] },
  confirm_payment: { from: ['awaiting_payment'], to: 'paid', roles: ['system'] },
  // Another traveller's order for the same request was paid: the rest close.
  close_taken_request: { from: [...OFFERS, 'awaiting_payment'], to: 'cancelled', roles: ['system'] },
  // Fulfilment.
  confirm_purchase: { from: ['paid'], to: 'purchased', roles: ['traveler'] },
  deliver: { from: ['purchased'], to: 'shipped', roles: ['traveler'] },
  ready_pickup: { from: ['purchased'], to: 'ready_for_pickup', roles: ['traveler'] },
  accept_delivery: { from: ['shipped'], to: 'completed', roles: ['requester'] },
  pickup_done: { from: ['ready_for_pickup'], to: 'completed', roles: ['traveler'] },
  auto_complete: { from: ['shipped', 'ready_for_pickup'], to: 'completed', roles: ['system'] },
  // Complaint → refund → appeal (SPEC §4 "Refund/appeal flow"; docs/order-lifecycle.md "After-sales").
  // The requester complains instead of confirming receipt; the traveller answers within 2 × 24 h.
  complain: { from: ['shipped', 'ready_for_pickup'], to: 'complained', roles: ['requester'] },
  // The return goes back once, while the complaint is open or after the refund was accepted.
  ship_return: { from: ['complained', 'refund_accepted'], to: 'same', roles: ['requester'] },
  accept_refund: { from: ['complained'], to: 'refund_accepted', roles: ['traveler'] },
  reject_refund: { from: ['complained'], to: 'refund_rejected', roles: ['traveler'] },
  // Refund finished: the traveller has the return (or nothing was delivered); the buyer's money goes back.
  finish_refund: { from: ['refund_accepted'], to: 'refunded', roles: ['traveler'] },
  cancel_refund: { from: ['complained', 'refund_accepted', 'refund_rejected'], to: 'completed', roles: ['requester'] },
  // The requester accepts the rejection, or stays silent for 2 × 24 h (the system accepts it).
  approve_rejection: { from: ['refund_rejected'], to: 'completed', roles: ['requester', 'system'] },
  appeal: { from: ['complained', 'refund_rejected'], to: 'appealed', roles: ['requester'] },
  // A traveller who does not answer a complaint in time loses by default: the buyer is refunded.
  complaint_timeout: { from: ['complained'], to: 'refunded', roles: ['system'] },
  refund_timeout: { from: ['refund_accepted'], to: 'refunded', roles: ['system'] },
  ship_appeal_return: { from: ['appealed'], to: 'appeal_return_shipped', roles: ['requester'] },
  report_return_problem: { from: ['appeal_return_shipped'], to: 'appeal_return_problem', roles: ['traveler'] },
  finish_appeal: { from: ['appeal_return_shipped'], to: 'refunded', roles: ['traveler'] },
  // An operator decides an appeal in the console: the buyer's money back, or on to the traveller.
  decide_refund: { from: APPEALS, to: 'refunded', roles: ['operator'] },
  decide_release: { from: APPEALS, to: 'completed', roles: ['operator'] },
};

/** Ways an order comes to exist, and the state each starts in. */
export const CREATION = {
  checkout: { to: 'awaiting_payment', role: 'requester' },
  take_request: { to: 'awaiting_payment', role: 'traveler' },
  offer: { to: 'offer_by_traveler', role: 'traveler' },
} as const satisfies Record<string, { to: OrderState; role: OrderRole }>;
export type CreationEvent = keyof typeof CREATION;

/** States in which the buyer's money sits in escrow. */
export const ESCROW_STATES: readonly OrderState[] = [
  'paid',
  'purchased',
  'shipped',
  'ready_for_pickup',
  'complained',
  'refund_accepted',
  'refund_rejected',
  'appealed',
  'appeal_return_shipped',
  'appeal_return_problem',
];
export const holdsEscrow = (state: string) => (ESCROW_STATES as readonly string[]).includes(state);

/** States nothing leaves. */
export const FINAL_STATES: readonly OrderState[] = ['completed', 'cancelled', 'refunded'];

/** States in which an order holds its request: anything but an open offer or a closed order (one holder at a time). */
export const holdsRequest = (state: string) => !(FINAL_STATES as readonly string[]).includes(state) && state !== 'offer_by_traveler' && state !== 'offer_by_requester';

/** Where `event` leads from `state`, or undefined when the table does not allow it there. */
export function nextState(state: OrderState, event: OrderEvent): OrderState | undefined {
  const t = TRANSITIONS[event];
  if (!t.from.includes(state)) return undefined;
  return t.to === 'same' ? state : t.to;
}

export const tableAllows = (state: OrderState, event: OrderEvent, role: OrderRole) =>
  TRANSITIONS[event].from.includes(state) && TRANSITIONS[event].roles.includes(role);

/** Events the table offers this role in this state (before the order's facts are checked). */
export const eventsFor = (state: OrderState, role: OrderRole) =>
  (Object.keys(TRANSITIONS) as OrderEvent[]).filter((e) => tableAllows(state, e, role));

/** The deadline of each state: which system event fires when it passes, after how long. */
export const DEADLINES: Partial<Record<OrderState, { event: OrderEvent; hours: number }>> = {
  offer_by_traveler: { event: 'expire_offer', hours: OFFER_LIFETIME_HOURS },
  offer_by_requester: { event: 'expire_offer', hours: OFFER_LIFETIME_HOURS },
  awaiting_payment: { event: 'expire_payment', hours: PAYMENT_WINDOW_HOURS },
  shipped: { event: 'auto_complete', hours: AUTO_COMPLETE_DAYS * 24 },
  ready_for_pickup: { event: 'auto_complete', hours: AUTO_COMPLETE_DAYS * 24 },
  complained: { event: 'complaint_timeout', hours: COMPLAINT_RESPONSE_HOURS },
  refund_accepted: { event: 'refund_timeout', hours: REFUND_FINISH_HOURS },
  refund_rejected: { event: 'approve_rejection', hours: COMPLAINT_RESPONSE_HOURS },
};

/**
 * Events that start their state's deadline again without leaving it: the return shipped after
 * the refund was accepted gives the traveller the whole window to receive it.
 */
export const DEADLINE_RESTARTS: Partial<Record<OrderEvent, readonly OrderState[]>> = {
  ship_return: ['refund_accepted'],
};
