import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, isIsoDate, todayIso } from '../../src/lib/dates.ts';
import { slugify } from '../../src/lib/slug.ts';
import { loadConfig } from '../../src/server/config.ts';
import { normalizePhone } from '../../src/server/domain/accounts/phone.ts';
import { hashPassword, verifyPassword } from '../../src/server/domain/accounts/passwords.ts';
import { prefixTsQuery } from '../../src/server/domain/catalogue/search-query.ts';
import { deliveryAfterArrivalChange } from '../../src/lib/schemas/trips.ts';

describe('configuration', () => {
  // Loading configuration may write generated secrets: never into the project's own data/.
  const dataDir = mkdtempSync(join(tmpdir(), 'titipan-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('has working defaults', () => {
    expect(load()).toMatchObject({ port: 4321, seedDemo: true, databaseUrl: undefined, platformFeePercentage: 5, google: undefined });
    // A configured secret, so that nothing is generated into ./data.
    expect(loadConfig({ PUSHER_SECRET: 'a-configured-secret-of-some-length' }).dataDir).toMatch(/data$/);
  });

  it('reads the environment and refuses nonsense with a clear message', () => {
    expect(load({ PORT: '8080', SEED_DEMO: '0', DATABASE_URL: 'postgres://x/y' })).toMatchObject({ port: 8080, seedDemo: false, databaseUrl: 'postgres://x/y' });
    expect(() => load({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => load({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('trusts no proxy by default and reads the per-IP limits', () => {
    expect(loadConfig({})).toMatchObject({ trustProxy: 0, limits: { loginFailuresPerIp: 50, registrationsPerIp: 20, resetMailsPerIp: 10, smsPerIp: 10 } });
    expect(loadConfig({ TRUST_PROXY: '2', LIMIT_SMS_PER_IP: '30' })).toMatchObject({ trustProxy: 2, limits: { smsPerIp: 30 } });
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ LIMIT_REGISTRATIONS_PER_IP: '0' })).toThrow(/LIMIT_REGISTRATIONS_PER_IP/);
  });

  it('turns Google sign-in on only with both keys', () => {
    expect(load({ GOOGLE_CLIENT_ID: 'id' }).google).toBeUndefined();
    expect(load({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google).toEqual({ clientId: 'id', clientSecret: 's' });
  });

  it('always has a public origin: PUBLIC_URL without path or slash, else http://localhost:PORT', () => {
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(load({ PUBLIC_URL: 'https://Titipan.example/shop/' }).publicUrl).toBe('https://titipan.example');
    expect(() => load({ PUBLIC_URL: 'titipan.example' })).toThrow(/PUBLIC_URL/);
    expect(() => load({ PUBLIC_URL: 'ftp://titipan.example' })).toThrow(/PUBLIC_URL/);
  });

  it('allows the public host and this machine by default; ALLOWED_HOSTS replaces that list', () => {
    expect(load({ PUBLIC_URL: 'https://titipan.example' }).allowedHosts).toEqual(['titipan.example', 'localhost', '127.0.0.1', '[::1]']);
    expect(load().allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(load({ ALLOWED_HOSTS: ' Titipan.example, .titipan.id ,*' }).allowedHosts).toEqual(['titipan.example', '.titipan.id', '*']);
    expect(() => load({ ALLOWED_HOSTS: 'https://titipan.example' })).toThrow(/ALLOWED_HOSTS/);
    expect(() => load({ ALLOWED_HOSTS: 'titipan.example:443' })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('passwords', () => {
  it('verifies the right password only, with a salted hash', async () => {
    const a = await hashPassword('rahasia123');
    const b = await hashPassword('rahasia123');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$/);
    expect(await verifyPassword('rahasia123', a)).toBe(true);
    expect(await verifyPassword('rahasia124', a)).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
  });
});

describe('phone numbers', () => {
  it('normalises Indonesian numbers as people type them', () => {
    expect(normalizePhone('0812-3456-7890')).toBe('+6281234567890');
    expect(normalizePhone('+62 812 3456 7890')).toBe('+6281234567890');
    expect(normalizePhone('090-1234-5678', 'JP')).toBe('+819012345678');
    expect(normalizePhone('0812')).toBeUndefined();
  });
});

describe('search queries', () => {
  it('builds a prefix tsquery that cannot carry operators', () => {
    expect(prefixTsQuery('Kit Kat')).toBe('kit:* & kat:*');
    expect(prefixTsQuery("matcha' | !x & (y)")).toBe('matcha:* & x:* & y:*');
    expect(prefixTsQuery('  ')).toBeUndefined();
    expect(prefixTsQuery('ÉCLAIR')).toBe('éclair:*');
  });
});

describe('dates and slugs', () => {
  it('computes Jakarta today and calendar days', () => {
    expect(todayIso(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('clears a delivery date that the new arrival overtakes', () => {
    expect(deliveryAfterArrivalChange('2026-12-10', '2026-12-05')).toBeNull();
    expect(deliveryAfterArrivalChange('2026-12-10', '2026-12-12')).toBe('2026-12-12');
  });

  it('makes readable slugs', () => {
    expect(slugify('Ladurée Macarons (box of 8)')).toBe('laduree-macarons-box-of-8');
    expect(slugify('!!!')).toBe('item');
  });
});
