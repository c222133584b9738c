import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { z } from 'zod';
import { addDays, todayIso } from '../../src/lib/dates.ts';
import { bodySchema, type RouteContract } from '../../src/server/api/contract.ts';
import { apiUrl } from './api.ts';

/**
 * Arbitraries for the API fuzz test: requests shaped like a route's contract (from its zod
 * schemas through JSON Schema), then bent by hostile values a client may send.
 */

/** Ids and slugs that exist, so valid-shaped requests reach the domain and the database. */
export interface Known {
  ids: number[];
  slugs: string[];
  imageIds: string[];
}

/** The signed-in user's own things (most likely to pass the domain's checks) and everyone's. */
export interface Pools {
  own: Known;
  all: Known;
}

const INT4 = 2 ** 31;
const nulStrings = fc.constantFrom('\u0000', 'a\u0000b', 'kit\u0000kat', '\u0000'.repeat(4), 'x@y.co\u0000');
const bigIds = fc.oneof(
  fc.constantFrom(INT4 - 1, INT4, INT4 + 1, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 63, -INT4, -INT4 - 1),
  fc.integer({ min: INT4, max: Number.MAX_SAFE_INTEGER }),
);
const oddNumbers = fc.constantFrom(0, -1, -0, 0.5, 1.5, 1e21, 1e308, -1e308, 5e-324, 1_000_000_000_001, 999_999_999_999);
const numericText = fc.constantFrom('', ' ', '0', '-1', '1.5', '0x10', '1e3', ' 12 ', '00012', 'NaN', 'Infinity', '2147483648', '9007199254740993', '１２', '12abc', 'true', 'null');
/** SQL, LIKE, tsquery and path metacharacters. */
const metaText = fc.constantFrom("' OR 1=1 --", "'; drop table users; --", '%', '_', '%_%', '\\', '\\\\%', '$1', ':*', 'a & b | !c', '(', '<->', "''", '"', '..', '../..', '/', '%00', '%2F', '?', '#', '\r\n', '\t');
const unicodeText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constantFrom('\ud800', 'a\udfffb', '\uffff', '\u202e', '🇮🇩🇯🇵', 'ä'.normalize('NFD'), 'İstanbul', 'ǅ', '\u200b'),
);
const longText = fc.constantFrom('a'.repeat(5_000), 'é'.repeat(3_000), '9'.repeat(400), 'kit kat '.repeat(2_000), '🙂'.repeat(2_000));

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  nulStrings,
  bigIds,
  oddNumbers,
  numericText,
  metaText,
  unicodeText,
  longText,
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.string(),
);

/** Any JSON value, nested a little, hostile at the leaves and in the keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), nulStrings, metaText), tie('value'), { maxKeys: 3 }),
  ),
})).value;

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
};

/** The shape a client would send for a schema (its input side), as JSON Schema. */
export function inputShape(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const around = (days: number) => addDays(todayIso(), days);

/** A value a field of that name would plausibly hold, when the name says more than the schema. */
function byName(name: string, known: Pools): fc.Arbitrary<unknown> | undefined {
  if (name === 'id' || name.endsWith('_id'))
    return fc.oneof({ arbitrary: fc.constantFrom(...known.own.ids), weight: 3 }, fc.constantFrom(...known.all.ids), fc.integer({ min: 1, max: 400_000 }));
  if (name.endsWith('_date')) return fc.integer({ min: -3, max: 40 }).map(around);
  if (name === 'images') {
    const some = (ids: string[]) => fc.subarray(ids, { maxLength: Math.min(3, ids.length) });
    return fc.oneof({ arbitrary: some(known.own.imageIds), weight: 3 }, some(known.all.imageIds));
  }
  if (name === 'email') return fc.emailAddress();
  if (name === 'phone_number') return fc.integer({ min: 0, max: 99_999_999 }).map((n) => `0812${String(n).padStart(8, '0')}`);
  return undefined;
}

function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern), { size: 'small' });
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

