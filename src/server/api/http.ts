import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { fieldErrors } from '../../lib/schemas/common.ts';
import type { Caller } from '../domain/accounts/caller.ts';
import { AppError, unauthenticated } from '../errors.ts';
import { clientAddress, ipLimitKey } from './client-ip.ts';
import type { ApiEnv } from './context.ts';

type Ctx = Context<ApiEnv>;

/** Parses the JSON body with a shared zod schema; malformed JSON and bad fields are 422s. */
export async function readJson<S extends z.ZodType>(c: Ctx, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  const text = await c.req.text();
  if (text.trim() === '') body = {};
  else {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError(422, 'errors:invalid_json');
    }
  }
  return parseWith(schema, body);
}

/** Query parameters through a schema, with the same 422 shape as bodies. */
export function readQuery<S extends z.ZodType>(c: Ctx, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(422, 'errors:validation', { fields: fieldErrors(result.error) });
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

export function errorResponse(err: unknown, c: Ctx) {
  const t = c.get('t');
  if (err instanceof AppError) {
    const body: Record<string, unknown> = { message: t(err.key, err.params) };
    if (err.fields) body.errors = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, t(v)]));
    if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
    return c.json(body, err.status as 400);
  }
  if (err instanceof HTTPException) {
    // Hono's own (e.g. body limit): keep its status, speak the user's language.
    const key = err.status === 413 ? 'errors:field.invalid' : err.status === 404 ? 'errors:route_not_found' : 'errors:server';
    return c.json({ message: t(key) }, err.status);
  }
  c.get('services').deps.logger.error(`${c.req.method} ${c.req.path} failed`, err);
  return c.json({ message: t('errors:server') }, 500);
}
