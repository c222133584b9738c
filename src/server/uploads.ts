import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import sirv from 'sirv';
import { translator } from '../lib/i18n/index.ts';
import { AppError } from './errors.ts';
import { IMMUTABLE, type Storage } from './integrations/storage/index.ts';
import type { Logger } from './logger.ts';
import { nameRoute } from './request-context.ts';
import { requestLocale } from './security/edge.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A static file server (sirv) for the URLs under `prefix`, which it sees without the prefix; `route` names them in the log. */
export function servedUnder(prefix: string, route: string, serve: NodeHandler): NodeHandler {
  return (req, res, next) => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${prefix}/`)) return next();
    nameRoute(route);
    req.url = url.slice(prefix.length);
    serve(req, res, () => {
      req.url = url;
      next();
    });
  };
}

/**
 * The type a stored file is served as, from its name only (as the local files are): never what a
 * store's metadata or the bytes suggest. With `X-Content-Type-Options: nosniff` (the edge sets it
 * on every response) a browser takes it as given. Only image types are served inline.
 */
const IMAGE_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', avif: 'image/avif' };

/** Keys as the server writes them: 'images/{uuid}-640.webp', 'avatars/12-{uuid}.webp'. */
const STORED_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)+$/;

/**
 * Uploaded files at /uploads/{key}, whichever store holds them: from the local directory; from the
 * bucket, streamed with the same headers (type from the name, a year's immutable cache, ETag and
 * 304s, HEAD); or, with S3_PUBLIC_URL, by a redirect to the file's public address.
 */
export function uploadsListener(storage: Storage, logger: Logger): NodeHandler {
  if (storage.localDir) {
    // dev mode: look files up per request (uploads appear while the server runs).
    return servedUnder('/uploads', '/uploads/*', sirv(storage.localDir, { dev: true, dotfiles: false, setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE) }));
  }
  return (req, res, next) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/uploads/')) return next();
    nameRoute('/uploads/*');
    const key = decodeKey(url);
    if (!key || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (storage.publicUrl) {
      res.writeHead(302, { Location: `${storage.publicUrl.replace(/\/+$/, '')}/${key}`, 'Cache-Control': 'public, max-age=86400' }).end();
      return;
    }
    void stream(storage, key, req, res, next).catch((err: unknown) => {
      if (!(err instanceof AppError)) logger.error('serving an upload failed', err);
      if (res.headersSent) return void res.destroy();
      const status = err instanceof AppError ? err.status : 500;
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(translator(requestLocale(req))(err instanceof AppError ? err.key : 'errors:server'));
    });
  };
}

function decodeKey(url: string): string | undefined {
  let key: string;
  try {
    key = decodeURIComponent(url.slice('/uploads/'.length).split('?')[0]);
  } catch {
    return undefined;
  }
  return STORED_KEY.test(key) && !key.split('/').includes('..') ? key : undefined;
}

async function stream(storage: Storage, key: string, req: IncomingMessage, res: ServerResponse, next: () => void) {
  const ifNoneMatch = req.headers['if-none-match'];
  const found = await storage.get!(key, { ifNoneMatch });
  if (!found) return next(); // the site's 404, as for a missing local file
  const type = IMAGE_TYPES[key.split('.').at(-1)!.toLowerCase()];
  const headers: Record<string, string> = { 'Cache-Control': IMMUTABLE };
  if (found.etag) headers.ETag = found.etag;
  if (found.notModified) return void res.writeHead(304, headers).end();
  headers['Content-Type'] = type ?? 'application/octet-stream';
  // Anything that is not an image is downloaded, never shown as a page of this site.
  if (!type) headers['Content-Disposition'] = 'attachment';
  if (found.size !== undefined) headers['Content-Length'] = String(found.size);
  if (found.lastModified) headers['Last-Modified'] = found.lastModified.toUTCString();
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    found.body.destroy();
    return void res.end();
  }
  await pipeline(found.body, res);
}
