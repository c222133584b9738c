/**
 * The Host allow-list (Django's ALLOWED_HOSTS): a request naming a host we do not serve is
 * refused before anything reads it, so no code path can mistake an attacker's Host for ours
 * (poisoned links, cache keys, DNS rebinding).
 */

/** One ALLOWED_HOSTS entry: a host name or IPv4 address, `.domain` for it and its subdomains, `[v6]`, or `*`. */
export const ALLOWED_HOST_ENTRY = /^(\*|\.?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/** `Host` as sent: a name or IPv4, or a bracketed IPv6, then an optional port. */
const HOST_HEADER = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** The host part of a Host header, lower-cased, without port or trailing dot; undefined when malformed. */
export function hostName(header: string | undefined): string | undefined {
  const match = header?.trim().toLowerCase().match(HOST_HEADER);
  if (!match) return undefined;
  return match[1].endsWith('.') ? match[1].slice(0, -1) : match[1];
}

export function isAllowedHost(header: string | undefined, allowed: readonly string[]): boolean {
  const host = hostName(header);
  if (!host) return false;
  return allowed.some((entry) => entry === '*' || entry === host || (entry.startsWith('.') && (host.endsWith(entry) || host === entry.slice(1))));
}
