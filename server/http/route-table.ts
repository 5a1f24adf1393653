import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type * as z from 'zod/mini';
import { queryMessages } from '../../domain/messages/api';
import { HttpError } from '../http-errors';
import type { Access } from '../plugins/auth';

/** What a route takes and answers, from the same domain schemas the server validates with (its /api/docs entry). */
export interface RouteDoc {
  summary: string;
  body?: z.ZodMiniType;
  response?: z.ZodMiniType;
  query?: string[];
  /** The success status when it is not the usual one (201 for a POST that answers, else 200). */
  status?: number;
  /** A file answered instead of JSON: its media type (the body is binary). */
  file?: string;
}

/**
 * A route's declaration, beside its handler in its resource's file: who may call it (spec §6;
 * user 1 holds every permission) and its OpenAPI entry. server/route-access.ts and
 * server/openapi.ts are indexes of these.
 */
export interface RouteSpec extends RouteDoc {
  access: Access;
  /** A rule that depends on the record, checked in the handler (shown in docs/permissions.md). */
  recordRule?: string;
  /** The screen of a deployment that may hide it (spec §6): there the route answers 404. */
  screen?: string;
  /** Signed in by a file pass (`?pass=`) as well as by the bearer token: a link opened in a new tab sends no header. */
  filePass?: true;
}

/** A resource's routes by 'METHOD /path'. */
export type RouteTable = Record<string, RouteSpec>;

/** The query of every paged list (spec §7). */
export const LIST_QUERY = ['page', 'itemsPerPage', 'sort'];
/** `filter[name]` for each of a list's filters, for its OpenAPI entry. */
export const asFilter = (name: string) => `filter[${name}]`;

export interface RouteOptions {
  bodyLimit?: number;
  config?: Record<string, unknown>;
  acceptsQuery?: boolean;
}

/**
 * The registrar of one table's routes: each is registered with the access rule of its
 * declaration. A route takes no query string unless it says so (`acceptsQuery`, then it
 * parses and refuses unknown keys itself): a parameter nobody reads is refused, never
 * silently ignored.
 */
export function guardedRoutes<T extends RouteTable>(table: T) {
  return (
    app: FastifyInstance,
    key: keyof T & string,
    handler: RouteHandlerMethod,
    { acceptsQuery = false, ...options }: RouteOptions = {},
  ): void => {
    const [method, url] = key.split(' ') as [string, string];
    const spec = table[key]!;
    app.route({
      method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url,
      ...options,
      ...(!acceptsQuery && {
        preValidation: async (request: FastifyRequest) => {
          // A file pass is the one parameter such a route reads (the auth plugin does).
          const [unknown] = Object.keys((request.query ?? {}) as object).filter((key) => !(spec.filePass && key === 'pass'));
          if (unknown !== undefined) throw new HttpError(400, queryMessages.unknownParameter(unknown.slice(0, 60)));
        },
      }),
      preHandler: app.authorize(spec.access, spec.screen, spec.filePass === true),
      handler,
    });
  };
}
