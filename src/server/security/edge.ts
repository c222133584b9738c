import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { resolveLocale, translator } from '../../lib/i18n/index.ts';
import { isApiPath } from '../api/path.ts';
import type { Config } from '../config.ts';
import { AppErrorCode } from '../errors.ts';
import { isAllowedHost } from './allowed-hosts.ts';
import { contentSecurityPolicy, withConnectSource } from './content-security-policy.ts';

/**
 * Headers every response carries. Pages rendered by Astro replace the Content-Security-Policy
 * with the same policy plus the hashes of their inline scripts and styles.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>, opts: { csp: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  if (opts.csp) headers['Content-Security-Policy'] = contentSecurityPolicy();
  // Only a site that is reached over https may tell browsers to insist on it; subdomains are
  // left alone (they may be someone else's http service).
  if (config.publicUrl.startsWith('https:')) headers['Strict-Transport-Security'] = 'max-age=31536000';
  return headers;
}

/** The language a raw request asks for: the `Lang` header (API clients), else the locale cookie; English by default. */
export function requestLocale(req: IncomingMessage) {
  const header = req.headers.lang;
  const cookie = req.headers.cookie?.match(/(?:^|;\s*)locale=([^;]*)/)?.[1];
  return resolveLocale((Array.isArray(header) ? header[0] : header) ?? cookie);
}

/**
 * Adds a WebSocket origin known only at start (a self-hosted real-time server, PUSHER_HOST) to
 * the response's policy, whoever set it: the edge (setHeader) or Astro (writeHead with headers).
 */
function allowConnectSource(res: ServerResponse, source: string) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    const headers = args.find((a, i) => i > 0 && a && typeof a === 'object' && !Array.isArray(a)) as Record<string, unknown> | undefined;
    for (const name of Object.keys(headers ?? {})) {
      const value = headers![name];
      if (name.toLowerCase() === 'content-security-policy' && typeof value === 'string') headers![name] = withConnectSource(value, source);
    }
    const set = this.getHeader('content-security-policy');
    if (typeof set === 'string') this.setHeader('content-security-policy', withConnectSource(set, source));
    return writeHead.apply(this, args) as ServerResponse;
  } as ServerResponse['writeHead'];
}

export interface EdgeGuard {
  /** Sets the security headers; answers 400 and returns false when the Host is not ours. */
  request(req: IncomingMessage, res: ServerResponse): boolean;
  /** For WebSocket upgrades: answers 400 and returns false when the Host is not ours. */
  upgrade(req: IncomingMessage, socket: Duplex): boolean;
}

/**
 * What stands before every handler (API, real-time, uploads, pages): the Host allow-list and
 * the security headers. `csp: false` for `astro dev`, whose injected inline scripts and styles
 * no policy of ours would allow (Astro applies its CSP to builds only).
 */
export function createEdgeGuard(config: Pick<Config, 'publicUrl' | 'allowedHosts'>, opts: { csp: boolean; connectSource?: string } = { csp: true }): EdgeGuard {
  const headers = Object.entries(securityHeaders(config, opts));
  return {
    request(req, res) {
      for (const [name, value] of headers) res.setHeader(name, value);
      if (opts.csp && opts.connectSource) allowConnectSource(res, opts.connectSource);
      if (isAllowedHost(req.headers.host, config.allowedHosts)) return true;
      const message = translator(requestLocale(req))('errors:bad_host');
      const isApi = isApiPath(req.url ?? '/');
      res.writeHead(400, { 'Content-Type': isApi ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8', Connection: 'close' });
      res.end(isApi ? JSON.stringify({ code: AppErrorCode.BAD_REQUEST, message }) : message);
      return false;
    },
    upgrade(req, socket) {
      if (isAllowedHost(req.headers.host, config.allowedHosts)) return true;
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return false;
    },
  };
}
