import { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** SPEC §9: the header previews 10 unread; the page lists 20 at a time. */
export const NOTIFICATION_PREVIEW = 10;

/** GET /v1/notifications: page, per_page (at most 50), status=unread for the unread ones only. */
export const notificationsQuery = pagingQuery(20, 50).extend({
  status: z.enum(['unread', 'all'], { error: 'errors:field.invalid' }).default('all'),
});
export type NotificationsQuery = z.output<typeof notificationsQuery>;
