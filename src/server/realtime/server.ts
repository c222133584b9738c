import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Logger } from '../logger.ts';
import { createMemoryBroker, type Broker } from './broker.ts';
import { ChannelRegistry, type Subscriber } from './channels.ts';
import {
  channelKind,
  decodeClientFrame,
  encodeFrame,
  ErrorCode,
  errorFrame,
  isValidChannelName,
  MAX_CLIENT_MESSAGE_BYTES,
  newSocketId,
  signChannel,
  supportedProtocol,
  verifyChannelAuth,
} from './protocol.ts';
import { createTriggerApi } from './trigger-api.ts';
import type { Realtime } from './types.ts';

export { signChannel } from './protocol.ts';

export interface RealtimeServer extends Realtime {
  /** Takes a WebSocket upgrade on /app/{key}; false when the path is not ours. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** The Pusher HTTP API (/apps/{app_id}/…), as the `pusher` SDK calls it; false when the path is not ours. */
  handleHttp(req: IncomingMessage, res: ServerResponse): boolean;
  /** Open WebSocket connections on this instance (the /metrics gauge). */
  connectionCount(): number;
  /** `key:HMAC-SHA256(secret, socket_id:channel)`, the Pusher private-channel signature. */
  authorizeChannel(socketId: string, channel: string): string;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  appId: string;
  key: string;
  secret: string;
  logger: Logger;
  /** Seconds of client silence before the server pings it (also told to clients). Default 120. */
  activityTimeout?: number;
  /** Seconds to wait for any reply to a server ping before closing with 4201. Default 30. */
  pongTimeout?: number;
  /** Fan-out between instances; in-memory (this process only) by default. The server owns it and closes it. */
  broker?: Broker;
}

