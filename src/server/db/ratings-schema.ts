/**
 * Ratings after a completed order (SPEC §3 "Rating"): each side rates the other once per order.
 * The unique index on (order, side) is what makes "once" hold under concurrent requests.
 */
import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { transactions } from './orders-schema.ts';
import { createdAt, users } from './schema.ts';

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** Who is rated, in the API's words: 'traveler' (rated by the requester) or 'requester'. */
    forRole: varchar('for_role', { length: 10 }).notNull(),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id),
    rateeId: integer('ratee_id')
      .notNull()
      .references(() => users.id),
    rate: integer('rate').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ratings_transaction_for_key').on(t.transactionId, t.forRole),
    index('ratings_ratee_idx').on(t.rateeId, t.forRole),
    check('ratings_rate_range', sql`${t.rate} between 1 and 5`),
    check('ratings_for_role', sql`${t.forRole} in ('traveler', 'requester')`),
  ],
);
