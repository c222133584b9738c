/**
 * A shared render (src/components/SharedHtml.astro) has every signed-in heart unpressed; these
 * press the visitor's own. FavoriteHeart.astro writes the three attributes in this order.
 */
type FavoriteType = 'Product' | 'Request';

const unpressed = (type: FavoriteType) => new RegExp(`data-type="${type}" data-id="(\\d+)" aria-pressed="false"`, 'g');
const PATTERNS = { Product: unpressed('Product'), Request: unpressed('Request') };

/** The HTML with the hearts of `ids` pressed (one pass over it; none to press, the same string). */
export function pressHearts(html: string, type: FavoriteType, ids: ReadonlySet<number>): string {
  if (!ids.size) return html;
  return html.replace(PATTERNS[type], (heart, id: string) => (ids.has(Number(id)) ? `data-type="${type}" data-id="${id}" aria-pressed="true"` : heart));
}