/** Values that fit the schema's shape (not necessarily its refinements). */
export function shaped(s: JsonSchema, known: Pools, name = ''): fc.Arbitrary<unknown> {
  const named = byName(name, known);
  if (named && s.type !== 'object' && s.type !== 'array' && !s.enum && s.const === undefined) return fc.oneof(named, shapedBy(s, known));
  return shapedBy(s, known);
}

function shapedBy(s: JsonSchema, known: Pools): fc.Arbitrary<unknown> {
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => shaped(o, known)));
  if (s.allOf?.length) return shaped(s.allOf[0], known);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uuid') return fc.oneof(fc.constantFrom(...known.all.imageIds), fc.uuid());
      if (s.pattern) return matching(s.pattern);
      return fc.string({ unit: 'grapheme', minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 200) });
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000);
      const max = s.maximum ?? 1_000_000;
      return fc.oneof(fc.integer({ min: Math.max(min, -INT4), max: Math.min(max, Number.MAX_SAFE_INTEGER) }), fc.constantFrom(min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? shaped(s.items, known) : hostileValue, { maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, shaped(v, known, k)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) }) as fc.Arbitrary<unknown>;
    }
    default:
      return hostileValue;
  }
}

/** A valid-shaped object with a few fields replaced, removed or added. */
function bent(shape: JsonSchema, known: Pools): fc.Arbitrary<unknown> {
  const keys = Object.keys(shape.properties ?? {});
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })) : fc.string({ maxLength: 6 });
  const change = fc.tuple(key, fc.option(hostileValue, { nil: undefined, freq: 4 }));
  return fc.tuple(shaped(shape, known), fc.array(change, { minLength: 1, maxLength: 3 })).map(([base, changes]) => {
    if (!base || typeof base !== 'object' || Array.isArray(base)) return base;
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of changes) {
      if (v === undefined) delete out[k];
      else out[k] = v;
    }
    return out;
  });
}

/** What to send for one schema: mostly shaped, often bent, sometimes anything at all. */
export function payload(schema: z.ZodType | undefined, known: Pools): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: hostileValue, weight: 1 });
  const shape = inputShape(schema);
  return fc.oneof({ arbitrary: shaped(shape, known), weight: 3 }, { arbitrary: bent(shape, known), weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

/** A path segment: the kind the route expects, or anything else. */
function pathParam(name: string, known: Pools): fc.Arbitrary<string> {
  const expected =
    name === 'slug'
      ? fc.constantFrom(...known.own.slugs, ...known.all.slugs)
      : name === 'subject' || name === 'mode'
        ? fc.constantFrom('products', 'requests', 'product', 'request')
        : fc.oneof({ arbitrary: fc.constantFrom(...known.own.ids), weight: 2 }, fc.constantFrom(...known.all.ids)).map(String);
  // '.' and '..' are left out: the client resolves them away, so they would address another path.
  const other = fc.oneof(hostileScalar.map((v) => String(v)), fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '2147483648', '9007199254740993', ' 1', '%00')).filter((v) => v !== '.' && v !== '..');
  return fc.oneof({ arbitrary: expected, weight: 3 }, { arbitrary: other, weight: 2 }).map((v) => (v === '%00' ? v : encodeURIComponent(v.toWellFormed())));
}

const malformedJson = fc.constantFrom('{', '{"a":', '[', 'nul', '{"a":1,}', "{'a':1}", '"\\u0000"', '{"\\u0000":1}', '1e999', '-', '['.repeat(50_000), '{"a":'.repeat(2_000), '\u0000', '\ufeff{}');
/** Mostly a fresh address each time (per-IP limits then rarely answer first), sometimes nonsense. */
const forwardedFor = fc.oneof(
  { arbitrary: fc.ipV4(), weight: 6 },
  fc.ipV6(),
  fc.constantFrom('', 'unknown', 'not-an-ip', '1.2.3.4, 5.6.7.8, 9.9.9.9', '999.1.1.1', '[::1]:443', '::ffff:10.0.0.1', ' , ,', 'a'.repeat(300)),
);
const queryJunk = fc.constantFrom('', '&%', '&a=%E0%A4%A', '&%zz=1', '&=', '&&&', '&a[b]=1', '&key=%00', '&page=%00', '&%00=1', '&search=%FF%FE');

/** A PNG whose header claims `width` × `height` pixels, with almost no pixel data (a "pixel bomb"). */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * URLs stay within Node's 16 KB header limit: past it Node answers 431 and closes the
 * connection before any of our code runs (long values still come in bodies).
 */
const MAX_URL = 8_000;

/** One generated request, printed as the counterexample when a property fails. */
export interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  encoding: 'json' | 'malformed' | 'form' | 'multipart' | 'none';
  body?: unknown;
  raw?: string;
  file?: { field: string; bytes: Uint8Array; type: string };
  /** The client address a proxy would report (the test server trusts one hop). */
  forwardedFor: string;
}

