import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import sirv from 'sirv';
import type { App } from './app.ts';
import { isApiPath } from './api/path.ts';
import { realtimeConnectSource } from './realtime/index.ts';
import { createEdgeGuard } from './security/edge.ts';
import { compressed } from './page-cache.ts';
import { healthListener } from './health.ts';
import { servedUnder, uploadsListener } from './uploads.ts';
import { metricsListener } from './metrics.ts';
import { apiDocsListener } from './api-docs.ts';
import { backupListener } from './backup.ts';
import { nameRoute } from './request-context.ts';
import { observeRequest, type RequestOutcome } from './request-log.ts';

/** How long an idle kept-alive connection stays open (see createHttpServer). */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Stops accepting connections and resolves once every request in flight has been answered. A
 * kept-alive connection is closed as soon as it is idle, at once or after its response, rather
 * than waiting out KEEP_ALIVE_MS (server.close() alone closes only the ones idle when it is called).
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Node's request listener for /v1 (shared by the server entry, tests and the `astro dev` integration). */
export function apiListener(app: App): NodeHandler {
  // Keep Node's own Request/Response: Astro and other libraries in this process rely on them.
  const listener = getRequestListener(app.api.fetch, { overrideGlobalObjects: false });
  return (req, res, next) => {
    if (isApiPath(req.url ?? '/')) void compressed(req, res, () => void listener(req, res));
    else next();
  };
}

/** Country flags straight from the flag-icons package (MIT), at /flags/{iso2}.svg, cached a week. */
export function flagsListener(): NodeHandler {
  const dir = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags/4x3');
  return servedUnder('/flags', '/flags/*', sirv(dir, { maxAge: 604800, immutable: false }));
}

/**
 * One HTTP server: /v1 → API, WebSocket upgrades on /app/{key} → real-time, anything else →
 * `pages` (static assets + Astro in production; a plain 404 in API tests). Every request and
 * upgrade passes the edge guard first: Host allow-list, security headers.
 */
export function createHttpServer(app: App, pages?: (req: IncomingMessage, res: ServerResponse) => void, opts: { onRequest?: (outcome: RequestOutcome) => void } = {}): Server {
  const edge = createEdgeGuard(app.config, { csp: true, connectSource: realtimeConnectSource(app.config.pusher) });
  const api = apiListener(app);
  const flags = flagsListener();
  const uploads = uploadsListener(app.deps.storage, app.logger);
  const apiDocs = apiDocsListener();
  const health = healthListener(app);
  const metrics = metricsListener(app.metrics, app.config.metricsToken);
  const onRequest = opts.onRequest ?? app.metrics.request;
  const backup = backupListener(app.database, app.config.backupToken, app.logger);
  const server = createServer((req, res) =>
    observeRequest(app.logger, onRequest, req, res, () => {
      if (!edge.request(req, res)) return;
      if (health(req, res)) return nameRoute(req.url!.startsWith('/healthz') ? '/healthz' : '/readyz');
      if (metrics(req, res)) return nameRoute('/metrics');
      if (backup(req, res)) return;
      if (app.realtime.handleHttp(req, res)) return nameRoute('/apps/*'); // Pusher HTTP API: /apps/{app_id}/…
      api(req, res, () =>
        flags(req, res, () =>
          uploads(req, res, () =>
            apiDocs(req, res, () => {
              if (pages) pages(req, res);
              else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
            }),
          ),
        ),
      );
    }),
  );
  // An idle kept-alive connection stays open 65 s, not Node's 5: a client or proxy that reuses
  // one just as the server closes it gets a reset instead of an answer, and proxies commonly hold
  // idle connections for 60 s (the header timeout stays above it, as Node asks).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  server.on('upgrade', (req, socket, head) => {
    if (!edge.upgrade(req, socket)) return;
    if (!app.realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  return server;
}
