import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors.ts';
import { authRoutes } from './auth.ts';
import { broadcastingRoutes } from './broadcasting.ts';
import type { ApiEnv, ApiServices } from './context.ts';
import { errorResponse } from './http.ts';
import { language, session } from './middleware.ts';
import { miscRoutes } from './misc.ts';

/** The /v1 REST API. Routers parse, call the domain, shape the response — nothing more. */
export function createApi(services: ApiServices) {
  const api = new Hono<ApiEnv>().basePath('/v1');
  api.use('*', language(services));
  api.use(
    '*',
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: () => {
        throw new AppError(413, 'errors:field.invalid');
      },
    }),
  );
  api.use('*', session());
  api.route('/', authRoutes);
  api.route('/', broadcastingRoutes);
  api.route('/', miscRoutes);
  api.notFound((c) => c.json({ message: c.get('t')('errors:route_not_found') }, 404));
  api.onError(errorResponse);
  return api;
}
