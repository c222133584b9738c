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
const HEART = { Product: Buffer.from('data-type="Product" data-id="'), Request: Buffer.from('data-type="Request" data-id="') };
const AFTER_ID = Buffer.from('" aria-pressed="false"');
const DIGIT_0 = 0x30;

/**
 * The render's HTML as bytes, cut at each `type` heart's aria-pressed value (rendered unpressed).
 * Encoded once and searched as bytes (the markers are ASCII): the parts are views of one buffer.
 */
export function cutHearts(html: string, type: FavoriteType): KeptHtml {
  const bytes = Buffer.from(html, 'utf8');
  const heart = HEART[type];
  const parts: Uint8Array[] = [];
  const marks: number[] = [];
  let from = 0;
  for (let at = bytes.indexOf(heart); at >= 0; at = bytes.indexOf(heart, at + 1)) {
    let end = at + heart.length;
    let id = 0;
    while (end < bytes.length && bytes[end] >= DIGIT_0 && bytes[end] <= DIGIT_0 + 9) id = id * 10 + bytes[end++] - DIGIT_0;
    if (end === at + heart.length || bytes.compare(AFTER_ID, 0, AFTER_ID.length, end, end + AFTER_ID.length) !== 0) continue;
    const value = end + AFTER_ID.length - 'false"'.length;
    parts.push(bytes.subarray(from, value));
    marks.push(id);
    from = value + 'false'.length;
  }
  parts.push(bytes.subarray(from));
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
