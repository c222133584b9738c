/**
 * The part of a page rendered once for every visitor of a variant and kept (the listings' filter
 * bar, count and cards): the server keeps them (src/server/page-cache.ts), pages and
 * src/components/SharedHtml.astro use them.
 */

/**
 * A kept render's HTML as UTF-8 bytes (sent as they are, never encoded again), cut where each
 * visitor's own value goes: `parts` has one more entry than `marks`, and between parts i and i+1
 * goes the visitor's value for `marks[i]` (a listing's hearts: the id whose aria-pressed it is).
 */
export interface KeptHtml {
  parts: Uint8Array[];
  marks: number[];
}

/**
 * What a page kept of one render of its shared part (the listing's cards, the same for every
 * visitor of a variant, signed in or not): the few facts the rest of the page needs and the HTML.
 */
export interface Kept<T> {
  data: T;
  html: KeptHtml;
}

/** One page's use of the shared renders, opened before it reads the database. */
export interface SharedRender<T> {
  /** The render kept for this variant, if any (then the page reads and renders none of it). */
  readonly kept?: Kept<T>;
  /** Keeps this render for the next visitors, unless a write committed since `open` (or nothing may be kept). */
  keep(data: T, html: KeptHtml): void;
}

/**
 * Parts of pages rendered once for every visitor of a variant, signed in or not; the page renders
 * only what is one person's around them (the header, the hearts). Kept and cleared with the guest
 * pages: the same TTL, the same invalidation, the same generation check.
 */
export interface SharedRenders {
  /** `key` names the variant (see `sharedListingKey` in src/components/catalogue/listing.ts); undefined when this render is one person's own. */
  open<T>(key: string | undefined): SharedRender<T>;
  readonly size: number;
}

