import type { DeliveryCategory } from '../../../lib/notification-settings.ts';

/**
 * Money-critical notifications: the buyer's payment arrived, money went back to the buyer, a
 * payout was paid or failed. Their mail cannot be switched off (the settings page says why).
 */
export const MONEY_KEYS: ReadonlySet<string> = new Set([
  'orders:notify.confirm_payment',
  'orders:notify.finish_refund',
  'orders:notify.complaint_timeout',
  'orders:notify.refund_timeout',
  'orders:notify.finish_appeal',
  'orders:notify.decide_refund',
  'withdraw:notify.completed',
  'withdraw:notify.failed',
]);

const SOCIAL_KEYS: ReadonlySet<string> = new Set(['catalogue:discussion.notify', 'catalogue:follow.notify', 'orders-fulfil:notify.rated']);

/**
 * Which switch a notification answers to. Anything not named here is about an order or the
 * account (a new kind of notification, such as a trip's dates changing, is 'orders' until it is
 * named otherwise): every kind goes out on every channel.
 */
export function categoryOf(key: string | null): DeliveryCategory {
  if (!key) return 'orders';
  if (MONEY_KEYS.has(key)) return 'money';
  if (key.startsWith('orders:remind.')) return 'reminders';
  if (SOCIAL_KEYS.has(key)) return 'social';
  return 'orders';
}

/** Deadlines that move money: their push goes with high urgency. */
export const isUrgent = (category: DeliveryCategory) => category === 'money' || category === 'reminders';
