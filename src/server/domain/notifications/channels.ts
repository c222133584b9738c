/**
 * The channels a committed notification (or a chat digest) goes out on besides the real-time
 * push: e-mail, web push and WhatsApp. Each is generic over notification kinds: what it says
 * comes from the row's message key, translated for the reader when sent.
 */
import { and, eq } from 'drizzle-orm';
import { resolveLocale, translator } from '../../../lib/i18n/index.ts';
import type { DeliveryCategory } from '../../../lib/notification-settings.ts';
import { chatReads, chatRooms } from '../../db/chat-schema.ts';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/delivery-schema.ts';
import { notifications, users } from '../../db/schema.ts';
import type { Mailer } from '../../integrations/mail/index.ts';
import type { PushSender } from '../../integrations/push/web-push.ts';
import type { Whatsapp } from '../../integrations/whatsapp/index.ts';
import type { Logger } from '../../logger.ts';
import { endpointProblem } from '../../security/push-endpoints.ts';
import { isUrgent } from './categories.ts';
import type { DeliveryChannel, DeliveryRow, Outcome } from './deliveries.ts';
import { chatDigestMail, notificationMail, type ChatDigest, type MailReader, type MailSettings } from './mail-content.ts';
import { notificationText } from './outbox.ts';

interface ChannelDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
}

const DROPPED_USER: Outcome = { status: 'dropped', reason: 'user_deleted' };

async function readerOf(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u || u.deletedAt) return undefined;
  return { ...u, locale: resolveLocale(u.locale) };
}

/** A digest's messages read meanwhile need no mail: the reader's marker is past the last one. */
async function digestUnread(db: Db, userId: number, digest: ChatDigest): Promise<ChatDigest | undefined> {
  const [read] = await db.select({ lastReadId: chatReads.lastReadId }).from(chatReads).where(and(eq(chatReads.roomId, digest.room_id), eq(chatReads.userId, userId)));
  const after = Math.max(digest.after, read?.lastReadId ?? 0);
  return after >= digest.upto ? undefined : { ...digest, after };
}

/** What a short message (push, WhatsApp) says of a delivery: title, text, the page it opens. */
async function shortMessage(db: Db, d: DeliveryRow, reader: NonNullable<Awaited<ReturnType<typeof readerOf>>>): Promise<{ title: string; body: string; link: string } | Outcome> {
  if (d.notificationId) {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, d.notificationId));
    if (!row) return { status: 'dropped', reason: 'notification_deleted' };
    const { title, message } = notificationText(row, reader.locale, reader.timeZone);
    return { title, body: message, link: row.link ?? '/dashboard/notification' };
  }
  const digest = await digestUnread(db, reader.id, d.payload as unknown as ChatDigest);
  if (!digest) return { status: 'skipped', reason: 'read' };
  const [room] = await db.select({ orderId: chatRooms.transactionId }).from(chatRooms).where(eq(chatRooms.id, digest.room_id));
  const t = translator(reader.locale);
  return { title: t('notifications:push.chat_title', { id: room?.orderId ?? '' }), body: t('notifications:push.chat_body', { count: digest.upto - digest.after }), link: `/dashboard/chat?room=${digest.room_id}` };
}

export function emailChannel(deps: ChannelDeps & { mailer: Mailer; settings: MailSettings }): DeliveryChannel {
  return {
    name: 'email',
    async send(d) {
      const user = await readerOf(deps.db, d.userId);
      if (!user) return DROPPED_USER;
      const reader: MailReader = { id: user.id, email: user.email, username: user.username, locale: user.locale, timeZone: user.timeZone };
      let mail;
      if (d.notificationId) {
        const [row] = await deps.db.select().from(notifications).where(eq(notifications.id, d.notificationId));
        if (!row) return { status: 'dropped', reason: 'notification_deleted' };
        mail = await notificationMail(deps.db, row, reader, d.category as DeliveryCategory, deps.settings, deps.now());
      } else {
        const digest = await digestUnread(deps.db, user.id, d.payload as unknown as ChatDigest);
        mail = digest && (await chatDigestMail(deps.db, digest, reader, deps.settings, deps.now()));
        if (!mail) return { status: 'skipped', reason: 'read' };
      }
      await deps.mailer.send(mail);
      return { status: 'sent' };
    },
  };
}

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;

export function pushChannel(deps: ChannelDeps & { sender: PushSender; allowedOrigins: readonly string[] }): DeliveryChannel {
  return {
    name: 'push',
    async send(d) {
      const reader = await readerOf(deps.db, d.userId);
      if (!reader) return DROPPED_USER;
      const devices = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id));
      if (!devices.length) return { status: 'skipped', reason: 'no_device' };
      const said = await shortMessage(deps.db, d, reader);
      if ('status' in said) return said;
      const payload = JSON.stringify({ title: said.title, body: said.body, url: said.link, tag: d.notificationId ? `n${d.notificationId}` : `chat${(d.payload as { room_id?: number })?.room_id}` });
      let delivered = 0;
      let failure: unknown;
      for (const device of devices) {
        // The allow-list may have shrunk since the browser subscribed: nothing goes where nobody allows.
        if (endpointProblem(device.endpoint, deps.allowedOrigins)) {
          await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          continue;
        }
        try {
          const { gone } = await deps.sender.send(device, payload, { ttlSeconds: PUSH_TTL_SECONDS, urgency: isUrgent(d.category as DeliveryCategory) ? 'high' : 'normal' });
          if (gone) {
            await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
            deps.logger.info(`push subscription ${device.id} of user ${reader.id} is gone: deleted`);
          } else delivered++;
        } catch (err) {
          failure ??= err;
        }
      }
      if (delivered) return { status: 'sent' };
      if (failure) throw failure;
      return { status: 'skipped', reason: 'no_device' };
    },
  };
}

/** WhatsApp carries what concerns an order's money and deadlines, not chat or social news. */
const WHATSAPP_CATEGORIES: ReadonlySet<DeliveryCategory> = new Set(['orders', 'reminders', 'money']);

export function whatsappChannel(deps: ChannelDeps & { whatsapp: Whatsapp }): DeliveryChannel {
  return {
    name: 'whatsapp',
    carries: (category) => WHATSAPP_CATEGORIES.has(category),
    async send(d) {
      const reader = await readerOf(deps.db, d.userId);
      if (!reader) return DROPPED_USER;
      if (!reader.phoneNumber || !reader.phoneVerifiedAt) return { status: 'skipped', reason: 'no_verified_phone' };
      const said = await shortMessage(deps.db, d, reader);
      if ('status' in said) return said;
      await deps.whatsapp.sendTemplate({ to: reader.phoneNumber.replace(/^\+/, ''), language: reader.locale, bodyParams: [said.title, said.body], buttonPath: said.link });
      return { status: 'sent' };
    },
  };
}
