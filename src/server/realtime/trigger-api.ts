import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger.ts';
import type { BrokerMessage } from './broker.ts';
import {
  isValidChannelName,
  isValidEventName,
  MAX_EVENT_DATA_BYTES,
  safeEqual,
  SOCKET_ID,
} from './protocol.ts';

/**
 * The HTTP side of Pusher Channels, compatible with the official `pusher` server SDK:
 *   POST /apps/{app_id}/events, POST /apps/{app_id}/batch_events,
 *   GET  /apps/{app_id}/channels, GET /apps/{app_id}/channels/{name}  (this instance's view).
 * Requests are signed as in https://pusher.com/docs/channels/library_auth_reference/rest-api/#authentication
 */

export const AUTH_TIMESTAMP_GRACE_SECONDS = 600;
const MAX_BODY_BYTES = 256 * 1024;
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH = 10;

/** The string the signature covers: `METHOD\npath\nk=v&…` over every query parameter but `auth_signature`, keys sorted. */
export function stringToSign(method: string, path: string, params: Record<string, string>): string {
  const query = Object.keys(params)
    .filter((k) => k !== 'auth_signature')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${query}`;
}

export function signRequest(secret: string, method: string, path: string, params: Record<string, string>): string {
  return createHmac('sha256', secret).update(stringToSign(method, path, params)).digest('hex');
}

export const md5Hex = (body: string) => createHash('md5').update(body, 'utf8').digest('hex');

export type VerifyResult = { ok: true } | { ok: false; status: 400 | 401; message: string };

/** Checks a signed API request. `nowSeconds` is the server clock in Unix seconds. */
export function verifyRequest(input: {
  key: string;
  secret: string;
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  nowSeconds: number;
}): VerifyResult {
  const params: Record<string, string> = {};
  for (const [k, v] of input.query) {
    const key = k.toLowerCase();
    if (key in params) return { ok: false, status: 400, message: `Duplicate query parameter ${key}` };
    params[key] = v;
  }
  const fail = (message: string): VerifyResult => ({ ok: false, status: 401, message });
  if (params.auth_key !== input.key) return fail('Unknown auth_key');
  if (params.auth_version !== '1.0') return fail('Unsupported auth_version (expected 1.0)');
  const timestamp = /^\d+$/.test(params.auth_timestamp ?? '') ? Number(params.auth_timestamp) : NaN;
  if (!Number.isFinite(timestamp) || Math.abs(input.nowSeconds - timestamp) > AUTH_TIMESTAMP_GRACE_SECONDS) {
    return fail(`Timestamp expired: auth_timestamp must be within ${AUTH_TIMESTAMP_GRACE_SECONDS} s of the server time`);
  }
  if (input.body.length > 0 || params.body_md5 !== undefined) {
    if (!params.body_md5 || !safeEqual(params.body_md5, md5Hex(input.body))) return fail('body_md5 does not match the body');
  }
  const expected = signRequest(input.secret, input.method, input.path, params);
  if (!params.auth_signature || !safeEqual(params.auth_signature, expected)) return fail('Invalid signature');
  return { ok: true };
}

export interface TriggerApiOptions {
  appId: string;
  key: string;
  secret: string;
  logger: Logger;
  publish(messages: BrokerMessage[]): Promise<void>;
  /** Local subscription counts, for the channel queries. */
  channels: { names(): string[]; count(channel: string): number };
  now?: () => number;
}

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpError(413, 'Request body too large'));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** One event from an API body, checked; `channels` has one or more names. */
function parseEvent(raw: unknown, allowChannels: boolean): { name: string; data: string; channels: string[]; socketId?: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new HttpError(400, 'Expected a JSON object');
  const { name, data, channel, channels, socket_id } = raw as Record<string, unknown>;
  if (!isValidEventName(name)) throw new HttpError(400, 'Invalid event name');
  if (name.startsWith('pusher:') || name.startsWith('pusher_internal:')) throw new HttpError(400, 'Reserved event name');
  if (typeof data !== 'string') throw new HttpError(400, 'data must be a string');
  if (Buffer.byteLength(data) > MAX_EVENT_DATA_BYTES) throw new HttpError(413, `Event data exceeds ${MAX_EVENT_DATA_BYTES} bytes`);
  let names: unknown[];
  if (allowChannels && channels !== undefined) {
    if (!Array.isArray(channels)) throw new HttpError(400, 'channels must be an array');
    names = channels;
  } else names = channel === undefined ? [] : [channel];
  if (names.length === 0) throw new HttpError(400, 'Missing channel');
  if (names.length > MAX_CHANNELS_PER_EVENT) throw new HttpError(400, `At most ${MAX_CHANNELS_PER_EVENT} channels per event`);
  for (const c of names) if (!isValidChannelName(c)) throw new HttpError(400, 'Invalid channel name');
  if (socket_id !== undefined && (typeof socket_id !== 'string' || !SOCKET_ID.test(socket_id))) {
    throw new HttpError(400, 'Invalid socket_id');
  }
  return { name, data, channels: names as string[], socketId: socket_id };
}

const toMessages = (e: ReturnType<typeof parseEvent>): BrokerMessage[] =>
  e.channels.map((channel) => ({ channel, event: e.name, data: e.data, exceptSocketId: e.socketId }));

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, 'Malformed path');
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
}

/** Returns the Node handler: true when it took the request (any path under /apps/). */
export function createTriggerApi(opts: TriggerApiOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const now = opts.now ?? Date.now;

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    const route = /^\/apps\/([^/]+)(\/.*)?$/.exec(path);
    if (!route || decodePart(route[1]) !== opts.appId) throw new HttpError(404, 'Unknown app');
    const rest = route[2] ?? '';
    const method = (req.method ?? 'GET').toUpperCase();
    const channelMatch = /^\/channels\/([^/]+)$/.exec(rest);
    const endpoint =
      rest === '/events' || rest === '/batch_events'
        ? { method: 'POST', name: rest }
        : rest === '/channels'
          ? { method: 'GET', name: rest }
          : channelMatch
            ? { method: 'GET', name: '/channels/:name' }
            : undefined;
    if (!endpoint) throw new HttpError(404, 'No such endpoint');
    if (method !== endpoint.method) {
      res.setHeader('allow', endpoint.method);
      throw new HttpError(405, 'Method not allowed');
    }

    const body = method === 'POST' ? await readBody(req) : '';
    const verified = verifyRequest({
      key: opts.key,
      secret: opts.secret,
      method,
      path,
      query,
      body,
      nowSeconds: Math.floor(now() / 1000),
    });
    if (!verified.ok) {
      opts.logger.debug(`realtime: refused ${method} ${path}: ${verified.message}`);
      throw new HttpError(verified.status, verified.message);
    }

    switch (endpoint.name) {
      case '/events': {
        const event = parseEvent(parseJson(body), true);
        await opts.publish(toMessages(event));
        return send(res, 200, {});
      }
      case '/batch_events': {
        const parsed = parseJson(body) as { batch?: unknown } | null;
        const batch = parsed?.batch;
        if (!Array.isArray(batch) || batch.length === 0) throw new HttpError(400, 'batch must be a non-empty array');
        if (batch.length > MAX_BATCH) throw new HttpError(400, `At most ${MAX_BATCH} events per batch`);
        const events = batch.map((e) => parseEvent(e, false));
        await opts.publish(events.flatMap(toMessages));
        return send(res, 200, {});
      }
      case '/channels': {
        const prefix = query.get('filter_by_prefix') ?? '';
        const channels: Record<string, object> = {};
        for (const name of opts.channels.names()) if (name.startsWith(prefix)) channels[name] = {};
        return send(res, 200, { channels });
      }
      default: {
        const name = decodePart(channelMatch![1]);
        if (!isValidChannelName(name)) throw new HttpError(400, 'Invalid channel name');
        const count = opts.channels.count(name);
        const info = (query.get('info') ?? '').split(',');
        return send(res, 200, { occupied: count > 0, ...(info.includes('subscription_count') ? { subscription_count: count } : {}) });
      }
    }
  }

  return (req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/apps/')) return false;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
    handle(req, res, path, query).catch((err: unknown) => {
      if (err instanceof HttpError) {
        if (err.status === 413) res.setHeader('connection', 'close');
        return send(res, err.status, { error: err.message });
      }
      opts.logger.error('realtime: trigger API failed', err);
      send(res, 500, { error: 'Internal error' });
    });
    return true;
  };
}
