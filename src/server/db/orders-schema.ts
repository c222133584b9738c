/**
 * Orders, payments, the ledger and the job queue (docs/order-lifecycle.md). Money is integer
 * Rupiah (bigint); every state change of an order is one database transaction that locks its row.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AddressSnapshot } from '../../lib/views/orders.ts';
import { addresses, createdAt, images, money, products, requests, trips, updatedAt, users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Idempotency keys of the calls that create orders (checkout, buy now, take, offer): the first
 * answer to a user's key, kept 24 h, is the answer to every repeat of it (api/idempotency.ts).
 * `status` is null while the first call is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** The method and route pattern the key was first used on, and the body's digest. */
    route: text('route').notNull(),
    bodyHash: text('body_hash').notNull(),
    status: integer('status'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** A requester's cart: one line per product. */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_user_product_key').on(t.userId, t.productId)],
);

/** An order ("transaction" in the API): one requester, one traveller, one trip, one courier. */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    /** 'product' (a marketplace pre-order) or 'request' (a buyer request taken or bid on). */
    type: varchar('type', { length: 10 }).notNull(),
    status: varchar('status', { length: 32 }).notNull(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id),
    requestId: integer('request_id').references(() => requests.id),
    addressId: integer('address_id').references(() => addresses.id),
    address: jsonb('address').$type<AddressSnapshot>(),
    shippingId: varchar('shipping_id', { length: 60 }),
    courierName: text('courier_name'),
    productPrice: money('product_price').notNull(),
    travelerTip: money('traveler_tip').notNull().default(0),
    shippingFee: money('shipping_fee').notNull().default(0),
    serviceFee: money('service_fee').notNull(),
    totalPrice: money('total_price').notNull(),
    platformFeePercent: integer('platform_fee_percent').notNull(),
    platformFee: money('platform_fee').notNull(),
    travelerTotal: money('traveler_total').notNull(),
    notes: text('notes'),
    /** Who made the open offer's last bid, and how many bids each side has made. */
    requesterBids: integer('requester_bids').notNull().default(0),
    travelerBids: integer('traveler_bids').notNull().default(0),
    /** When the current state's deadline passes (see domain/orders/deadlines.ts); null = none. */
    deadlineAt: at('deadline_at'),
    paymentDeadline: at('payment_deadline'),
    paidAt: at('paid_at'),
    purchasedAt: at('purchased_at'),
    receiptImageId: varchar('receipt_image_id', { length: 36 }).references(() => images.id),
    resi: varchar('resi', { length: 60 }),
    shippedCourier: text('shipped_courier'),
    shippedAt: at('shipped_at'),
    completedAt: at('completed_at'),
    canceledBy: varchar('canceled_by', { length: 10 }),
    canceledReason: text('canceled_reason'),
    canceledAt: at('canceled_at'),
    /** After-sales (complaint → refund → appeal): the latest reason and note given. */
    afterSales: jsonb('after_sales').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transactions_requester_idx').on(t.requesterId, t.status, t.createdAt),
    index('transactions_traveler_idx').on(t.travelerId, t.status, t.createdAt),
    index('transactions_trip_idx').on(t.tripId, t.status),
    index('transactions_request_idx').on(t.requestId, t.status),
  ],
);

/** The products of an order, priced at checkout (a later price change does not touch them). */
export const transactionItems = pgTable(
  'transaction_items',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Unit price in Rupiah (for a request: the agreed per-unit price). */
    price: money('price').notNull(),
    quantity: integer('quantity').notNull(),
    weight: integer('weight').notNull().default(0),
    notes: text('notes'),
    imageId: varchar('image_id', { length: 36 }),
  },
  (t) => [index('transaction_items_transaction_idx').on(t.transactionId), index('transaction_items_product_idx').on(t.productId)],
);

/** Every offer and counter-offer of a request order, in order. */
export const bidHistories = pgTable(
  'bid_histories',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 10 }).notNull(),
    productPrice: money('product_price').notNull(),
    travelerTip: money('traveler_tip').notNull(),
    shippingFee: money('shipping_fee').notNull(),
    totalPrice: money('total_price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bid_histories_transaction_idx').on(t.transactionId)],
);

/** Every transition: from, to, the event, who fired it. */
export const transactionHistories = pgTable(
  'transaction_histories',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 32 }).notNull(),
    fromStatus: varchar('from_status', { length: 32 }),
    toStatus: varchar('to_status', { length: 32 }).notNull(),
    actorRole: varchar('actor_role', { length: 10 }).notNull(),
    actorId: integer('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('transaction_histories_transaction_idx').on(t.transactionId, t.id)],
);

/** One attempt to pay an order with a provider; the webhook settles it. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    provider: varchar('provider', { length: 20 }).notNull(),
    paymentType: varchar('payment_type', { length: 20 }).notNull(),
    /** Our reference, sent to the provider as its order id; also the sandbox page's token. */
    reference: varchar('reference', { length: 64 }).notNull(),
    amount: money('amount').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    token: text('token'),
    redirectUrl: text('redirect_url'),
    clientSecret: text('client_secret'),
    instructions: jsonb('instructions').$type<Record<string, unknown>>(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payments_reference_key').on(t.reference), index('payments_transaction_idx').on(t.transactionId)],
);

/** Webhook deliveries already processed: a replay finds its key here and changes nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    eventKey: varchar('event_key', { length: 200 }).notNull(),
    paymentId: integer('payment_id'),
    outcome: varchar('outcome', { length: 30 }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_provider_key').on(t.provider, t.eventKey)],
);

/** A double-entry journal: its entries sum to zero. `key` makes a posting happen at most once. */
export const journals = pgTable(
  'journals',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    transactionId: integer('transaction_id').references(() => transactions.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('journals_key_key').on(t.key), index('journals_transaction_idx').on(t.transactionId)],
);

/**
 * Ledger entries: `account` names who holds the money ('user:12', 'escrow:55', 'provider:sandbox',
 * 'platform:fees'); a positive amount adds to that account. Balances are sums, never stored.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id),
    account: varchar('account', { length: 40 }).notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.account, t.id), index('ledger_entries_journal_idx').on(t.journalId)],
);

/** Scheduled work (deadlines): one row per key, run once when due, claimed with SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    key: varchar('key', { length: 120 }).notNull(),
    runAt: at('run_at').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: at('done_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_key_key').on(t.key), index('jobs_due_idx').on(t.runAt).where(sql`done_at is null`)],
);

