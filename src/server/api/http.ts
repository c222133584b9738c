import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { TFunction } from 'i18next';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { fieldErrors, hasNul, msg } from '../../lib/schemas/common.ts';
import { dbError, UNIQUE_VIOLATION } from '../db/errors.ts';
import type { Caller } from '../domain/accounts/caller.ts';
import { AppError, invalid, notFound, unauthenticated } from '../errors.ts';
import { clientAddress, ipLimitKey } from './client-ip.ts';
import type { ApiEnv } from './context.ts';

type Ctx = Context<ApiEnv>;

/**
 * Where a NUL byte hides in a request value (keys too, at any depth): the top-level field it
 * belongs to, '_' for the value itself or a key that holds one. Walked without recursion, so a
 * deeply nested body cannot exhaust the stack.
 */
function nulField(value: unknown): string | undefined {
  const stack: Array<{ v: unknown; field: string }> = [{ v: value, field: '_' }];
  while (stack.length) {
    const { v, field } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasNul(v)) return field;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, field });
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (hasNul(key)) return '_';
        stack.push({ v: item, field: field === '_' && v === value ? key : field });
      }
    }
  }
  return undefined;
}

/**
 * Every request value passes here before any schema: PostgreSQL text cannot hold U+0000, so a
 * schema that forgot to refuse it would turn a probe into a 500. Refused as an invalid field.
 */
function refuseNul(value: unknown) {
  const field = nulField(value);
  if (field !== undefined) throw invalid({ [field]: msg.invalid });
}

/**
 * Parses the JSON body with a shared zod schema; malformed JSON and bad fields are 422s.
 * `form`: a form-encoded body is read too (its values are strings; only for schemas made for that).
 */
export async function readJson<S extends z.ZodType>(c: Ctx, schema: S, opts: { form?: boolean } = {}): Promise<z.infer<S>> {
  let body: unknown;
  const text = await c.req.text();
  if (opts.form && !(c.req.header('content-type') ?? '').includes('json')) body = Object.fromEntries(new URLSearchParams(text));
  else if (text.trim() === '') body = {};
  else {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError('INVALID_JSON');
    }
  }
  refuseNul(body);
  return parseWith(schema, body);
}

/** Query parameters through a schema, with the same 422 shape as bodies. */
export function readQuery<S extends z.ZodType>(c: Ctx, schema: S): z.infer<S> {
  const query = c.req.query();
  refuseNul(query);
  return parseWith(schema, query);
}

/** Path parameters through their schemas; one that does not fit names nothing: 404 with the schema's message. */
export function readParams(c: Ctx, schemas: Record<string, z.ZodType>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const raw = c.req.param(name);
    const parsed = typeof raw === 'string' && !hasNul(raw) ? schema.safeParse(raw) : undefined;
    if (!parsed?.success) throw notFound(parsed?.error.issues[0]?.message);
    out[name] = parsed.data;
  }
  return out;
}

/** A file posted as multipart/form-data under `field`: its bytes, or a 422 on that field. */
export interface UploadField {
  field: string;
  maxBytes: number;
  /** Message keys: no file (or not multipart), and a file over `maxBytes`. */
  required: string;
  tooBig: string;
}

export async function readUpload(c: Ctx, spec: UploadField): Promise<Buffer> {
  // Refused before reading when the declared size already says so (multipart adds a little).
  if (Number(c.req.header('content-length') ?? 0) > spec.maxBytes + 64 * 1024) throw invalid({ [spec.field]: spec.tooBig });
  let file: unknown;
  try {
    file = (await c.req.formData()).get(spec.field);
  } catch {
    throw invalid({ [spec.field]: spec.required });
  }
  if (!(file instanceof File)) throw invalid({ [spec.field]: spec.required });
  return Buffer.from(await file.arrayBuffer());
}

/** A multipart/form-data body: its text fields through `fields`, and at most one file under `file.field`. */
export interface MultipartSpec {
  fields: z.ZodType;
  file: Omit<UploadField, 'required'>;
}

