import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { imageRef, type ImageRef } from '../../../lib/images.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { ListingQuery, RequestInput } from '../../../lib/schemas/catalogue.ts';
import { pageOf, type Page, type RequestView } from '../../../lib/views/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { addresses, countries, requestImages, requests, trips, users } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { assertOwnImages } from './images.ts';
import { cappedTotal, nameSearch, newestSearchPage, withSearch } from './search-query.ts';
import { arrivalCountry } from '../../../lib/location.ts';
import { insertWithSlug } from './slugs.ts';
import { countryIsoSql, countryNameSql } from '../places/names-sql.ts';
import { literal } from '../../db/literal.ts';

function selectRequests(db: Db, locale: Locale) {
  return db
    .select({
      r: requests,
      u: { id: users.id, name: users.name, username: users.username, photo: users.photoProfile },
      // Null when the request names no country (then no subquery row).
      fromName: countryNameSql(requests.buyFromCountryId, locale) as SQL<string | null>,
      fromIso: countryIsoSql(requests.buyFromCountryId) as SQL<string | null>,
      toName: countryNameSql(requests.deliverToCountryId, locale) as SQL<string | null>,
      toIso: countryIsoSql(requests.deliverToCountryId) as SQL<string | null>,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

async function views(db: Db, rows: Row[], firstImageOnly: boolean, ownerId?: number): Promise<RequestView[]> {
  const ids = rows.map((r) => r.r.id);
  const imgs = new Map<number, string[]>();
  if (ids.length) {
    const list = await db
      .select({ requestId: requestImages.requestId, imageId: requestImages.imageId })
      .from(requestImages)
      .where(firstImageOnly ? and(inArray(requestImages.requestId, ids), eq(requestImages.position, 0)) : inArray(requestImages.requestId, ids))
      .orderBy(asc(requestImages.requestId), asc(requestImages.position));
    for (const i of list) imgs.set(i.requestId, [...(imgs.get(i.requestId) ?? []), i.imageId]);
  }
  return rows.map((r) => ({
    id: r.r.id,
    slug: r.r.slug,
    name: r.r.name,
    description: r.r.description,
    price_eta: r.r.priceEta,
    quantity: r.r.quantity,
    traveler_tip: r.r.travelerTip,
    active: r.r.active,
    closed_at: r.r.closedAt?.toISOString() ?? null,
    created_at: r.r.createdAt.toISOString(),
    buy_from_country: r.r.buyFromCountryId && r.fromName ? { id: r.r.buyFromCountryId, name: r.fromName, iso2: r.fromIso! } : null,
    deliver_to_country: r.r.deliverToCountryId && r.toName ? { id: r.r.deliverToCountryId, name: r.toName, iso2: r.toIso! } : null,
    photos: (imgs.get(r.r.id) ?? []).map((id) => ({ ...imageRef(id), path: imageRef(id).src })),
    user: { id: r.u.id, name: r.u.name, username: r.u.username, photo_profile: r.u.photo },
    ...(ownerId === r.r.userId ? { address_id: r.r.addressId } : {}),
  }));
}

async function setImages(db: DbOrTx, requestId: number, imageIds: string[]) {
  await db.delete(requestImages).where(eq(requestImages.requestId, requestId));
  if (imageIds.length) await db.insert(requestImages).values(imageIds.map((imageId, position) => ({ requestId, imageId, position })));
}

/**
 * The delivery address must be the requester's own; it also fixes the destination country. Read
 * in the saving transaction with the address locked (FOR SHARE), so it is not deleted meanwhile.
 */
async function addressCountry(db: DbOrTx, userId: number, addressId: number): Promise<number> {
  const [a] = await db
    .select({ countryId: addresses.countryId })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .for('share');
  if (!a) throw invalid({ address_id: 'catalogue:request.address_required' });
  return a.countryId;
}

async function assertCountry(db: DbOrTx, id: number) {
  const [c] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  if (!c) throw invalid({ buy_from_country_id: 'catalogue:request.from_required' });
}

export async function createRequest(deps: Pick<Deps, 'db'>, userId: number, input: RequestInput, locale: Locale): Promise<RequestView> {
  const id = await insertWithSlug(deps.db, requests, input.name, async (tx, slug) => {
    await assertCountry(tx, input.buy_from_country_id);
    const deliverTo = await addressCountry(tx, userId, input.address_id);
    await assertOwnImages(tx, userId, input.images);
    const [row] = await tx
      .insert(requests)
      .values({
        userId,
        slug,
        name: input.name,
        description: input.description,
        priceEta: input.price_eta,
        quantity: input.quantity,
        travelerTip: input.traveler_tip,
        buyFromCountryId: input.buy_from_country_id,
        deliverToCountryId: deliverTo,
        addressId: input.address_id,
      })
      .returning({ id: requests.id });
    await setImages(tx, row.id, input.images);
    return row.id;
  });
  return getOwnRequest(deps.db, userId, id, locale);
}

export async function updateRequest(deps: Pick<Deps, 'db' | 'now'>, userId: number, id: number, input: RequestInput, locale: Locale): Promise<RequestView> {
  await deps.db.transaction(async (tx) => {
    // Locked until the edit commits: a delete meanwhile waits, and an edit of a deleted request is refused.
    const [own] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.id, id), eq(requests.userId, userId), eq(requests.active, true)))
      .for('update');
    if (!own) throw notFound('catalogue:request.not_found');
    await assertCountry(tx, input.buy_from_country_id);
    const deliverTo = await addressCountry(tx, userId, input.address_id);
    await assertOwnImages(tx, userId, input.images);
    await tx
      .update(requests)
      .set({
        name: input.name,
        description: input.description,
        priceEta: input.price_eta,
        quantity: input.quantity,
        travelerTip: input.traveler_tip,
        buyFromCountryId: input.buy_from_country_id,
        deliverToCountryId: deliverTo,
        addressId: input.address_id,
        updatedAt: deps.now(),
      })
      .where(eq(requests.id, id));
    await setImages(tx, id, input.images);
  });
  return getOwnRequest(deps.db, userId, id, locale);
}

