import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { maskedClabe } from '../../domain/clabe';
import type { BusinessIdentity } from '../../domain/deployment';
import { quotationTermsOfBusiness } from '../../domain/documents/quotation-document';
import { businessMessages } from '../../domain/messages/setup';
import { ADMIN_USER_ID } from '../../domain/permissions';
import { businessIdentityAnswerSchema, businessIdentityUpdateSchema, type BusinessIdentityAnswer } from '../../domain/schemas/setup';
import type { Db } from '../db/client';
import { businessIdentity } from '../db/schema';
import { parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { enqueuePush } from '../push/push';
import { sendNote } from '../repositories/notes';
import { runMutation } from '../plugins/idempotency';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { identityOf, type BusinessProfile, type BusinessRow } from '../business/profile';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const BUSINESS_ROUTES = {
  'GET /api/v2/business': {
    access: permission('business'),
    summary: 'Datos del negocio: razón social, RFC, domicilio, banco, CLABE, color y logotipo',
    response: businessIdentityAnswerSchema,
  },
  'PUT /api/v2/business': {
    access: permission('business'),
    summary: 'Cambiar los datos del negocio (el logotipo omitido se conserva; null lo quita)',
    recordRule:
      'A change of the CLABE (where customers pay) is told to user 1 in a note and a notice, naming who made it, both CLABEs masked but their last 4 digits.',
    body: businessIdentityUpdateSchema,
    response: businessIdentityAnswerSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(BUSINESS_ROUTES);
/** A logo of 1 MB travels as base64 inside the JSON. */
const BUSINESS_BODY_LIMIT = 1_500_000;

/** The quotation's terms as they print now, the product's where the business wrote none: the form starts from them. */
function termsOf(
  identity: Pick<BusinessIdentity, 'freeDeliveryMinimum' | 'quotationTerms'>,
): Pick<BusinessIdentityAnswer, 'free_delivery_minimum' | 'quotation_terms'> {
  const { freeDeliveryMinimum, quotationTerms } = quotationTermsOfBusiness(identity);
  return { free_delivery_minimum: freeDeliveryMinimum, quotation_terms: quotationTerms.join('\n') };
}

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
    ...termsOf(fields),
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
    ...termsOf(identity),
  };
}

/**
 * The CLABE is where customers pay: whoever may change it could send the business's money
 * elsewhere, so user 1 hears of every change, in the bell and on their phone, whoever made it
 * (user 1 included: a session of theirs in other hands changes it too). Masked: a note is no
 * place to copy an account number from.
 */
async function tellClabeChanged(tx: Db, who: string, before: string, after: string): Promise<void> {
  const body = businessMessages.clabeChanged(who, maskedClabe(before), maskedClabe(after));
  // No author: a note is never sent to its own author, and this one is the system's.
  await sendNote(tx, {
    authorId: null,
    recipients: new Set([ADMIN_USER_ID]),
    title: businessMessages.clabeChangedTitle,
    body,
    record: null,
  });
  await enqueuePush(tx, [ADMIN_USER_ID], { title: businessMessages.clabeChangedTitle, body, url: '/business', tag: 'clabe' });
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
      const user = currentUser(request);
      const answered = await runMutation(db, request, reply, async (tx) => {
        // Read under the row's lock, so two changes at once each compare with what the other left.
        const [before] = await tx
          .select({ clabe: businessIdentity.clabe })
          .from(businessIdentity)
          .where(eq(businessIdentity.id, 1))
          .for('update');
        const clabeBefore = before?.clabe ?? (await business.current()).identity.clabe;
        const [row] = await tx
          .insert(businessIdentity)
          .values({ id: 1, ...fields, logo: logo ?? null })
          .onConflictDoUpdate({
            target: businessIdentity.id,
            set: { ...fields, ...(logo !== undefined && { logo }), updated_at: sql`now()` },
          })
          .returning();
        if (row!.clabe !== clabeBefore) await tellClabeChanged(tx, `${user.name} ${user.last}`, clabeBefore, row!.clabe);
        return { status: 200, body: answerOf(row!) };
      });
      // This process shows the change at once; its siblings within seconds (server/business/profile.ts).
      business.forget();
      return answered;
    },
    { bodyLimit: BUSINESS_BODY_LIMIT },
  );
}
