import { readUnsubscribeToken, unsubscribe } from './domain/notifications/unsubscribe.ts';
import { listNotifications } from './domain/notifications/inbox.ts';
import { getRoom, listRooms } from './domain/chat/chat.ts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { todayIso } from '../lib/dates.ts';
import type { Locale } from '../lib/i18n/index.ts';
import type { Profile } from '../lib/schemas/auth.ts';
import type { ListingQuery } from '../lib/schemas/catalogue.ts';
import type { TripStatus } from '../lib/schemas/trips.ts';
import { products, requests } from './db/schema.ts';
import { authenticate, getProfile } from './domain/accounts/index.ts';
import { searchUsers } from './domain/catalogue/suggestions.ts';
import { getProductBySlug, listOwnProducts, listProducts, productsOnTrip } from './domain/catalogue/products.ts';
import { getRequestBySlug, listRequests } from './domain/catalogue/requests.ts';
import type { Deps } from './domain/deps.ts';
import { listDiscussion } from './domain/social/discussions.ts';
import type { FavoriteType, SharedRenders } from '../lib/views/index.ts';
import { favoriteIdsAmong, isFavorite, listFavorites } from './domain/social/favorites.ts';
import { isFollowing, listFollows } from './domain/social/follows.ts';
import { publicProfile } from './domain/social/users.ts';
import { ratingsOf, reputationOf } from './domain/ratings/ratings.ts';
import { listAddresses } from './domain/settings/addresses.ts';
import { placeNames } from './domain/places/place-names.ts';
import { listBankAccounts } from './domain/settings/bank-accounts.ts';
import { getOwnTrip, listTrips } from './domain/trips/trips.ts';
import { listCart } from './domain/orders/carts.ts';
import { latestPayment, sandboxPay, sandboxPayment } from './domain/payments/payments.ts';
import { getTransaction, listTransactions } from './domain/orders/views.ts';
import type { Stage } from '../lib/orders/vocabulary.ts';
import { AppError } from './errors.ts';
import { sameOrigin } from './api/middleware.ts';
import { isOperator } from './domain/operators/roles.ts';
import { realtimeClientConfig } from './realtime/index.ts';

/**
 * What Astro pages may read, in process (no HTTP loopback). Astro receives this object as
 * `locals.site` from the server entry, so pages and the API share one database connection and
 * the same domain functions.
 */
