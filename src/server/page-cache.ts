import { createHash } from 'node:crypto';
import { logContext } from './request-context.ts';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gunzipSync, gzip, gzipSync } from 'node:zlib';
import { resolveLocale } from '../lib/i18n/index.ts';
import { LOCATION_COOKIE, parseLocation } from '../lib/location.ts';
import { SESSION_COOKIE } from '../lib/session-cookie.ts';
import type { Kept, KeptHtml, SharedRender, SharedRenders } from '../lib/views/index.ts';
import type { PageChanges } from './domain/deps.ts';
import type { Broker } from './realtime/broker.ts';

/**
 * How pages leave the server: every rendered page is buffered once (one write instead of the
 * renderer's many small chunks), compressed when the browser asks (brotli, else gzip), and — for
 * a guest's GET of a public page — kept rendered in memory, so the next guest asking for the
 * same variant gets the stored bytes with an ETag (304 when unchanged).
 *
 * A variant is chosen by the URL (path + query), the `locale` cookie and the `location` cookie
 * ("send to" country); the middleware (src/middleware.ts) reads no other cookie or header. A
 * request carrying a session cookie is never served from or stored in the cache; nor is a
 * response that is not 200 or that sets a cookie.
 *
 * Signed-in pages are rendered for each request, but what a listing shows everyone — its filter
 * bar, count and cards — is kept the same way (`renders`, per variant and whether the visitor is
 * signed in), and the page renders only the visitor's own parts around it: the header and the
 * hearts of what they favourited.
 *
 * Freshness: `invalidate()` drops everything. It runs after every write that can change what a
 * guest sees has committed (each unsafe /v1 request, each job run, each page form POST: see
 * `PageChanges`), plus the TTL as a safety net for what changes with the clock alone. A page
 * whose rendering started before an invalidation is not stored (the generation check), so a
 * render that read the database before a write committed never outlives that write.
 *
 * Several instances (`broadcast`, Redis pub/sub): `changed()` also tells every other instance,
 * which drops its pages when the message arrives. A page another instance stored from data read
 * before the write is dropped then too; until then (the message's delivery time) it may still be
 * served, and an instance cut off from Redis keeps its pages until the TTL.
 */

type Encoding = 'br' | 'gzip';

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  br: Buffer;
  gzip: Buffer;
  /** The uncompressed body, kept once a client asked for it (browsers never do; curl and bots may). */
  identity?: Buffer;
  etag: string;
  expires: number;
  /** The route pattern that rendered it, for the log line of each request it answers. */
  route?: string;
}

interface Captured {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}


/** How instances tell each other that data changed (src/server/realtime/redis-broker.ts). */
export interface PageChangeBroadcast {
  /** Tells every instance, this one included (failures are reported, not thrown). */
  publish(): Promise<void>;
  /** Calls `onChange` for each change published by any instance; returns the unsubscribe function. */
  subscribe(onChange: () => void): () => void;
}

/** The Redis topic of page changes, after REDIS_PREFIX: titipan:pages (the real-time events have their own). */
export const PAGES_TOPIC = 'pages';

/** A broadcast over a broker's topic: each change is one message. */
export function pageChangesThrough(broker: Broker, onError: (err: unknown) => void): PageChangeBroadcast {
  return {
    publish: () => broker.publish([{ channel: 'pages', event: 'changed', data: '' }]).catch(onError),
    subscribe: (onChange) => broker.subscribe(() => onChange()),
  };
}

export interface PageCache extends PageChanges {
  /** Whether guest pages are kept at all (PAGE_CACHE_TTL_SECONDS > 0). */
  readonly enabled: boolean;
  /** The shared parts of pages a session cookie keeps out of the cache (the signed-in listings). */
  readonly renders: SharedRenders;
  /** Answers a page request: from the cache, or by running `render` (Astro) and buffering what it writes. */
  handle(req: IncomingMessage, res: ServerResponse, render: () => void): void;
  /** Drops every stored page. */
  invalidate(): void;
  readonly size: number;
}

/** Pages that are never kept: a guest is redirected away from them, or they carry one visitor's token. */
const UNCACHED_PREFIXES = ['/dashboard', '/admin', '/cart', '/checkout', '/payment', '/post', '/authentication', '/reset-password'];
/** Bodies below this go out as they are: compressing them saves less than the header costs. */
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;

