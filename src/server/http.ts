import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { App } from './app.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Node's request listener for /v1 (shared by the server entry and the `astro dev` integration). */
export function apiListener(app: App): NodeHandler {
  const listener = getRequestListener(app.api.fetch);
  return (req, res, next) => {
    const url = req.url ?? '/';
    if (url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')) void listener(req, res);
    else next();
  };
}
