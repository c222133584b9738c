import { OpenAPIBackend } from 'openapi-backend';
import { createApi } from '../../src/server/api/index.ts';
import type { ApiServices } from '../../src/server/api/context.ts';
import { API_VERSION, openApiDocument } from '../../src/server/api/openapi.ts';

let backend: Promise<OpenAPIBackend> | undefined;

/** The API's OpenAPI document (as /v1/openapi.json serves it) in a kept validator, openapi-backend. */
export function apiReference(): Promise<OpenAPIBackend> {
  backend ??= (async () => {
    const definition = openApiDocument(createApi({} as ApiServices), { version: API_VERSION }) as ConstructorParameters<typeof OpenAPIBackend>[0]['definition'];
    // quick: openapi-backend checks documents as OpenAPI 3.0 only; tests/api/openapi.test.ts checks this one as 3.1.
    const api = new OpenAPIBackend({ definition, strict: true, quick: true, validate: true, ajvOpts: { strict: false } });
    await api.init();
    return api;
  })();
  return backend;
}

/**
 * Whether a real answer of the API is what its reference says: the operation is documented, the
 * status is one of its responses, and the JSON body validates against that response's schema.
 * Returns what is wrong, or undefined.
 */
export async function offReference(method: string, url: string, status: number, contentType: string | null, body: unknown): Promise<string | undefined> {
  const { pathname, searchParams } = new URL(url);
  if (!pathname.startsWith('/v1')) return undefined;
  const api = await apiReference();
  const operation = api.matchOperation({ method, path: pathname, headers: {}, query: Object.fromEntries(searchParams) });
  if (!operation) {
    // What no route answers is the API's 404, which names no operation.
    return status === 404 ? undefined : `${method} ${pathname} answered ${status} but is not in /v1/openapi.json`;
  }
  const responses = operation.responses ?? {};
  if (!(String(status) in responses) && !(`${Math.floor(status / 100)}XX` in responses)) return `${method} ${pathname}: status ${status} is not documented`;
  if (status === 204 || (status >= 300 && status < 400)) return undefined;
  if (!contentType?.startsWith('application/json')) return `${method} ${pathname}: ${status} is not JSON (${contentType})`;
  const result = api.validator.validateResponse(body, operation, status);
  return result.valid ? undefined : `${method} ${pathname} ${status} does not match /v1/openapi.json: ${JSON.stringify(result.errors)} in ${JSON.stringify(body).slice(0, 300)}`;
}
