import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { todayIso } from '../../../lib/dates.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { ListingQuery, ProductInput } from '../../../lib/schemas/catalogue.ts';
import { tripPhase } from '../../../lib/trip-dates.ts';
import { pageOf, type OwnProductView, type Page, type ProductView } from '../../../lib/views/index.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { productImages, products, requests, trips } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { requireVerifiedPhone } from '../accounts/phone-verification.ts';
import type { UserRow } from '../accounts/users.ts';
import type { Deps } from '../deps.ts';
import { blockers } from '../hooks.ts';
import { effectiveArrival, tripDatesOf, tripPhaseIs } from '../trips/trip-dates-sql.ts';
import { assertOwnImages } from './images.ts';
import { productCards, productViews, selectProducts } from './product-view.ts';
import { cappedTotal, nameSearch, newestProductSearch, withSearch } from './search-query.ts';
import { arrivalCountry } from '../../../lib/location.ts';
import { insertWithSlug } from './slugs.ts';
import { literal } from '../../db/literal.ts';

/**
 * The product's trip must be the traveller's own, active and not yet past its delivery date.
 * Read inside the posting transaction with the trip row locked (FOR SHARE: posts on one trip do
 * not wait for each other, a cancel or a change of dates waits for them, and they for it).
 */
async function assertOpenTrip(tx: Tx, now: Date, userId: number, tripId: number) {
  const [trip] = await tx
    .select()
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.userId, userId)))
    .for('share');
  const today = todayIso(now);
  if (!trip || tripPhase(tripDatesOf(trip), today) !== 'ACTIVE')
    throw invalid({ trip_id: 'places:filter.trip_required' });
}

/**
 * A product posted from a request (`request_id`) must name an active request of someone else
 * that this traveller took. Who took what is the orders domain's to say (`requestTakenBy`);
 * before it registers, existence, activity and "not your own" are what can be checked. The
 * request row stays locked (FOR SHARE) until the post commits.
 */
async function assertTakenRequest(tx: Tx, hooks: Deps['hooks'], travellerId: number, requestId: number) {
  const [request] = await tx
    .select({ userId: requests.userId })
    .from(requests)
    .where(and(eq(requests.id, requestId), eq(requests.active, true)))
    .for('share');
  const taken = request && request.userId !== travellerId && (!hooks.requestTakenBy || (await hooks.requestTakenBy(tx, requestId, travellerId)));
  if (!taken) throw invalid({ request_id: 'catalogue:product.request_invalid' });
}

async function setImages(db: DbOrTx, productId: number, imageIds: string[]) {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (imageIds.length) await db.insert(productImages).values(imageIds.map((imageId, position) => ({ productId, imageId, position })));
}

/**
 * Posts a pre-order product on one of the traveller's trips. Travellers must be phone-verified.
 * The trip and request checks run in the inserting transaction, so a trip cancelled meanwhile
 * either waits for the post (and then hides it) or refuses it.
 */
export async function createProduct(deps: Pick<Deps, 'db' | 'now' | 'hooks'>, user: UserRow, input: ProductInput, locale: Locale): Promise<ProductView> {
  requireVerifiedPhone(user);
  const id = await insertWithSlug(deps.db, products, input.name, async (tx, slug) => {
    await assertOpenTrip(tx, deps.now(), user.id, input.trip_id);
    await assertOwnImages(tx, user.id, input.images);
    if (input.request_id !== undefined) await assertTakenRequest(tx, deps.hooks, user.id, input.request_id);
    const [row] = await tx
      .insert(products)
      .values({
        userId: user.id,
        tripId: input.trip_id,
        slug,
        name: input.name,
        description: input.description,
        price: input.price,
        weight: input.weight,
        stock: input.stock,
        maxPerOrder: input.max_per_order ?? null,
        requestId: input.request_id ?? null,
      })
      .returning({ id: products.id });
    await setImages(tx, row.id, input.images);
    return row.id;
  });
  return getOwnProduct(deps.db, user.id, id, locale);
}