export function requestArbitrary(method: string, pattern: string, contract: RouteContract, known: Pools, samples: { png: Buffer }): fc.Arbitrary<FuzzRequest> {
  const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = fc.tuple(...names.map((n) => pathParam(n, known)));
  const query = fc.tuple(payload(contract.query, known), queryJunk).map(([value, junk]) => toQuery(value) + junk);
  const schema = contract.body ? bodySchema(contract.body, todayIso()) : contract.multipart?.fields;
  const upload = contract.upload ?? contract.multipart?.file;
  const bodies: fc.Arbitrary<Pick<FuzzRequest, 'encoding' | 'body' | 'raw' | 'file'>>[] = [
    payload(schema, known).map((body) => ({ encoding: body === undefined ? ('none' as const) : ('json' as const), body })),
    malformedJson.map((raw) => ({ encoding: 'malformed' as const, raw })),
    payload(schema, known).map((body) => ({ encoding: 'form' as const, body })),
  ];
  const file = fc.record({
    field: upload ? fc.oneof({ arbitrary: fc.constant(upload.field), weight: 4 }, { arbitrary: fc.string({ maxLength: 6 }), weight: 1 }) : fc.constantFrom('image', 'photo', 'file'),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }),
      fc.constant(new Uint8Array(samples.png)),
      fc.constant(new Uint8Array(pngClaiming(20_000, 20_000))),
      fc.constant(new Uint8Array(pngClaiming(0, 0))),
      fc.constant(new Uint8Array(samples.png.subarray(0, 40))),
    ),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/plain', ''),
  });
  bodies.push(file.map((f) => ({ encoding: 'multipart' as const, file: f })));
  const body = upload ? fc.oneof({ arbitrary: bodies[3], weight: 6 }, ...bodies.slice(0, 3)) : fc.oneof({ arbitrary: bodies[0], weight: 6 }, ...bodies.slice(1));
  return fc.record({ params, query, body, forwardedFor }).map(({ params: values, query: qs, body: b, forwardedFor: ip }) => {
    let i = 0;
    const path = pattern.replace(/:(\w+)(\{[^}]*\})?/g, () => values[i++].slice(0, MAX_URL / 4));
    return { method, path, query: qs.slice(0, MAX_URL), forwardedFor: ip, ...b };
  });
}

function toQuery(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object' || Array.isArray(value)) return `v=${encodeURIComponent(JSON.stringify(value).toWellFormed())}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  return params.toString();
}

/** Sends a generated request to the test server, as a guest or with a Bearer token. */
export async function send(req: FuzzRequest, token?: string): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { Lang: 'en', 'X-Forwarded-For': req.forwardedFor };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (req.encoding === 'json') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  } else if (req.encoding === 'malformed') {
    headers['Content-Type'] = 'application/json';
    body = req.raw;
  } else if (req.encoding === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = toQuery(req.body);
  } else if (req.encoding === 'multipart' && req.file) {
    const form = new FormData();
    form.set(req.file.field, new Blob([req.file.bytes as Uint8Array<ArrayBuffer>], { type: req.file.type }), 'upload.bin');
    body = form;
  }
  const withBody = req.method !== 'GET' && req.method !== 'HEAD';
  const res = await fetch(`${apiUrl()}${req.path}${req.query ? `?${req.query}` : ''}`, {
    method: req.method,
    headers,
    body: withBody ? body : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
