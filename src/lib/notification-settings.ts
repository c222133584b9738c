/**
 * What a user hears of off-site, per channel and category (docs/notifications.md). Shared by the
 * settings page and the server. Money-critical mail (payment received, refunds, payouts) is its
 * own category that no switch turns off: the user must learn that money moved.
 */
export const NOTIFICATION_CATEGORIES = ['orders', 'chat', 'reminders', 'social'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/** Every delivery's category: a switchable one, or money, which always goes out. */
export type DeliveryCategory = NotificationCategory | 'money';

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type CategorySwitches = Record<NotificationCategory, boolean>;
export type NotificationSettings = Record<NotificationChannel, CategorySwitches>;

/** Everything on, except e-mail about follows, questions and reviews. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: { orders: true, chat: true, reminders: true, social: false },
  push: { orders: true, chat: true, reminders: true, social: true },
};

/** Time zones offered on the settings page (Indonesia's three first); a user's own stays valid. */
export const COMMON_TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Singapore', 'Asia/Kuala_Lumpur', 'Asia/Tokyo', 'Asia/Seoul', 'Asia/Hong_Kong', 'Australia/Sydney', 'Europe/London', 'Europe/Amsterdam', 'America/New_York', 'America/Los_Angeles', 'UTC'] as const;