/**
 * Brotli quality of a response compressed as it is sent (signed-in pages, the API), compressed
 * synchronously: node:zlib's asynchronous brotli spent ~2.6 ms of CPU on a 120 KB listing at any
 * quality (its stream set-up and chunking, not the compression), the synchronous call 0.14 ms at
 * quality 1 (0.7 ms at 4, for 14 % fewer bytes). Quality 0 takes a third less time than 1 for 5 %
 * more bytes (a 113 KB listing: 165 µs, 15.8 KB against 258 µs, 15.0 KB). Pages kept for guests
 * are compressed once, at 9.
 */
const FRESH_BROTLI_QUALITY = 0;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The encoding the client prefers among ours (brotli first), honouring `q=0`. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (!value) return undefined;
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function cookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const raw = header.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Parameters that ad platforms, newsletters and search engines append to links to tell their own
 * clicks apart (`utm_*`, `fbclid`, `gclid`, Google's `srsltid`…). Nothing in Titipan reads them,
 * yet each click's are unique: kept in the URL, every visitor arriving from a campaign would be a
 * page rendered from scratch instead of one served from the cache. They are dropped before the
 * page cache and the renderer see the URL (the address bar keeps them: no redirect).
 */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|ttclid|twclid|yclid|igshid|li_fat_id|mc_cid|mc_eid|srsltid|_ga|_gl)$/i;

/** The URL (path and query) without tracking parameters; the others stay as they were written, in order. */
export function withoutTrackingParameters(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = url.slice(at + 1).split('&');
  const kept = pairs.filter((pair) => {
    const name = pair.split('=', 1)[0];
    try {
      return !TRACKING_PARAMETER.test(decodeURIComponent(name));
    } catch {
      return true;
    }
  });
  if (kept.length === pairs.length) return url;
  const query = kept.filter(Boolean).join('&');
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

/** The cache key of a guest request, or undefined when this request must not use the cache. */
export function variantKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | undefined {
  if (req.method !== 'GET') return undefined;
  const url = req.url ?? '/';
  const path = url.split('?')[0];
  if (UNCACHED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return undefined;
  const cookies = req.headers.cookie;
  if (cookie(cookies, SESSION_COOKIE)) return undefined;
  const locale = resolveLocale(cookie(cookies, 'locale'));
  const location = parseLocation(cookie(cookies, LOCATION_COOKIE));
  return `${locale}\n${location ? `${location.id}\t${location.name}\t${location.flag_image}` : ''}\n${url}`;
}

function headerValue(headers: OutgoingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return v === undefined ? undefined : Array.isArray(v) ? v.join(', ') : String(v);
}

function lowerCaseHeaders(headers: OutgoingHttpHeaders | readonly unknown[] | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  if (!headers) return out;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
    return out;
  }
  for (const [k, v] of Object.entries(headers as OutgoingHttpHeaders)) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function withVary(headers: OutgoingHttpHeaders, value: string): string {
  const existing = headerValue(headers, 'vary');
  return existing ? `${existing}, ${value}` : value;
}

/**
 * Runs `render` with `res` recording instead of sending: the status, headers and body the
 * renderer writes. Resolves undefined when the connection closes first.
 */
function capture(res: ServerResponse, render: () => void): Promise<Captured | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let status: number | undefined;
    let headers: OutgoingHttpHeaders = {};
    const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk) ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    const restore = () => Object.assign(res, original);
    const onClose = () => {
      restore();
      resolve(undefined);
    };
    res.once('close', onClose);
    // Nothing may reach the socket before the whole body is known (the API's streaming path flushes).
    res.flushHeaders = () => {};
    res.writeHead = function (code: number, ...rest: unknown[]) {
      status = code;
      const h = rest.find((x) => typeof x === 'object' && x !== null) as OutgoingHttpHeaders | undefined;
      headers = { ...headers, ...lowerCaseHeaders(h) };
      return res;
    } as ServerResponse['writeHead'];
    res.write = function (chunk: unknown, encoding?: unknown, cb?: unknown) {
      chunks.push(toBuffer(chunk, encoding));
      const done = typeof encoding === 'function' ? encoding : cb;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    } as ServerResponse['write'];
    res.end = function (chunk?: unknown, encoding?: unknown, cb?: unknown) {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
      res.off('close', onClose);
      restore();
      // Headers set with setHeader() before writeHead() count too (writeHead's win).
      resolve({ status: status ?? res.statusCode, headers: { ...lowerCaseHeaders(res.getHeaders()), ...headers }, body: Buffer.concat(chunks) });
      const done = [chunk, encoding, cb].find((x) => typeof x === 'function');
      if (done) queueMicrotask(() => (done as () => void)());
      return res;
    } as ServerResponse['end'];
    render();
  });
}

