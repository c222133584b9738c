import { Hono } from 'hono';
import { idText } from '../../lib/schemas/ids.ts';
import { notificationsQuery } from '../../lib/schemas/notifications.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../domain/notifications/inbox.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const notificationId = { id: idText('notifications:not_found') };

/** The signed-in user's notifications (SPEC §7): list, mark one read, mark all read. */
export const notificationRoutes = new Hono<ApiEnv>()
  .get(
    '/notifications',
    route({ user: true, query: notificationsQuery }, async (c, { user, query }) =>
      ok(c, await listNotifications(c.get('services').deps.db, user.id, query, c.get('lang'), user.timeZone)),
    ),
  )
  // Before /:id, so "read-all" is never read as an id.
  .put(
    '/notifications/read-all',
    route({ guestPages: 'unchanged', user: true }, async (c, { user }) => {
      const { deps } = c.get('services');
      const marked = await markAllNotificationsRead(deps.db, user.id, deps.now());
      return ok(c, { marked }, 'notifications:all_read');
    }),
  )
  .put(
    '/notifications/:id',
    route({ guestPages: 'unchanged', user: true, params: notificationId }, async (c, { user, params }) => {
      const { deps } = c.get('services');
      return ok(c, await markNotificationRead(deps.db, user.id, params.id, deps.now(), c.get('lang'), user.timeZone));
    }),
  );
