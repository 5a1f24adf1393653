import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { companies, saleReturns, sales } from './commerce';
import { collections } from './crm';
import { users } from './people';

/**
 * The business's fiscal setup for CFDI 4.0 (one row, 'Datos del negocio' → 'Facturación'): its
 * régimen and place of issue, its CSD (the certificate is public; the private key and its password
 * are stored encrypted with the server's FISCAL_KEY and never sent back), and its PAC account
 * (which PAC and where come from the environment: PAC_PROVIDER, PAC_URL).
 */
export const fiscalSettings = pgTable(
  'fiscal_settings',
  {
    id: integer('id').primaryKey().default(1),
    regimen_fiscal: varchar('regimen_fiscal', { length: 3 }),
    lugar_expedicion: varchar('lugar_expedicion', { length: 5 }),
    /** The CSD's certificate, DER as base64. */
    csd_certificate: text('csd_certificate'),
    /** The CSD's private key (DER) and its password, each sealed with AES-256-GCM (server/cfdi/secrets.ts). */
    csd_key_sealed: text('csd_key_sealed'),
    csd_password_sealed: text('csd_password_sealed'),
    csd_no_certificado: varchar('csd_no_certificado', { length: 20 }),
    csd_valid_to: timestamp('csd_valid_to', { withTimezone: true, mode: 'string' }),
    pac_user: varchar('pac_user', { length: 200 }),
    pac_password_sealed: text('pac_password_sealed'),
    /** Invoice a sale when it is saved, if its customer's fiscal data is complete. */
    invoice_on_sale: boolean('invoice_on_sale').notNull().default(false),
    updated_at: updatedAt(),
  },
  (t) => [check('fiscal_settings_one_row', sql`${t.id} = 1`)],
);

/** Series and next folio of each kind of document ('factura', 'nota_credito', 'pago', 'global'). */
export const cfdiSeries = pgTable('cfdi_series', {
  kind: varchar('kind', { length: 12 }).primaryKey(),
  serie: varchar('serie', { length: 25 }).notNull(),
  next_folio: integer('next_folio').notNull().default(1),
});

/**
 * One CFDI the business issues: an invoice of a sale ('factura'), a credit note of a return
 * ('nota_credito'), a payment receipt of a collection ('pago', Pagos 2.0) or a global invoice of
 * counter sales ('global'). The document is written once, with its serie, folio and date, in the
 * transaction of the request that asks for it (so its XML is the same on every attempt), and
 * `pending` says what the stamping queue (server/cfdi/queue.ts) still has to do with the PAC:
 * 'timbrar', 'cancelar' or 'consultar' (a cancellation the receiver must accept).
 * status: 'pendiente' → 'timbrado' | 'error' (the PAC refused it: fix and 'Reintentar');
 * 'timbrado' → 'cancelando' (en proceso) → 'cancelado' (or back to 'timbrado' when refused).
 */
export const cfdiDocuments = pgTable(
  'cfdi_documents',
  {
    id: id(),
    kind: varchar('kind', { length: 12 }).notNull(),
    sale_id: integer('sale_id').references(() => sales.id),
    return_id: integer('return_id').references(() => saleReturns.id),
    collection_id: integer('collection_id').references(() => collections.id),
    company_id: integer('company_id').references(() => companies.id),
    serie: varchar('serie', { length: 25 }).notNull(),
    folio: integer('folio').notNull(),
    /** The document as built (domain/cfdi/comprobante.ts), kept so every attempt sends the same XML. */
    comprobante: jsonb('comprobante').notNull(),
    total: money('total').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pendiente'),
    pending: varchar('pending', { length: 10 }),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    last_error: text('last_error'),
    uuid: varchar('uuid', { length: 36 }),
    xml: text('xml'),
    stamped_at: timestamp('stamped_at', { withTimezone: true, mode: 'string' }),
    /** The CFDI this one relates to: the invoice a credit note corrects (01), the cancelled invoice a substitute replaces (04). */
    related_id: integer('related_id'),
    cancel_motive: varchar('cancel_motive', { length: 2 }),
    cancel_requested_at: timestamp('cancel_requested_at', { withTimezone: true, mode: 'string' }),
    canceled_at: timestamp('canceled_at', { withTimezone: true, mode: 'string' }),
    /** Send it to the customer once stamped (addresses), when asked with the request. */
    email_to: jsonb('email_to').$type<string[]>(),
    created_by_user_id: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('cfdi_documents_folio').on(t.serie, t.folio),
    uniqueIndex('cfdi_documents_uuid')
      .on(t.uuid)
      .where(sql`${t.uuid} IS NOT NULL`),
    // A sale has one live invoice (a substitute of motive 01 is the other one, while the first is cancelled).
    uniqueIndex('cfdi_documents_live_invoice')
      .on(t.sale_id, sql`coalesce(${t.related_id}, 0)`)
      .where(sql`${t.kind} = 'factura' AND ${t.status} <> 'cancelado'`),
    uniqueIndex('cfdi_documents_live_credit_note')
      .on(t.return_id)
      .where(sql`${t.kind} = 'nota_credito' AND ${t.status} <> 'cancelado'`),
    index('cfdi_documents_sale').on(t.sale_id),
    index('cfdi_documents_collection').on(t.collection_id),
    index('cfdi_documents_due')
      .on(t.next_attempt_at)
      .where(sql`${t.pending} IS NOT NULL`),
    index('cfdi_documents_created').on(t.created_at),
    check('cfdi_documents_kind', sql`${t.kind} IN ('factura', 'nota_credito', 'pago', 'global')`),
    check('cfdi_documents_status', sql`${t.status} IN ('pendiente', 'timbrado', 'error', 'cancelando', 'cancelado')`),
  ],
);

/** What a payment receipt ('pago') pays: one line per invoice (Pagos 2.0 DoctoRelacionado). */
export const cfdiPaymentLines = pgTable(
  'cfdi_payment_lines',
  {
    document_id: integer('document_id')
      .notNull()
      .references(() => cfdiDocuments.id, { onDelete: 'cascade' }),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => cfdiDocuments.id),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    parcialidad: integer('parcialidad').notNull(),
    saldo_anterior: money('saldo_anterior').notNull(),
    pagado: money('pagado').notNull(),
    saldo_insoluto: money('saldo_insoluto').notNull(),
  },
  (t) => [primaryKey({ columns: [t.document_id, t.invoice_id] }), index('cfdi_payment_lines_invoice').on(t.invoice_id)],
);

/** The counter sales a global invoice covers. */
export const cfdiGlobalSales = pgTable(
  'cfdi_global_sales',
  {
    document_id: integer('document_id')
      .notNull()
      .references(() => cfdiDocuments.id, { onDelete: 'cascade' }),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id),
  },
  (t) => [primaryKey({ columns: [t.document_id, t.sale_id] }), index('cfdi_global_sales_sale').on(t.sale_id)],
);