const isCompressible = (headers: OutgoingHttpHeaders, size: number) =>
  size >= MIN_COMPRESS_BYTES && !headers['content-encoding'] && COMPRESSIBLE.test(headerValue(headers, 'content-type') ?? '');

/** Sends a rendered response, compressed (fast settings) when the client asks and the body is text. */
async function sendFresh(req: IncomingMessage, res: ServerResponse, page: Captured) {
  const headers = { ...page.headers };
  let body = page.body;
  if (isCompressible(headers, body.length)) {
    headers.vary = withVary(headers, 'Accept-Encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (encoding) {
      body = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: FRESH_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level: 6 });
      headers['content-encoding'] = encoding;
    }
  }
  delete headers['transfer-encoding'];
  headers['content-length'] = String(body.length);
  if (res.destroyed) return;
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Runs a handler that writes to `res` (the API, an endpoint) with its output buffered, then sends
 * it compressed when the client asks and the body is text of some size.
 */
export async function compressed(req: IncomingMessage, res: ServerResponse, run: () => void): Promise<void> {
  if (!acceptedEncoding(req.headers['accept-encoding'])) return run();
  const page = await capture(res, run);
  if (page) await sendFresh(req, res, page);
}

function sendEntry(req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'hit' | 'miss') {
  const context = logContext();
  if (context && entry.route) context.route ??= entry.route;
  const headers: OutgoingHttpHeaders = { ...entry.headers, etag: entry.etag, 'x-page-cache': state };
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim() === entry.etag || tag.trim() === '*')) {
    // A 304's headers update the browser's stored copy: the page's own policy (with its inline
    // hashes) must come along, or the strict default the edge set on every response replaces it.
    const kept = Object.entries({
      etag: entry.etag,
      vary: headers.vary,
      'cache-control': headers['cache-control'],
      'content-security-policy': headers['content-security-policy'],
      'x-page-cache': state,
    }).filter(([, v]) => v !== undefined);
    res.writeHead(304, Object.fromEntries(kept) as OutgoingHttpHeaders);
    res.end();
    return;
  }
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : (entry.identity ??= gunzipSync(entry.gzip));
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  res.writeHead(entry.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function toEntry(page: Captured, ttlSeconds: number): Promise<Entry> {
  const [br, gzipped] = await Promise.all([
    brotli(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } }),
    gz(page.body, { level: 9 }),
  ]);
  const headers = { ...page.headers, vary: withVary(page.headers, 'Accept-Encoding') };
  delete headers['content-length'];
  delete headers['transfer-encoding'];
  const etag = `W/"${createHash('sha1').update(page.body).digest('base64url')}"`;
  return { status: page.status, headers, br, gzip: gzipped, etag, expires: Date.now() + ttlSeconds * 1000 };
}

/** Only a plain 200 page, setting no cookie and not private to someone, may be shared. */
const storable = (page: Captured) => page.status === 200 && !page.headers['set-cookie'] && !/no-store/i.test(headerValue(page.headers, 'cache-control') ?? '');

/** How many bytes of HTML the shared renders may hold in all (a listing's cards are about 90 KB): some 180 renders, whatever PAGE_CACHE_MAX_ENTRIES allows. */
export const SHARED_RENDER_BYTES = 16_000_000;

const byteLength = (html: KeptHtml) => html.parts.reduce((n, part) => n + part.byteLength, 0);

