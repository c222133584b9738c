import type { Hono } from 'hono';
import { OpenApiBuilder, type OperationObject, type ParameterObject, type PathItemObject, type RequestBodyObject, type ResponsesObject, type SchemaObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { todayIso } from '../../lib/dates.ts';
import { errorStatus } from '../errors.ts';
import { bodySchema, type RouteContract } from './contract.ts';
import type { ApiEnv } from './context.ts';

/** The version of the /v1 API the document describes. */
export const API_VERSION = '1.0.0';

/** A registered /v1 route and the contract its handler reads its input with (route() in contract.ts). */
export interface ContractRoute {
  method: string;
  path: string;
  contract?: RouteContract;
}

/** Every route Hono registered, once each (middleware is registered for 'ALL' and left out). */
export function contractRoutes(api: Hono<ApiEnv>): ContractRoute[] {
  const seen = new Map<string, ContractRoute>();
  for (const r of api.routes) {
    if (r.method === 'ALL') continue;
    const handler = r.handler as { contract?: RouteContract; __COMPOSED_HANDLER?: { contract?: RouteContract } };
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path, contract: handler.contract ?? handler.__COMPOSED_HANDLER?.contract });
  }
  return [...seen.values()];
}

/** What a client sends for a schema (its input side; `output`: what the server answers), as JSON Schema 2020-12 (OpenAPI 3.1's dialect). */
function inputSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): SchemaObject {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest as SchemaObject;
}

/** The answer of a route that succeeded: `{ data, message? }`, or what its contract says it answers instead. */
function successResponses(contract: RouteContract): ResponsesObject {
  if (contract.answers === 'redirect') return { '3XX': { description: 'Sent on to the address in `Location`', headers: { Location: { schema: { type: 'string' } } } } };
  if (contract.answers) return { '200': { description: 'Done', content: { 'application/json': { schema: inputSchema(contract.answers, 'output') } } } };
  return { '2XX': { description: 'Done', content: { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } } } };
}

/** The answer to a refused request: what errorBody() in http.ts writes. */
const errorSchema = z.strictObject({
  code: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]]).describe('A stable code: what went wrong, for the program'),
  message: z.string().describe('What went wrong, for the person, in the language of the `Lang` header'),
  errors: z.record(z.string(), z.string()).optional().describe('Per field: what is wrong with it (422 VALIDATION)'),
});

/** A successful answer: `data`, and a `message` to show when the action says something. */
const successSchema: SchemaObject = {
  type: 'object',
  required: ['data'],
  properties: { data: { description: 'The resource, list or result the operation names' }, message: { type: 'string', description: 'A confirmation to show, in the language of the `Lang` header' } },
  additionalProperties: false,
};

/** Each error status with the codes that answer with it (the one table: errorStatus in errors.ts). */
function errorResponses(): ResponsesObject {
  const byStatus = new Map<number, string[]>();
  for (const [code, status] of Object.entries(errorStatus)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      { description: `Refused: ${codes.join(', ')}`, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }, 'x-error-codes': codes },
    ]),
  );
}

const fileField: SchemaObject = { type: 'string', contentMediaType: 'application/octet-stream' };

function requestBody(contract: RouteContract, today: string): RequestBodyObject | undefined {
  if (contract.upload) {
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: [contract.upload.field], properties: { [contract.upload.field]: { ...fileField, description: `At most ${contract.upload.maxBytes} bytes` } } } } } };
  }
  if (contract.multipart) {
    const fields = inputSchema(contract.multipart.fields);
    const file = contract.multipart.file;
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { ...fields, properties: { ...fields.properties, [file.field]: { ...fileField, description: `Optional; at most ${file.maxBytes} bytes` } } } } },
    };
  }
  if (!contract.body) return undefined;
  const schema = inputSchema(bodySchema(contract.body, today));
  return { required: true, content: { 'application/json': { schema }, ...(contract.form ? { 'application/x-www-form-urlencoded': { schema } } : {}) } };
}

function parameters(path: string, contract: RouteContract): ParameterObject[] {
  const inPath = Object.entries(contract.params ?? {}).map(([name, schema]): ParameterObject => ({ name, in: 'path', required: true, schema: inputSchema(schema) }));
  const query = contract.query ? inputSchema(contract.query) : undefined;
  const required = new Set(query?.required ?? []);
  const inQuery = Object.entries(query?.properties ?? {}).map(([name, schema]): ParameterObject => ({ name, in: 'query', required: required.has(name), schema: schema as SchemaObject }));
  void path;
  return [...inPath, ...inQuery];
}

/** '/v1/:subject{products|requests}/:id' → '/v1/{subject}/{id}'. */
export const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

/**
 * The OpenAPI 3.1 document of the /v1 API, generated from the contracts the routes validate their
 * input with (route({ body, query, params, upload, multipart }) in contract.ts): the same zod
 * schemas, turned into JSON Schema by zod itself. Nothing here is written twice.
 */
export function openApiDocument(api: Hono<ApiEnv>, opts: { version: string; today?: string }): ReturnType<OpenApiBuilder['getSpec']> {
  const today = opts.today ?? todayIso();
  const builder = OpenApiBuilder.create()
    .addOpenApiVersion('3.1.0')
    .addInfo({
      title: 'Titipan API',
      version: opts.version,
      description:
        'The /v1 REST API of Titipan. Send `Authorization: Bearer <token>` (from POST /v1/login or /v1/register) where a route needs a user, and `Lang: en|id` for messages in that language. Every refusal is `{ code, message, errors? }` with the status of its code.',
    })
    .addServer({ url: '/' })
    .addSecurityScheme('bearer', { type: 'http', scheme: 'bearer', description: 'The token POST /v1/login or /v1/register answers with' })
    .addSchema('Error', inputSchema(errorSchema))
    .addSchema('Success', successSchema);
  const paths = new Map<string, PathItemObject>();
  for (const { method, path, contract } of contractRoutes(api)) {
    if (!contract) continue;
    const at = openApiPath(path);
    const tag = at.split('/')[2]?.replace(/[{}]/g, '') || 'v1';
    const operation: OperationObject = {
      operationId: `${method.toLowerCase()}${at.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      tags: [tag],
      parameters: [
        ...parameters(path, contract),
        { name: 'Lang', in: 'header', required: false, schema: { type: 'string', enum: ['en', 'id'] } },
        ...(contract.idempotent
          ? [{ name: 'Idempotency-Key', in: 'header' as const, required: false, description: 'A repeat with the same key answers the first answer (header Idempotent-Replayed) instead of running again', schema: { type: 'string' as const, maxLength: 200 } }]
          : []),
      ],
      requestBody: requestBody(contract, today),
      // A route for signed-in users answers 401 to anyone else; the others take a token when given.
      security: contract.user ? [{ bearer: [] }] : [{}, { bearer: [] }],
      responses: { ...successResponses(contract), ...errorResponses() },
    };
    if (!operation.requestBody) delete operation.requestBody;
    paths.set(at, { ...paths.get(at), [method.toLowerCase()]: operation });
  }
  for (const [path, item] of paths) builder.addPath(path, item);
  return builder.getSpec();
}
