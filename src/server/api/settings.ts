import { Hono } from 'hono';
import { z } from 'zod';
import { pagingQuery } from '../../lib/schemas/paging.ts';
import { addressSchema, bankAccountSchema } from '../../lib/schemas/places.ts';
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from '../domain/settings/addresses.ts';
import {
  createBankAccount,
  deleteBankAccount,
  getBankAccount,
  listBankAccounts,
  updateBankAccount,
} from '../domain/settings/bank-accounts.ts';
import { notFound } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { ok, readJson, readQuery, requireUser } from './http.ts';

/** A numeric path id; anything else is simply not found. */
export function pathId(raw: string, key = 'errors:resource_not_found'): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound(key);
  return id;
}

const addressesQuery = pagingQuery(100, 100).extend({
  orderBy: z.enum(['created_at', 'label', 'name']).default('created_at'),
  sort: z.enum(['asc', 'desc']).default('desc'),
});

export const settingsRoutes = new Hono<ApiEnv>()
  .get('/addresses', async (c) => {
    const user = requireUser(c);
    const q = readQuery(c, addressesQuery);
    return ok(c, await listAddresses(c.get('services').deps.db, user.id, q, c.get('lang')));
  })
  .get('/addresses/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'places:address.not_found');
    return ok(c, await getAddress(c.get('services').deps.db, user.id, id, c.get('lang')));
  })
  .post('/addresses', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, addressSchema);
    const address = await createAddress(c.get('services').deps.db, user.id, input, c.get('lang'));
    return ok(c, address, 'places:address.created', undefined, 201);
  })
  .put('/addresses/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'places:address.not_found');
    const input = await readJson(c, addressSchema);
    const { deps } = c.get('services');
    return ok(c, await updateAddress(deps.db, user.id, id, input, c.get('lang'), deps.now()), 'places:address.updated');
  })
  .delete('/addresses/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'places:address.not_found');
    const { deps } = c.get('services');
    await deleteAddress(deps.db, user.id, id, deps.now());
    return ok(c, null, 'places:address.deleted');
  })
  .get('/banks', async (c) => {
    const user = requireUser(c);
    return ok(c, await listBankAccounts(c.get('services').deps.db, user.id));
  })
  .get('/banks/:id', async (c) => {
    const user = requireUser(c);
    return ok(c, await getBankAccount(c.get('services').deps.db, user.id, pathId(c.req.param('id'), 'places:bank.not_found')));
  })
  .post('/banks', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, bankAccountSchema);
    return ok(c, await createBankAccount(c.get('services').deps.db, user.id, input), 'places:bank.created', undefined, 201);
  })
  .put('/banks/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'places:bank.not_found');
    const input = await readJson(c, bankAccountSchema);
    const { deps } = c.get('services');
    return ok(c, await updateBankAccount(deps.db, user.id, id, input, deps.now()), 'places:bank.updated');
  })
  .delete('/banks/:id', async (c) => {
    const user = requireUser(c);
    const id = pathId(c.req.param('id'), 'places:bank.not_found');
    const { deps } = c.get('services');
    await deleteBankAccount(deps.db, user.id, id, deps.now());
    return ok(c, null, 'places:bank.deleted');
  });