/** The seller's active product, its row locked until `tx` ends; another user's reads as not found. */
async function lockOwnProduct(tx: Tx, userId: number, id: number) {
  const [row] = await tx
    .select({ tripId: products.tripId, requestId: products.requestId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.userId, userId), eq(products.active, true)))
    .for('update');
  if (!row) throw notFound('catalogue:product.not_found');
  return row;
}

async function assertChangeable(tx: Tx, hooks: Deps['hooks'], productId: number) {
  const reasons = await blockers(hooks.productChangeBlockers, tx, productId);
  if (reasons.length) throw conflict('BLOCKED', reasons[0]);
}

/**
 * Edits keep the slug (links stay valid). A product with active orders cannot be edited. Without
 * `request_id` the product keeps the request it came from; a new one is checked like on posting.
 */
export async function updateProduct(deps: Pick<Deps, 'db' | 'now' | 'hooks'>, user: UserRow, id: number, input: ProductInput, locale: Locale): Promise<ProductView> {
  await deps.db.transaction(async (tx) => {
    const current = await lockOwnProduct(tx, user.id, id);
    await assertChangeable(tx, deps.hooks, id);
    if (input.trip_id !== current.tripId) await assertOpenTrip(tx, deps.now(), user.id, input.trip_id);
    await assertOwnImages(tx, user.id, input.images);
    const requestChanged = input.request_id !== undefined && input.request_id !== current.requestId;
    if (requestChanged) await assertTakenRequest(tx, deps.hooks, user.id, input.request_id!);
    await tx
      .update(products)
      .set({
        name: input.name,
        description: input.description,
        price: input.price,
        weight: input.weight,
        stock: input.stock,
        maxPerOrder: input.max_per_order ?? null,
        tripId: input.trip_id,
        ...(requestChanged ? { requestId: input.request_id } : {}),
        updatedAt: deps.now(),
      })
      .where(eq(products.id, id));
    await setImages(tx, id, input.images);
  });
  return getOwnProduct(deps.db, user.id, id, locale);
}

/** Deleting hides the product everywhere (orders that exist keep their own copy). */
export async function deleteProduct(deps: Pick<Deps, 'db' | 'now' | 'hooks'>, userId: number, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockOwnProduct(tx, userId, id);
    await assertChangeable(tx, deps.hooks, id);
    await tx.update(products).set({ active: false, updatedAt: deps.now() }).where(eq(products.id, id));
  });
}

export async function getOwnProduct(db: DbOrTx, userId: number, id: number, locale: Locale): Promise<ProductView> {
  const rows = await selectProducts(db, locale).where(and(eq(products.id, id), eq(products.userId, userId), eq(products.active, true)));
  if (!rows.length) throw notFound('catalogue:product.not_found');
  return (await productViews(db, rows, false))[0];
}

/** A public product page: active products only. */
export async function getProductBySlug(db: Db, slug: string, locale: Locale): Promise<ProductView | undefined> {
  if (!/^[a-z0-9-]{1,160}$/.test(slug)) return undefined;
  const rows = await selectProducts(db, locale).where(and(eq(products.slug, slug), eq(products.active, true)));
  return rows.length ? (await productViews(db, rows, false))[0] : undefined;
}

export async function getProductById(db: Db, id: number, locale: Locale): Promise<ProductView | undefined> {
  const rows = await selectProducts(db, locale).where(and(eq(products.id, id), eq(products.active, true)));
  return rows.length ? (await productViews(db, rows, false))[0] : undefined;
}

/**
 * The marketplace listing: active products on trips that still deliver, filtered by trip,
 * origin, destination (or the visitor's "send to" country), country of origin, seller or name; sorted; paged.
 */
