import type { Context } from 'hono';
import type { z } from 'zod';
import { todayIso } from '../../lib/dates.ts';
import type { UserRow } from '../domain/accounts/index.ts';
import type { ApiEnv } from './context.ts';
import { idempotently } from './idempotency.ts';
import { readJson, readMultipart, readParams, readQuery, readUpload, requireUser, type MultipartSpec, type UploadField } from './http.ts';

type Ctx = Context<ApiEnv>;
/** A body schema that depends on the date (trip dates) is made for today's ISO date. */
type BodySchema = z.ZodType | ((today: string) => z.ZodType);

/**
 * What a route accepts — the one description the router parses with and the API fuzz test
 * (tests/api/fuzz.test.ts) generates requests from, so the two cannot drift apart. A route
 * without one fails that test.
 */
export interface RouteContract {
  /** Guests are answered 401 before anything else is read. */
  user?: true;
  /** Path parameters from their text; one the schema refuses is a 404 with the schema's message key. */
  params?: Record<string, z.ZodType>;
  query?: z.ZodType;
  /** The JSON body. */
  body?: BodySchema;
  /** Also read a form-encoded body (pusher-js posts its channel authorisation that way). */
  form?: true;
  /** A multipart/form-data file. */
  upload?: UploadField;
  /** A multipart/form-data body: text fields through a schema, and at most one optional file. */
  multipart?: MultipartSpec;
  /**
   * `'unchanged'`: this write changes nothing a guest page shows (a cart, a chat message, a
   * notification read, a session), so it leaves the guest page cache alone (api/index.ts).
   */
  guestPages?: 'unchanged';
  /**
   * The call creates something (an order): an `Idempotency-Key` header makes a repeat of it
   * answer the first call's answer instead of running again (api/idempotency.ts).
   */
  idempotent?: true;
  /**
   * What the route answers when it is not `{ data, message? }`: a shape of its own (pusher-js
   * reads `{ auth }`), or a redirect (`'redirect'`). The reference (/v1/openapi.json) says so.
   */
  answers?: z.ZodType | 'redirect';
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : S extends (today: string) => infer R ? (R extends z.ZodType ? z.output<R> : never) : undefined;

export interface RouteInput<C extends RouteContract> {
  user: C['user'] extends true ? UserRow : UserRow | undefined;
  params: C['params'] extends Record<string, z.ZodType> ? { [K in keyof C['params']]: z.output<C['params'][K]> } : Record<string, never>;
  query: Parsed<C['query']>;
  body: C['multipart'] extends MultipartSpec ? z.output<C['multipart']['fields']> : Parsed<C['body']>;
  file: C['upload'] extends UploadField ? Buffer : C['multipart'] extends MultipartSpec ? Buffer | undefined : undefined;
}

export type ContractHandler<C extends RouteContract = RouteContract> = ((c: Ctx) => Promise<Response>) & { contract: C };

/** The schema a body is checked with now (date-dependent ones get today's date). */
export function bodySchema(body: BodySchema, today: string): z.ZodType {
  return typeof body === 'function' ? body(today) : body;
}

/**
 * A route handler that first reads what its contract declares, in the order a person would
 * want to hear about problems: log in (401), then what is addressed (404), then what was sent (422).
 */
export function route<const C extends RouteContract>(contract: C, handle: (c: Ctx, input: RouteInput<C>) => Response | Promise<Response>): ContractHandler<C> {
  const handler = async (c: Ctx) => {
    if (contract.guestPages === 'unchanged') c.set('guestPagesUnchanged', true);
    const user = contract.user ? requireUser(c) : c.get('user');
    const params = readParams(c, contract.params ?? {});
    const query = contract.query ? readQuery(c, contract.query) : undefined;
    const today = todayIso(c.get('services').deps.now());
    let body = contract.body ? await readJson(c, bodySchema(contract.body, today), { form: contract.form }) : undefined;
    let file = contract.upload ? await readUpload(c, contract.upload) : undefined;
    if (contract.multipart) ({ fields: body, file } = await readMultipart(c, contract.multipart));
    const run = async () => handle(c, { user, params, query, body, file } as RouteInput<C>);
    return contract.idempotent && user ? idempotently(c, user, run) : run();
  };
  return Object.assign(handler, { contract });
}
