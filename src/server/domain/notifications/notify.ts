import { notifications } from '../../db/schema.ts';
import { userChannel } from '../../realtime/types.ts';
import type { Deps } from '../deps.ts';

export interface NewNotification {
  title: string;
  message: string;
  notifiableType: 'transaction' | 'product' | 'request' | 'user';
  notifiableId: number;
  link?: string;
}

/**
 * Stores a notification and pushes `new-notification` on the user's private channel. A failed
 * push never fails the action that caused it: the notification is still in the list.
 */
export async function notify(deps: Pick<Deps, 'db' | 'realtime' | 'logger'>, userId: number, n: NewNotification): Promise<void> {
  const [row] = await deps.db
    .insert(notifications)
    .values({ userId, title: n.title, message: n.message, notifiableType: n.notifiableType, notifiableId: n.notifiableId, link: n.link ?? null })
    .returning({ id: notifications.id, createdAt: notifications.createdAt });
  try {
    await deps.realtime.publish(userChannel(userId), 'new-notification', {
      id: row.id,
      title: n.title,
      message: n.message,
      notificationable_type: n.notifiableType,
      notificationable_id: n.notifiableId,
      link: n.link ?? null,
      created_at: row.createdAt.toISOString(),
    });
  } catch (err) {
    deps.logger.warn('real-time push of a notification failed', err);
  }
}
