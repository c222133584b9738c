/**
 * What a notification e-mail says, in the recipient's language and time zone: the notification's
 * title and message, the order's summary when it is about an order (product, amounts in Rp.,
 * what to do by when), one button to the page built from PUBLIC_URL, and the footer with the
 * signed one-click unsubscribe link (the only link with a token in it).
 */
import { and, asc, eq, gt, lte, ne } from 'drizzle-orm';
import { imageSrc } from '../../../lib/images.ts';
import { formatDateTime, formatRupiah } from '../../../lib/format.ts';
import { translator, type Locale } from '../../../lib/i18n/index.ts';
import type { DeliveryCategory, NotificationCategory } from '../../../lib/notification-settings.ts';
import { chatMessages, chatRooms } from '../../db/chat-schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transactionItems, transactions } from '../../db/orders-schema.ts';
import { notifications, users } from '../../db/schema.ts';
import type { MailMessage } from '../../integrations/mail/index.ts';
import { renderMail, type MailContent, type MailRow } from '../../integrations/mail/templates.ts';
import { notificationText } from './outbox.ts';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe.ts';

export interface MailReader {
  id: number;
  email: string;
  username: string;
  locale: Locale;
  timeZone: string;
}

export interface MailSettings {
  publicUrl: string;
  unsubscribeSecret: string;
  /** Payments go to the built-in sandbox: every mail about an order says it is test money. */
  testPayments?: boolean;
}

type NotificationRow = typeof notifications.$inferSelect;
type T = ReturnType<typeof translator>;

/** A relative link on this site as an absolute URL on PUBLIC_URL (never the request's host). */
const absolute = (publicUrl: string, path: string) => `${publicUrl}${path.startsWith('/') ? path : `/${path}`}`;

/** Money mail cannot be switched off: its footer link turns off the rest of the order mail. */
const switchFor = (category: DeliveryCategory): NotificationCategory => (category === 'money' ? 'orders' : category);

