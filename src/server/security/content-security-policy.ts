import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';

type AstroCsp = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;

/**
 * The Content-Security-Policy, in one place. Astro sends it as an HTTP header on every page
 * (`security.csp` in astro.config.mjs), adding to `script-src`/`style-src` the hashes of the
 * inline scripts and styles it emits (island loaders, small bundled scripts). The HTTP server
 * sends the same policy, without hashes and without the third-party sources only pages need, on every other response (API, uploads, static files,
 * endpoints such as the sitemap), so a file opened directly runs no script either. Pages carry
 * one policy only: Astro's header replaces the server's, and no `<meta>` policy is emitted.
 * (A `<meta>` policy could not carry `frame-ancestors` anyway.)
 */

type Directive =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'frame-ancestors'
  | 'object-src'
  | 'base-uri'
  | 'form-action';

/**
 * Third-party sources, per directive: the one place to extend the policy. The policy is fixed at
 * build time and the same on every page, so it names what a configured payment provider may load:
 *   Stripe.js (the credit-card popup's card form, in Stripe's own frames; Stripe's CSP guide):
 *     script-src js.stripe.com, *.js.stripe.com; frame-src those and hooks.stripe.com (3-D Secure);
 *     connect-src api.stripe.com.
 *   Pusher Channels (REALTIME_PROVIDER=pusher without PUSHER_HOST): pusher-js opens
 *     wss://ws-{cluster}.pusher.com (WebSocket only: stats and the HTTP fallbacks are off).
 *     A self-hosted server (PUSHER_HOST) is added when the server starts: withConnectSource().
 *   Midtrans pays through its hosted Snap page (a redirect), which needs nothing here.
 * With no Stripe keys configured nothing loads Stripe.js: the sources stay unused.
 */
export const THIRD_PARTY_SOURCES: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com', 'wss://*.pusher.com'],
};

const OWN_SOURCES: Record<Directive, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // data: for inline SVG/placeholder images, blob: for photo previews before upload.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  // 'self' also allows ws:/wss: to this host (CSP Level 3: Chrome 71+, Firefox, Safari 16+).
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * `style="…"` attributes: React and Headless UI server-render a few (visually hidden helpers).
 * An attribute cannot run script; `<style>` elements and stylesheets stay limited to 'self'
 * and hashes.
 */
const STYLE_ATTRIBUTE_SOURCES = ["'unsafe-inline'"];

/** Pages may load the third parties; other responses (API, uploads, files) only themselves. */
function sources(directive: Directive, { pages }: { pages: boolean }): string[] {
  return [...OWN_SOURCES[directive], ...(pages ? (THIRD_PARTY_SOURCES[directive] ?? []) : [])];
}

const DIRECTIVES = Object.keys(OWN_SOURCES) as Directive[];

/** The policy for responses Astro does not render. */
export function contentSecurityPolicy(): string {
  return [...DIRECTIVES.map((d) => `${d} ${sources(d, { pages: false }).join(' ')}`), `style-src-attr ${STYLE_ATTRIBUTE_SOURCES.join(' ')}`].join('; ');
}

/** `security.csp` for astro.config.mjs: the same policy; Astro adds its hashes and `inlineScriptHashes`. */
export function astroCspConfig(inlineScriptHashes: ReturnType<typeof scriptHash>[]): AstroCsp {
  return {
    algorithm: 'SHA-256',
    // Astro owns script-src and style-src (below), to add its hashes.
    directives: DIRECTIVES.filter((d) => d !== 'script-src' && d !== 'style-src').map((d) => `${d} ${sources(d, { pages: true }).join(' ')}`) as AstroCsp['directives'],
    scriptDirective: { resources: sources('script-src', { pages: true }), hashes: inlineScriptHashes },
    styleDirective: {
      resources: [...sources('style-src', { pages: true }), ...STYLE_ATTRIBUTE_SOURCES.map((resource) => ({ resource, kind: 'attribute' as const }))],
    },
  };
}

/** The CSP source for an inline script, as Astro's config expects it (`sha256-…`). */
export function scriptHash(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code).digest('base64')}`;
}

/** The policy with `source` added to connect-src (a source only known at start: PUSHER_HOST). */
export function withConnectSource(policy: string, source: string): string {
  return policy
    .split(';')
    .map((part) => (/^\s*connect-src\s/.test(part) ? `${part.trimEnd()} ${source}` : part))
    .join(';');
}
