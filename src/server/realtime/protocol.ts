import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Pure pieces of the Pusher Channels protocol (version 7): codes, frames, names and signatures.
 * https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/
 */

/** Error codes, used both as WebSocket close codes and in `pusher:error` frames. */
export const ErrorCode = {
  /** 4000–4099: the client must not reconnect. */
  AppNotFound: 4001,
  UnsupportedProtocol: 4007,
  Unauthorized: 4009,
  /** 4100–4199: reconnect with backoff. */
  OverCapacity: 4100,
  /** 4200–4299: reconnect at once. Also used in-band for a frame we could not act on. */
  Reconnect: 4200,
  PongNotReceived: 4201,
} as const;

export const MIN_PROTOCOL = 5;
export const MAX_PROTOCOL = 7;
/** Largest frame a client may send (Pusher's own limit for client messages). */
export const MAX_CLIENT_MESSAGE_BYTES = 10 * 1024;
/** Largest event payload (`data`, encoded) accepted from the trigger API. */
export const MAX_EVENT_DATA_BYTES = 10 * 1024;
export const MAX_CHANNEL_NAME_LENGTH = 200;
export const MAX_EVENT_NAME_LENGTH = 200;

/** Two random integers joined by a dot, the shape pusher-js and auth endpoints expect. */
export function newSocketId(): string {
  return `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
}

export const SOCKET_ID = /^\d+\.\d+$/;
const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]+$/;

export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME.test(name);
}

export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_EVENT_NAME_LENGTH;
}

export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence' | 'user';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('#')) return 'user';
  return 'public';
}

/** `key:HMAC-SHA256(secret, socket_id:channel)`, the Pusher private-channel signature. */
export function signChannel(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;
}

/** Constant-time string equality (the length of the expected value is not a secret). */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `auth` is the signature of `socketId` joining `channel` for this app. */
export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  return typeof auth === 'string' && safeEqual(auth, signChannel(key, secret, socketId, channel));
}

/** A frame sent to clients. `data` is always a JSON string, as the protocol requires. */
export interface ServerFrame {
  event: string;
  channel?: string;
  data: string;
}

export function encodeFrame(event: string, data: unknown, channel?: string): string {
  const encoded = typeof data === 'string' ? data : JSON.stringify(data ?? null);
  const frame: ServerFrame = channel === undefined ? { event, data: encoded } : { event, channel, data: encoded };
  return JSON.stringify(frame);
}

export const errorFrame = (code: number, message: string) => encodeFrame('pusher:error', { code, message });

/** A frame from a client, after the envelope was checked. `data` is decoded when it was a JSON string. */
export interface ClientFrame {
  event: string;
  channel?: string;
  data: unknown;
}

export type DecodeResult = { ok: true; frame: ClientFrame } | { ok: false; message: string };

export function decodeClientFrame(raw: string): DecodeResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'Malformed message: not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'Malformed message: expected a JSON object' };
  }
  const { event, channel, data } = parsed as Record<string, unknown>;
  if (typeof event !== 'string' || !event) return { ok: false, message: 'Malformed message: missing event' };
  if (channel !== undefined && typeof channel !== 'string') return { ok: false, message: 'Malformed message: channel must be a string' };
  let decoded = data;
  if (typeof data === 'string') {
    try {
      decoded = JSON.parse(data);
    } catch {
      /* a plain string payload */
    }
  }
  return { ok: true, frame: { event, channel, data: decoded } };
}

/** `protocol` query value → the version, or undefined when missing or unsupported. */
export function supportedProtocol(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const version = Number(value);
  return version >= MIN_PROTOCOL && version <= MAX_PROTOCOL ? version : undefined;
}
