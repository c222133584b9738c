/**
 * The operator console (docs/operator-console.md) and what it works on: roles, the audit of
 * every operator action, help tickets from order pages, and proof-of-travel checks.
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { transactions } from './orders-schema.ts';
import { createdAt, images, trips, users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Roles beyond "user" (today only 'operator'). `source` says who granted it: 'config' rows follow
 * OPERATOR_EMAILS (added at start, login and registration; removed at start when the address
 * leaves the list), 'console' rows were granted by an operator (`granted_by`).
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 16 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Every operator action: who, what, on what, with which data, when. Written in the action's own transaction. */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 24 }).notNull(),
    targetId: integer('target_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_actions_target_idx').on(t.targetType, t.targetId), index('operator_actions_created_idx').on(t.createdAt)],
);

/** A user's call for help about one order (the help-transaction popup). */
export const helpTickets = pgTable(
  'help_tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The order's state when the ticket was written (the topics depend on it). */
    orderStatus: varchar('order_status', { length: 32 }).notNull(),
    topic: varchar('topic', { length: 48 }).notNull(),
    message: text('message'),
    status: varchar('status', { length: 16 }).notNull().default('OPEN'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('help_tickets_status_idx').on(t.status, t.createdAt), index('help_tickets_transaction_idx').on(t.transactionId)],
);

/** A traveller's proof of travel for a trip (boarding pass or ticket image), checked by an operator. */
export const tripProofs = pgTable(
  'trip_proofs',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: varchar('image_id', { length: 36 })
      .notNull()
      .references(() => images.id),
    /** PENDING → APPROVED | REJECTED. */
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('trip_proofs_trip_idx').on(t.tripId, t.status), index('trip_proofs_status_idx').on(t.status, t.createdAt)],
);