function footer(t: T, reader: MailReader, settings: MailSettings, category: DeliveryCategory, now: Date) {
  const token = unsubscribeToken(settings.unsubscribeSecret, { userId: reader.id, category: switchFor(category) }, now);
  const link = unsubscribeUrl(settings.publicUrl, token);
  const lines = [t('notifications:mail.footer_why', { email: reader.email })];
  if (category === 'money') lines.push(t('notifications:mail.footer_money'));
  lines.push(t('notifications:mail.footer_settings', { url: absolute(settings.publicUrl, '/dashboard/setting/notifications') }));
  return {
    lines,
    unsubscribe: { label: t(`notifications:mail.unsubscribe_${switchFor(category)}`), href: link },
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

async function finish(content: Omit<MailContent, 'brand' | 'footer' | 'unsubscribe' | 'lang'>, reader: MailReader, settings: MailSettings, category: DeliveryCategory, now: Date, subject: string): Promise<MailMessage> {
  const t = translator(reader.locale);
  const f = footer(t, reader, settings, category, now);
  const { html, text } = await renderMail({ ...content, lang: reader.locale, brand: t('notifications:mail.brand'), footer: f.lines, unsubscribe: f.unsubscribe });
  return { to: reader.email, subject, html, text, headers: f.headers };
}

/** The order's part of a mail: what was bought and the amounts the reader cares about. */
async function orderSummary(db: DbOrTx, t: T, reader: MailReader, orderId: number, buyer: boolean, publicUrl: string) {
  const [order] = await db.select().from(transactions).where(eq(transactions.id, orderId));
  if (!order) return undefined;
  const items = await db.select().from(transactionItems).where(eq(transactionItems.transactionId, orderId)).orderBy(asc(transactionItems.id));
  const rows: MailRow[] = items.map((i) => ({ label: t('notifications:mail.item', { name: i.name, quantity: i.quantity }), value: formatRupiah(i.price * i.quantity) }));
  if (order.travelerTip) rows.push({ label: t('notifications:mail.tip'), value: formatRupiah(order.travelerTip) });
  if (order.shippingFee) rows.push({ label: t('notifications:mail.shipping'), value: formatRupiah(order.shippingFee) });
  if (buyer) {
    rows.push({ label: t('notifications:mail.service_fee'), value: formatRupiah(order.serviceFee) });
    rows.push({ label: t('notifications:mail.total'), value: formatRupiah(order.totalPrice), strong: true });
  } else {
    rows.push({ label: t('notifications:mail.platform_fee'), value: `-${formatRupiah(order.platformFee)}` });
    rows.push({ label: t('notifications:mail.earnings'), value: formatRupiah(order.travelerTotal), strong: true });
  }
  let callout: string | undefined;
  const deadline = order.deadlineAt ? formatDateTime(order.deadlineAt, reader.locale, reader.timeZone) : '';
  if (order.status === 'awaiting_payment' && buyer && deadline) callout = t('notifications:mail.pay_by', { amount: formatRupiah(order.totalPrice), deadline });
  else if (order.status === 'shipped' && order.resi) callout = t('notifications:mail.shipped', { courier: order.shippedCourier ?? '', resi: order.resi });
  else if (order.status === 'completed' && !buyer) callout = t('notifications:mail.earned', { amount: formatRupiah(order.travelerTotal) });
  const image = order.status === 'purchased' && order.receiptImageId ? { src: absolute(publicUrl, imageSrc(order.receiptImageId)), alt: t('notifications:mail.receipt') } : undefined;
  return { title: t('notifications:mail.summary', { id: order.id }), rows, callout, image };
}

/** The mail of one notification row (any kind: an order's gets its summary). */
export async function notificationMail(db: DbOrTx, row: NotificationRow, reader: MailReader, category: DeliveryCategory, settings: MailSettings, now: Date): Promise<MailMessage> {
  const t = translator(reader.locale);
  const { title, message } = notificationText(row, reader.locale, reader.timeZone);
  const summary = row.notifiableType === 'transaction' ? await orderSummary(db, t, reader, row.notifiableId, row.transactionType === 'pembelian', settings.publicUrl) : undefined;
  const button = row.link
    ? { label: t(row.notifiableType === 'transaction' ? 'notifications:mail.view_order' : 'notifications:mail.open'), href: absolute(settings.publicUrl, row.link) }
    : { label: t('notifications:mail.open'), href: absolute(settings.publicUrl, '/dashboard/notification') };
  return finish(
    {
      preview: message,
      heading: title,
      paragraphs: [t('notifications:mail.greeting', { name: reader.username }), message, ...(summary && settings.testPayments ? [t('notifications:mail.test_payment')] : [])],
      summaryTitle: summary?.title,
      summary: summary?.rows,
      callout: summary?.callout,
      image: summary?.image,
      button,
    },
    reader,
    settings,
    category,
    now,
    title,
  );
}

/** What a chat digest covers: the room, and the other party's messages after `after` up to `upto`. */
export interface ChatDigest {
  room_id: number;
  after: number;
  upto: number;
}

/** The digest of unread chat messages in one room: who wrote, the last few messages, a button to the chat. */
export async function chatDigestMail(db: DbOrTx, digest: ChatDigest, reader: MailReader, settings: MailSettings, now: Date): Promise<MailMessage | undefined> {
  const t = translator(reader.locale);
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, digest.room_id));
  if (!room) return undefined;
  const messages = await db
    .select({ id: chatMessages.id, body: chatMessages.body, imageId: chatMessages.imageId, username: users.username })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.roomId, room.id), ne(chatMessages.senderId, reader.id), gt(chatMessages.id, digest.after), lte(chatMessages.id, digest.upto)))
    .orderBy(asc(chatMessages.id));
  if (!messages.length) return undefined;
  const from = messages.at(-1)!.username;
  const shown = messages.slice(-5);
  const subject = t('notifications:mail.chat_subject', { username: from, id: room.transactionId });
  const intro = t('notifications:mail.chat_intro', { count: messages.length, username: from, id: room.transactionId });
  return finish(
    {
      preview: shown.at(-1)!.body ?? t('chat:photo'),
      heading: subject,
      paragraphs: [t('notifications:mail.greeting', { name: reader.username }), intro],
      quotes: shown.map((m) => ({ who: `@${m.username}`, text: m.body ?? t('chat:photo') })),
      button: { label: t('notifications:mail.open_chat'), href: absolute(settings.publicUrl, `/dashboard/chat?room=${room.id}`) },
    },
    reader,
    settings,
    'chat',
    now,
    subject,
  );
}
