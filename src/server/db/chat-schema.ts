/**
 * Chat per order (SPEC §7 "Chat, social, content"): one room per order between its requester and
 * its traveller; messages with text and/or one uploaded image; a read marker per user and room.
 * The unique index on the order is what makes "one room" hold under concurrent opens.
 */
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { transactions } from './orders-schema.ts';
import { createdAt, images, users } from './schema.ts';

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id),
    /** When the last message came (rooms list newest first). */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_rooms_transaction_key').on(t.transactionId),
    index('chat_rooms_requester_idx').on(t.requesterId),
    index('chat_rooms_traveler_idx').on(t.travelerId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body'),
    imageId: varchar('image_id', { length: 36 }).references(() => images.id),
    /** A hint the sender's app attached (SPEC §7 `helper_text`). */
    helperText: text('helper_text'),
    /** Contact details were masked (the order was not paid yet): readers get the system hint why. */
    masked: boolean('masked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.id)],
);

/** The last message a user has seen in a room; later messages from the other side are unread. */
export const chatReads = pgTable(
  'chat_reads',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);
