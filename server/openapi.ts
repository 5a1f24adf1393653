import { toJSONSchema } from 'zod/v4/core';
import type * as z from 'zod/mini';
import { apiErrorSchema } from '../domain/schemas/auth';
import { APP_VERSION } from '../domain/version';
import type { RouteDoc, RouteSpec } from './http/route-table';
import { ROUTES, type RouteKey } from './route-access';

/** What each route takes and answers: the OpenAPI entries declared beside the handlers (server/routes/<resource>.ts). */
export const ROUTE_DOCS: Record<RouteKey, RouteDoc> = ROUTES;

const jsonSchema = (schema: z.ZodMiniType) => toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, doc] of Object.entries<RouteSpec>(ROUTES)) {
    const [method, path] = key.split(' ') as [string, string];
    const openApiPath = path.replace(/:(\w+)/g, '{$1}');
    const access = doc.access;
    paths[openApiPath] ??= {};
    paths[openApiPath][method.toLowerCase()] = {
      summary: doc.summary,
      security: access.kind === 'public' ? [] : [{ bearer: [] }],
      ...(access.kind === 'permission' && { 'x-permissions': access.anyOf }),
      parameters: [
        ...[...path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
        ...(doc.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
        ...(method === 'GET'
          ? []
          : [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' } }]),
      ],
      ...(doc.body && { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } } }),
      responses: {
        [doc.status ?? (method === 'POST' && doc.response ? '201' : '200')]: {
          description: 'OK',
          ...(doc.response && { content: { 'application/json': { schema: jsonSchema(doc.response) } } }),
          ...(doc.file && { content: { [doc.file]: { schema: { type: 'string', format: 'binary' } } } }),
        },
        default: { description: 'Error', content: { 'application/json': { schema: jsonSchema(apiErrorSchema) } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API de Frutas',
      version: APP_VERSION,
      description: 'Llamadas de la especificación §7. Errores: { message } en español.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
