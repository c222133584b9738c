/**
 * Where the browser's pusher-js connects (flags.realtime, from the server's configuration):
 *   built-in — this site's own host and port (`/app/{key}` on the same origin);
 *   external, with `host` — a self-hosted Pusher-protocol server at that host and port;
 *   external, without — Pusher Channels itself, in `cluster` (wss://ws-{cluster}.pusher.com).
 */
export interface RealtimeClientConfig {
  key: string;
  cluster: string;
  external: boolean;
  host?: { hostname: string; port: number; tls: boolean };
}

/** The subset of pusher-js' options this site sets. */
export interface PusherClientOptions {
  cluster: string;
  wsHost?: string;
  wsPort?: number;
  wssPort?: number;
  forceTLS: boolean;
  enabledTransports: ('ws' | 'wss')[];
  disableStats: true;
  channelAuthorization: { endpoint: string; transport: 'ajax' };
}

export function pusherClientOptions(config: RealtimeClientConfig, page: Pick<Location, 'protocol' | 'hostname' | 'port'>): PusherClientOptions {
  const common = {
    cluster: config.cluster,
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    disableStats: true as const,
    // Private channels are always signed by this site, whoever carries the events.
    channelAuthorization: { endpoint: '/v1/broadcasting/auth', transport: 'ajax' as const },
  };
  if (config.external && !config.host) return { ...common, forceTLS: true };
  if (config.host) {
    const { hostname, port, tls } = config.host;
    return { ...common, wsHost: hostname, wsPort: port, wssPort: port, forceTLS: tls };
  }
  const secure = page.protocol === 'https:';
  const port = Number(page.port) || (secure ? 443 : 80);
  return { ...common, wsHost: page.hostname, wsPort: port, wssPort: port, forceTLS: secure };
}
