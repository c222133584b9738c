/**
 * The one Drizzle schema (pg-core). Runs on PGlite and on PostgreSQL 15+: nothing newer than 15.
 * Money columns are integer Rupiah (bigint), never floats.
 */
import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Column helpers shared by every schema file. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * The stored search vector of a post: its name and the places it is tied to (a product's trip
 * cities and countries, a request's countries, in both languages). Filled by triggers of migration
 * 0013_search_index (a product's vector changes with its trip); see domain/catalogue/search-query.ts.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const searchVector = () => tsvector('search_tsv');

export const countries = pgTable('countries', {
  // Stable ids: Indonesia is 228 (the product's contract), the rest are fixed by ISO code.
  id: integer('id').primaryKey(),
  iso2: varchar('iso2', { length: 2 }).notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameId: text('name_id').notNull(),
});

export const globalCities = pgTable(
  'global_cities',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    population: integer('population').notNull().default(0),
  },
  (t) => [
    index('global_cities_country_idx').on(t.countryId),
    index('global_cities_name_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    username: varchar('username', { length: 30 }).notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    phoneNumber: varchar('phone_number', { length: 20 }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    photoProfile: text('photo_profile'),
    countryId: integer('country_id').references(() => countries.id),
    /** The language the user last used ('en' | 'id'): what is sent to them unasked (notifications) speaks it. */
    locale: varchar('locale', { length: 2 }).notNull().default('en'),
    /** The IANA time zone dates and times are written in when sent to the user (reminders). */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Jakarta'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Deleted accounts are anonymised, not removed: orders and reviews still point at them.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    // One account per phone number; the domain checks first, this index settles races.
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    // Prefix lookups of the header search (`like 'ab%'` under any collation).
    index('users_username_prefix_idx').on(sql`${t.username} text_pattern_ops`),
    index('users_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

/** Bearer tokens: only a SHA-256 of the token is stored; revoked or expired rows stop working. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  // sessions_expires_idx: the sweep of long-expired sessions (domain/accounts/credential-sweep.ts).
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash)],
);

export const trips = pgTable(
  'trips',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originCountryId: integer('origin_country_id')
      .notNull()
      .references(() => countries.id),
    originCityId: integer('origin_city_id')
      .notNull()
      .references(() => globalCities.id),
    destinationCountryId: integer('destination_country_id')
      .notNull()
      .references(() => countries.id),
    destinationCityId: integer('destination_city_id')
      .notNull()
      .references(() => globalCities.id),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    updatedArrivalDate: date('updated_arrival_date', { mode: 'string' }),
    updatedDeliveryDate: date('updated_delivery_date', { mode: 'string' }),
    reason: text('reason'),
    additionalInformation: text('additional_information'),
    status: varchar('status', { length: 16 }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('trips_user_idx').on(t.userId, t.status)],
);

/** Marketplace pre-order products, posted by a traveller on one of their trips. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id),
    slug: varchar('slug', { length: 160 }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull(),
    weight: integer('weight').notNull().default(0),
    stock: integer('stock').notNull().default(1),
    /** The most units one order may take (null: DEFAULT_MAX_PER_ORDER); a traveller sets it higher for cheap multiples. */
    maxPerOrder: integer('max_per_order'),
    /** Set when a traveller posts a request they took to the marketplace. */
    requestId: integer('request_id'),
    searchTsv: searchVector(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_created_idx').on(t.createdAt),
    index('products_user_idx').on(t.userId),
    index('products_trip_idx').on(t.tripId),
    // Search: full-text prefix match on names and places (see domain/catalogue/search-query.ts).
    // fastupdate off: no pending list, which PGlite (no autovacuum) would otherwise scan on every search.
    index('products_search_tsv_idx').using('gin', t.searchTsv).with({ fastupdate: false }),
  ],
);

/** Buyer requests, posted by a requester. */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: varchar('slug', { length: 160 }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceEta: money('price_eta').notNull(),
    quantity: integer('quantity').notNull().default(1),
    travelerTip: money('traveler_tip').notNull().default(0),
    buyFromCountryId: integer('buy_from_country_id').references(() => countries.id),
    deliverToCountryId: integer('deliver_to_country_id').references(() => countries.id),
    addressId: integer('address_id'),
    searchTsv: searchVector(),
    active: boolean('active').notNull().default(true),
    /** Set while the requester has closed the request: off the listings, kept in their dashboard, reopenable. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('requests_slug_key').on(t.slug),
    index('requests_created_idx').on(t.createdAt),
    index('requests_user_idx').on(t.userId),
    index('requests_search_tsv_idx').using('gin', t.searchTsv).with({ fastupdate: false }),
  ],
);

/** Which version of each bundled reference data set is loaded (countries, cities, …). */
export const dataVersions = pgTable('data_versions', {
  name: varchar('name', { length: 40 }).primaryKey(),
  version: varchar('version', { length: 40 }).notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Indonesia's administrative areas (idn-area-data). Ids are the official codes without dots: 32, 3273, 327301. */
export const idnProvinces = pgTable('idn_provinces', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const idnCities = pgTable(
  'idn_cities',
  {
    id: integer('id').primaryKey(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => idnProvinces.id),
    name: text('name').notNull(),
  },
  (t) => [index('idn_cities_province_idx').on(t.provinceId)],
);

export const idnSubDistricts = pgTable(
  'idn_sub_districts',
  {
    id: integer('id').primaryKey(),
    cityId: integer('city_id')
      .notNull()
      .references(() => idnCities.id),
    name: text('name').notNull(),
  },
  (t) => [index('idn_sub_districts_city_idx').on(t.cityId)],
);

/**
 * Postal codes per sub-district. No maintained postal-code data set exists in the registry, so
 * codes are learned from the 5-digit codes users enter and offered back as suggestions.
 */
export const posCodes = pgTable(
  'pos_codes',
  {
    id: serial('id').primaryKey(),
    subDistrictId: integer('sub_district_id')
      .notNull()
      .references(() => idnSubDistricts.id),
    code: varchar('code', { length: 5 }).notNull(),
  },
  (t) => [uniqueIndex('pos_codes_sub_district_code_key').on(t.subDistrictId, t.code)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    label: text('label').notNull(),
    detail: text('detail').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    provinceId: integer('province_id').references(() => idnProvinces.id),
    cityId: integer('city_id').references(() => idnCities.id),
    subDistrictId: integer('sub_district_id').references(() => idnSubDistricts.id),
    posCodeId: integer('pos_code_id').references(() => posCodes.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Orders keep their own copy of the address; a deleted address only leaves the user's list.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountBank: varchar('account_bank', { length: 40 }).notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: varchar('account_number', { length: 34 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Withdrawals point at the account they were paid to: deleting only hides it.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('bank_accounts_user_idx').on(t.userId)],
);

/** One-time phone codes: hashed, short-lived, limited wrong tries. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('phone_verifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Attempt counters of the rate limits (domain/rate-limits): one row per rule and key (an
 * account, an IP), counted by one atomic upsert, so a limit holds under concurrency and across
 * every instance that shares the database. Rows past `reset_at` are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/** Every change of a trip's dates, with the traveller's reason (buyers can see why). */
export const tripChanges = pgTable(
  'trip_changes',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    fromArrivalDate: date('from_arrival_date', { mode: 'string' }).notNull(),
    toArrivalDate: date('to_arrival_date', { mode: 'string' }).notNull(),
    fromDeliveryDate: date('from_delivery_date', { mode: 'string' }).notNull(),
    toDeliveryDate: date('to_delivery_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trip_changes_trip_idx').on(t.tripId)],
);

/** Processed uploads (resized WebP sets). Posts may only use images their author uploaded. */
export const images = pgTable(
  'images',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_user_idx').on(t.userId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageId: varchar('image_id', { length: 36 })
      .notNull()
      .references(() => images.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const requestImages = pgTable(
  'request_images',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    imageId: varchar('image_id', { length: 36 })
      .notNull()
      .references(() => images.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('request_images_request_idx').on(t.requestId, t.position)],
);

export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorites_user_product_key').on(t.userId, t.productId),
    uniqueIndex('favorites_user_request_key').on(t.userId, t.requestId),
    index('favorites_user_idx').on(t.userId, t.createdAt),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: integer('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('follows_pair_key').on(t.followerId, t.followedId), index('follows_followed_idx').on(t.followedId)],
);

/** Questions and answers under a product or a request. */
export const discussions = pgTable(
  'discussions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('discussions_product_idx').on(t.productId, t.createdAt), index('discussions_request_idx').on(t.requestId, t.createdAt)],
);

/** Reports for moderation: one per user per item. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('OPEN'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_product_key').on(t.reporterId, t.productId),
    uniqueIndex('reports_request_key').on(t.reporterId, t.requestId),
  ],
);

/**
 * In-app notifications, and the outbox that pushes them (domain/notifications/outbox.ts). A row
 * holds an i18n `key` and its `params`, translated for whoever reads it; rows from before the
 * outbox hold a `title` and `message` already in words. `dispatched_at` is null until the
 * real-time push went out, after the transaction that wrote the row committed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key'),
    params: jsonb('params').$type<Record<string, unknown>>(),
    title: text('title'),
    message: text('message'),
    notifiableType: varchar('notifiable_type', { length: 30 }).notNull(),
    notifiableId: integer('notifiable_id').notNull(),
    transactionType: varchar('transaction_type', { length: 20 }),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // What the dispatcher claims: only the few rows not pushed yet.
    index('notifications_undispatched_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
  ],
);
