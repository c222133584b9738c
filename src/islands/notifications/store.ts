import { atom } from 'nanostores';
import { api } from '../../lib/api.ts';
import { NOTIFICATION_PREVIEW } from '../../lib/notifications.ts';
import type { NotificationView } from '../../lib/views/notifications.ts';

/** The header's preview: the newest unread notifications and the unread count (null: not loaded). */
export const $unreadNotifications = atom<{ rows: NotificationView[]; unread: number } | null>(null);

let loading: Promise<void> | null = null;

/** Reloads the preview from GET /v1/notifications?status=unread (after a push, a reconnect, a read). */
export function refreshNotifications(): Promise<void> {
  loading ??= api
    .get('/notifications', { query: { status: 'unread', per_page: NOTIFICATION_PREVIEW } })
    .then((page) => $unreadNotifications.set({ rows: page.rows, unread: page.unread }))
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Where a notification leads: its link, else the order's purchase or sale page (SPEC §4). */
export function notificationHref(n: Pick<NotificationView, 'link' | 'notificationable_type' | 'notificationable_id' | 'transaction_type'>): string | null {
  if (n.link) return n.link;
  if (n.notificationable_type !== 'transaction') return null;
  return n.transaction_type === 'pembelian' ? `/dashboard/purchase/${n.notificationable_id}` : `/dashboard/sell/${n.notificationable_id}`;
}

/** SPEC §4: a click marks it read, then opens the page it is about. */
export async function openNotification(n: NotificationView): Promise<void> {
  if (!n.read_at) {
    try {
      await api('PUT', `/notifications/${n.id}`);
    } catch {
      // Opening the order matters more than the read mark; the next refresh shows it unread.
    }
  }
  const href = notificationHref(n);
  if (href) window.location.assign(href);
  else void refreshNotifications();
}

export async function markAllRead(): Promise<string | undefined> {
  const res = await api('PUT', '/notifications/read-all');
  await refreshNotifications();
  return res.message;
}
