/**
 * The server entry: one port for the /v1 API, the real-time WebSocket (/app/{key}), static
 * assets and Astro SSR. Run after `astro build` (npm start does both).
 */
import { existsSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config } from './config.ts';
import { restartWithMallocTuning } from './malloc-tuning.ts';

// Before anything else loads, when this file is what Node runs (npm run serve; npm start does it
// in scripts/start.ts): the process may start again in place with allocator settings. A script
// that imports the server after work of its own (the e2e server) is not restarted.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) restartWithMallocTuning();

const [{ default: sirv }, { translator }, { createApp }, { loadConfig }, { closeServer, createHttpServer }, { requestLocale }, { withoutTrackingParameters }] = await Promise.all([
  import('sirv'),
  import('../lib/i18n/index.ts'),
  import('./app.ts'),
  import('./config.ts'),
  import('./http.ts'),
  import('./security/edge.ts'),
  import('./page-cache.ts'),
]);
const { logContext, nameRoute } = await import('./request-context.ts');

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void, locals: object) => Promise<void>;

const root = fileURLToPath(new URL('../../', import.meta.url));
const clientDir = `${root}dist/client`;
const serverEntry = `${root}dist/server/entry.mjs`;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A refused setting is the operator's to fix: say which, without a stack trace.
  console.error((err as Error).message);
  process.exit(1);
}
if (!existsSync(serverEntry)) {
  console.error('No build found: run `npm run build` first (npm start does it for you).');
  process.exit(1);
}

let app: Awaited<ReturnType<typeof createApp>>;
try {
  app = await createApp(config);
} catch (err) {
  // A dependency that is not there (a bucket, the database) is the operator's to fix: say which.
  console.error(`Titipan could not start: ${(err as Error).message}`);
  process.exit(1);
}
const { handler: astroHandler } = (await import(pathToFileURL(serverEntry).href)) as { handler: AstroHandler };

// Hashed build output never changes: cache it for a year. Other public files revalidate hourly.
const hashedAssets = sirv(`${clientDir}/_astro`, { immutable: true, maxAge: 31536000, gzip: true, brotli: true });
const publicAssets = sirv(clientDir, {
  gzip: true,
  brotli: true,
  setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=3600, must-revalidate'),
});

function pages(req: IncomingMessage, res: ServerResponse) {
  // What the page cache keeps and renders: the URL without ad platforms' click ids (page-cache.ts).
  const url = withoutTrackingParameters(req.url ?? '/');
  // Rendered pages go through the page cache: buffered, compressed, kept for guests.
  const render = () => app.pageCache.handle(req, res, renderPage);
  const renderPage = () => {
    req.url = url;
    void astroHandler(
      req,
      res,
      // Astro calls next() only when it could not answer: no route (the catch-all page normally
      // prevents that) or an error it did not render.
      (err) => {
        if (err) app.logger.error(`render ${url} failed`, err);
        // Plain text in the visitor's language (English unless they chose otherwise).
        const t = translator(requestLocale(req));
        if (!res.headersSent) res.writeHead(err ? 500 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end(t(err ? 'errors:server' : 'errors:not_found'));
      },
      { site: app.site, requestLog: logContext() },
    );
  };
  if (url.startsWith('/_astro/')) {
    nameRoute('/_astro/*');
    req.url = url.slice('/_astro'.length);
    hashedAssets(req, res, render);
  } else {
    publicAssets(req, res, render);
  }
}

const server = createHttpServer(app, pages);
server.listen(config.port, config.host, () => {
  app.logger.info(`Titipan is ready on ${config.publicUrl}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.drain();
  app.logger.info(`${signal}: finishing in-flight requests, then closing`);
  setTimeout(() => process.exit(1), 10_000).unref();
  // Stop accepting; in-flight requests finish, their connections close, then this resolves.
  const closed = closeServer(server);
  await app.realtime.close(); // open WebSockets would otherwise keep the server alive
  await closed;
  // Then what the app runs: a job, a vacuum or a push under way finishes, no new one starts, and
  // the database closes last (App.close).
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
