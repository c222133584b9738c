import { Hono } from 'hono';
import { todayIso } from '../../lib/dates.ts';
import { listingQuery, productSchema, requestSchema } from '../../lib/schemas/catalogue.ts';
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
import { createRequest, deleteRequest, getOwnRequest, getRequestBySlug, listRequests, updateRequest } from '../domain/catalogue/requests.ts';
import { suggestions } from '../domain/catalogue/suggestions.ts';
import { getOwnTrip } from '../domain/trips/trips.ts';
import { invalid, notFound } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { ok, readJson, readQuery, requireUser } from './http.ts';
import { pathId } from './settings.ts';
import { z } from 'zod';

const ownQuery = pagingQuery(24, 100);

export const catalogueRoutes = new Hono<ApiEnv>()
  // Images first (multipart, field "image"), then the post refers to their ids.
  .post('/uploads/images', async (c) => {
    const user = requireUser(c);
    let file: unknown;
    try {
      file = (await c.req.formData()).get('image');
    } catch {
      throw invalid({ image: 'catalogue:images.required' });
    }
    if (!(file instanceof File)) throw invalid({ image: 'catalogue:images.required' });
    const stored = await storeImage(c.get('services').deps, user.id, Buffer.from(await file.arrayBuffer()));
    const { imageRef } = await import('../../lib/images.ts');
    return ok(c, { ...imageRef(stored.id), width: stored.width, height: stored.height }, undefined, undefined, 201);
  })
  .get('/products', async (c) => {
    const q = readQuery(c, listingQuery);
    return ok(c, await listProducts(c.get('services').deps, q, c.get('lang')));
  })
  .get('/products/:slug', async (c) => {
    const product = await getProductBySlug(c.get('services').deps.db, c.req.param('slug'), c.get('lang'));
    if (!product) throw notFound('catalogue:product.not_found');
    return ok(c, product);
  })
  .get('/requests', async (c) => {
    const q = readQuery(c, listingQuery);
    return ok(c, await listRequests(c.get('services').deps, q, c.get('lang'), c.get('user')?.id));
  })
  .get('/requests/:slug', async (c) => {
    const request = await getRequestBySlug(c.get('services').deps.db, c.req.param('slug'), c.get('lang'), c.get('user')?.id);
    if (!request) throw notFound('catalogue:request.not_found');
    return ok(c, request);
  })
  .get('/users/products', async (c) => {
    const user = requireUser(c);
    const q = readQuery(c, ownQuery);
    return ok(c, await listOwnProducts(c.get('services').deps, user.id, q, c.get('lang')));
  })
  .get('/users/products/:id', async (c) => {
    const user = requireUser(c);
    return ok(c, await getOwnProduct(c.get('services').deps.db, user.id, pathId(c.req.param('id'), 'catalogue:product.not_found'), c.get('lang')));
  })
  .post('/users/products', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, productSchema);
    return ok(c, await createProduct(c.get('services').deps, user, input, c.get('lang')), 'catalogue:product.created', undefined, 201);
  })
  .put('/users/products/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'catalogue:product.not_found');
    const input = await readJson(c, productSchema);
    return ok(c, await updateProduct(c.get('services').deps, user, id, input, c.get('lang')), 'catalogue:product.updated');
  })
  .delete('/users/products/:id', async (c) => {
    const user = requireUser(c);
    await deleteProduct(c.get('services').deps, user.id, pathId(c.req.param('id'), 'catalogue:product.not_found'));
    return ok(c, null, 'catalogue:product.deleted');
  })
  .get('/users/requests', async (c) => {
    const user = requireUser(c);
    const q = readQuery(c, listingQuery);
    return ok(c, await listRequests(c.get('services').deps, { ...q, user_id: user.id }, c.get('lang'), user.id));
  })
  .get('/users/requests/:id', async (c) => {
    const user = requireUser(c);
    return ok(c, await getOwnRequest(c.get('services').deps.db, user.id, pathId(c.req.param('id'), 'catalogue:request.not_found'), c.get('lang')));
  })
  .post('/users/requests', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, requestSchema);
    return ok(c, await createRequest(c.get('services').deps, user.id, input, c.get('lang')), 'catalogue:request.created', undefined, 201);
  })
  .put('/users/requests/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'catalogue:request.not_found');
    const input = await readJson(c, requestSchema);
    return ok(c, await updateRequest(c.get('services').deps, user.id, id, input, c.get('lang')), 'catalogue:request.updated');
  })
  .delete('/users/requests/:id', async (c) => {
    const user = requireUser(c);
    await deleteRequest(c.get('services').deps, user.id, pathId(c.req.param('id'), 'catalogue:request.not_found'));
    return ok(c, null, 'catalogue:request.deleted');
  })
  .get('/users/trips/:id/products', async (c) => {
    const user = requireUser(c);
    const { deps } = c.get('services');
    const trip = await getOwnTrip(deps, user.id, pathId(c.req.param('id'), 'places:trip.not_found'), c.get('lang'));
    return ok(c, await productsOnTrip(deps.db, trip.id, c.get('lang')));
  })
  .get('/misc/suggestions', async (c) => {
    const { key } = readQuery(c, z.object({ key: z.string().trim().max(100).default('') }));
    const { deps } = c.get('services');
    return ok(c, await suggestions(deps.db, key, todayIso(deps.now())));
  });
