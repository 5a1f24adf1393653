import type { FastifyInstance } from 'fastify';
import { and as both, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryMessages } from '../../domain/messages/api';
import { receiverProblems } from '../../domain/cfdi/receiver';
import { customersMessages } from '../../domain/messages/customers';
import { hasPermission } from '../../domain/permissions';
import {
  COMPANY_SORTS,
  companyInputSchema,
  companyVerifySchema,
  CONTROL_CHARACTERS,
  type CompanyInput,
  companyDeliveryPageSchema,
  companyDetailAnswerSchema,
  companyPageSchema,
} from '../../domain/schemas/customers';
import { monterreyDate } from '../../domain/time';
import type { Db } from '../db/client';
import { companies, companyBranches, contacts } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation, type MutationResult } from '../plugins/idempotency';
import { loadCompanyDetail, openSalesOf } from '../repositories/companies';
import { iso } from '../repositories/sales';
import { containsPattern, parseListQuery } from '../http/list-query';
import { idParamSchema } from '../http/params';
import { and, orderBy, page, rows } from '../db/sql-rows';
import { guardedRoutes, LIST_QUERY, type RouteTable } from '../http/route-table';
import { takeWritersLock } from '../db/writers-lock';

/**
 * Customers (spec §3 Company): the office's list and page of a customer, its
 * writes with branches and contacts, and the check of customers entered at the counter.
 * Every write is one transaction under a lock of the company's row, so two edits of one
 * customer apply one after the other and never half; each answers the customer in full.
 */

const text = customersMessages;
/** 'Today' is the server's, in Monterrey: what is overdue does not depend on the caller's clock. */
const today = () => monterreyDate(new Date());

/**
 * Names sort as people read them, the same on PGlite and PostgreSQL whatever their collation:
 * without case or accents ('Cocina del Obispado' before 'Cocina Tradicional', 'Óptica' among the O).
 */
const NAME_ORDER = `translate(lower(c.name), 'áéíóúüñ', 'aeiouun') COLLATE "C"`;

const LIST_SORTS: Record<(typeof COMPANY_SORTS)[number], string> = {
  name: NAME_ORDER,
  id: 'c.id',
  created_at: 'c.created_at',
  credit_days: 'c.credit_days',
  due_balance: 'coalesce(o.due_balance, 0)',
};

/** The company row, locked until `tx` ends; a missing or deleted one is a 404 with the customers' message. */
async function lockCompany(tx: Db, id: number): Promise<{ id: number; verified_at: string | null }> {
  await takeWritersLock(tx);
  const [row] = await rows<{ id: number; verified_at: string | null }>(
    tx,
    sql`SELECT id, verified_at FROM companies WHERE id = ${id} AND deleted_at IS NULL FOR NO KEY UPDATE`,
  );
  if (!row) throw new HttpError(404, text.notFound);
  return row;
}

/**
 * Spec §5 keeps only CFDI uses above 100: an older one, or an unknown one, is refused. Then the
 * fiscal data given is checked together as the SAT checks a receiver (RFC with its check digit,
 * régimen for the RFC's kind, uso for the régimen, CP): a refusal is a 422 naming each field.
 * What is not given is not checked — a customer without fiscal data still saves.
 */
async function checkFiscalData(tx: Db, body: CompanyInput): Promise<void> {
  let usoCfdi: string | null = null;
  if (body.cfdi_id !== null) {
    const [found] = await rows<{ clave: string | null }>(tx, sql`SELECT clave FROM cfdis WHERE id = ${body.cfdi_id} AND id > 100`);
    if (!found) throw new HttpError(400, text.invalidCfdi);
    // An entry the business named without a SAT key cannot be checked here; invoicing asks for one.
    usoCfdi = found.clave;
  }
  const problems = receiverProblems({
    rfc: body.rfc,
    razon_social: body.razon_social,
    regimen_fiscal: body.regimen_fiscal,
    cp_fiscal: body.cp_fiscal,
    uso_cfdi: usoCfdi,
  });
  // The API's field for the uso is cfdi_id: the refusal names it so the form marks its select.
  const errors = Object.entries(problems).map(([field, message]) => ({ field: field === 'uso_cfdi' ? 'cfdi_id' : field, message }));
  const [first] = errors;
  // As parseInput answers: the first field's message, and each field in `errors` when several failed.
  if (first) throw new HttpError(422, first.message, {}, errors.length > 1 ? errors : undefined);
}