export function createSiteServices(deps: Deps, flags: { googleEnabled: boolean }, renders: SharedRenders) {
  const { db } = deps;
  /** A lookup that is "not found" for this user reads as undefined (the page shows 404). */
  const orUndefined = async <T>(p: Promise<T>): Promise<T | undefined> => {
    try {
      return await p;
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return undefined;
      throw err;
    }
  };
  return {
    /** The category an unsubscribe link turns off, if its token is genuine and unexpired (the confirmation page). */
    unsubscribeClaim: (token: string) => readUnsubscribeToken(deps.config.mail.unsubscribeSecret, token, deps.now()),
    /** The confirmation page's button: switches the category's e-mail off (a forged token throws a 400). */
    unsubscribe: (token: string) => unsubscribe(db, deps.config.mail.unsubscribeSecret, token, deps.now()),
    /** What a listing shows everyone, rendered once per variant (src/components/SharedHtml.astro). */
    renders,
    flags: {
      googleEnabled: flags.googleEnabled,
      helpCentreUrl: deps.config.helpCentreUrl,
      realtime: realtimeClientConfig(deps.config.pusher),
      // Public keys only: the card form (Stripe.js) and the Snap widget need them in the browser.
      stripePublishableKey: deps.config.payments.stripe?.publishableKey,
      midtransClientKey: deps.config.payments.midtrans?.clientKey,
      midtransProduction: deps.config.payments.midtrans?.production ?? false,
      /** Bank transfers go to the built-in sandbox: every payment is test money, and pages say so. */
      testPayments: deps.config.payments.provider === 'sandbox',
      platformFeePercentage: deps.config.platformFeePercentage,
      publicUrl: deps.config.publicUrl,
    },
    async userForToken(token: string | undefined, locale: Locale): Promise<Profile | undefined> {
      if (!token) return undefined;
      const user = await authenticate(db, token, deps.now());
      return user ? getProfile(db, user, locale) : undefined;
    },
    today: () => todayIso(deps.now()),
    /** Whether the user may open the operator console (/admin); everyone else sees 404 there. */
    isOperator: (userId: number) => isOperator(db, userId),

    // Catalogue (public)
    listProducts: (q: ListingQuery, locale: Locale) => listProducts(deps, q, locale),
    listRequests: (q: ListingQuery, locale: Locale, viewerId?: number) => listRequests(deps, q, locale, viewerId),
    productBySlug: (slug: string, locale: Locale) => getProductBySlug(db, slug, locale),
    requestBySlug: (slug: string, locale: Locale, viewerId?: number) => getRequestBySlug(db, slug, locale, viewerId),
    discussion: (subject: 'product' | 'request', id: number, locale: Locale) => listDiscussion(db, subject, id, locale),
    publicProfile: (id: number, locale: Locale) => publicProfile(db, id, locale),
    /** Ratings both ways and the traveller's delivery rate (user cards, profile). */
    reputation: (id: number) => reputationOf(db, id),
    /** The reviews a user received in one role, a page at a time. */
    ratings: (id: number, q: { for: 'traveler' | 'requester'; page: number; per_page: number }) => ratingsOf(db, id, q),
    /** Names for the country and city ids in a listing's filters. */
    placeNames: (ids: { countryIds: number[]; cityIds: number[] }, locale: Locale) => placeNames(db, ids, locale),
    /** Users by username or name prefix (search results page). */
    searchUsers: (key: string, limit = 24) => searchUsers(db, key, limit),
    follows: (id: number, which: 'followers' | 'following') => listFollows(db, id, which),
    isFollowing: (viewerId: number, userId: number) => isFollowing(db, viewerId, userId),
    isFavorite: (userId: number, type: FavoriteType, id: number) => isFavorite(db, userId, type, id),
    favoriteIdsAmong: (userId: number, type: FavoriteType, ids: number[]) => favoriteIdsAmong(db, userId, type, ids),

    // The signed-in user's own things (dashboard pages)
    favorites: (userId: number, q: { type: FavoriteType; page: number; per_page: number }, locale: Locale) => listFavorites(db, userId, q, locale),
    ownProducts: (userId: number, q: { page: number; per_page: number }, locale: Locale) => listOwnProducts(deps, userId, q, locale),
    ownRequests: (userId: number, q: ListingQuery, locale: Locale) => listRequests(deps, { ...q, user_id: userId }, locale, userId),
    ownTrips: (userId: number, q: { page: number; per_page: number; status?: TripStatus }, locale: Locale) =>
      listTrips(deps, userId, { orderby: 'created_at', sort: 'desc', ...q }, locale),
    ownTrip: (userId: number, id: number, locale: Locale) => orUndefined(getOwnTrip(deps, userId, id, locale)),
    productsOnTrip: (tripId: number, locale: Locale) => productsOnTrip(db, tripId, locale),
    ownAddresses: (userId: number, locale: Locale) => listAddresses(db, userId, { page: 1, per_page: 100, orderBy: 'created_at', sort: 'desc' }, locale),
    ownBankAccounts: (userId: number) => listBankAccounts(db, userId),
    /** The dashboards' orders (one side, one stage) and one order for one of its parties (else undefined: 404). */
    ownOrders: (userId: number, q: { side: 'purchase' | 'sale'; stage?: Stage; page: number; per_page: number }, locale: Locale) =>
      listTransactions(db, userId, q, deps.now(), locale),
    ownOrder: (userId: number, id: number, locale: Locale) => orUndefined(getTransaction(db, id, userId, deps.now(), locale)),

    /**
     * Whether a page's form POST comes from our own pages (CSRF): its Origin (or Referer) is the
     * public origin or the Host it was sent to — the rule the API applies to unsafe requests.
     */
    sameOrigin: (headers: Headers) => sameOrigin(headers.get('origin') ?? headers.get('referer') ?? undefined, headers.get('host') ?? undefined, deps.config.publicUrl),
    /** The user's notifications, newest first (/dashboard/notification). */
    notifications: (userId: number, q: { status: 'all' | 'unread'; page: number; per_page: number }, locale: Locale, timeZone?: string) => listNotifications(db, userId, q, locale, timeZone),
    /** The user's chat rooms, latest conversation first (/dashboard/chat). */
    chatRooms: (userId: number, locale: Locale) => listRooms(db, userId, locale),
    /** One of the user's rooms (undefined when it is not theirs). */
    chatRoom: (userId: number, roomId: number, locale: Locale) => orUndefined(getRoom(db, userId, roomId, locale)),
    /** The user's cart lines with their products (/cart). */
    cart: (userId: number, locale: Locale) => listCart(db, userId, locale),
    // Orders: the buyer's payment page and the sandbox's hosted page.
    /** The newest payment attempt of an order the caller has already checked is theirs. */
    latestPayment: (orderId: number) => latestPayment(deps, orderId),
    /** The sandbox's hosted payment page (bank, virtual account, amount, deadline); undefined for an unknown token. */
    sandboxPayment: (token: string) => sandboxPayment(deps, token),
    /** "I have paid" on the sandbox page: delivers the sandbox's signed webhook through the real path. */
    sandboxPay: (token: string) => sandboxPay(deps, token),

    /** Every public detail page, for sitemap.xml. */
    async sitemapEntries() {
      const [p, r] = await Promise.all([
        db.select({ slug: products.slug, updated_at: products.updatedAt }).from(products).where(eq(products.active, true)).orderBy(desc(products.updatedAt)).limit(45000),
        db.select({ slug: requests.slug, updated_at: requests.updatedAt }).from(requests).where(and(eq(requests.active, true), isNull(requests.closedAt))).orderBy(desc(requests.updatedAt)).limit(45000),
      ]);
      return {
        products: p.map((x) => ({ slug: x.slug, updated_at: x.updated_at.toISOString() })),
        requests: r.map((x) => ({ slug: x.slug, updated_at: x.updated_at.toISOString() })),
      };
    },
  };
}

export type SiteServices = ReturnType<typeof createSiteServices>;
