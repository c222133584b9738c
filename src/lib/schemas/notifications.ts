import { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** GET /v1/notifications: page, per_page (20 by default, at most 50), status=unread for the unread ones only. */
export const notificationsQuery = pagingQuery(20, 50).extend({
  status: z.enum(['unread', 'all'], { error: 'errors:field.invalid' }).default('all'),
});
export type NotificationsQuery = z.output<typeof notificationsQuery>;