export async function listProducts(deps: Pick<Deps, 'db' | 'now'>, q: ListingQuery, locale: Locale): Promise<Page<ProductView>> {
  const today = todayIso(deps.now());
  const search = nameSearch(products, q.search);
  if (search.kind === 'none') return pageOf([], 0, q.page, q.per_page);
  const arrivesIn = arrivalCountry(q);
  const filters: (SQL | undefined)[] = [
    eq(products.active, true),
    tripPhaseIs('ACTIVE', today),
    q.trip_id ? eq(products.tripId, q.trip_id) : undefined,
    q.origin_country_id ? eq(trips.originCountryId, q.origin_country_id) : undefined,
    q.origin_city_id ? eq(trips.originCityId, q.origin_city_id) : undefined,
    arrivesIn ? eq(trips.destinationCountryId, arrivesIn) : undefined,
    q.destination_city_id ? eq(trips.destinationCityId, q.destination_city_id) : undefined,
    q.country_id ? eq(trips.originCountryId, q.country_id) : undefined,
    q.user_id ? eq(products.userId, q.user_id) : undefined,
  ];
  const where = withSearch(filters, search);
  const newest = [desc(products.createdAt), desc(products.id)];
  const order =
    q.sort === 'price_asc'
      ? [asc(products.price), desc(products.id)]
      : q.sort === 'price_desc'
        ? [desc(products.price), desc(products.id)]
        : q.sort === 'arrival'
          ? [asc(effectiveArrival), desc(products.id)]
          : newest;
  const twoOrigins = q.origin_country_id && q.country_id && q.origin_country_id !== q.country_id;
  if (search.kind === 'where' && order === newest && !twoOrigins) {
    // A search, newest first: the page's ids and a capped total in one call, then the cards.
    const { ids, total, capped } = await newestProductSearch(deps.db, {
      query: search.query,
      today,
      page: q.page,
      perPage: q.per_page,
      tripId: q.trip_id,
      originCountryId: q.origin_country_id ?? q.country_id,
      originCityId: q.origin_city_id,
      destinationCountryId: arrivesIn,
      destinationCityId: q.destination_city_id,
      userId: q.user_id,
    });
    return pageOf(await productCards(deps.db, ids, locale), total, q.page, q.per_page, capped);
  }
  // Every other page, the whole marketplace's too: a total counted only so far (never all
  // 100,000 pre-orders), and the page.
  // (the page's ids from a two-table query, then its cards through product_cards' kept plan).
  const matches = () => deps.db.select({ id: products.id }).from(products).innerJoin(trips, eq(trips.id, products.tripId)).where(where);
  const [{ total, capped }, ids] = await Promise.all([
    cappedTotal(deps.db, matches, q.page * q.per_page),
    matches()
      .orderBy(...order)
      .limit(literal(q.per_page))
      .offset(literal((q.page - 1) * q.per_page)),
  ]);
  return pageOf(await productCards(deps.db, ids.map((r) => r.id), locale), total, q.page, q.per_page, capped);
}

/** The traveller's own products (dashboard), with how many orders each has. */
export async function listOwnProducts(deps: Pick<Deps, 'db' | 'hooks'>, userId: number, q: { page: number; per_page: number }, locale: Locale): Promise<Page<OwnProductView>> {
  const where = and(eq(products.userId, userId), eq(products.active, true));
  const [{ total }] = await deps.db.select({ total: count() }).from(products).where(where);
  const rows = await selectProducts(deps.db, locale)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(literal(q.per_page))
    .offset(literal((q.page - 1) * q.per_page));
  const views = await productViews(deps.db, rows, true);
  const counts = deps.hooks.productOrderCounts ? await deps.hooks.productOrderCounts(deps.db, views.map((v) => v.id)) : new Map<number, number>();
  return pageOf(
    views.map((v) => ({ ...v, orders_count: counts.get(v.id) ?? 0 })),
    total,
    q.page,
    q.per_page,
  );
}

export async function productsOnTrip(db: Db, tripId: number, locale: Locale): Promise<ProductView[]> {
  const rows = await selectProducts(db, locale).where(and(eq(products.tripId, tripId), eq(products.active, true))).orderBy(desc(products.createdAt));
  return productViews(db, rows, true);
}

export async function productsByIds(db: Db, ids: number[], locale: Locale): Promise<ProductView[]> {
  return productCards(db, ids, locale);
}
