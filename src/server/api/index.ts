import { Hono } from 'hono';
import { z } from 'zod';
import { todayIso } from '../../lib/dates.ts';
import { route } from './contract.ts';
import { API_VERSION, openApiDocument } from './openapi.ts';
import { logContext } from '../request-context.ts';
import { AppError, notFound } from '../errors.ts';
import { authRoutes } from './auth.ts';
import { broadcastingRoutes } from './broadcasting.ts';
import type { ApiEnv, ApiServices } from './context.ts';
import { errorBody, errorResponse } from './http.ts';
import { language, noStoreWhenAuthenticated, session } from './middleware.ts';
import { miscRoutes } from './misc.ts';
import { accountRoutes } from './account.ts';
import { settingsRoutes } from './settings.ts';
import { tripRoutes } from './trips.ts';
import { catalogueRoutes } from './catalogue.ts';
import { socialRoutes } from './social.ts';
import { orderRoutes } from './orders.ts';
import { notificationRoutes } from './notifications.ts';
import { notificationSettingsRoutes } from './notification-settings.ts';
import { payoutRoutes } from './payouts.ts';
import { adminRoutes } from './admin.ts';
import { afterSalesRoutes } from './after-sales.ts';
import { ratingRoutes } from './ratings.ts';
import { chatRoutes } from './chats.ts';

/** The /v1 REST API. Routers parse, call the domain, shape the response — nothing more. */
export function createApi(services: ApiServices) {
  const api = new Hono<ApiEnv>().basePath('/v1');
  // The request's log line and metrics name the pattern that answered ('/v1/products/:id').
  api.use('*', async (c, next) => {
    await next();
    const context = logContext();
    if (context) context.route = c.req.routePath === '/v1/*' ? 'unmatched' : c.req.routePath;
  });
  api.use('*', language(services));
  api.use('*', noStoreWhenAuthenticated());
  // JSON bodies are small; uploads (multipart) may carry a few photos. Browsers always send
  // Content-Length; a body without one (chunked) is refused rather than read without a limit.
  api.use('*', async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined) {
      if (c.req.header('transfer-encoding')) throw new AppError('LENGTH_REQUIRED', { key: 'errors:code.PAYLOAD_TOO_LARGE' });
      return next();
    }
    const max = (c.req.header('content-type') ?? '').startsWith('multipart/form-data') ? 12 * 1024 * 1024 : 1024 * 1024;
    if (!/^\d+$/.test(length) || Number(length) > max) throw new AppError('PAYLOAD_TOO_LARGE');
    return next();
  });
  api.use('*', session());
  // A write that committed may change a public page (a product, its stock, a follow count, a
  // profile): once the handler has answered 2xx, the guest page cache starts afresh. A refused
  // request (4xx, 5xx) changed nothing, and a route whose writes no guest page shows says so in
  // its contract (`guestPages: 'unchanged'`): neither may empty the cache, or a flood of failing
  // or private requests would keep every guest on freshly rendered pages.
  api.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    await next();
    // Awaited: the answer leaves once the other instances were told (no stale page after it).
    if (c.res.status >= 200 && c.res.status < 300 && !c.get('guestPagesUnchanged')) await services.deps.pages?.changed();
  });
  api.route('/', authRoutes);
  api.route('/', broadcastingRoutes);
  api.route('/', miscRoutes);
  api.route('/', accountRoutes);
  api.route('/', settingsRoutes);
  api.route('/', tripRoutes);
  api.route('/', catalogueRoutes);
  api.route('/', socialRoutes);
  api.route('/', orderRoutes);
  api.route('/', notificationRoutes);
  api.route('/', notificationSettingsRoutes);
  api.route('/', afterSalesRoutes);
  api.route('/', payoutRoutes);
  api.route('/', adminRoutes);
  api.route('/', ratingRoutes);
  api.route('/', chatRoutes);
  // The reference of all of the above, generated from their contracts (docs/api.md); made once a
  // day (trip dates in request bodies are checked against today).
  let reference: { day: string; document: ReturnType<typeof openApiDocument> } | undefined;
  api.get(
    '/openapi.json',
    route({ answers: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }) }, (c) => {
      const day = todayIso(services.deps.now());
      if (reference?.day !== day) reference = { day, document: openApiDocument(api, { version: API_VERSION, today: day }) };
      return c.json(reference.document);
    }),
  );
  api.notFound((c) => c.json(errorBody(notFound('errors:route_not_found'), c.get('t')), 404));
  api.onError(errorResponse);
  return api;
}
