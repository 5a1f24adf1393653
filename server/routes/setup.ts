import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { setupMessages } from '../../domain/messages/setup';
import { loginResponseSchema, setupStatusSchema } from '../../domain/schemas/auth';
import { setupPayloadSchema, type SetupPayload } from '../../domain/schemas/setup';
import type { Db } from '../db/client';
import { branches, businessIdentity, setupCodes } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { everyone } from '../plugins/auth';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { createAdministrator } from '../auth/administrators';
import { issueToken } from '../auth/sessions';
import { hasUsers, setupCodeIsValid } from '../auth/setup-codes';
import type { BusinessProfile } from '../business/profile';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const SETUP_ROUTES = {
  'GET /api/v2/setup': {
    access: everyone,
    summary: 'Si la instalación espera su configuración inicial',
    response: setupStatusSchema,
  },
  'POST /api/v2/setup': {
    access: everyone,
    summary: 'Configuración inicial: datos del negocio y primer administrador (con el código del registro del servidor)',
    body: setupPayloadSchema,
    response: loginResponseSchema,
    recordRule: 'Only while the database has no users, and with a one-time code the server printed in its log.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SETUP_ROUTES);
/** The logo travels inside the JSON as base64: 1 MB of image and the rest of the form. */
const SETUP_BODY_LIMIT = 1_500_000;

export function setupRoutes(app: FastifyInstance, db: Db, business: BusinessProfile): void {
  guardedRoute(app, 'GET /api/v2/setup', async () => ({ needed: !(await hasUsers(db)) }));

  guardedRoute(
    app,
    'POST /api/v2/setup',
    async (request, reply) => {
      if (await hasUsers(db)) throw new HttpError(409, setupMessages.alreadyDone);
      const payload: SetupPayload = parseInput(setupPayloadSchema, request.body);
      if (!(await setupCodeIsValid(db, payload.code))) throw new HttpError(403, setupMessages.wrongCode);
      const { business: identity, admin } = payload;
      const userId = await db.transaction(async (tx) => {
        // One setup at a time: a second one waits here and then finds the first administrator.
        await tx.execute(sql`LOCK TABLE setup_codes IN EXCLUSIVE MODE`);
        if (await hasUsers(tx as unknown as Db)) throw new HttpError(409, setupMessages.alreadyDone);
        await tx
          .insert(businessIdentity)
          .values({ id: 1, ...identity })
          .onConflictDoUpdate({
            target: businessIdentity.id,
            set: { ...identity, updated_at: sql`now()` },
          });
        // The business's own branch: people belong to one, and sales are made from one.
        const [branch] = await tx
          .insert(branches)
          .values({
            name: 'Matriz',
            address: identity.address,
            phone: identity.phone,
            rfc: identity.tax_id,
            razon_social: identity.legal_name,
            email: admin.email,
          })
          .returning({ id: branches.id });
        const id = await createAdministrator(tx as unknown as Db, { ...admin, branchId: branch!.id });
        await tx.delete(setupCodes);
        return id;
      });
      business.forget();
      request.log.info({ userId }, 'installation set up');
      return reply.code(201).send({ access_token: await issueToken(db, userId) });
    },
    { bodyLimit: SETUP_BODY_LIMIT, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );
}
