/**
 * The server entry: one port for the /v1 API, the real-time WebSocket (/app/{key}), static
 * assets and Astro SSR. Run after `astro build` (npm start does both).
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { apiListener } from './http.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const clientDir = `${root}dist/client`;
const serverEntry = `${root}dist/server/entry.mjs`;

const config = loadConfig();
if (!existsSync(serverEntry)) {
  console.error('No build found: run `npm run build` first (npm start does it for you).');
  process.exit(1);
}

const app = await createApp(config);
const { handler: astroHandler } = (await import(pathToFileURL(serverEntry).href)) as {
  handler: (req: unknown, res: unknown, next: (err?: unknown) => void, locals: object) => Promise<void>;
};

// Hashed build output never changes: cache it for a year. Everything else revalidates hourly.
const hashedAssets = sirv(`${clientDir}/_astro`, { immutable: true, maxAge: 31536000, gzip: true, brotli: true });
const publicAssets = sirv(clientDir, {
  maxAge: 3600,
  gzip: true,
  brotli: true,
  setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=3600, must-revalidate'),
});
const api = apiListener(app);

const server = createServer((req, res) => {
  api(req, res, () => {
    const url = req.url ?? '/';
    const renderPage = () =>
      void astroHandler(req, res, (err) => {
        if (err) app.logger.error(`render ${url} failed`, err);
        if (!res.headersSent) res.writeHead(500).end();
      }, { site: app.site });
    if (url.startsWith('/_astro/')) {
      req.url = url.slice('/_astro'.length);
      hashedAssets(req, res, () => {
        req.url = url;
        renderPage();
      });
      return;
    }
    publicAssets(req, res, renderPage);
  });
});

server.on('upgrade', (req, socket, head) => {
  if (!app.realtime.handleUpgrade(req, socket, head)) socket.destroy();
});

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.logger.info(`Titipan is ready on ${config.publicUrl ?? `http://localhost:${port}`}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.logger.info(`${signal}: finishing in-flight requests, then closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // Stop accepting; in-flight requests finish, then the callback runs.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await app.realtime.close(); // WebSockets would otherwise keep the server open
  await closed;
  await app.database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