/** Frames larger than this are dropped by `ws` itself (close 1009); 10 KB–this gets an in-band error. */
const HARD_MAX_PAYLOAD = 64 * 1024;
/** A client whose unsent backlog grows past this is too slow to keep up: closed with 4100 (back off). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
const CLOSE_GRACE_MS = 2_000;

interface Connection extends Subscriber {
  readonly ws: WebSocket;
  activityTimer: NodeJS.Timeout;
  pongTimer?: NodeJS.Timeout;
}

export function createRealtimeServer(opts: RealtimeOptions): RealtimeServer {
  const { key, secret, logger } = opts;
  const activityTimeout = opts.activityTimeout ?? 120;
  const pongTimeoutMs = (opts.pongTimeout ?? 30) * 1000;
  const broker = opts.broker ?? createMemoryBroker();
  const registry = new ChannelRegistry<Connection>();
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_MAX_PAYLOAD, perMessageDeflate: false });
  let closed = false;

  const stopBroker = broker.subscribe((m) => {
    registry.broadcast(m.channel, encodeFrame(m.event, m.data, m.channel), m.exceptSocketId);
  });

  const triggerApi = createTriggerApi({
    appId: opts.appId,
    key,
    secret,
    logger,
    publish: (messages) => broker.publish(messages),
    channels: registry,
  });

  /** Sends the error, then closes with the same code (fatal, before or instead of a session). */
  function refuse(ws: WebSocket, code: number, message: string) {
    logger.debug(`realtime: refused connection: ${code} ${message}`);
    ws.send(errorFrame(code, message));
    ws.close(code, message);
  }

  function touch(conn: Connection) {
    if (conn.pongTimer) {
      clearTimeout(conn.pongTimer);
      conn.pongTimer = undefined;
    }
    conn.activityTimer.refresh();
  }

  function onConnection(ws: WebSocket, req: IncomingMessage) {
    ws.on('error', (err) => logger.debug(`realtime: socket error: ${err.message}`));
    const url = new URL(req.url ?? '/', 'http://localhost');
    let appKey: string;
    try {
      appKey = decodeURIComponent(url.pathname.slice('/app/'.length));
    } catch {
      appKey = '';
    }
    if (appKey !== key) return refuse(ws, ErrorCode.AppNotFound, `App key ${appKey} does not exist`);
    if (supportedProtocol(url.searchParams.get('protocol')) === undefined) {
      return refuse(ws, ErrorCode.UnsupportedProtocol, 'Unsupported protocol version (5 to 7 are supported)');
    }

    let socketId = newSocketId();
    while (connections.has(socketId)) socketId = newSocketId();
    const conn: Connection = {
      ws,
      socketId,
      send(frame) {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          ws.close(ErrorCode.OverCapacity, 'Client is not keeping up');
          return;
        }
        ws.send(frame);
      },
      activityTimer: setTimeout(() => {
        conn.send(encodeFrame('pusher:ping', {}));
        conn.pongTimer = setTimeout(() => ws.close(ErrorCode.PongNotReceived, 'Pong reply not received'), pongTimeoutMs);
      }, activityTimeout * 1000),
    };
    connections.set(socketId, conn);
    logger.debug(`realtime: ${socketId} connected`);

    ws.on('message', (raw, isBinary) => {
      touch(conn);
      onMessage(conn, raw, isBinary);
    });
    ws.on('ping', () => touch(conn));
    ws.on('pong', () => touch(conn));
    ws.on('close', (code) => {
      clearTimeout(conn.activityTimer);
      clearTimeout(conn.pongTimer);
      registry.removeAll(conn);
      connections.delete(socketId);
      logger.debug(`realtime: ${socketId} closed (${code})`);
    });

    conn.send(encodeFrame('pusher:connection_established', { socket_id: socketId, activity_timeout: activityTimeout }));
  }

  function onMessage(conn: Connection, raw: RawData, isBinary: boolean) {
    if (isBinary) return conn.send(errorFrame(ErrorCode.Reconnect, 'Binary frames are not supported'));
    const buf = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    if (buf.byteLength > MAX_CLIENT_MESSAGE_BYTES) {
      return conn.send(errorFrame(ErrorCode.Reconnect, `Message exceeds ${MAX_CLIENT_MESSAGE_BYTES} bytes`));
    }
    const decoded = decodeClientFrame(buf.toString('utf8'));
    if (!decoded.ok) return conn.send(errorFrame(ErrorCode.Reconnect, decoded.message));
    const { event, data } = decoded.frame;

    if (event === 'pusher:ping') return conn.send(encodeFrame('pusher:pong', {}));
    if (event === 'pusher:pong') return;
    if (event === 'pusher:subscribe') return subscribe(conn, data);
    if (event === 'pusher:unsubscribe') {
      const channel = (data as { channel?: unknown } | null)?.channel;
      if (typeof channel === 'string' && registry.remove(channel, conn)) logger.debug(`realtime: ${conn.socketId} left ${channel}`);
      return;
    }
    if (event.startsWith('client-')) return conn.send(errorFrame(ErrorCode.Unauthorized, 'Client events are not enabled'));
    if (event === 'pusher:signin') return conn.send(errorFrame(ErrorCode.Unauthorized, 'User authentication is not supported'));
    conn.send(errorFrame(ErrorCode.Reconnect, `Unsupported event: ${event.slice(0, 100)}`));
  }

  /**
   * A refused subscription gets `pusher:error` {code: 4009} (the protocol's error frame) and
   * `pusher:subscription_error` on the channel, which pusher-js hands to the channel's
   * `pusher:subscription_error` listeners, as when its auth endpoint refuses.
   */
  function refuseSubscription(conn: Connection, channel: unknown, message: string, status: number) {
    logger.debug(`realtime: ${conn.socketId} refused ${String(channel).slice(0, 200)}: ${message}`);
    conn.send(errorFrame(ErrorCode.Unauthorized, message));
    if (typeof channel === 'string' && channel.length <= 200) {
      conn.send(encodeFrame('pusher:subscription_error', { type: 'AuthError', error: message, status }, channel));
    }
  }

  function subscribe(conn: Connection, data: unknown) {
    const { channel, auth } = (typeof data === 'object' && data !== null ? data : {}) as { channel?: unknown; auth?: unknown };
    if (!isValidChannelName(channel)) return refuseSubscription(conn, channel, 'Invalid channel name', 400);
    switch (channelKind(channel)) {
      case 'public':
        break;
      case 'private':
        if (!verifyChannelAuth(key, secret, conn.socketId, channel, auth)) {
          return refuseSubscription(conn, channel, `Invalid signature for ${channel}`, 401);
        }
        break;
      case 'presence':
        return refuseSubscription(conn, channel, 'Presence channels are not supported', 403);
      case 'encrypted':
        return refuseSubscription(conn, channel, 'Encrypted channels are not supported', 403);
      case 'user':
        return refuseSubscription(conn, channel, 'Server-to-user channels are not supported', 403);
    }
    if (!registry.has(channel, conn) && registry.channelsOf(conn).length >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      return refuseSubscription(conn, channel, `At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} channels per connection`, 403);
    }
    registry.add(channel, conn);
    logger.debug(`realtime: ${conn.socketId} joined ${channel}`);
    conn.send(encodeFrame('pusher_internal:subscription_succeeded', {}, channel));
  }

  return {
    async publish(channel, event, data) {
      if (!isValidChannelName(channel)) throw new Error(`realtime: invalid channel name ${JSON.stringify(channel)}`);
      await broker.publish([{ channel, event, data: JSON.stringify(data ?? null) }]);
    },

    handleUpgrade(req, socket, head) {
      if (closed || !(req.url ?? '').startsWith('/app/')) return false;
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
      return true;
    },

    handleHttp(req, res) {
      if (closed) return false;
      return triggerApi(req, res);
    },

    connectionCount: () => connections.size,

    authorizeChannel: (socketId, channel) => signChannel(key, secret, socketId, channel),

    async close() {
      if (closed) return;
      closed = true;
      stopBroker();
      await Promise.all(
        [...wss.clients].map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              const force = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
              ws.once('close', () => {
                clearTimeout(force);
                resolve();
              });
              // 4200: reconnect at once (to another instance, or to this one once it is back).
              ws.close(ErrorCode.Reconnect, 'Server shutting down');
            }),
        ),
      );
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await broker.close();
    },
  };
}
