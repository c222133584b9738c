import { Hono } from 'hono';
import { z } from 'zod';
import { idText } from '../../lib/schemas/ids.ts';
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
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const addressesQuery = pagingQuery(100, 100).extend({
  orderBy: z.enum(['created_at', 'label', 'name']).default('created_at'),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
const addressId = { id: idText('places:address.not_found') };
const bankId = { id: idText('account:bank.not_found') };

export const settingsRoutes = new Hono<ApiEnv>()
  .get(
    '/addresses',
    route({ user: true, query: addressesQuery }, async (c, { user, query }) =>
      ok(c, await listAddresses(c.get('services').deps.db, user.id, query, c.get('lang'))),
    ),
  )
  .get(
    '/addresses/:id',
    route({ user: true, params: addressId }, async (c, { user, params }) =>
      ok(c, await getAddress(c.get('services').deps.db, user.id, params.id, c.get('lang'))),
    ),
  )
  .post(
    '/addresses',
    route({ guestPages: 'unchanged', user: true, body: addressSchema }, async (c, { user, body }) =>
      ok(c, await createAddress(c.get('services').deps.db, user.id, body, c.get('lang')), 'places:address.created', undefined, 201),
    ),
  )
  .put(
    '/addresses/:id',
    route({ guestPages: 'unchanged', user: true, params: addressId, body: addressSchema }, async (c, { user, params, body }) => {
      const { deps } = c.get('services');
      return ok(c, await updateAddress(deps.db, user.id, params.id, body, c.get('lang'), deps.now()), 'places:address.updated');
    }),
  )
  .delete(
    '/addresses/:id',
    route({ guestPages: 'unchanged', user: true, params: addressId }, async (c, { user, params }) => {
      const { deps } = c.get('services');
      await deleteAddress(deps.db, user.id, params.id, deps.now());
      return ok(c, null, 'places:address.deleted');
    }),
  )
  .get(
    '/banks',
    route({ user: true }, async (c, { user }) => ok(c, await listBankAccounts(c.get('services').deps.db, user.id))),
  )
  .get(
    '/banks/:id',
    route({ user: true, params: bankId }, async (c, { user, params }) => ok(c, await getBankAccount(c.get('services').deps.db, user.id, params.id))),
  )
  .post(
    '/banks',
    route({ guestPages: 'unchanged', user: true, body: bankAccountSchema }, async (c, { user, body }) =>
      ok(c, await createBankAccount(c.get('services').deps.db, user.id, body), 'account:bank.created', undefined, 201),
    ),
  )
  .put(
    '/banks/:id',
    route({ guestPages: 'unchanged', user: true, params: bankId, body: bankAccountSchema }, async (c, { user, params, body }) => {
      const { deps } = c.get('services');
      return ok(c, await updateBankAccount(deps.db, user.id, params.id, body, deps.now()), 'account:bank.updated');
    }),
  )
  .delete(
    '/banks/:id',
    route({ guestPages: 'unchanged', user: true, params: bankId }, async (c, { user, params }) => {
      const { deps } = c.get('services');
      await deleteBankAccount(deps.db, user.id, params.id, deps.now());
      return ok(c, null, 'account:bank.deleted');
    }),
  );