/** The columns of the company itself, the same on create and on edit. */
const companyColumns = (body: CompanyInput) => ({
  name: body.name,
  macro: body.macro,
  razon_social: body.razon_social,
  rfc: body.rfc,
  credit_days: body.credit_days,
  delivery_address: body.delivery_address,
  delivery_references: body.delivery_references,
  delivery_time: body.delivery_time,
  cfdi_id: body.cfdi_id,
  regimen_fiscal: body.regimen_fiscal,
  cp_fiscal: body.cp_fiscal,
});

async function answer(tx: Db, id: number, status: number): Promise<MutationResult> {
  return { status, body: { data: await loadCompanyDetail(tx, id, today()) } };
}

/**
 * The branches become exactly `wanted`: those with an id are edited, those without are added,
 * and the customer's others are removed — unless a sale or quotation names one, which is
 * refused (409) before anything changes.
 */
async function replaceBranches(tx: Db, companyId: number, wanted: CompanyInput['branches']): Promise<void> {
  const existing = await tx
    .select({ id: companyBranches.id, name: companyBranches.name })
    .from(companyBranches)
    .where(eq(companyBranches.company_id, companyId));
  const existingIds = new Set(existing.map((b) => b.id));
  const kept = new Set<number>();
  for (const branch of wanted) {
    if (branch.id === null) continue;
    if (!existingIds.has(branch.id)) throw new HttpError(400, text.branchNotOfCompany(branch.id));
    kept.add(branch.id);
  }
  const removed = existing.filter((b) => !kept.has(b.id));
  if (removed.length > 0) {
    const used = await rows<{ id: number; n: number }>(
      tx,
      sql`SELECT company_branch_id AS id, count(*)::int AS n FROM sales WHERE company_branch_id IN ${removed.map((b) => b.id)} GROUP BY 1`,
    );
    const first = used[0];
    if (first) throw new HttpError(409, text.branchInUse(removed.find((b) => b.id === first.id)!.name, first.n));
    await tx.delete(companyBranches).where(
      inArray(
        companyBranches.id,
        removed.map((b) => b.id),
      ),
    );
  }
  for (const branch of wanted) {
    if (branch.id === null) await tx.insert(companyBranches).values({ company_id: companyId, ...branchColumns(branch) });
    else
      await tx
        .update(companyBranches)
        .set(branchColumns(branch))
        .where(both(eq(companyBranches.id, branch.id), eq(companyBranches.company_id, companyId)));
  }
}

/**
 * A branch's columns as sent. Its place (issue 47) is written only when sent: a client that
 * leaves it out keeps the place the branch has (one learned on a delivery too).
 */
function branchColumns(branch: CompanyInput['branches'][number]) {
  const placeSent = branch.latitude !== undefined || branch.longitude !== undefined;
  return {
    name: branch.name,
    address: branch.address,
    ...(placeSent && { latitude: branch.latitude ?? null, longitude: branch.longitude ?? null }),
  };
}

