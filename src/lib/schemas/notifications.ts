import { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** GET /v1/notifications: page, per_page (20 by default, at most 50), status=unread for the unread ones only. */
export const notificationsQuery = pagingQuery(20, 50).extend({
  status: z.enum(['unread', 'all'], { error: 'errors:field.invalid' }).default('all'),
});
export type NotificationsQuery = z.output<typeof notificationsQuery>;

const switches = z.strictObject(
  { orders: z.boolean({ error: 'errors:field.invalid' }), chat: z.boolean({ error: 'errors:field.invalid' }), reminders: z.boolean({ error: 'errors:field.invalid' }), social: z.boolean({ error: 'errors:field.invalid' }) },
  { error: 'errors:field.invalid' },
);

/** PUT /v1/users/notification-settings: the whole shape, every switch named (GET answers the same). */
export const notificationSettingsBody = z.strictObject({ email: switches, push: switches }, { error: 'errors:field.invalid' });

/** PUT /v1/users/notification-extras: the time zone reminders are written in, WhatsApp opt-in. */
export const notificationExtrasBody = z.strictObject({
  time_zone: z
    .string({ error: 'errors:field.invalid' })
    .max(64, { error: 'errors:field.invalid' })
    .refine((tz) => isTimeZone(tz), { error: 'notifications:settings.time_zone_invalid' })
    .optional(),
  whatsapp: z.boolean({ error: 'errors:field.invalid' }).optional(),
});
export type NotificationExtrasBody = z.output<typeof notificationExtrasBody>;

/** Whether Intl knows this IANA zone name. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** POST /v1/push/subscriptions: what PushSubscription.toJSON() gives (expirationTime may come along). */
export const pushSubscriptionBody = z.object({
  endpoint: z.string({ error: 'notifications:push.endpoint_invalid' }).min(1, { error: 'notifications:push.endpoint_invalid' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: 'notifications:push.keys_invalid' }).refine((k) => base64urlLength(k) === 65, { error: 'notifications:push.keys_invalid' }),
      auth: z.string({ error: 'notifications:push.keys_invalid' }).refine((k) => base64urlLength(k) === 16, { error: 'notifications:push.keys_invalid' }),
    },
    { error: 'notifications:push.keys_invalid' },
  ),
});
export const pushUnsubscribeBody = z.object({ endpoint: z.string({ error: 'notifications:push.endpoint_invalid' }).min(1).max(4096) });

/** Bytes a base64url text decodes to, or -1 when it is not base64url. */
function base64urlLength(text: string): number {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text) || text.length > 200) return -1;
  const bare = text.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}
