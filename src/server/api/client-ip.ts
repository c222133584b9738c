import { isIP } from 'node:net';

/** '203.0.113.9:4711' → '203.0.113.9', '[2001:db8::1]:443' → '2001:db8::1' (some proxies add the port). */
function withoutPort(entry: string): string {
  const bracketed = entry.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) return bracketed[1];
  const v4 = entry.match(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/);
  return v4 ? v4[1] : entry;
}

/**
 * The client's address. With no trusted proxy it is the socket's peer: X-Forwarded-For is
 * anyone's to write. Behind `trustedHops` proxies, each appends the address it saw, so the
 * client is the entry `trustedHops` from the right; entries further left are the client's own
 * claims. With fewer entries than hops, the leftmost is taken.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trustedHops: number): string {
  if (trustedHops > 0 && forwardedFor) {
    const hops = forwardedFor.split(',').map((s) => withoutPort(s.trim())).filter(Boolean);
    const entry = hops[Math.max(0, hops.length - trustedHops)];
    if (entry && isIP(entry)) return entry;
  }
  return socketAddress ?? '';
}

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, embedded IPv4 included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/**
 * The key an address is rate-limited under. IPv4 as is (IPv4-mapped IPv6 included); IPv6 by its
 * /64, the block one subscriber line gets, so a client cannot step through its own addresses.
 */
export function ipLimitKey(address: string): string {
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return 'unknown';
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}