/** The contacts become exactly `wanted`, as the branches do; calls and conversations keep a contact too. */
async function replaceContacts(tx: Db, companyId: number, wanted: CompanyInput['contacts']): Promise<void> {
  const existing = await tx
    .select({ id: contacts.id, name: contacts.name, last: contacts.last })
    .from(contacts)
    .where(eq(contacts.company_id, companyId));
  const existingIds = new Set(existing.map((c) => c.id));
  const kept = new Set<number>();
  for (const contact of wanted) {
    if (contact.id === null) continue;
    if (!existingIds.has(contact.id)) throw new HttpError(400, text.contactNotOfCompany(contact.id));
    kept.add(contact.id);
  }
  const removed = existing.filter((c) => !kept.has(c.id));
  if (removed.length > 0) {
    const ids = removed.map((c) => c.id);
    const fullName = (id: number) => {
      const contact = removed.find((c) => c.id === id)!;
      return `${contact.name} ${contact.last}`.trim();
    };
    const [sold] = await rows<{ id: number; n: number }>(
      tx,
      sql`SELECT contact_id AS id, count(*)::int AS n FROM sales WHERE contact_id IN ${ids} GROUP BY 1 ORDER BY 1 LIMIT 1`,
    );
    if (sold) throw new HttpError(409, text.contactInUse(fullName(sold.id), sold.n));
    const [talked] = await rows<{ id: number }>(
      tx,
      sql`SELECT contact_id AS id FROM calls WHERE contact_id IN ${ids} UNION SELECT contact_id FROM conversations WHERE contact_id IN ${ids} ORDER BY 1 LIMIT 1`,
    );
    if (talked) throw new HttpError(409, text.contactHasHistory(fullName(talked.id)));
    await tx.delete(contacts).where(inArray(contacts.id, ids));
  }
  for (const contact of wanted) {
    const columns = { name: contact.name, last: contact.last, phone: contact.phone, email: contact.email };
    if (contact.id === null) await tx.insert(contacts).values({ company_id: companyId, ...columns });
    else
      await tx
        .update(contacts)
        .set(columns)
        .where(both(eq(contacts.id, contact.id), eq(contacts.company_id, companyId)));
  }
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const CUSTOMERS_ROUTES = {
  'GET /api/v2/companies': {
    access: permission('companies'),
    summary: 'Clientes (paginado) con su saldo y saldo vencido; sort name|id|created_at|credit_days|due_balance',
    response: companyPageSchema,
    query: [...LIST_QUERY, 'filter[search]', 'filter[verified]'],
  },
  'GET /api/v2/companies/:id': {
    access: permission('companies'),
    summary: 'Un cliente: datos, sucursales, contactos y saldo por antigüedad (con saldo a favor)',
    response: companyDetailAnswerSchema,
  },
  'GET /api/v2/companies/:id/deliveries': {
    access: permission('companies'),
    summary: 'Entregas de las ventas del cliente, con su evidencia (paginado; sort shipping_date|id)',
    response: companyDeliveryPageSchema,
    query: LIST_QUERY,
  },
  /** The office (companies) or a seller at the counter (sales): see the record rule. */
  'POST /api/v2/companies': {
    access: permission('companies', 'sales'),
    summary: 'Nuevo cliente con sucursales y contactos (sin permiso companies: queda sin verificar)',
    body: companyInputSchema,
    response: companyDetailAnswerSchema,
    recordRule: 'Created with companies: verified at once; with sales only (at the counter): unverified until the office verifies it.',
  },
  'PUT /api/v2/companies/:id': {
    access: permission('companies'),
    summary: 'Editar cliente; sus sucursales y contactos quedan como la lista enviada (409 si se quita uno usado en ventas)',
    body: companyInputSchema,
    response: companyDetailAnswerSchema,
  },
  /** Idempotent: verifying a verified customer answers it unchanged. */
  'POST /api/v2/companies/:id/verify': {
    access: permission('companies'),
    summary: 'Verificar un cliente dado de alta en mostrador (repetirlo no cambia nada)',
    body: companyVerifySchema,
    response: companyDetailAnswerSchema,
    status: 200,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(CUSTOMERS_ROUTES);

export function customerRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(
    app,
    'GET /api/v2/companies',
    async (request) => {
      const query = parseListQuery(request.query, { filters: ['search', 'verified'], sorts: COMPANY_SORTS });
      const conditions: SQL[] = [sql`c.deleted_at IS NULL`];
      const search = query.filters.search?.trim();
      if (search && CONTROL_CHARACTERS.test(search)) throw new HttpError(400, text.invalidText);
      if (search) {
        const pattern = containsPattern(search);
        conditions.push(
          sql`(c.name ILIKE ${pattern} OR c.macro ILIKE ${pattern} OR c.razon_social ILIKE ${pattern} OR c.rfc ILIKE ${pattern})`,
        );
      }
      const verified = query.filters.verified;
      if (verified === '0') conditions.push(sql`c.verified_at IS NULL`);
      else if (verified === '1') conditions.push(sql`c.verified_at IS NOT NULL`);
      else if (verified !== undefined && verified !== '')
        throw new HttpError(400, queryMessages.unknownFilter(`verified=${verified.slice(0, 40)}`));
      const day = today();
      // The balances of each customer on the page, summed over its open sales only (sales_open_balance).
      const balances = sql`LEFT JOIN LATERAL (SELECT sum(s.due_balance) AS due_balance,
          sum(s.due_balance) FILTER (WHERE s.due_date < ${day}) AS overdue_balance
        FROM ${openSalesOf(sql`c.id`)}) o ON TRUE`;
      const select = sql`c.id, c.name, c.macro, c.razon_social, c.rfc, c.regimen_fiscal, c.cp_fiscal, c.credit_days, c.delivery_address, c.delivery_time,
        ${iso(sql`c.verified_at`)} AS verified_at, ${iso(sql`c.created_at`)} AS created_at,
        (SELECT u.name || ' ' || u.last FROM users u WHERE u.id = c.created_by_user_id) AS created_by,
        coalesce(o.due_balance, 0)::float8 AS due_balance, coalesce(o.overdue_balance, 0)::float8 AS overdue_balance`;
      const where = and(conditions);
      const order = orderBy(query, LIST_SORTS, `${NAME_ORDER} ASC, c.id ASC`);
      // The count needs no balances: only the page's rows sum theirs.
      const [data, [count]] = await Promise.all([
        rows(
          db,
          sql`SELECT ${select} FROM companies c ${balances} WHERE ${where} ORDER BY ${order} LIMIT ${query.itemsPerPage} OFFSET ${query.offset}`,
        ),
        rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM companies c WHERE ${where}`),
      ]);
      return { data, meta: { total: count?.total ?? 0 } };
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/companies/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const company = await loadCompanyDetail(db, id, today());
    if (!company) throw new HttpError(404, text.notFound);
    return { data: company };
  });

  guardedRoute(
    app,
    'GET /api/v2/companies/:id/deliveries',
    async (request) => {
      const { id } = parseInput(idParamSchema, request.params, 404);
      const query = parseListQuery(request.query, { filters: [], sorts: ['shipping_date', 'id'] });
      const [company] = await rows<{ id: number }>(db, sql`SELECT id FROM companies WHERE id = ${id} AND deleted_at IS NULL`);
      if (!company) throw new HttpError(404, text.notFound);
      return page(
        db,
        sql`d.id, d.shipping_id, sh.date AS shipping_date, d.sale_id, d.completed, d.is_delivered,
          to_char(d.delivered_at, 'YYYY-MM-DD HH24:MI') AS delivered_at, d.delivery_rejection_comment, d.pdf, d.invoice`,
        sql`shipping_details d JOIN shippings sh ON sh.id = d.shipping_id JOIN sales s ON s.id = d.sale_id`,
        sql`s.company_id = ${id} AND d.deleted_at IS NULL AND sh.deleted_at IS NULL AND s.deleted_at IS NULL`,
        orderBy(query, { shipping_date: 'sh.date', id: 'd.id' }, 'sh.date DESC, d.id DESC'),
        query,
      );
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'POST /api/v2/companies', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(companyInputSchema, request.body, 400);
    return runMutation(db, request, reply, async (tx) => {
      await checkFiscalData(tx, body);
      // The office enters customers it has checked; one entered at the counter waits for it (/unverified_clients).
      const checked = hasPermission(user, 'companies');
      const now = new Date().toISOString();
      const [created] = await tx
        .insert(companies)
        .values({
          ...companyColumns(body),
          // Credit is the office's decision: a counter customer buys on cash terms until it is checked.
          ...(checked ? {} : { credit_days: 0 }),
          created_by_user_id: user.id,
          verified_at: checked ? now : null,
          verified_by_user_id: checked ? user.id : null,
        })
        .returning({ id: companies.id });
      const companyId = created!.id;
      if (body.branches.length > 0)
        await tx.insert(companyBranches).values(body.branches.map((b) => ({ company_id: companyId, ...branchColumns(b) })));
      if (body.contacts.length > 0)
        await tx
          .insert(contacts)
          .values(body.contacts.map((c) => ({ company_id: companyId, name: c.name, last: c.last, phone: c.phone, email: c.email })));
      return answer(tx, companyId, 201);
    });
  });

  guardedRoute(app, 'PUT /api/v2/companies/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(companyInputSchema, request.body, 400);
    return runMutation(db, request, reply, async (tx) => {
      await lockCompany(tx, id);
      await checkFiscalData(tx, body);
      await tx
        .update(companies)
        .set({ ...companyColumns(body), updated_at: new Date().toISOString() })
        .where(eq(companies.id, id));
      await replaceBranches(tx, id, body.branches);
      await replaceContacts(tx, id, body.contacts);
      return answer(tx, id, 200);
    });
  });

  guardedRoute(app, 'POST /api/v2/companies/:id/verify', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    parseInput(companyVerifySchema, request.body ?? {}, 400);
    const user = currentUser(request);
    return runMutation(db, request, reply, async (tx) => {
      const company = await lockCompany(tx, id);
      // Verifying a verified customer changes nothing: who checked it first stays.
      if (company.verified_at === null) {
        const now = new Date().toISOString();
        await tx.update(companies).set({ verified_at: now, verified_by_user_id: user.id, updated_at: now }).where(eq(companies.id, id));
      }
      return answer(tx, id, 200);
    });
  });
}
