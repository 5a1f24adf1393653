import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { invoicingMessages as text } from '../../domain/messages/invoicing';
import { queryMessages } from '../../domain/messages/api';
import {
  CFDI_KINDS,
  CFDI_SORT_COLUMNS,
  CFDI_STATUSES,
  cancelRequestSchema,
  cfdiDocumentSchema,
  cfdiListSchema,
  cfdiPageSchema,
  cfdiRequestAnswerSchema,
  csdUploadSchema,
  emailRequestSchema,
  fiscalSettingsSchema,
  fiscalSettingsUpdateSchema,
  globalInvoiceRequestSchema,
  invoiceRequestSchema,
  type CfdiDocument,
  type FiscalSettings,
} from '../../domain/schemas/invoicing';
import type { BusinessProfile } from '../business/profile';
import type { Db } from '../db/client';
import { and, orderBy, page, rows } from '../db/sql-rows';
import { enqueueEmail } from '../email/queue';
import { HttpError, parseInput } from '../http-errors';
import { attachmentDisposition } from '../http/attachment';
import { containsPattern, dateRange, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { cfdiFiles } from '../cfdi/attachments';
import { CsdError, openCsd } from '../cfdi/csd';
import { folioText, requestCancel, requestGlobalInvoice, requestInvoice, rewriteRefused } from '../cfdi/documents';
import {
  csdDaysLeft,
  issuerContext,
  issuingIdentity,
  loadFiscalRow,
  missingForInvoicing,
  type IdentityDefaults,
  type PacSetting,
} from '../cfdi/fiscal';
import type { StampingQueue } from '../cfdi/queue';
import type { SecretBox } from '../cfdi/secrets';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const INVOICING_ROUTES = {
  'GET /api/v2/fiscal': {
    access: permission('fiscal'),
    summary: 'Facturación: régimen, lugar de expedición, CSD (sin la llave), cuenta del PAC (sin contraseña), series y lo que falta',
    response: fiscalSettingsSchema,
  },
  'PUT /api/v2/fiscal': {
    access: permission('fiscal'),
    summary: 'Cambiar la configuración de facturación (la contraseña del PAC solo cuando cambia; nunca se devuelve)',
    body: fiscalSettingsUpdateSchema,
    response: fiscalSettingsSchema,
  },
  'POST /api/v2/fiscal/csd': {
    access: permission('fiscal'),
    summary: 'Cargar el CSD (.cer y .key en base64, y la contraseña de la llave): se guarda cifrado',
    body: csdUploadSchema,
    response: fiscalSettingsSchema,
  },
  'GET /api/v2/cfdi': {
    access: permission('invoices'),
    summary: 'Comprobantes fiscales (facturas, notas de crédito, recibos de pago, facturas globales); sort created_at|folio|total',
    response: cfdiPageSchema,
    query: [...LIST_QUERY, 'filter[kind]', 'filter[status]', 'filter[date_between]', 'filter[company]', 'filter[uuid]'],
  },
  'GET /api/v2/cfdi/:id': { access: permission('invoices'), summary: 'Un comprobante y su estado', response: cfdiDocumentSchema },
  'GET /api/v2/cfdi/:id/xml': { access: permission('invoices', 'sales'), summary: 'El XML timbrado', file: 'application/xml' },
  'GET /api/v2/cfdi/:id/pdf': {
    access: permission('invoices', 'sales'),
    summary: 'La representación impresa (PDF)',
    file: 'application/pdf',
  },
  'GET /api/v2/sales/:id/cfdi': {
    access: permission('invoices', 'sales'),
    summary: 'Los comprobantes de una venta: su factura, notas de crédito y recibos de pago',
    response: cfdiListSchema,
  },
  'POST /api/v2/sales/:id/cfdi': {
    access: permission('invoices'),
    summary: 'Facturar la venta (PUE si está pagada, PPD con forma 99 si no); se timbra en la cola, una sola vez',
    body: invoiceRequestSchema,
    response: cfdiRequestAnswerSchema,
    status: 201,
  },
  'POST /api/v2/cfdi/:id/retry': {
    access: permission('invoices'),
    summary: 'Reintentar un comprobante que el PAC rechazó (con la fecha de hoy)',
    response: cfdiDocumentSchema,
  },
  'POST /api/v2/cfdi/:id/cancel': {
    access: permission('invoices'),
    summary: 'Cancelar ante el SAT con su motivo (01 emite la factura que la sustituye y la relaciona)',
    body: cancelRequestSchema,
    response: cfdiRequestAnswerSchema,
  },
  'POST /api/v2/cfdi/:id/email': {
    access: permission('invoices'),
    summary: 'Enviar el XML y el PDF por correo (a los contactos del cliente, o a quien se indique)',
    body: emailRequestSchema,
    response: cfdiDocumentSchema,
  },
  'POST /api/v2/cfdi/global': {
    access: permission('invoices'),
    summary: 'Factura global de las ventas de mostrador pagadas y no facturadas del periodo (InformacionGlobal)',
    body: globalInvoiceRequestSchema,
    response: cfdiRequestAnswerSchema,
    status: 201,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(INVOICING_ROUTES);

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const DOCUMENT_SELECT = sql`d.id, d.kind, d.serie, d.folio, d.sale_id, d.return_id, d.collection_id, d.company_id, c.name AS company_name,
  d.comprobante->'receptor'->>'rfc' AS receptor_rfc, d.comprobante->'receptor'->>'nombre' AS receptor_nombre,
  d.comprobante->>'metodoPago' AS metodo_pago, d.total::float8 AS total, d.status, d.pending, d.uuid, d.last_error, d.attempts,
  CASE WHEN d.pending IS NOT NULL THEN ${iso(sql`d.next_attempt_at`)} END AS next_attempt_at, d.cancel_motive, d.related_id,
  ${iso(sql`d.created_at`)} AS created_at, ${iso(sql`d.stamped_at`)} AS stamped_at, ${iso(sql`d.canceled_at`)} AS canceled_at`;
const DOCUMENT_FROM = sql`cfdi_documents d LEFT JOIN companies c ON c.id = d.company_id`;
const DOCUMENT_SORTS: Record<(typeof CFDI_SORT_COLUMNS)[number], string> = {
  created_at: 'd.created_at',
  folio: 'd.folio',
  total: 'd.total',
};

async function documentById(db: Db, id: number): Promise<CfdiDocument> {
  const [row] = await rows<CfdiDocument>(db, sql`SELECT ${DOCUMENT_SELECT} FROM ${DOCUMENT_FROM} WHERE d.id = ${id}`);
  if (!row) throw new HttpError(404, text.documentNotFound);
  return row;
}

export interface InvoicingDeps {
  business: BusinessProfile;
  /** The deployment's identity, until the business sets its own. */
  defaults: IdentityDefaults;
  pacSetting: PacSetting;
  box: SecretBox;
  queue: StampingQueue;
  emailQueued: () => void;
  emailGiveUpAfterMs: number;
}

async function settingsAnswer(db: Db, pacSetting: PacSetting): Promise<FiscalSettings> {
  const row = await loadFiscalRow(db);
  const series = await rows<FiscalSettings['series'][number]>(db, sql`SELECT kind, serie, next_folio FROM cfdi_series ORDER BY kind`);
  const daysLeft = csdDaysLeft(row);
  return {
    regimen_fiscal: row.regimen_fiscal,
    lugar_expedicion: row.lugar_expedicion,
    csd:
      row.csd_no_certificado && row.csd_valid_to
        ? { no_certificado: row.csd_no_certificado, valid_to: row.csd_valid_to, days_left: daysLeft ?? 0 }
        : null,
    pac: {
      provider: pacSetting.provider && (text.pacNames[pacSetting.provider] ?? pacSetting.provider),
      user: row.pac_user,
      has_password: row.pac_password_sealed !== null,
    },
    invoice_on_sale: row.invoice_on_sale,
    series,
    missing: missingForInvoicing(row, pacSetting),
    warning: daysLeft !== null && daysLeft <= 30 && daysLeft >= 0 ? text.csdExpiresSoon(daysLeft) : null,
  };
}

/** The customer's contacts' addresses, for sending a document when nobody was named. */
async function customerAddresses(db: Db, companyId: number | null): Promise<string[]> {
  if (companyId === null) return [];
  const found = await rows<{ email: string }>(
    db,
    sql`SELECT DISTINCT email FROM contacts WHERE company_id = ${companyId} AND email IS NOT NULL AND email <> '' ORDER BY email LIMIT 5`,
  );
  return found.map((row) => row.email);
}

/**
 * Invoicing (issue 45; docs/decisions/017): the fiscal setup, and the CFDI documents — asked for
 * here, written in the request's transaction with their folio, and stamped by the queue
 * (server/cfdi/queue.ts), which is woken once the request has committed.
 */
export function invoicingRoutes(app: FastifyInstance, db: Db, deps: InvoicingDeps): void {
  const { business, pacSetting, box, queue } = deps;

  guardedRoute(app, 'GET /api/v2/fiscal', async () => settingsAnswer(db, pacSetting));

  guardedRoute(app, 'PUT /api/v2/fiscal', async (request, reply) => {
    const body = parseInput(fiscalSettingsUpdateSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      await tx.execute(sql`INSERT INTO fiscal_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
      const sets: SQL[] = [sql`updated_at = now()`];
      if (body.regimen_fiscal !== undefined) sets.push(sql`regimen_fiscal = ${body.regimen_fiscal}`);
      if (body.lugar_expedicion !== undefined) sets.push(sql`lugar_expedicion = ${body.lugar_expedicion}`);
      if (body.pac_user !== undefined) sets.push(sql`pac_user = ${body.pac_user || null}`);
      if (body.pac_password !== undefined) sets.push(sql`pac_password_sealed = ${box.seal(body.pac_password)}`);
      if (body.invoice_on_sale !== undefined) sets.push(sql`invoice_on_sale = ${body.invoice_on_sale}`);
      await tx.execute(sql`UPDATE fiscal_settings SET ${sql.join(sets, sql`, `)} WHERE id = 1`);
      for (const series of body.series ?? [])
        await tx.execute(
          sql`UPDATE cfdi_series SET serie = ${series.serie}, next_folio = GREATEST(${series.next_folio},
              (SELECT coalesce(max(folio), 0) + 1 FROM cfdi_documents WHERE serie = ${series.serie}))
            WHERE kind = ${series.kind}`,
        );
      return { status: 200, body: await settingsAnswer(tx, pacSetting) };
    });
  });

  guardedRoute(
    app,
    'POST /api/v2/fiscal/csd',
    async (request, reply) => {
      const body = parseInput(csdUploadSchema, request.body);
      const cer = Buffer.from(body.cer.replace(/\s/g, ''), 'base64');
      const key = Buffer.from(body.key.replace(/\s/g, ''), 'base64');
      let csd;
      try {
        csd = openCsd(cer, key, body.password);
      } catch (error) {
        if (error instanceof CsdError) throw new HttpError(422, error.message);
        throw new HttpError(422, text.csdUnreadable);
      }
      const { identity } = await business.current();
      if (csd.rfc.toUpperCase() !== identity.taxId.trim().toUpperCase())
        throw new HttpError(422, text.csdOtherRfc(csd.rfc, identity.taxId));
      return runMutation(db, request, reply, async (tx) => {
        await tx.execute(sql`INSERT INTO fiscal_settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
        await tx.execute(
          sql`UPDATE fiscal_settings SET csd_certificate = ${cer.toString('base64')}, csd_key_sealed = ${box.seal(key)},
              csd_password_sealed = ${box.seal(body.password)}, csd_no_certificado = ${csd.noCertificado},
              csd_valid_to = ${csd.validTo.toISOString()}, updated_at = now()
            WHERE id = 1`,
        );
        return { status: 200, body: await settingsAnswer(tx, pacSetting) };
      });
    },
    { bodyLimit: 64 * 1024 },
  );

  guardedRoute(
    app,
    'GET /api/v2/cfdi',
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: ['kind', 'status', 'date_between', 'company', 'uuid'],
        sorts: [...CFDI_SORT_COLUMNS],
      });
      const conditions: SQL[] = [];
      const { kind, status, company, uuid } = query.filters;
      if (kind) {
        if (!(CFDI_KINDS as readonly string[]).includes(kind))
          throw new HttpError(400, queryMessages.unknownFilter(`kind=${kind.slice(0, 40)}`));
        conditions.push(sql`d.kind = ${kind}`);
      }
      if (status) {
        if (!(CFDI_STATUSES as readonly string[]).includes(status))
          throw new HttpError(400, queryMessages.unknownFilter(`status=${status.slice(0, 40)}`));
        conditions.push(sql`d.status = ${status}`);
      }
      const range = dateRange(query.filters.date_between);
      if (range)
        conditions.push(sql`(d.created_at AT TIME ZONE 'America/Monterrey')::date BETWEEN ${range[0]}::date AND ${range[1]}::date`);
      if (company)
        conditions.push(
          sql`(c.name ILIKE ${containsPattern(company)} OR d.comprobante->'receptor'->>'nombre' ILIKE ${containsPattern(company)}
            OR d.comprobante->'receptor'->>'rfc' ILIKE ${containsPattern(company)})`,
        );
      if (uuid) conditions.push(sql`d.uuid ILIKE ${containsPattern(uuid)}`);
      return page(db, DOCUMENT_SELECT, DOCUMENT_FROM, and(conditions), orderBy(query, DOCUMENT_SORTS, 'd.id DESC'), query);
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/cfdi/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return documentById(db, id);
  });

  for (const format of ['xml', 'pdf'] as const)
    guardedRoute(app, `GET /api/v2/cfdi/:id/${format}`, async (request, reply) => {
      const { id } = parseInput(idParamSchema, request.params, 404);
      const files = await cfdiFiles(db, id, (await business.current()).identity);
      if (!files) throw new HttpError(409, text.notStampedYet);
      const bytes = format === 'xml' ? Buffer.from(files.xml, 'utf8') : Buffer.from(files.pdf);
      return reply
        .type(format === 'xml' ? 'application/xml; charset=utf-8' : 'application/pdf')
        .header('content-disposition', attachmentDisposition(format === 'xml' ? files.xmlName : files.pdfName))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });

  guardedRoute(app, 'GET /api/v2/sales/:id/cfdi', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return rows<CfdiDocument>(
      db,
      sql`SELECT ${DOCUMENT_SELECT} FROM ${DOCUMENT_FROM}
        WHERE d.sale_id = ${id} OR d.id IN (SELECT l.document_id FROM cfdi_payment_lines l WHERE l.sale_id = ${id})
          OR d.id IN (SELECT g.document_id FROM cfdi_global_sales g WHERE g.sale_id = ${id})
        ORDER BY d.id`,
    );
  });

  guardedRoute(app, 'POST /api/v2/sales/:id/cfdi', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(invoiceRequestSchema, request.body ?? {});
    const issuer = await issuerContext(db, deps.defaults, pacSetting);
    const answer = await runMutation(
      db,
      request,
      reply,
      async (tx) => {
        const [sale] = await rows<{ company_id: number }>(tx, sql`SELECT company_id FROM sales WHERE id = ${id}`);
        const emailTo = body.email
          ? body.to && body.to.length > 0
            ? body.to
            : await customerAddresses(tx, sale?.company_id ?? null)
          : null;
        if (body.email && emailTo?.length === 0) throw new HttpError(422, text.emailNoAddress);
        const made = await requestInvoice(tx, issuer, id, currentUser(request).id, { emailTo });
        return { status: 201, body: { document: await documentById(tx, made.id) } };
      },
      { keyRequired: true },
    );
    queue.wake();
    return answer;
  });

  guardedRoute(app, 'POST /api/v2/cfdi/:id/retry', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const issuer = await issuerContext(db, deps.defaults, pacSetting);
    const answer = await runMutation(db, request, reply, async (tx) => {
      const [document] = await rows<{ status: string }>(tx, sql`SELECT status FROM cfdi_documents WHERE id = ${id} FOR UPDATE`);
      if (!document) throw new HttpError(404, text.documentNotFound);
      if (document.status !== 'error') throw new HttpError(409, text.retryOnlyFailed);
      // The PAC refused it, so no CFDI exists: written again from the data as it stands, dated now,
      // and sealed again. Its attempts keep counting: a late answer of an earlier attempt is ignored.
      await rewriteRefused(tx, issuer, id);
      await tx.execute(
        sql`UPDATE cfdi_documents SET status = 'pendiente', pending = 'timbrar', xml = NULL, last_error = NULL,
            next_attempt_at = now(), updated_at = now()
          WHERE id = ${id}`,
      );
      return { status: 200, body: await documentById(tx, id) };
    });
    queue.wake();
    return answer;
  });

  guardedRoute(app, 'POST /api/v2/cfdi/:id/cancel', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(cancelRequestSchema, request.body);
    const issuer = await issuerContext(db, deps.defaults, pacSetting);
    const answer = await runMutation(
      db,
      request,
      reply,
      async (tx) => {
        const { substitute } = await requestCancel(tx, issuer, id, body.motivo, currentUser(request).id);
        return {
          status: 200,
          body: { document: await documentById(tx, id), ...(substitute && { substitute: await documentById(tx, substitute.id) }) },
        };
      },
      { keyRequired: true },
    );
    queue.wake();
    return answer;
  });

  guardedRoute(app, 'POST /api/v2/cfdi/:id/email', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(emailRequestSchema, request.body ?? {});
    const answer = await runMutation(db, request, reply, async (tx) => {
      const document = await documentById(tx, id);
      if (document.status !== 'timbrado' && document.status !== 'cancelando') throw new HttpError(409, text.notStampedYet);
      const to = body.to && body.to.length > 0 ? body.to : await customerAddresses(tx, document.company_id);
      if (to.length === 0) throw new HttpError(422, text.emailNoAddress);
      const identity = await issuingIdentity(tx, deps.defaults);
      const kind = text.kinds[document.kind];
      const folio = folioText(document.serie, document.folio);
      await enqueueEmail(tx, {
        saleId: null,
        cfdiDocumentId: id,
        userId: currentUser(request).id,
        to,
        replyTo: null,
        subject: text.emailSubject(kind, folio, identity.brand),
        html: `<p>${text.emailBody(kind, folio, document.uuid ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`,
        giveUpAfterMs: deps.emailGiveUpAfterMs,
      });
      return { status: 200, body: document };
    });
    deps.emailQueued();
    return answer;
  });

  guardedRoute(app, 'POST /api/v2/cfdi/global', async (request, reply) => {
    const body = parseInput(globalInvoiceRequestSchema, request.body);
    if (body.from > body.to) throw new HttpError(422, text.globalPeriodInvalid);
    const issuer = await issuerContext(db, deps.defaults, pacSetting);
    const answer = await runMutation(
      db,
      request,
      reply,
      async (tx) => {
        const made = await requestGlobalInvoice(tx, issuer, body, currentUser(request).id);
        return { status: 201, body: { document: await documentById(tx, made.id) } };
      },
      { keyRequired: true },
    );
    queue.wake();
    return answer;
  });
}
