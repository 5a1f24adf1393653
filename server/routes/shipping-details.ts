import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiMessages } from '../../domain/messages/api';
import { filesMessages } from '../../domain/messages/files';
import { shippingMessages } from '../../domain/messages/shipping';
import { partialDeliveryMessages } from '../../domain/messages/partial-delivery';
import { rentalMessages } from '../../domain/messages/rentals';
import type { Deployment } from '../../domain/deployment';
import type { ShippingKind } from '../../domain/schemas/rentals';
import { hasPermission } from '../../domain/permissions';
import { MAX_SIGNATURE_BYTES, shippingDetailPatchSchema } from '../../domain/schemas/delivery-patch';
import {
  filePassSchema,
  shippingDetailCreateSchema,
  shippingDetailUpdateSchema,
  shippingDetailSchema,
} from '../../domain/schemas/shipping';
import { monterreyMinute } from '../../domain/time';
import type { Db } from '../db/client';
import { sales, shippingDetails, shippings } from '../db/schema';
import { EVIDENCE_TYPES, isStoredName, MAX_UPLOAD_BYTES, sniffEvidenceType, type FileStore } from '../files';
import { HttpError, parseInput, unauthorized } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { EVIDENCE_READERS } from '../auth/record-rules';
import { issueFilePass } from '../auth/sessions';
import {
  MAX_UNATTACHED_EVIDENCE_BYTES,
  mayOpenEvidence,
  mayStoreEvidence,
  recordEvidence,
  sweepUnattachedEvidence,
  unattachedBytesOf,
} from '../repositories/evidence';
import { idempotencyKeyOf, runMutation } from '../plugins/idempotency';
import { tellNextStop } from '../tracking/notify';
import { lockSale, recordSaleReturn } from '../repositories/sale-corrections';
import type { InvoicingHooks } from '../cfdi/hooks';
import { loadDetail, updatedDetail } from '../repositories/shippings';
import { prepareRentalStop } from '../repositories/rentals';
import { tellDriverStop, tellDriverStopLeft } from '../push/route-notices';
import { idParamSchema } from '../http/params';
import { rows } from '../db/sql-rows';
import { readableRoutes } from '../auth/record-rules';
import { shippingDetailRowListSchema } from '../../domain/schemas/reads';
import { guardedRoutes, type RouteTable } from '../http/route-table';

const text = shippingMessages;
const partialText = partialDeliveryMessages;

async function findLiveShipping(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(shippings)
    .where(and(eq(shippings.id, id), isNull(shippings.deleted_at)));
  if (!row) throw new HttpError(422, text.shippingNotFound);
  return row;
}

async function findLiveDetail(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(shippingDetails)
    .where(and(eq(shippingDetails.id, id), isNull(shippingDetails.deleted_at)));
  if (!row) throw new HttpError(404, text.detailNotFound);
  return row;
}

async function findSale(db: Db, id: number) {
  const [row] = await db
    .select({ id: sales.id, company_id: sales.company_id })
    .from(sales)
    .where(and(eq(sales.id, id), eq(sales.kind, 'sale'), isNull(sales.deleted_at), isNull(sales.canceled_at)));
  if (!row) throw new HttpError(422, text.saleNotFound);
  return row;
}

async function assertSaleNotOnShipping(db: Db, saleId: number, shippingId: number, exceptDetail?: number): Promise<void> {
  const onShipping = await db
    .select({ id: shippingDetails.id })
    .from(shippingDetails)
    .where(and(eq(shippingDetails.sale_id, saleId), eq(shippingDetails.shipping_id, shippingId), isNull(shippingDetails.deleted_at)));
  if (onShipping.some((row) => row.id !== exceptDetail)) throw new HttpError(422, text.saleAlreadyOnShipping);
}

/**
 * The signature's PNG from its data URL: at most MAX_SIGNATURE_BYTES (413) and a PNG by its
 * content, whatever the URL claims (422).
 */
function signatureBytes(dataUrl: string): Buffer {
  const encoded = dataUrl.slice(dataUrl.indexOf(',') + 1);
  // Decoded size from the length, before decoding: an oversized one is refused without the copy.
  if (Math.floor((encoded.length * 3) / 4) - (encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0) > MAX_SIGNATURE_BYTES)
    throw new HttpError(413, partialText.signatureTooLarge);
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0 || sniffEvidenceType(bytes.subarray(0, 16)) !== 'png') throw new HttpError(422, partialText.signatureInvalid);
  return bytes;
}

