import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import sirv from 'sirv';
import { nameRoute } from './request-context.ts';
import { servedUnder } from './uploads.ts';

/**
 * The API reference page at /docs/api: Swagger UI (swagger-ui-dist, served from this server, so
 * the strict page policy's 'self' allows it: no inline script, no third-party source) reading
 * /v1/openapi.json.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Titipan API reference</title>
<link rel="stylesheet" href="/docs/api/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/docs/api/swagger-ui-bundle.js"></script>
<script src="/docs/api/start.js"></script>
</body>
</html>
`;

/** Started from a file of its own: the policy allows no inline script. No online validator badge (it would call swagger.io). */
const START = `window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null, defaultModelsExpandDepth: 0 });\n`;

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function apiDocsListener(): NodeHandler {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = servedUnder('/docs/api', '/docs/api/*', sirv(dist, { maxAge: 86400, etag: true }));
  const send = (res: ServerResponse, type: string, body: string) =>
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'public, max-age=3600' }).end(body);
  return (req, res, next) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/docs/api' || path === '/docs/api/') {
      nameRoute('/docs/api');
      return send(res, 'text/html; charset=utf-8', PAGE);
    }
    if (path === '/docs/api/start.js') {
      nameRoute('/docs/api/*');
      return send(res, 'text/javascript; charset=utf-8', START);
    }
    if (path === '/docs/api/swagger-ui.css' || path === '/docs/api/swagger-ui-bundle.js') return assets(req, res, next);
    next();
  };
}
