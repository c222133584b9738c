import type { Page } from './page.ts';

/** A notification as the API answers and the real-time push sends it (SPEC §3), in the reader's language. */
export interface NotificationView {
  id: number;
  title: string;
  message: string;
  notificationable_type: string;
  notificationable_id: number;
  /** For an order: 'pembelian' (the reader bought) or 'penjualan' (the reader sells). */
  transaction_type: string | null;
  /** Where a click goes (an order's purchase or sale page), when the notification names a page. */
  link: string | null;
  read_at: string | null;
  created_at: string;
}

/** GET /v1/notifications: one page, and how many of the user's notifications are unread. */
export interface NotificationPage extends Page<NotificationView> {
  unread: number;
}
