/**
 * Off-site delivery of notifications (docs/notifications.md): one row per notification (or chat
 * digest) and channel, written once the notification's transaction has committed; the devices a
 * user receives web push on; and what each user wants to hear of, where.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, notifications, updatedAt, users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One message to send on one channel. `dedupe_key` (`n:{notification}:{channel}`, or
 * `chat:{room}:{user}:{last message}:{channel}`) makes a second row for the same thing impossible.
 * A sender claims a due row by setting `locked_until` (FOR UPDATE SKIP LOCKED), sends outside any
 * transaction, then records what happened: `sent`, `skipped` (by preference, or no device),
 * `dropped` (the user is gone), or another attempt later; `failed` after the last attempt.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 16 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    dedupeKey: varchar('dedupe_key', { length: 160 }).notNull(),
    /** What a delivery without a notification row is about (a chat digest: room and message ids). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    reason: varchar('reason', { length: 40 }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_dedupe_key').on(t.dedupeKey),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('notification_deliveries_problems_idx').on(t.updatedAt).where(sql`last_error is not null`),
    index('notification_deliveries_user_idx').on(t.userId),
  ],
);

/** A browser's push subscription (Push API): where to POST, and the keys its payloads are encrypted for. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 120 }).notNull(),
    auth: varchar('auth', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export interface ChannelPreferences {
  orders: boolean;
  chat: boolean;
  reminders: boolean;
  social: boolean;
}

/** What a user turned off; no row means the defaults (src/lib/notification-settings.ts). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<ChannelPreferences>().notNull(),
  push: jsonb('push').$type<ChannelPreferences>().notNull(),
  /** WhatsApp template messages, asked for by the user (only offered with a verified phone). */
  whatsapp: boolean('whatsapp').notNull().default(false),
  updatedAt: updatedAt(),
});
