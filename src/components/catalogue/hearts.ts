/**
 * A listing's shared render (src/components/SharedHtml.astro) is kept with every signed-in heart
 * cut out at its aria-pressed value; each visitor's page fills in their own. FavoriteHeart.astro
 * writes the three attributes in this order.
 */
import type { KeptHtml } from '../../lib/views/index.ts';

type FavoriteType = 'Product' | 'Request';

const encoder = new TextEncoder();
const PRESSED = encoder.encode('true');
const UNPRESSED = encoder.encode('false');
const unpressed = (type: FavoriteType) => new RegExp(`data-type="${type}" data-id="(\\d+)" aria-pressed="false"`, 'g');
const PATTERNS = { Product: unpressed('Product'), Request: unpressed('Request') };

/** The render's HTML as bytes, cut at each `type` heart's aria-pressed value (rendered unpressed). */
export function cutHearts(html: string, type: FavoriteType): KeptHtml {
  const parts: Uint8Array[] = [];
  const marks: number[] = [];
  let from = 0;
  for (const heart of html.matchAll(PATTERNS[type])) {
    const value = heart.index + heart[0].length - 'false"'.length;
    parts.push(encoder.encode(html.slice(from, value)));
    marks.push(Number(heart[1]));
    from = value + 'false'.length;
  }
  parts.push(encoder.encode(html.slice(from)));
  return { parts, marks };
}

/** The kept HTML with this visitor's favourites pressed: one copy of the bytes, none to encode. */
export function fillHearts(html: KeptHtml, favorites: ReadonlySet<number>): Uint8Array {
  if (!html.marks.length) return html.parts[0];
  const chunks = [html.parts[0]];
  html.marks.forEach((id, i) => chunks.push(favorites.has(id) ? PRESSED : UNPRESSED, html.parts[i + 1]));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
