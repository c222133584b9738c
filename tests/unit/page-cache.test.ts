import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressHearts } from '../../src/components/catalogue/hearts.ts';
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
  const cache = (ttlSeconds = 60, maxEntries = 10, maxSharedChars?: number) => createPageCache({ ttlSeconds, maxEntries, maxSharedChars });

  it('renders once, then every visitor of the variant gets the kept render', () => {
    const { renders } = cache();
    const first = renders.open<number[]>('/products/marketplace\nen');
    expect(first.kept).toBeUndefined();
    first.keep([1, 2], '<li>1</li><li>2</li>');
    expect(renders.open<number[]>('/products/marketplace\nen').kept).toMatchObject({ data: [1, 2], html: '<li>1</li><li>2</li>' });
    expect(renders.open('/products/marketplace\nid').kept).toBeUndefined();
    expect(renders.size).toBe(1);
  });

  it('keeps nothing read before a write that committed while it rendered, and a write drops what was kept', () => {
    const { renders, ...pages } = cache();
    const stale = renders.open<string>('k');
    pages.invalidate();
    stale.keep('before the write', '<p>old</p>');
    expect(renders.open('k').kept).toBeUndefined();

    renders.open<string>('k').keep('after', '<p>new</p>');
    expect(renders.open('k').kept?.html).toBe('<p>new</p>');
    pages.changed();
    expect(renders.open('k').kept).toBeUndefined();
    expect(renders.size).toBe(0);
  });

  it("never keeps one person's own render, nor anything when the page cache is off", () => {
    const on = cache();
    on.renders.open(undefined).keep(1, 'mine');
    expect(on.renders.size).toBe(0);
    const off = cache(0);
    off.renders.open('k').keep(1, 'x');
    expect(off.renders.open('k').kept).toBeUndefined();
    expect(off.renders.size).toBe(0);
  });

  it('forgets a render after the TTL', () => {
    vi.useFakeTimers();
    const { renders } = cache(60);
    renders.open('k').keep(1, 'x');
    vi.advanceTimersByTime(59_000);
    expect(renders.open('k').kept?.html).toBe('x');
    vi.advanceTimersByTime(1_000);
    expect(renders.open('k').kept).toBeUndefined();
  });

  it('holds at most PAGE_CACHE_MAX_ENTRIES, the least recently used leaving first', () => {
    const { renders } = cache(60, 2);
    renders.open('a').keep(1, 'a');
    renders.open('b').keep(2, 'b');
    expect(renders.open('a').kept?.html).toBe('a');
    renders.open('c').keep(3, 'c');
    expect(renders.size).toBe(2);
    expect(renders.open('b').kept).toBeUndefined();
    expect(renders.open('a').kept?.html).toBe('a');
    expect(renders.open('c').kept?.html).toBe('c');
  });

  it('holds at most so much HTML in all, and never a render larger than that', () => {
    const { renders } = cache(60, 100, 10);
    renders.open('a').keep(1, 'aaaa');
    renders.open('b').keep(2, 'bbbb');
    renders.open('c').keep(3, 'cccc');
    expect(renders.open('a').kept).toBeUndefined();
    expect([renders.open('b').kept?.html, renders.open('c').kept?.html]).toEqual(['bbbb', 'cccc']);
    renders.open('huge').keep(4, 'x'.repeat(11));
    expect(renders.open('huge').kept).toBeUndefined();
    expect(renders.size).toBe(2);
  });
});

describe('pressHearts', () => {
  const heart = (type: string, id: number) => `<button data-action="favorite" data-type="${type}" data-id="${id}" aria-pressed="false">`;
  const html = [heart('Product', 1), heart('Product', 12), heart('Request', 1), heart('Product', 2)].join('');

  it("presses the visitor's favourites of that type only", () => {
    const out = pressHearts(html, 'Product', new Set([1, 2]));
    expect(out.match(/aria-pressed="true"/g)).toHaveLength(2);
    expect(out).toContain('data-type="Product" data-id="1" aria-pressed="true"');
    expect(out).toContain('data-type="Product" data-id="2" aria-pressed="true"');
    expect(out).toContain('data-type="Product" data-id="12" aria-pressed="false"');
    expect(out).toContain('data-type="Request" data-id="1" aria-pressed="false"');
    expect(pressHearts(html, 'Request', new Set([1]))).toContain('data-type="Request" data-id="1" aria-pressed="true"');
  });

  it('returns the HTML untouched when there is nothing to press', () => {
    expect(pressHearts(html, 'Product', new Set())).toBe(html);
    expect(pressHearts(html, 'Product', new Set([99]))).toBe(html);
  });
});
