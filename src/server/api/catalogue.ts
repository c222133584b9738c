import { Hono } from 'hono';
import { z } from 'zod';
import { todayIso } from '../../lib/dates.ts';
import { IMAGE_MAX_BYTES, imageRef } from '../../lib/images.ts';
import { listingQuery, productSchema, requestSchema, searchKey, slugText } from '../../lib/schemas/catalogue.ts';
import { idText } from '../../lib/schemas/ids.ts';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { storeImage } from '../domain/catalogue/images.ts';
import {
  createProduct,
  deleteProduct,
  getOwnProduct,
  getProductBySlug,
  listOwnProducts,
  listProducts,
  productsOnTrip,
  updateProduct,
} from '../domain/catalogue/products.ts';
import { createRequest, deleteRequest, getOwnRequest, getRequestBySlug, listRequests, setRequestClosed, updateRequest } from '../domain/catalogue/requests.ts';
import { suggestions } from '../domain/catalogue/suggestions.ts';
import { getOwnTrip } from '../domain/trips/trips.ts';
import { notFound } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const ownQuery = pagingQuery(24, 100);
const productId = { id: idText('catalogue:product.not_found') };
const requestId = { id: idText('catalogue:request.not_found') };
const imageUpload = { field: 'image', maxBytes: IMAGE_MAX_BYTES, required: 'catalogue:images.required', tooBig: 'catalogue:images.too_big' };

export const catalogueRoutes = new Hono<ApiEnv>()
  // Images first (multipart, field "image"), then the post refers to their ids.
  .post(
    '/uploads/images',
    route({ user: true, upload: imageUpload }, async (c, { user, file }) => {
      const stored = await storeImage(c.get('services').deps, user.id, file);
      return ok(c, { ...imageRef(stored.id), width: stored.width, height: stored.height }, undefined, undefined, 201);
    }),
  )
  .get(
    '/products',
    route({ query: listingQuery }, async (c, { query }) => ok(c, await listProducts(c.get('services').deps, query, c.get('lang')))),
  )
  .get(
    '/products/:slug',
    route({ params: { slug: slugText('catalogue:product.not_found') } }, async (c, { params }) => {
      const product = await getProductBySlug(c.get('services').deps.db, params.slug, c.get('lang'));
      if (!product) throw notFound('catalogue:product.not_found');
      return ok(c, product);
    }),
  )
  .get(
    '/requests',
    route({ query: listingQuery }, async (c, { user, query }) => ok(c, await listRequests(c.get('services').deps, query, c.get('lang'), user?.id))),
  )
  .get(
    '/requests/:slug',
    route({ params: { slug: slugText('catalogue:request.not_found') } }, async (c, { user, params }) => {
      const request = await getRequestBySlug(c.get('services').deps.db, params.slug, c.get('lang'), user?.id);
      if (!request) throw notFound('catalogue:request.not_found');
      return ok(c, request);
    }),
  )
  .get(
    '/users/products',
    route({ user: true, query: ownQuery }, async (c, { user, query }) => ok(c, await listOwnProducts(c.get('services').deps, user.id, query, c.get('lang')))),
  )
  .get(
    '/users/products/:id',
    route({ user: true, params: productId }, async (c, { user, params }) =>
      ok(c, await getOwnProduct(c.get('services').deps.db, user.id, params.id, c.get('lang'))),
    ),
  )
  .post(
    '/users/products',
    route({ user: true, body: productSchema }, async (c, { user, body }) =>
      ok(c, await createProduct(c.get('services').deps, user, body, c.get('lang')), 'catalogue:product.created', undefined, 201),
    ),
  )
  .put(
    '/users/products/:id',
    route({ user: true, params: productId, body: productSchema }, async (c, { user, params, body }) =>
      ok(c, await updateProduct(c.get('services').deps, user, params.id, body, c.get('lang')), 'catalogue:product.updated'),
    ),
  )
  .delete(
    '/users/products/:id',
    route({ user: true, params: productId }, async (c, { user, params }) => {
      await deleteProduct(c.get('services').deps, user.id, params.id);
      return ok(c, null, 'catalogue:product.deleted');
    }),
  )
  .get(
    '/users/requests',
    route({ user: true, query: listingQuery }, async (c, { user, query }) =>
      ok(c, await listRequests(c.get('services').deps, { ...query, user_id: user.id }, c.get('lang'), user.id)),
    ),
  )
  .get(
    '/users/requests/:id',
    route({ user: true, params: requestId }, async (c, { user, params }) =>
      ok(c, await getOwnRequest(c.get('services').deps.db, user.id, params.id, c.get('lang'))),
    ),
  )
  .post(
    '/users/requests',
    route({ user: true, body: requestSchema }, async (c, { user, body }) =>
      ok(c, await createRequest(c.get('services').deps, user.id, body, c.get('lang')), 'catalogue:request.created', undefined, 201),
    ),
  )
  .put(
    '/users/requests/:id',
    route({ user: true, params: requestId, body: requestSchema }, async (c, { user, params, body }) =>
      ok(c, await updateRequest(c.get('services').deps, user.id, params.id, body, c.get('lang')), 'catalogue:request.updated'),
    ),
  )
  .post(
    '/users/requests/:id/close',
    route({ user: true, params: requestId }, async (c, { user, params }) =>
      ok(c, await setRequestClosed(c.get('services').deps, user.id, params.id, true, c.get('lang')), 'catalogue:request.closed'),
    ),
  )
  .post(
    '/users/requests/:id/reopen',
    route({ user: true, params: requestId }, async (c, { user, params }) =>
      ok(c, await setRequestClosed(c.get('services').deps, user.id, params.id, false, c.get('lang')), 'catalogue:request.reopened'),
    ),
  )
  .delete(
    '/users/requests/:id',
    route({ user: true, params: requestId }, async (c, { user, params }) => {
      await deleteRequest(c.get('services').deps, user.id, params.id);
      return ok(c, null, 'catalogue:request.deleted');
    }),
  )
  .get(
    '/users/trips/:id/products',
    route({ user: true, params: { id: idText('places:trip.not_found') } }, async (c, { user, params }) => {
      const { deps } = c.get('services');
      const trip = await getOwnTrip(deps, user.id, params.id, c.get('lang'));
      return ok(c, await productsOnTrip(deps.db, trip.id, c.get('lang')));
    }),
  )
  .get(
    '/misc/suggestions',
    route({ query: z.object({ key: searchKey.default('') }) }, async (c, { query }) => {
      const { deps } = c.get('services');
      return ok(c, await suggestions(deps.db, query.key, todayIso(deps.now())));
    }),
  );
