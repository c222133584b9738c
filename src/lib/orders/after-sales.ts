/**
 * The words of the after-sales flow (complaint → refund → appeal) and of help requests, shared
 * by the server and the islands. The machine's events are in vocabulary.ts; this is what the
 * popups offer and the API accepts.
 */
export { APPEAL_REASONS, COMPLAINT_REASONS, REFUND_REJECTION_REASONS, RETURN_PROBLEM_REASONS } from './vocabulary.ts';

/** The free-text choice of every reason list ('Lainnya'). */
export const OTHER = 'other';

/**
 * Help topics by what the order's status_detail says (SPEC §4 labels); `other` ('Lainnya')
 * needs a message. Topic labels: `orders-after:help.topic.*`.
 */
export const HELP_TOPICS = {
  // dalam proses pembelian
  buying: ['purchase_taking_long', 'change_order', 'cancel_order', OTHER],
  // pesanan telah dibeli - menunggu dikirim traveler
  awaiting_shipment: ['when_shipped', 'contact_traveler', 'cancel_order', OTHER],
  // pesanan telah dibeli - pengiriman tertunda
  shipment_delayed: ['shipping_late', 'new_delivery_date', 'cancel_order', OTHER],
  // dalam perjalanan
  in_transit: ['tracking_not_updating', 'wrong_tracking_number', 'not_arrived', OTHER],
  // pesanan diterima
  received: ['item_problem', 'balance_question', OTHER],
  // anything else (offers, payment, refunds, appeals)
  general: ['payment_question', 'refund_question', 'account_question', OTHER],
} as const;
export type HelpGroup = keyof typeof HELP_TOPICS;
export const HELP_TOPIC_KEYS = [...new Set(Object.values(HELP_TOPICS).flat())] as [string, ...string[]];

/** The help group of an order's status (with the late-shipment variant of 'purchased'). */
export function helpGroupOf(status: string, late: boolean): HelpGroup {
  switch (status) {
    case 'paid':
      return 'buying';
    case 'purchased':
      return late ? 'shipment_delayed' : 'awaiting_shipment';
    case 'shipped':
    case 'ready_for_pickup':
      return 'in_transit';
    case 'completed':
      return 'received';
    default:
      return 'general';
  }
}
