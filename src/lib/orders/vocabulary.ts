/**
 * The words of an order, shared by the server (the state machine in src/server/domain/orders)
 * and the browser (badges, buttons, reason pickers). The machine itself lives on the server;
 * this is only its vocabulary and the fixed business constants (docs/order-lifecycle.md).
 */

/** Every state an order can be in. */
export const ORDER_STATES = [
  'offer_by_traveler',
  'offer_by_requester',
  'awaiting_payment',
  'paid',
  'purchased',
  'shipped',
  'ready_for_pickup',
  'completed',
  'cancelled',
  'complained',
  'refund_accepted',
  'refund_rejected',
  'refunded',
  'appealed',
  'appeal_return_shipped',
  'appeal_return_problem',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The stage badge of SPEC §3 (its CSS class names). */
export const STAGES = ['penawaran', 'pembayaran', 'pembelian', 'pengiriman', 'pembatalan', 'selesai', 'refund', 'banding'] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_OF: Record<OrderState, Stage> = {
  offer_by_traveler: 'penawaran',
  offer_by_requester: 'penawaran',
  awaiting_payment: 'pembayaran',
  paid: 'pembelian',
  purchased: 'pembelian',
  shipped: 'pengiriman',
  ready_for_pickup: 'pengiriman',
  completed: 'selesai',
  cancelled: 'pembatalan',
  complained: 'refund',
  refund_accepted: 'refund',
  refund_rejected: 'refund',
  refunded: 'refund',
  appealed: 'banding',
  appeal_return_shipped: 'banding',
  appeal_return_problem: 'banding',
};

export const statesOfStage = (stage: Stage): OrderState[] => ORDER_STATES.filter((s) => STAGE_OF[s] === stage);

/** Every event that moves an order (each an API call or a deadline); creation events make one. */
export const ORDER_EVENTS = [
  'counter_by_requester',
  'counter_by_traveler',
  'update_bid',
  'accept_offer',
  'reject_offer',
  'expire_offer',
  'cancel',
  'expire_payment',
  'close_taken_request',
  'confirm_payment',
  'confirm_purchase',
  'deliver',
  'ready_pickup',
  'accept_delivery',
  'pickup_done',
  'auto_complete',
  'complain',
  'ship_return',
  'accept_refund',
  'reject_refund',
  'finish_refund',
  'cancel_refund',
  'approve_rejection',
  'appeal',
  'complaint_timeout',
  'refund_timeout',
  'ship_appeal_return',
  'report_return_problem',
  'finish_appeal',
  'decide_refund',
  'decide_release',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Who acts: the buyer (purchase side), the traveller (sale side), deadlines and webhooks, support staff. */
export type OrderRole = 'requester' | 'traveler' | 'system' | 'operator';
export type PartyRole = 'requester' | 'traveler';

/** The side of the dashboards: purchase = the requester's orders, sale = the traveller's. */
export type OrderSide = 'purchase' | 'sale';
export const sideOfRole = (role: PartyRole): OrderSide => (role === 'requester' ? 'purchase' : 'sale');

/** Cancel reasons (SPEC §9: ids 1–3 preset, 4 = other with required text), per side. */
export const CANCEL_REASON_IDS = [1, 2, 3, 4] as const;
export type CancelReasonId = (typeof CANCEL_REASON_IDS)[number];
export const OTHER_REASON_ID = 4;
/** i18n keys (orders:cancel.reason.{side}.{id}); 4 is the free-text "other". */
export const cancelReasonKey = (role: PartyRole, id: CancelReasonId) => `orders:cancel.reason.${role}.${id}`;

/** The reason a rejected offer records (SPEC §4). */
export const REJECTION_REASON: Record<PartyRole, string> = {
  requester: 'rejected_by_requester',
  traveler: 'rejected_by_traveler',
};

/** SPEC §9 reason lists of the after-sales flow (their labels are in the orders dictionary). */
export const COMPLAINT_REASONS = ['not_received', 'damaged', 'wrong_item', 'not_as_described', 'other'] as const;
export const REFUND_REJECTION_REASONS = ['evidence_insufficient', 'damage_reasonable', 'damage_not_functional', 'other'] as const;
export const APPEAL_REASONS = ['traveler_not_responding', 'refund_refused_unsatisfactory', 'other'] as const;
export const RETURN_PROBLEM_REASONS = ['wrong_item', 'item_damaged', 'not_received', 'other'] as const;

/** Deadlines (hours or days), each enforced by a job: see docs/order-lifecycle.md. */
export const PAYMENT_WINDOW_HOURS = 24;
export const OFFER_LIFETIME_HOURS = 48;
export const AUTO_COMPLETE_DAYS = 7;
export const COMPLAINT_RESPONSE_HOURS = 48;
export const REFUND_FINISH_HOURS = 72;

/**
 * Holding stock and requests fairly (README "Orders"): one order takes at most this many units of
 * a post unless its traveller set a higher per-order limit.
 */
export const DEFAULT_MAX_PER_ORDER = 10;
/**
 * A shipping fee a traveller asks on a request may be at most the dearest courier quote for the
 * parcel's weight and route times SHIPPING_FEE_QUOTE_TIMES, plus SHIPPING_FEE_ALLOWANCE Rupiah
 * (packing, getting to the courier): room for real costs, none for a fee that blocks a request.
 */
export const SHIPPING_FEE_QUOTE_TIMES = 2;
export const SHIPPING_FEE_ALLOWANCE = 25_000;

/** Payment types of POST /v1/transactions/{id}/pay (SPEC §9: bank_transfer is the default). */
export const PAYMENT_TYPES = ['bank_transfer', 'card'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Self pickup: the courier option that ships nothing. */
export const SELF_PICKUP = 'self_pickup';
