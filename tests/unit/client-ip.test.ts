import { describe, expect, it } from 'vitest';
import { clientAddress, ipLimitKey } from '../../src/server/api/client-ip.ts';

describe('client address', () => {
  it('is the socket peer unless proxies are trusted: anyone can write X-Forwarded-For', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9', 0)).toBe('198.51.100.7');
    expect(clientAddress('198.51.100.7', undefined, 1)).toBe('198.51.100.7');
  });

  it('behind trusted proxies, is the entry that many hops from the right', () => {
    // The client claimed 1.1.1.1; our proxy appended the address it really saw.
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '203.0.113.9', 3)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '203.0.113.9:51234', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '[2001:db8::5]:443', 1)).toBe('2001:db8::5');
  });

  it('falls back to the socket when the trusted entry is not an address', () => {
    expect(clientAddress('10.0.0.2', 'unknown', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '1.1.1.1, <script>', 1)).toBe('10.0.0.2');
  });
});

describe('rate-limit key of an address', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6', () => {
    expect(ipLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(ipLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('groups IPv6 by its /64, the block of one subscriber line', () => {
    expect(ipLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(ipLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('puts anything else under one key', () => {
    expect(ipLimitKey('')).toBe('unknown');
    expect(ipLimitKey('not-an-ip')).toBe('unknown');
  });
});
