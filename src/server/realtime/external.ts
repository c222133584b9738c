import PusherServer from 'pusher';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { isValidChannelName } from './protocol.ts';
import type { RealtimeServer } from './server.ts';

/**
 * Real-time on an external Pusher-protocol service (REALTIME_PROVIDER=pusher): Pusher Channels
 * (its cluster, e.g. ap1) or a self-hosted server (PUSHER_HOST). Events go out through the
 * official `pusher` SDK; browsers connect to that service, not to this process, so this process
 * takes no WebSocket upgrades and serves no trigger API. Private channels are still signed here
 * (/v1/broadcasting/auth), with the app's secret, which the service checks.
 */
export function createExternalRealtime(pusher: Config['pusher'], logger: Logger): RealtimeServer {
  const sdk = new PusherServer({
    appId: pusher.appId,
    key: pusher.key,
    secret: pusher.secret,
    ...(pusher.host
      ? { host: pusher.host.hostname, port: String(pusher.host.port), useTLS: pusher.host.tls }
      : { cluster: pusher.cluster, useTLS: true }),
  });
  logger.info(`real-time through ${pusher.host ? `${pusher.host.hostname}:${pusher.host.port}` : `Pusher Channels (cluster ${pusher.cluster})`}`);
  return {
    async publish(channel, event, data) {
      if (!isValidChannelName(channel)) throw new Error(`realtime: invalid channel name ${JSON.stringify(channel)}`);
      // A refusal reaches the caller as an error (the outbox and chat log it; the row stays readable).
      const res = await sdk.trigger(channel, event, data ?? null);
      if (res.status >= 300) throw new Error(`realtime: the service answered ${res.status}`);
    },
    handleUpgrade: () => false,
    handleHttp: () => false,
    // The browser connects to the external service, never here.
    connectionCount: () => 0,
    authorizeChannel: (socketId, channel) => sdk.authorizeChannel(socketId, channel).auth,
    async close() {},
  };
}
