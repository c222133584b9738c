import { describe, expect, it } from 'vitest';
import { acceptedEncoding, variantKey } from '../../src/server/page-cache.ts';

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
