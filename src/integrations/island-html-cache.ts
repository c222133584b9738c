/**
 * Rendered HTML by key, least recently used dropped first: at most `limit` entries. What is kept
 * needs no invalidation, since the key holds everything the HTML depends on.
 */
/** ISLAND_CACHE_ENTRIES when unset (validated with the configuration: src/server/config.ts). */
export const ISLAND_CACHE_DEFAULT_ENTRIES = 300;

export class IslandHtmlCache {
  private readonly entries = new Map<string, string>();
  hits = 0;
  misses = 0;

  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** The HTML kept for `key`, or `render()`'s, kept for next time. */
  get(key: string, render: () => string): string {
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      this.hits++;
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    this.misses++;
    const html = render();
    if (this.limit > 0) {
      this.entries.set(key, html);
      if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    }
    return html;
  }

  get size(): number {
    return this.entries.size;
  }
}
