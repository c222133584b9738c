import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { NotificationsQuery } from '../../../lib/schemas/notifications.ts';
import type { NotificationPage, NotificationView } from '../../../lib/views/notifications.ts';
import { pageOf } from '../../../lib/views/page.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { notificationView } from './outbox.ts';
import { literal } from '../../db/literal.ts';

/**
 * The user's own notifications (the header dropdown and /dashboard/notification): newest first,
 * translated for the reader (times in their time zone), with the unread count for the badge. Only ever the caller's rows.
 */
export async function listNotifications(db: DbOrTx, userId: number, q: NotificationsQuery, locale: Locale, timeZone?: string): Promise<NotificationPage> {
  const mine = eq(notifications.userId, userId);
  const unreadOnly = and(mine, isNull(notifications.readAt));
  const where = q.status === 'unread' ? unreadOnly : mine;
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(literal(q.per_page))
      .offset(literal((q.page - 1) * q.per_page)),
    db.select({ total: count() }).from(notifications).where(where),
    db.select({ unread: count() }).from(notifications).where(unreadOnly),
  ]);
  return { ...pageOf(rows.map((r) => notificationView(r, locale, timeZone)), total, q.page, q.per_page), unread };
}

/** Marks one of the user's notifications read (again is fine); someone else's is 404. */
export async function markNotificationRead(db: DbOrTx, userId: number, id: number, now: Date, locale: Locale, timeZone?: string): Promise<NotificationView> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning();
  if (row) return notificationView(row, locale, timeZone);
  const [already] = await db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!already) throw notFound('notifications:not_found');
  return notificationView(already, locale, timeZone);
}

/** Marks every unread notification of the user read; how many were. */
export async function markAllNotificationsRead(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