/**
 * A branch without a place takes the one where its delivery was completed (the driver was at
 * the door): the map draws it and 'Optimizar' orders it from then on. A place set in the
 * customer's form, or learned before, is never moved.
 */
async function learnBranchPlace(tx: Db, saleId: number, latitude: number, longitude: number): Promise<void> {
  await tx.execute(
    sql`UPDATE company_branches b SET latitude = ${latitude}, longitude = ${longitude}
      FROM sales s WHERE s.id = ${saleId} AND b.id = s.company_branch_id AND b.latitude IS NULL AND b.longitude IS NULL`,
  );
}

/**
 * What came back is recorded as a return of a filled, live sale only. Refused as the driver's
 * mistake (422), which the phone's outbox shows, not as a conflict (409) that it would drop with
 * the delivery's photo and signature.
 */
function assertReturnable(sale: { canceled: boolean; filled: boolean } | undefined): void {
  if (sale && (sale.canceled || !sale.filled)) throw new HttpError(422, partialText.saleNotReturnable);
}

async function detailResponse(tx: Db, id: number) {
  return loadDetail(tx, id);
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const SHIPPING_DETAILS_ROUTES = {
  'POST /api/v1/shipping_detail/create': {
    access: permission('editShippingDetails'),
    summary: 'Agregar orden de envío',
    body: shippingDetailCreateSchema,
    response: shippingDetailSchema,
  },
  'PUT /api/v1/shipping_detail/update': {
    access: permission('editShippingDetails'),
    summary: 'Editar orden de envío',
    body: shippingDetailUpdateSchema,
    response: shippingDetailSchema,
  },
  /** Office staff with editShippingDetails, or the route's driver for their own deliveries. */
  'PATCH /api/v2/shipping_details/:id': {
    access: permission('editShippingDetails', 'shipping_details'),
    summary: 'Entregar o rechazar',
    body: shippingDetailPatchSchema,
    response: shippingDetailSchema,
    recordRule: 'Without editShippingDetails: only the driver of the delivery’s route.',
  },
  'DELETE /api/v2/shipping_details/:id': {
    access: permission('deleteShippingDetails'),
    summary: 'Quitar venta del envío',
  },
  'POST /api/v1/shipping_detail/files/': {
    access: permission('shipping_details', 'editShippingDetails'),
    summary: 'Subir evidencia (multipart, un archivo, 100 MB)',
    recordRule: 'Without editShippingDetails: only the driver of a route. At most 300 MB per person not yet attached to a delivery (413).',
  },
  /**
   * The office opens evidence in a new tab, which sends no bearer token: the link carries a
   * file pass instead (POST /api/v2/files/pass; docs/decisions/012).
   */
  'GET /files/:name': {
    access: permission(...EVIDENCE_READERS),
    summary: 'Archivo de evidencia (con el token, o con ?pass= de POST /api/v2/files/pass)',
    query: ['pass'],
    filePass: true,
    recordRule:
      'Only the evidence of a live delivery the person may read (a Chofer Repartidor: of the routes they drive); anything else 404.',
  },
  'POST /api/v2/files/pass': {
    access: permission(...EVIDENCE_READERS),
    summary: 'Pase de una hora para abrir evidencias en otra pestaña; termina con la sesión',
    response: filePassSchema,
  },
  'GET /api/v1/shipping_detail/all': {
    access: permission('shipping_details'),
    summary: 'Órdenes de envío (todas)',
    response: shippingDetailRowListSchema,
    recordRule: 'A Chofer Repartidor gets only the deliveries of the routes they drive.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(SHIPPING_DETAILS_ROUTES);

export function shippingDetailRoutes(
  app: FastifyInstance,
  db: Db,
  files: FileStore,
  deployment: Deployment,
  invoicing: InvoicingHooks,
): void {
  const rentsGoods = deployment.flags.rentsGoods;
  guardedRoute(app, 'POST /api/v1/shipping_detail/create', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(shippingDetailCreateSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const shipping = await findLiveShipping(tx, body.shipping_id);
      const sale = await findSale(tx, body.sale_id);
      await assertSaleNotOnShipping(tx, body.sale_id, body.shipping_id);
      if (rentsGoods) await prepareRentalStop(tx, body.sale_id, shipping.kind as ShippingKind, user.id);
      const completed = body.completed ?? false;
      const [created] = await tx
        .insert(shippingDetails)
        .values({
          shipping_id: body.shipping_id,
          sale_id: body.sale_id,
          company_id: sale.company_id,
          completed,
          is_delivered: completed,
          delivered_at: completed ? monterreyMinute(new Date()) : null,
          invoice: body.invoice ?? null,
          created_by_user_id: user.id,
          last_updated_by_user_id: user.id,
        })
        .returning({ id: shippingDetails.id });
      await tellDriverStop(tx, created!.id, 'added');
      return { status: 201, body: await detailResponse(tx, created!.id) };
    });
  });

  /** The office edit dialog: shipping, invoice, and the Entregado switch (spec §2, §4). */
  guardedRoute(app, 'PUT /api/v1/shipping_detail/update', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(shippingDetailUpdateSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      const existing = await findLiveDetail(tx, body.id);
      const moves =
        (body.shipping_id !== undefined && body.shipping_id !== existing.shipping_id) ||
        (body.sale_id !== undefined && body.sale_id !== existing.sale_id);
      const invoiceChanges = body.invoice !== undefined && body.invoice !== existing.invoice;
      // A completed delivery changes only through the Entregado switch.
      if (existing.completed && (moves || invoiceChanges)) throw new HttpError(422, text.detailCompleted);
      const shippingId = body.shipping_id ?? existing.shipping_id;
      const saleId = body.sale_id ?? existing.sale_id;
      if (moves) {
        const target = await findLiveShipping(tx, shippingId);
        await assertSaleNotOnShipping(tx, saleId, shippingId, existing.id);
        if (rentsGoods) {
          const [current] = await tx.select({ kind: shippings.kind }).from(shippings).where(eq(shippings.id, existing.shipping_id));
          if (current?.kind !== target.kind) throw new HttpError(422, rentalMessages.otherKindOfRoute);
          await prepareRentalStop(tx, saleId, target.kind as ShippingKind, user.id, existing.id);
        }
      }
      const sale = body.sale_id !== undefined && body.sale_id !== existing.sale_id ? await findSale(tx, body.sale_id) : null;
      const switchedOn = body.completed === true && !existing.completed;
      const switchedOff = body.completed === false && existing.completed;
      await tx
        .update(shippingDetails)
        .set({
          shipping_id: shippingId,
          sale_id: saleId,
          ...(sale && { company_id: sale.company_id }),
          ...(body.invoice !== undefined && { invoice: body.invoice }),
          ...(switchedOn && { completed: true, is_delivered: true, delivered_at: monterreyMinute(new Date()) }),
          ...(switchedOff && { completed: false, is_delivered: false, delivered_at: null }),
          last_updated_by_user_id: user.id,
          updated_at: new Date().toISOString(),
        })
        .where(eq(shippingDetails.id, existing.id));
      if (shippingId !== existing.shipping_id) {
        // Moved to another route: the driver it left and the driver it reached.
        await tellDriverStopLeft(tx, existing.shipping_id, saleId);
        await tellDriverStop(tx, existing.id, 'added');
      } else await tellDriverStop(tx, existing.id, 'changed');
      return { status: 200, body: await detailResponse(tx, existing.id) };
    });
  });

  /**
   * Pending → delivered with evidence, or pending → rejected with a reason (spec §4). A delivery
   * may carry who received it, their signature (kept as evidence) and what the customer did not
   * accept: a partial delivery, recorded as a sale return (stock back, balance lowered, credit
   * note) in the same transaction, so a retry never returns the goods twice (issue 47).
   */
  guardedRoute(app, 'PATCH /api/v2/shipping_details/:id', async (request, reply) => {
    const user = currentUser(request);
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(shippingDetailPatchSchema, request.body);
    const receivedBy = body.received_by || null;
    const returned = body.returned ?? [];
    if (!body.is_delivered && (receivedBy !== null || body.signature || returned.length > 0))
      throw new HttpError(422, partialText.onlyWhenDelivered);
    // Checked before anything is stored or locked: a signature that is not a small PNG changes nothing.
    const signaturePng = body.signature ? signatureBytes(body.signature) : null;
    // A retry of an applied request gets its stored answer from runMutation: nothing is checked or stored again.
    const retried = request.headers['idempotency-key'] !== undefined && (await idempotencyKeyOf(db, request)).taken;
    if (!retried && returned.length > 0)
      assertReturnable(
        (
          await rows<{ canceled: boolean; filled: boolean }>(
            db,
            sql`SELECT s.canceled_at IS NOT NULL AS canceled, s.dispatched_at IS NOT NULL AS filled
              FROM shipping_details d JOIN sales s ON s.id = d.sale_id WHERE d.id = ${id} AND d.deleted_at IS NULL`,
          )
        )[0],
      );
    // The signature is stored before the transaction, which holds the writers' lock every
    // device's writes wait on; removed again unless the transaction names it.
    let storedSignature: { name: string; bytes: number } | null = null;
    if (signaturePng && !retried) {
      const saved = await files.saveBytes(signaturePng);
      if ('error' in saved) throw new HttpError(422, partialText.signatureInvalid);
      storedSignature = saved;
    }
    let applied = false;
    let recordedReturn = false;
    let answer: Awaited<ReturnType<typeof runMutation>>;
    try {
      // State checks run inside the mutation: a retry of an applied request gets its stored answer first.
      answer = await runMutation(db, request, reply, async (tx) => {
        // The delivery and its route's driver in one read.
        const [existing] = await tx
          .select({
            shipping_id: shippingDetails.shipping_id,
            sale_id: shippingDetails.sale_id,
            completed: shippingDetails.completed,
            driver_id: shippings.driver_id,
            route: shippings.id,
          })
          .from(shippingDetails)
          .leftJoin(shippings, and(eq(shippings.id, shippingDetails.shipping_id), isNull(shippings.deleted_at)))
          .where(and(eq(shippingDetails.id, id), isNull(shippingDetails.deleted_at)));
        if (!existing) throw new HttpError(404, text.detailNotFound);
        if (existing.route === null) throw new HttpError(422, text.shippingNotFound);
        if (!hasPermission(user, 'editShippingDetails') && existing.driver_id !== user.id) throw new HttpError(403, text.driverOnlyOwn);
        if (existing.completed) throw new HttpError(422, text.detailCompleted);
        const pdf = body.pdf?.trim() ?? '';
        const comment = body.delivery_rejection_comment?.trim() ?? '';
        if (body.is_delivered) {
          if (pdf === '') throw new HttpError(422, text.evidenceRequired);
          if (!(await files.exists(pdf))) throw new HttpError(422, text.evidenceNotFound);
        } else if (comment === '') {
          throw new HttpError(422, text.rejectionRequired);
        }
        // The delivery is claimed before anything is recorded: the statement takes the writers'
        // lock and then the row's (the codebase's lock order), so a second completion sent at the
        // same time under another key waits here, finds it completed and is refused as any other.
        const claimed = await tx
          .update(shippingDetails)
          .set({ completed: true })
          .where(and(eq(shippingDetails.id, id), eq(shippingDetails.completed, false), isNull(shippingDetails.deleted_at)))
          .returning({ id: shippingDetails.id });
        if (claimed.length === 0) throw new HttpError(422, text.detailCompleted);
        // What came back is a return of the sale as the office records one (POST /api/v2/sales/:id/returns),
        // by whoever completes the delivery: quantities above what the sale holds are refused (422).
        let returnId: number | null = null;
        if (returned.length > 0) {
          const sale = await lockSale(tx, existing.sale_id);
          assertReturnable(sale);
          returnId = await recordSaleReturn(tx, sale, { reason: partialText.returnReason, lines: returned }, user.id);
          await invoicing.returnRecorded(tx, returnId, user.id);
          recordedReturn = true;
        }
        if (storedSignature) await recordEvidence(tx, storedSignature.name, user.id, storedSignature.bytes);
        // Only where the goods were handed over: a rejection may be sent from anywhere.
        if (body.is_delivered && typeof body.latitude === 'number' && typeof body.longitude === 'number')
          await learnBranchPlace(tx, existing.sale_id, body.latitude, body.longitude);
        const detail = await updatedDetail(
          tx,
          tx
            .update(shippingDetails)
            .set({
              completed: true,
              is_delivered: body.is_delivered,
              // The moment the person acted, carried by the client; the server's clock only if absent.
              delivered_at: body.delivered_at ?? monterreyMinute(new Date()),
              pdf: body.is_delivered ? pdf : null,
              delivery_rejection_comment: body.is_delivered ? null : comment,
              latitude: body.latitude ?? null,
              longitude: body.longitude ?? null,
              received_by: receivedBy,
              signature: storedSignature?.name ?? null,
              partial: returnId !== null,
              return_id: returnId,
              last_updated_by_user_id: user.id,
              updated_at: new Date().toISOString(),
            })
            .where(eq(shippingDetails.id, id))
            .returning(),
        );
        await tellNextStop(tx, request, existing.shipping_id);
        applied = true;
        return { status: 200, body: detail };
      });
    } catch (error) {
      if (storedSignature !== null) await files.remove(storedSignature.name);
      throw error;
    }
    // A replayed answer (a concurrent retry under the same key) names another signature, or none.
    if (storedSignature !== null && !applied) await files.remove(storedSignature.name);
    // A credit note was queued for stamping: the queue looks now.
    if (recordedReturn) invoicing.committed();
    return answer;
  });

  guardedRoute(app, 'DELETE /api/v2/shipping_details/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return runMutation(db, request, reply, async (tx) => {
      const existing = await findLiveDetail(tx, id);
      if (existing.completed) throw new HttpError(422, text.detailCompletedDelete);
      const now = new Date().toISOString();
      await tx
        .update(shippingDetails)
        .set({ deleted_at: now, updated_at: now, last_updated_by_user_id: currentUser(request).id })
        .where(eq(shippingDetails.id, id));
      await tellDriverStop(tx, id, 'removed');
      return { status: 200, body: { id } };
    });
  });

  guardedRoute(
    app,
    'POST /api/v1/shipping_detail/files/',
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(422, filesMessages.required);
      const user = currentUser(request);
      if (!(await mayStoreEvidence(db, user))) throw new HttpError(403, filesMessages.mayNotStore);
      await sweepUnattachedEvidence(db, files);
      // The body's length bounds the file's: refused before a byte is stored.
      const length = Number(request.headers['content-length'] ?? MAX_UPLOAD_BYTES);
      if ((await unattachedBytesOf(db, user.id)) + Math.min(length, MAX_UPLOAD_BYTES) > MAX_UNATTACHED_EVIDENCE_BYTES)
        throw new HttpError(413, filesMessages.quotaReached);
      let stored: string | null = null;
      let storedBytes = 0;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (stored !== null) {
            part.file.resume();
            throw new HttpError(422, filesMessages.onlyOne);
          }
          const result = await files.save(part.file);
          if ('error' in result) {
            if (result.error === 'too-large') throw new HttpError(413, filesMessages.tooLarge);
            throw new HttpError(422, result.error === 'empty' ? filesMessages.required : filesMessages.unsupportedType);
          }
          stored = result.name;
          storedBytes = result.bytes;
        }
      } catch (error) {
        if (stored !== null) await files.remove(stored);
        if (error instanceof HttpError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, filesMessages.tooLarge);
        if (code === 'FST_FILES_LIMIT') throw new HttpError(422, filesMessages.onlyOne);
        // A broken multipart body (bad boundary, cut short) is the client's; disk errors are ours.
        if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw error;
        throw new HttpError(400, apiMessages.invalidRequest);
      }
      if (stored === null) throw new HttpError(422, filesMessages.required);
      await recordEvidence(db, stored, user.id, storedBytes);
      return reply.code(201).send({ file: stored });
    },
    { bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024 },
  );

  guardedRoute(app, 'GET /files/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    // Someone else's evidence is as unknown as a name never stored.
    if (!isStoredName(name) || !(await mayOpenEvidence(db, currentUser(request), name)) || !(await files.exists(name)))
      throw new HttpError(404, apiMessages.notFound);
    const extension = name.slice(name.lastIndexOf('.') + 1) as keyof typeof EVIDENCE_TYPES;
    return (
      reply
        .type(EVIDENCE_TYPES[extension])
        .header('content-disposition', `inline; filename="evidencia.${extension}"`)
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        // Kept by no cache: whether it opens depends on who asks, and for how long.
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(await files.open(name))
    );
  });

  guardedRoute(app, 'POST /api/v2/files/pass', async (request, reply) => {
    const issued = request.token === null ? null : await issueFilePass(db, request.token);
    // The session ended between the check and here (a sign-out racing this request).
    if (issued === null) throw unauthorized();
    return reply.code(201).send(issued);
  });

  guardedRoute(app, 'GET /api/v1/shipping_detail/all', async (request) => ({
    data: await rows(
      db,
      sql`SELECT d.id, d.shipping_id, d.sale_id, d.company_id, d.completed, d.is_delivered, d.delivered_at, d.invoice, d.pdf
        FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id
        WHERE d.deleted_at IS NULL AND ${readableRoutes(currentUser(request), sql`s.driver_id`)} ORDER BY d.id DESC`,
    ),
  }));
}