export async function readMultipart(c: Ctx, spec: MultipartSpec): Promise<{ fields: unknown; file: Buffer | undefined }> {
  if (Number(c.req.header('content-length') ?? 0) > spec.file.maxBytes + 64 * 1024) throw invalid({ [spec.file.field]: spec.file.tooBig });
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    // Not multipart (or broken): read as no fields, so the schema names what is missing.
    form = new FormData();
  }
  const values: Record<string, string> = {};
  let file: Buffer | undefined;
  for (const [key, value] of form.entries()) {
    if (key === spec.file.field && typeof value !== 'string') {
      if (value.size > spec.file.maxBytes) throw invalid({ [spec.file.field]: spec.file.tooBig });
      if (value.size > 0) file = Buffer.from(await value.arrayBuffer());
    } else if (typeof value === 'string') values[key] = value;
  }
  refuseNul(values);
  return { fields: parseWith(spec.fields, values), file };
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

export function requireUser(c: Ctx) {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}

/** The client's address as a rate-limit key, from the socket (and trusted proxies, TRUST_PROXY). */
export function clientIp(c: Ctx): string {
  // @hono/node-server hands the Node request over as `env.incoming`.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const { trustProxy } = c.get('services').deps.config;
  return ipLimitKey(clientAddress(incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), trustProxy));
}

/** The site's origin for links in mails: configuration only (PUBLIC_URL or http://localhost:PORT), never the request's Host. */
export function baseUrl(c: Ctx) {
  return c.get('services').deps.config.publicUrl;
}

/** Who is calling, as the account rules need it. */
export function caller(c: Ctx): Caller {
  return { ip: clientIp(c), locale: c.get('lang'), token: c.get('token'), baseUrl: baseUrl(c) };
}

/** The success envelope: a translated message for the toast and the data. */
export function ok(c: Ctx, data: unknown, messageKey?: string, params?: Record<string, unknown>, status: 200 | 201 = 200) {
  const body: Record<string, unknown> = { data };
  if (messageKey) body.message = c.get('t')(messageKey, params ?? {});
  return c.json(body, status);
}

/**
 * A statement the database refused because of what was sent or of a concurrent change is the
 * client's 4xx, never a 500: a unique index lost to a concurrent insert and a transaction
 * that could not be serialised are conflicts (try again); a data exception (class 22: bad text,
 * number out of range, value too long) or another integrity violation (class 23: foreign key,
 * check, not null) is an invalid request. Domain code checks these first; this is the net.
 */
function dbRefusal(code: string): AppError | undefined {
  if (code === UNIQUE_VIOLATION || code.startsWith('40')) return new AppError('CONFLICT');
  if (code.startsWith('22') || code.startsWith('23')) return new AppError('VALIDATION');
  return undefined;
}

/** Hono's own (e.g. the body limit): its status kept, in the error model's shape. */
function fromHttpException(err: HTTPException): AppError {
  if (err.status === 413) return new AppError('PAYLOAD_TOO_LARGE', { key: 'errors:field.invalid' });
  if (err.status === 404) return notFound('errors:route_not_found');
  return new AppError(err.status < 500 ? 'BAD_REQUEST' : 'INTERNAL', { key: 'errors:server' });
}

/** The error body every /v1 failure has: `{ code, message, errors? }`, in the request's language. */
export function errorBody(err: AppError, t: TFunction) {
  const body: { code: AppError['code']; message: string; errors?: Record<string, string> } = { code: err.code, message: t(err.key, err.params) };
  if (err.fields) body.errors = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, t(v, err.params)]));
  return body;
}

export function errorResponse(err: unknown, c: Ctx) {
  const t = c.get('t');
  if (err instanceof AppError) {
    if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
    return c.json(errorBody(err, t), err.status);
  }
  if (err instanceof HTTPException) {
    // Keeps Hono's status (a 4xx it chose), speaking the user's language.
    return c.json(errorBody(fromHttpException(err), t), err.status);
  }
  const { logger } = c.get('services').deps;
  const db = dbError(err);
  const refusal = db && dbRefusal(db.code);
  if (db && refusal) {
    // Worth knowing: a domain check is missing or lost a race.
    logger.warn(`${c.req.method} ${c.req.routePath} refused by the database (${db.code}${db.constraint ? ` ${db.constraint}` : ''})`);
    return c.json(errorBody(refusal, t), refusal.status);
  }
  logger.error(`${c.req.method} ${c.req.routePath} failed`, err);
  return c.json(errorBody(new AppError('INTERNAL'), t), 500);
}
