/**
 * Which push endpoints the server will POST to. A subscription's endpoint is a URL the browser
 * hands us: accepted only on `https:` at a known push service (FCM, Mozilla, Apple, Windows) or
 * at an origin the operator listed in PUSH_ENDPOINT_ALLOWLIST (trusted as listed, even on a
 * private or loopback address). Anything else is refused, so no request goes where nobody allowed.
 */

/** Exact hosts of the browsers' push services. */
const KNOWN_HOSTS = new Set(['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com']);
/** Push services that use many hosts under one domain (Apple's regions, Windows' WNS servers). */
const KNOWN_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

/** Longer than any push service's endpoint (FCM's are ~190 characters). */
export const MAX_ENDPOINT_LENGTH = 1024;

/** `https://host[:port]` normalised to its origin, or undefined when it is not one. */
export function pushOriginEntry(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return undefined;
  if (!/^https:\/\/[^/]+\/?$/i.test(value.trim())) return undefined;
  return url.origin;
}

/** Why an endpoint is refused (an i18n key), or undefined when the server may POST to it. */
export function endpointProblem(endpoint: string, allowedOrigins: readonly string[]): string | undefined {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return 'notifications:push.endpoint_too_long';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'notifications:push.endpoint_invalid';
  }
  if (url.protocol !== 'https:' || url.username || url.password) return 'notifications:push.endpoint_invalid';
  if (allowedOrigins.includes(url.origin)) return undefined;
  // A known service only on its default port: the host alone names it.
  if (!url.port && (KNOWN_HOSTS.has(url.hostname) || KNOWN_HOST_SUFFIXES.some((s) => url.hostname.endsWith(s)))) return undefined;
  return 'notifications:push.endpoint_not_allowed';
}
