import { afterEach, describe, expect, it, vi } from 'vitest';
import { cutHearts, fillHearts } from '../../src/components/catalogue/hearts.ts';
import { acceptedEncoding, createPageCache, variantKey } from '../../src/server/page-cache.ts';

const req = (url: string, cookie?: string, method = 'GET') => ({ method, url, headers: cookie ? { cookie } : {} });
const location = (name: string) => `location=${encodeURIComponent(JSON.stringify({ id: 392, name, flag_image: '/flags/jp.svg' }))}`;

describe('page cache variants', () => {
  it('keys a guest GET by URL, language and send-to country; the same choices share a key', () => {
    const plain = variantKey(req('/products/marketplace?page=2'));
    expect(plain).toBeDefined();
    expect(variantKey(req('/products/marketplace?page=2', 'other=1'))).toBe(plain);
    expect(variantKey(req('/products/marketplace?page=2', 'locale=en'))).toBe(plain);
    expect(variantKey(req('/products/marketplace?page=3'))).not.toBe(plain);
    expect(variantKey(req('/products/marketplace?page=2', 'locale=id'))).not.toBe(plain);
    const japan = variantKey(req('/products/marketplace?page=2', location('Japan')));
    expect(japan).not.toBe(plain);
    expect(variantKey(req('/products/marketplace?page=2', location('Jepang')))).not.toBe(japan);
    // A tampered location cookie is ignored by the page, so it is the plain variant.
    expect(variantKey(req('/products/marketplace?page=2', 'location=%7Bbad'))).toBe(plain);
  });

  it('never for a session, a write, or pages private to someone', () => {
    expect(variantKey(req('/', 'locale=id; titipan_session=abc'))).toBeUndefined();
    expect(variantKey(req('/', undefined, 'POST'))).toBeUndefined();
    expect(variantKey(req('/', undefined, 'HEAD'))).toBeUndefined();
    for (const path of ['/dashboard/purchase', '/admin', '/cart', '/checkout', '/payment/sandbox/x', '/post/product', '/authentication?code=1', '/reset-password?token=t']) {
      expect(variantKey(req(path)), path).toBeUndefined();
    }
    expect(variantKey(req('/administrators-guide'))).toBeDefined();
  });

  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('shared renders (the part of a listing every visitor of a variant sees)', () => {
  afterEach(() => vi.useRealTimers());
  const cache = (ttlSeconds = 60, maxEntries = 10, maxSharedBytes?: number) => createPageCache({ ttlSeconds, maxEntries, maxSharedBytes });
  const html = (text: string) => ({ parts: [new TextEncoder().encode(text)], marks: [] });
  const text = (kept: { html: { parts: Uint8Array[] } } | undefined) => kept && new TextDecoder().decode(kept.html.parts[0]);

  it('renders once, then every visitor of the variant gets the kept render', () => {
    const { renders } = cache();
    const first = renders.open<number[]>('/products/marketplace\nen');
    expect(first.kept).toBeUndefined();
    first.keep([1, 2], html('<li>1</li><li>2</li>'));
    const again = renders.open<number[]>('/products/marketplace\nen').kept;
    expect(again?.data).toEqual([1, 2]);
    expect(text(again)).toBe('<li>1</li><li>2</li>');
    expect(renders.open('/products/marketplace\nid').kept).toBeUndefined();
    expect(renders.size).toBe(1);
  });

  it('keeps nothing read before a write that committed while it rendered, and a write drops what was kept', () => {
    const { renders, ...pages } = cache();
    const stale = renders.open<string>('k');
    pages.invalidate();
    stale.keep('before the write', html('<p>old</p>'));
    expect(renders.open('k').kept).toBeUndefined();

    renders.open<string>('k').keep('after', html('<p>new</p>'));
    expect(text(renders.open('k').kept)).toBe('<p>new</p>');
    pages.changed();
    expect(renders.open('k').kept).toBeUndefined();
    expect(renders.size).toBe(0);
  });

  it("never keeps one person's own render, nor anything when the page cache is off", () => {
    const on = cache();
    on.renders.open(undefined).keep(1, html('mine'));
    expect(on.renders.size).toBe(0);
    const off = cache(0);
    off.renders.open('k').keep(1, html('x'));
    expect(off.renders.open('k').kept).toBeUndefined();
    expect(off.renders.size).toBe(0);
  });

  it('forgets a render after the TTL', () => {
    vi.useFakeTimers();
    const { renders } = cache(60);
    renders.open('k').keep(1, html('x'));
    vi.advanceTimersByTime(59_000);
    expect(text(renders.open('k').kept)).toBe('x');
    vi.advanceTimersByTime(1_000);
    expect(renders.open('k').kept).toBeUndefined();
  });

  it('holds at most PAGE_CACHE_MAX_ENTRIES, the least recently used leaving first', () => {
    const { renders } = cache(60, 2);
    renders.open('a').keep(1, html('a'));
    renders.open('b').keep(2, html('b'));
    expect(text(renders.open('a').kept)).toBe('a');
    renders.open('c').keep(3, html('c'));
    expect(renders.size).toBe(2);
    expect(renders.open('b').kept).toBeUndefined();
    expect(text(renders.open('a').kept)).toBe('a');
    expect(text(renders.open('c').kept)).toBe('c');
  });

  it('holds at most so many bytes of HTML in all, and never a render larger than that', () => {
    const { renders } = cache(60, 100, 10);
    renders.open('a').keep(1, html('aaaa'));
    renders.open('b').keep(2, html('bbbb'));
    renders.open('c').keep(3, html('cccc'));
    expect(renders.open('a').kept).toBeUndefined();
    expect([text(renders.open('b').kept), text(renders.open('c').kept)]).toEqual(['bbbb', 'cccc']);
    renders.open('huge').keep(4, html('x'.repeat(11)));
    expect(renders.open('huge').kept).toBeUndefined();
    expect(renders.size).toBe(2);
  });
});

describe('hearts in a kept listing', () => {
  const heart = (type: string, id: number) => `<button data-action="favorite" data-type="${type}" data-id="${id}" aria-pressed="false">`;
  const page = `<ul>${[heart('Product', 1), heart('Product', 12), heart('Request', 1), heart('Product', 2)].join('<li>→ Rp. 1.000</li>')}</ul>`;
  const filled = (type: 'Product' | 'Request', ids: number[]) => new TextDecoder().decode(fillHearts(cutHearts(page, type), new Set(ids)));

  it("presses the visitor's favourites of that type only", () => {
    const out = filled('Product', [1, 2]);
    expect(out.match(/aria-pressed="true"/g)).toHaveLength(2);
    expect(out).toContain('data-type="Product" data-id="1" aria-pressed="true"');
    expect(out).toContain('data-type="Product" data-id="2" aria-pressed="true"');
    expect(out).toContain('data-type="Product" data-id="12" aria-pressed="false"');
    expect(out).toContain('data-type="Request" data-id="1" aria-pressed="false"');
    expect(filled('Request', [1])).toContain('data-type="Request" data-id="1" aria-pressed="true"');
  });

  it('gives back the very HTML it cut when nothing is pressed, non-ASCII included', () => {
    expect(filled('Product', [])).toBe(page);
    expect(filled('Product', [99])).toBe(page);
    expect(cutHearts(page, 'Product').marks).toEqual([1, 12, 2]);
    expect(new TextDecoder().decode(fillHearts(cutHearts('<p>no hearts — none</p>', 'Product'), new Set([1])))).toBe('<p>no hearts — none</p>');
  });

  it('cuts only a whole unpressed heart: not one with no id, nor one already pressed', () => {
    const odd = `${heart('Product', 7).replace('"false"', '"true"')}<p>data-type="Product" data-id="" aria-pressed="false"</p>${heart('Product', 8)}é`;
    const kept = cutHearts(odd, 'Product');
    expect(kept.marks).toEqual([8]);
    expect(new TextDecoder().decode(fillHearts(kept, new Set([7, 8])))).toBe(odd.replace('data-id="8" aria-pressed="false"', 'data-id="8" aria-pressed="true"'));
  });
});
