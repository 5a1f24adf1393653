import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { adminCommandMessages, setupMessages } from '../../domain/messages/setup';
import { loginResponseSchema, setupStatusSchema } from '../../domain/schemas/auth';
import { setupPayloadSchema, type SetupPayload } from '../../domain/schemas/setup';
import type { Db } from '../db/client';
import { branches, businessIdentity } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { everyone } from '../plugins/auth';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { createAdministrator } from '../auth/administrators';
import { issueToken } from '../auth/sessions';
import { checkSetupCode, hasUsers, renewSetupCode, spendSetupCodes } from '../auth/setup-codes';
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
    recordRule:
      'Only while the database has no users, and with a one-time code the server printed in its log in the last 24 hours; 10 wrong codes from anywhere void the printed ones (a new one is printed).',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SETUP_ROUTES);
/** The logo travels inside the JSON as base64: 1 MB of image and the rest of the form. */
const SETUP_BODY_LIMIT = 1_500_000;

export function setupRoutes(app: FastifyInstance, db: Db, business: BusinessProfile): void {
  guardedRoute(app, 'GET /api/v2/setup', async (request) => {
    const needed = !(await hasUsers(db));
    // The first-run page asks for a code: when every printed one has run out, here is a new one.
    const renewed = needed ? await renewSetupCode(db) : null;
    if (renewed) request.log.warn(adminCommandMessages.setupCodeRenewed(adminCommandMessages.setupCodeExpired, renewed));
    return { needed };
  });

  guardedRoute(
    app,
    'POST /api/v2/setup',
    async (request, reply) => {
      if (await hasUsers(db)) throw new HttpError(409, setupMessages.alreadyDone);
      const payload: SetupPayload = parseInput(setupPayloadSchema, request.body);
      const check = await checkSetupCode(db, payload.code);
      if (check.kind !== 'valid') {
        const exhausted = check.kind === 'wrong' && check.renewed !== null;
        if (check.renewed)
          request.log.warn(
            adminCommandMessages.setupCodeRenewed(
              exhausted ? adminCommandMessages.setupCodeExhausted : adminCommandMessages.setupCodeExpired,
              check.renewed,
            ),
          );
        throw new HttpError(
          403,
          check.kind === 'expired' ? setupMessages.expiredCode : exhausted ? setupMessages.tooManyWrongCodes : setupMessages.wrongCode,
        );
      }
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
        await spendSetupCodes(tx as unknown as Db);
        return id;
      });
      business.forget();
      request.log.info({ userId }, 'installation set up');
      return reply.code(201).send({ access_token: await issueToken(db, userId) });
    },
    { bodyLimit: SETUP_BODY_LIMIT, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );
}
