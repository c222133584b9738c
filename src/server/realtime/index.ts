import type { Config } from '../config.ts';
import type { RealtimeClientConfig } from '../../lib/realtime.ts';
import type { Logger } from '../logger.ts';
import { createRealtimeServer, type RealtimeServer } from './server.ts';

/**
 * The three real-time modes (README "Real-time"): the built-in server on its own, the built-in
 * server on several instances sharing events through Redis (REDIS_URL), or an external
 * Pusher-protocol service (REALTIME_PROVIDER=pusher), which does its own fan-out.
 */
export async function createRealtime(config: Pick<Config, 'pusher' | 'redisUrl' | 'redisPrefix'>, logger: Logger): Promise<RealtimeServer> {
  if (config.pusher.provider === 'pusher') {
    if (config.redisUrl) logger.info('REDIS_URL is not used for real-time: the external service fans events out');
    return (await import('./external.ts')).createExternalRealtime(config.pusher, logger);
  }
  // Several instances share the real-time load through Redis; one instance needs nothing (and
  // does not load the pusher or redis packages).
  const broker = config.redisUrl ? await (await import('./redis-broker.ts')).createRedisBroker(config.redisUrl, logger, `${config.redisPrefix}:realtime`) : undefined;
  if (broker) logger.info('real-time fan-out through redis');
  return createRealtimeServer({ ...config.pusher, logger, broker });
}

/** What the browser is told about real-time (public values only: the key, never the secret). */
export function realtimeClientConfig(pusher: Config['pusher']): RealtimeClientConfig {
  return { key: pusher.key, cluster: pusher.cluster, external: pusher.provider === 'pusher', ...(pusher.host ? { host: { ...pusher.host } } : {}) };
}

/**
 * The origin pages must be allowed to open a WebSocket to (CSP connect-src) beyond their own, for
 * a self-hosted server; Pusher Channels' hosts are in the build's policy already.
 */
export function realtimeConnectSource(pusher: Config['pusher']): string | undefined {
  if (pusher.provider !== 'pusher' || !pusher.host) return undefined;
  const { hostname, port, tls } = pusher.host;
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  return `${tls ? 'wss' : 'ws'}://${host}:${port}`;
}
