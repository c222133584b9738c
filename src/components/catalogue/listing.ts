import { listingQuery, type ListingQuery } from '../../lib/schemas/catalogue.ts';
import { parseId } from '../../lib/schemas/ids.ts';
import type { TFunction } from 'i18next';
import type { Locale } from '../../lib/i18n/index.ts';
import type { Page } from '../../lib/views/index.ts';
import { formatCount } from '../../lib/format.ts';

/** A result total as shown: "1,000" / "1.000", with "+" when the search counted only so far. */
export function totalLabel(page: Pick<Page<unknown>, 'total' | 'total_capped'> | undefined, locale: Locale): string {
  const n = formatCount(page?.total ?? 0, locale);
  return page?.total_capped ? `${n}+` : n;
}

/** "12 pre-orders", "1,000+ pre-orders": a listing's total in words. */
export function countLabel(t: TFunction, kind: 'product' | 'request', page: Pick<Page<unknown>, 'total' | 'total_capped'> | undefined, locale: Locale): string {
  return page?.total_capped
    ? t(`market:listing.count_${kind}_capped`, { total: totalLabel(page, locale).slice(0, -1) })
    : t(`market:listing.count_${kind}`, { count: page?.total ?? 0 });
}

/**
 * Listing filters from a page URL. A malformed parameter (`?origin_city_id=abc`) is dropped
 * rather than failing the page: the listing shows what it can, like any shop would.
 */
export function parseListing(params: URLSearchParams, overrides: Partial<ListingQuery> = {}): ListingQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  let parsed = listingQuery.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = listingQuery.safeParse(raw);
  }
  return { ...(parsed.success ? parsed.data : listingQuery.parse({})), ...overrides };
}

type Patch = Record<string, string | number | null | undefined>;

/**
 * The current page's URL with some parameters changed (null/'' removes one). A new sort or
 * filter starts again at page 1, so `page` goes unless the patch sets it.
 */
export function hrefWith(url: URL, patch: Patch): string {
  const params = new URLSearchParams(url.search);
  if (!('page' in patch)) params.delete('page');
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  if (params.get('page') === '1') params.delete('page');
  const qs = params.toString();
  return qs ? `${url.pathname}?${qs}` : url.pathname;
}

/** Where a guest goes to do something that needs an account, coming back here afterwards. */
export function loginHref(url: URL, hash = ''): string {
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search + hash)}`;
}

/** Page numbers around the current one, with gaps: [1, '…', 4, 5, 6, '…', 12]. */
export function pageWindow(page: number, last: number): (number | '…')[] {
  const wanted = new Set([1, last, page - 1, page, page + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | '…')[] = [];
  for (const n of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && n - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && n - prev > 2) out.push('…');
    out.push(n);
  }
  return out;
}

/** A numeric route id (`/products/user/marketplace/12`); anything else is a 404. */
export const routeId = parseId;

/**
 * The variant of a listing's shared render (src/components/SharedHtml.astro). What the filter
 * bar, count and cards show depends on the URL, the language, the "send to" country and whether
 * the visitor is signed in (a guest's heart is a link to log in, some filters ask to log in),
 * nothing else of theirs: a page that shows one person's own data (their trip's route, their
 * closed requests) passes `own` and renders for itself.
 */
export function sharedListingKey(locals: App.Locals, url: URL, own = false): string | undefined {
  if (own) return undefined;
  const { locale, location, user } = locals;
  return `${url.pathname}${url.search}\n${locale}\n${location.id}\t${location.name}\t${location.flag_image}\n${user ? 'user' : 'guest'}`;
}