export function createPageCache(opts: {
  ttlSeconds: number;
  maxEntries: number;
  /** SHARED_RENDER_BYTES unless given. */
  maxSharedBytes?: number;
  onError?: (err: unknown) => void;
  /** Told of each guest page answered from the cache (hit) or rendered into it (miss). */
  onServe?: (result: 'hit' | 'miss') => void;
  broadcast?: PageChangeBroadcast;
}): PageCache {
  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'hit' | 'miss') => {
    opts.onServe?.(state);
    sendEntry(req, res, entry, state);
  };
  const enabled = opts.ttlSeconds > 0;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | undefined>>();
  const shared = new Map<string, Kept<unknown> & { expires: number; bytes: number }>();
  const maxSharedBytes = opts.maxSharedBytes ?? SHARED_RENDER_BYTES;
  let sharedBytes = 0;
  let generation = 0;
  const forget = (key: string) => {
    sharedBytes -= shared.get(key)?.bytes ?? 0;
    shared.delete(key);
  };

  const notKept: SharedRender<never> = { keep() {} };
  const renders: SharedRenders = {
    open<T>(key: string | undefined): SharedRender<T> {
      if (!enabled || key === undefined) return notKept;
      const started = generation;
      let kept = shared.get(key) as (Kept<T> & { expires: number; bytes: number }) | undefined;
      if (kept && kept.expires <= Date.now()) {
        forget(key);
        kept = undefined;
      } else if (kept) {
        // Most recently used last: the oldest renders leave first when the store is full.
        shared.delete(key);
        shared.set(key, kept);
      }
      return {
        kept,
        keep(data, html) {
          const bytes = byteLength(html);
          if (kept || generation !== started || bytes > maxSharedBytes) return;
          forget(key);
          shared.set(key, { data, html, bytes, expires: Date.now() + opts.ttlSeconds * 1000 });
          sharedBytes += bytes;
          while (shared.size > opts.maxEntries || sharedBytes > maxSharedBytes) forget(shared.keys().next().value!);
        },
      };
    },
    get size() {
      return shared.size;
    },
  };

  const renderFresh = async (req: IncomingMessage, res: ServerResponse, render: () => void) => {
    await compressed(req, res, render);
    // A form posted to a page (the payment sandbox's "I have paid") may have changed what guests
    // see, on every instance — when it was accepted (2xx, or the redirect after a post), never
    // when it was refused.
    if (req.method !== 'GET' && req.method !== 'HEAD' && res.statusCode >= 200 && res.statusCode < 400) void cache.changed();
  };

  /**
   * Renders one variant for every guest asking for it meanwhile, and stores it unless a write
   * committed while it rendered (then the guests who waited render their own).
   */
  const renderShared = async (key: string, req: IncomingMessage, res: ServerResponse, render: () => void) => {
    const started = generation;
    let share!: (entry: Entry | undefined) => void;
    const shared = new Promise<Entry | undefined>((resolve) => (share = resolve));
    pending.set(key, shared);
    try {
      const page = await capture(res, render);
      if (!page) return;
      if (!storable(page)) return await sendFresh(req, res, page);
      const entry = await toEntry(page, opts.ttlSeconds);
      entry.route = logContext()?.route;
      if (generation === started) {
        entries.set(key, entry);
        while (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
        share(entry);
      }
      send(req, res, entry, 'miss');
    } finally {
      share(undefined);
      if (pending.get(key) === shared) pending.delete(key);
    }
  };

  const cache: PageCache = {
    enabled,
    renders,
    get size() {
      return entries.size;
    },
    handle(req, res, render) {
      req.url = withoutTrackingParameters(req.url ?? '/');
      const key = enabled ? variantKey(req) : undefined;
      if (!key) {
        void renderFresh(req, res, render).catch((err) => fail(res, err));
        return;
      }
      const entry = entries.get(key);
      if (entry && entry.expires > Date.now()) {
        // Most recently used last: the oldest entries leave first when the cache is full.
        entries.delete(key);
        entries.set(key, entry);
        send(req, res, entry, 'hit');
        return;
      }
      if (entry) entries.delete(key);
      const inFlight = pending.get(key);
      if (inFlight) {
        void inFlight
          .then((shared) => (shared ? send(req, res, shared, 'hit') : renderFresh(req, res, render)))
          .catch((err) => fail(res, err));
        return;
      }
      void renderShared(key, req, res, render).catch((err) => fail(res, err));
    },
    invalidate() {
      generation++;
      entries.clear();
      pending.clear();
      shared.clear();
      sharedBytes = 0;
    },
    async changed() {
      cache.invalidate();
      await opts.broadcast?.publish();
    },
  };
  opts.broadcast?.subscribe(() => cache.invalidate());

  function fail(res: ServerResponse, err: unknown) {
    opts.onError?.(err);
    if (!res.headersSent && !res.destroyed) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error');
    else res.destroy();
  }

  return cache;
}
