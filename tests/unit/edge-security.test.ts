import { describe, expect, it } from 'vitest';
import { hostName, isAllowedHost } from '../../src/server/security/allowed-hosts.ts';
import { astroCspConfig, contentSecurityPolicy, withConnectSource } from '../../src/server/security/content-security-policy.ts';
import { securityHeaders } from '../../src/server/security/edge.ts';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(/\s+/)[0] === name);

describe('the Host allow-list', () => {
  const allowed = ['titipan.example', '.titipan.id', 'localhost', '[::1]'];

  it('accepts our hosts with any port, in any case, with a trailing dot', () => {
    for (const host of ['titipan.example', 'TITIPAN.example:443', 'titipan.example.', 'localhost:4321', '[::1]:4321', 'titipan.id', 'shop.titipan.id']) {
      expect(isAllowedHost(host, allowed), host).toBe(true);
    }
  });

  it('refuses other hosts, look-alikes, malformed and missing Host headers', () => {
    for (const host of ['evil.test', 'titipan.example.evil.test', 'eviltitipan.id', 'titipan.example@evil.test', 'titipan.example/x', 'titipan.example:80:80', '', undefined]) {
      expect(isAllowedHost(host, allowed), String(host)).toBe(false);
    }
  });

  it('`*` accepts any well-formed host', () => {
    expect(isAllowedHost('anything.test:8080', ['*'])).toBe(true);
    expect(isAllowedHost('bad host', ['*'])).toBe(false);
  });

  it('reads the host name out of the header', () => {
    expect(hostName('Shop.Titipan.ID:8443')).toBe('shop.titipan.id');
    expect(hostName('[::1]:4321')).toBe('[::1]');
  });
});

describe('security headers', () => {
  it('always: nosniff, a referrer policy and the content security policy', () => {
    const headers = securityHeaders({ publicUrl: 'http://localhost:4321' }, { csp: true });
    expect(headers).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy());
  });

  it('Strict-Transport-Security only when the public URL is https', () => {
    expect(securityHeaders({ publicUrl: 'http://localhost:4321' }, { csp: true })['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ publicUrl: 'https://titipan.example' }, { csp: true })['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}/);
  });

  it('the policy allows no inline or eval script, no plugins, no framing, no foreign base or form target', () => {
    const policy = contentSecurityPolicy();
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(policy, 'form-action')).toBe("form-action 'self'");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
  });

  it('Astro gets the same policy plus Stripe.js for the card form, Pusher Channels for real-time, and the inline script hashes it is given', () => {
    const astro = astroCspConfig(['sha256-abc=']);
    const policy = contentSecurityPolicy();
    for (const d of astro.directives ?? []) {
      const name = d.split(' ')[0]!;
      const own = directive(policy, name) ?? '';
      expect(d.startsWith(own)).toBe(true);
      // Pages add only Stripe's origins (script, frames, API) and Pusher Channels' WebSocket hosts
      // (connect only), never a bare wildcard or an inline source.
      for (const extra of d.slice(own.length).trim().split(' ').filter(Boolean)) {
        if (name === 'connect-src' && extra.startsWith('wss:')) expect(extra).toBe('wss://*.pusher.com');
        else expect(extra).toMatch(/^https:\/\/([a-z*.]+\.)?stripe\.com$/);
      }
    }
    expect(astro.directives).toContain("connect-src 'self' https://api.stripe.com wss://*.pusher.com");
    expect(astro.directives).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(astro.scriptDirective?.resources).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(astro.scriptDirective?.hashes).toEqual(['sha256-abc=']);
    expect(astro.styleDirective?.resources).toContainEqual({ resource: "'unsafe-inline'", kind: 'attribute' });
    expect(astro.styleDirective?.resources).not.toContain("'unsafe-inline'");
  });

  it('a self-hosted real-time server (PUSHER_HOST) joins connect-src only', () => {
    const policy = withConnectSource(contentSecurityPolicy(), 'wss://ws.titipan.example:6001');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' wss://ws.titipan.example:6001");
    expect(directive(policy, 'script-src')).toBe(directive(contentSecurityPolicy(), 'script-src'));
  });
});
