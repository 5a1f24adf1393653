import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { businessIdentityAnswerSchema, businessIdentityUpdateSchema, type BusinessIdentityAnswer } from '../../domain/schemas/setup';
import type { Db } from '../db/client';
import { businessIdentity } from '../db/schema';
import { parseInput } from '../http-errors';
import { permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { identityOf, type BusinessProfile, type BusinessRow } from '../business/profile';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const BUSINESS_ROUTES = {
  'GET /api/v2/business': {
    access: permission('settings'),
    summary: 'Datos del negocio: razón social, RFC, domicilio, banco, CLABE, color y logotipo',
    response: businessIdentityAnswerSchema,
  },
  'PUT /api/v2/business': {
    access: permission('settings'),
    summary: 'Cambiar los datos del negocio (el logotipo omitido se conserva; null lo quita)',
    body: businessIdentityUpdateSchema,
    response: businessIdentityAnswerSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(BUSINESS_ROUTES);
/** A logo of 1 MB travels as base64 inside the JSON. */
const BUSINESS_BODY_LIMIT = 1_500_000;

/** The identity as the form edits it, from a stored row. */
function answerOf(row: BusinessRow): BusinessIdentityAnswer {
  const { logo, ...fields } = identityOf(row);
  return {
    brand: row.brand,
    legal_name: row.legal_name,
    tax_id: row.tax_id,
    address: row.address,
    phone: row.phone,
    whatsapp: row.whatsapp,
    website: row.website,
    bank: row.bank,
    bank_account: row.bank_account,
    clabe: row.clabe,
    theme_color: fields.themeColor,
    logo_url: row.logo ? logo : null,
  };
}

/** Before the business stored its own, the installation's defaults, to start from. */
async function defaultsOf(business: BusinessProfile): Promise<BusinessIdentityAnswer> {
  const { identity } = await business.current();
  const space = identity.bankAccount.indexOf(' ');
  return {
    brand: identity.brand,
    legal_name: identity.legalName,
    tax_id: identity.taxId,
    address: identity.address,
    phone: identity.phone,
    whatsapp: identity.whatsapp,
    website: identity.website,
    bank: space > 0 ? identity.bankAccount.slice(0, space) : '',
    bank_account: space > 0 ? identity.bankAccount.slice(space + 1) : identity.bankAccount,
    clabe: identity.clabe,
    theme_color: identity.themeColor,
    logo_url: null,
  };
}

export function businessRoutes(app: FastifyInstance, db: Db, business: BusinessProfile): void {
  guardedRoute(app, 'GET /api/v2/business', async () => {
    const [row] = await db.select().from(businessIdentity).where(eq(businessIdentity.id, 1));
    return row ? answerOf(row) : defaultsOf(business);
  });

  guardedRoute(
    app,
    'PUT /api/v2/business',
    async (request, reply) => {
      const { logo, ...fields } = parseInput(businessIdentityUpdateSchema, request.body);
      const answered = await runMutation(db, request, reply, async (tx) => {
        const [row] = await tx
          .insert(businessIdentity)
          .values({ id: 1, ...fields, logo: logo ?? null })
          .onConflictDoUpdate({
            target: businessIdentity.id,
            set: { ...fields, ...(logo !== undefined && { logo }), updated_at: sql`now()` },
          })
          .returning();
        return { status: 200, body: answerOf(row!) };
      });
      // This process shows the change at once; its siblings within seconds (server/business/profile.ts).
      business.forget();
      return answered;
    },
    { bodyLimit: BUSINESS_BODY_LIMIT },
  );
}