export async function deleteRequest(deps: Pick<Deps, 'db' | 'now'>, userId: number, id: number) {
  const gone = await deps.db
    .update(requests)
    .set({ active: false, updatedAt: deps.now() })
    .where(and(eq(requests.id, id), eq(requests.userId, userId), eq(requests.active, true)))
    .returning({ id: requests.id });
  if (!gone.length) throw notFound('catalogue:request.not_found');
}

/**
 * Closing takes the request off the listings, the search and out of reach of new takes, offers
 * and purchases (the orders domain checks `closed_at`); the requester keeps it in their dashboard
 * and may reopen it. Both are idempotent: closing a closed request keeps its first closing time.
 */
export async function setRequestClosed(deps: Pick<Deps, 'db' | 'now'>, userId: number, id: number, closed: boolean, locale: Locale): Promise<RequestView> {
  await deps.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ closedAt: requests.closedAt })
      .from(requests)
      .where(and(eq(requests.id, id), eq(requests.userId, userId), eq(requests.active, true)))
      .for('update');
    if (!own) throw notFound('catalogue:request.not_found');
    if (Boolean(own.closedAt) === closed) return;
    await tx
      .update(requests)
      .set({ closedAt: closed ? deps.now() : null, updatedAt: deps.now() })
      .where(eq(requests.id, id));
  });
  return getOwnRequest(deps.db, userId, id, locale);
}

export async function getOwnRequest(db: DbOrTx, userId: number, id: number, locale: Locale): Promise<RequestView> {
  const rows = await selectRequests(db, locale).where(and(eq(requests.id, id), eq(requests.userId, userId), eq(requests.active, true)));
  if (!rows.length) throw notFound('catalogue:request.not_found');
  return (await views(db, rows, false, userId))[0];
}

export async function getRequestBySlug(db: Db, slug: string, locale: Locale, viewerId?: number): Promise<RequestView | undefined> {
  if (!/^[a-z0-9-]{1,160}$/.test(slug)) return undefined;
  const rows = await selectRequests(db, locale).where(and(eq(requests.slug, slug), eq(requests.active, true)));
  return rows.length ? (await views(db, rows, false, viewerId))[0] : undefined;
}

export async function getRequestById(db: Db, id: number, locale: Locale): Promise<RequestView | undefined> {
  const rows = await selectRequests(db, locale).where(and(eq(requests.id, id), eq(requests.active, true)));
  return rows.length ? (await views(db, rows, false))[0] : undefined;
}

/** The request listing: open requests, by buy-from country (origin), deliver-to (destination, or the visitor's "send to"), requester, name. */
export async function listRequests(deps: Pick<Deps, 'db'>, q: ListingQuery, locale: Locale, ownerId?: number): Promise<Page<RequestView>> {
  const search = nameSearch(requests, q.search);
  if (search.kind === 'none') return pageOf([], 0, q.page, q.per_page);
  // A traveller filtering by one of their trips sees requests along that route.
  let route: { from: number; to: number } | undefined;
  if (q.trip_id) {
    const [trip] = await deps.db.select({ from: trips.originCountryId, to: trips.destinationCountryId }).from(trips).where(eq(trips.id, q.trip_id));
    if (!trip) return pageOf([], 0, q.page, q.per_page);
    route = trip;
  }
  const arrivesIn = arrivalCountry(q);
  // Closed requests stay in their owner's own list only.
  const ownList = q.user_id !== undefined && q.user_id === ownerId;
  const filters: (SQL | undefined)[] = [
    eq(requests.active, true),
    ownList ? undefined : isNull(requests.closedAt),
    q.origin_country_id ? eq(requests.buyFromCountryId, q.origin_country_id) : undefined,
    q.country_id ? eq(requests.buyFromCountryId, q.country_id) : undefined,
    arrivesIn ? eq(requests.deliverToCountryId, arrivesIn) : undefined,
    q.user_id ? eq(requests.userId, q.user_id) : undefined,
    route ? eq(requests.buyFromCountryId, route.from) : undefined,
    route ? eq(requests.deliverToCountryId, route.to) : undefined,
  ];
  const where = withSearch(filters, search);
  const pageRows = (extra: SQL | undefined, order: SQL[]) =>
    selectRequests(deps.db, locale)
      .where(and(where, extra))
      .orderBy(...order)
      .limit(literal(q.per_page))
      .offset(literal((q.page - 1) * q.per_page));
  const newest = [desc(requests.createdAt), desc(requests.id)];
  const order =
    q.sort === 'price_asc'
      ? [asc(requests.priceEta), desc(requests.id)]
      : q.sort === 'price_desc'
        ? [desc(requests.priceEta), desc(requests.id)]
        : newest;
  // The total is counted only so far; a search's newest page comes through the recent window.
  const [{ total, capped }, rows] = await Promise.all([
    cappedTotal(deps.db, () => deps.db.select({ id: requests.id }).from(requests).where(where), q.page * q.per_page),
    search.kind === 'where' && order === newest ? newestSearchPage(deps.db, requests, q.per_page, pageRows) : pageRows(undefined, order),
  ]);
  return pageOf(await views(deps.db, rows, true, ownerId), total, q.page, q.per_page, capped);
}

export async function requestsByIds(db: Db, ids: number[], locale: Locale): Promise<RequestView[]> {
  if (!ids.length) return [];
  const rows = await selectRequests(db, locale).where(inArray(requests.id, ids));
  return views(db, rows, true);
}
