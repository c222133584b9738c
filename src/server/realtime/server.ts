import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logger.ts';
import type { Realtime } from './types.ts';

export interface RealtimeServer extends Realtime {
  /** Takes a WebSocket upgrade on /app/{key}; false when the path is not ours. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** `key:HMAC-SHA256(secret, socket_id:channel)`, the Pusher private-channel signature. */
  authorizeChannel(socketId: string, channel: string): string;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  appId: string;
  key: string;
  secret: string;
  logger: Logger;
  activityTimeout?: number;
}

export function signChannel(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;
}

/** Placeholder until the Pusher-protocol server lands: publishes go nowhere, upgrades are refused. */
export function createRealtimeServer(opts: RealtimeOptions): RealtimeServer {
  return {
    async publish() {},
    handleUpgrade() {
      return false;
    },
    authorizeChannel: (socketId, channel) => signChannel(opts.key, opts.secret, socketId, channel),
    async close() {},
  };
}
