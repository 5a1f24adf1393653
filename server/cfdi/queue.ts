import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CfdiComprobante } from '../../domain/cfdi/comprobante';
import { invoicingMessages as text } from '../../domain/messages/invoicing';
import { ClaimLoop } from '../claim-loop';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { enqueueEmail, retryDelayMs } from '../email/queue';
import { folioText } from './documents';
import { issuingIdentity, loadFiscalRow, missingForInvoicing, openStoredCsd, type IdentityDefaults, type PacSetting } from './fiscal';
import { PacError, type Pac } from './pac/pac';
import { sealXml } from './seal';
import type { SecretBox } from './secrets';
import { comprobanteXml } from './xml';

/**
 * The stamping queue (table cfdi_documents, column `pending`), run by every server process:
 * each claims due documents with FOR UPDATE SKIP LOCKED and a lease, so two processes never work
 * on one document at once, and talks to the PAC with no transaction open.
 *
 * Once per document, even across crashes: the first attempt seals the document and keeps the
 * sealed XML before it calls the PAC; every later attempt sends those same bytes under the same
 * idempotency key, and a PAC answers a CFDI it already stamped with that stamp (its duplicate
 * answer), so a process that died between the PAC's answer and our commit stamps nothing twice.
 */

const LEASE_MS = 3 * 60 * 1000;
/** A document waiting for another one's UUID (a credit note for its invoice) looks again this soon. */
const WAIT_FOR_RELATED_MS = 5_000;
/** …and while that other one waits for a person (the PAC refused it). */
const WAIT_FOR_REFUSED_MS = 5 * 60 * 1000;
/** A cancellation the receiver must accept is asked about again after this long. */
const CANCEL_STATUS_MS = 60 * 60 * 1000;

interface Claimed {
  id: number;
  attempts: number;
  pending: 'timbrar' | 'cancelar' | 'consultar';
}

interface DocumentRow {
  id: number;
  kind: 'factura' | 'nota_credito' | 'pago' | 'global';
  sale_id: number | null;
  related_id: number | null;
  serie: string;
  folio: number;
  comprobante: CfdiComprobante;
  total: number;
  status: string;
  uuid: string | null;
  xml: string | null;
  cancel_motive: '01' | '02' | '03' | '04' | null;
  email_to: string[] | null;
  created_by_user_id: number;
}

export interface StampingOptions {
  db: Db;
  box: SecretBox;
  pacSetting: PacSetting;
  /** The PAC with the business's account, as configured now (null: invoicing is off or the account is missing). */
  pac: () => Promise<Pac | null>;
  defaults: IdentityDefaults;
  retryFirstMs: number;
  pollMs: number;
  log: FastifyBaseLogger;
  emailGiveUpAfterMs: number;
}

/** The document it relates to was cancelled before it existed at the SAT: this one is dropped too. */
class Unrelatable extends Error {}

class Postpone extends Error {
  constructor(readonly delayMs: number) {
    super('postponed');
  }
}

export class StampingQueue {
  private readonly loop: ClaimLoop<Claimed>;
  /** An e-mail with a CFDI was queued: the e-mail sender looks now (set once the sender exists). */
  emailQueued: () => void = () => undefined;

  constructor(private readonly options: StampingOptions) {
    this.loop = new ClaimLoop({
      name: 'cfdi',
      claim: () =>
        rows<Claimed>(
          options.db,
          sql`UPDATE cfdi_documents SET attempts = attempts + 1, next_attempt_at = now() + ${LEASE_MS}::float8 * interval '1 millisecond'
            WHERE id IN (SELECT id FROM cfdi_documents WHERE pending IS NOT NULL AND next_attempt_at <= now()
              ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING id, attempts, pending`,
        ),
      handle: (claimed) => this.handle(claimed),
      pollMs: options.pollMs,
      log: options.log,
    });
  }

  start(): void {
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Work now until nothing is due (tests and the benchmark wait on it). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /**
   * The stored CSD, opened once while it stays the same (opening it — the key's decryption — takes
   * 15–35 ms of the event loop; bench:cfdi): a new CSD loaded in 'Facturación' is opened anew.
   */
  private opened: { sealed: string; value: ReturnType<typeof openStoredCsd> } | null = null;
  private openCsd(fiscal: Awaited<ReturnType<typeof loadFiscalRow>>): ReturnType<typeof openStoredCsd> {
    const sealed = `${fiscal.csd_certificate}|${fiscal.csd_key_sealed}|${fiscal.csd_password_sealed}`;
    if (this.opened?.sealed !== sealed) this.opened = { sealed, value: openStoredCsd(fiscal, this.options.box) };
    return this.opened.value;
  }

  private async load(id: number): Promise<DocumentRow> {
    const [row] = await rows<DocumentRow>(
      this.options.db,
      sql`SELECT id, kind, sale_id, related_id, serie, folio, comprobante, total::float8 AS total, status, uuid, xml, cancel_motive,
          email_to, created_by_user_id FROM cfdi_documents WHERE id = ${id}`,
    );
    return row!;
  }

  private async handle(claimed: Claimed): Promise<void> {
    const { db } = this.options;
    try {
      const fiscal = await loadFiscalRow(db);
      const missing = missingForInvoicing(fiscal, this.options.pacSetting);
      const pac = missing.length === 0 ? await this.options.pac() : null;
      if (!pac) throw new PacError(missing[0] ?? text.pacMissing, true);
      const document = await this.load(claimed.id);
      if (claimed.pending === 'timbrar') await this.stamp(claimed, document, pac, fiscal);
      else if (claimed.pending === 'cancelar') await this.cancel(claimed, document, pac, fiscal);
      else await this.consult(claimed, document, pac);
    } catch (error) {
      if (error instanceof Unrelatable) {
        await db.execute(
          sql`UPDATE cfdi_documents SET status = 'cancelado', pending = NULL, canceled_at = now(), last_error = ${text.relatedCanceled},
              updated_at = now()
            WHERE id = ${claimed.id} AND attempts = ${claimed.attempts} AND uuid IS NULL`,
        );
        return;
      }
      if (error instanceof Postpone) {
        // Not an attempt: the document waits for another one, its count stays.
        await db.execute(
          sql`UPDATE cfdi_documents SET attempts = attempts - 1, next_attempt_at = now() + ${error.delayMs}::float8 * interval '1 millisecond'
            WHERE id = ${claimed.id} AND attempts = ${claimed.attempts}`,
        );
        return;
      }
      const pacError = error instanceof PacError ? error : null;
      if (!pacError) this.options.log.error({ err: error, cfdi: claimed.id }, 'cfdi attempt failed');
      const message = (pacError?.message ?? text.pacDown).slice(0, 1000);
      if (pacError && !pacError.transient) {
        // The PAC refused it: the document waits for a person ('Reintentar' once fixed), unless its
        // cause was cancelled meanwhile (cancel_motive set before any stamp): no CFDI exists, none is owed.
        await db.execute(
          claimed.pending === 'timbrar'
            ? sql`UPDATE cfdi_documents SET status = CASE WHEN cancel_motive IS NULL THEN 'error' ELSE 'cancelado' END, pending = NULL,
                canceled_at = CASE WHEN cancel_motive IS NULL THEN canceled_at ELSE now() END, last_error = ${message}, updated_at = now()
                WHERE id = ${claimed.id} AND attempts = ${claimed.attempts}`
            : sql`UPDATE cfdi_documents SET pending = NULL, cancel_motive = NULL, cancel_requested_at = NULL, last_error = ${message},
                status = CASE WHEN status = 'cancelando' THEN 'timbrado' ELSE status END, updated_at = now()
                WHERE id = ${claimed.id} AND attempts = ${claimed.attempts}`,
        );
        return;
      }
      const delay = retryDelayMs(claimed.attempts, this.options.retryFirstMs);
      await db.execute(
        sql`UPDATE cfdi_documents SET last_error = ${message}, next_attempt_at = now() + ${delay}::float8 * interval '1 millisecond',
            updated_at = now()
          WHERE id = ${claimed.id} AND attempts = ${claimed.attempts}`,
      );
    }
  }

  /** The document as it is sealed: the UUIDs it relates to, known once those are stamped. */
  private async finalComprobante(document: DocumentRow): Promise<CfdiComprobante> {
    const { db } = this.options;
    const comprobante = structuredClone(document.comprobante);
    if (comprobante.relacionados && document.related_id !== null) {
      const [related] = await rows<{ uuid: string | null; status: string }>(
        db,
        sql`SELECT uuid, status FROM cfdi_documents WHERE id = ${document.related_id}`,
      );
      if (!related?.uuid) {
        // An invoice cancelled before it was ever stamped leaves nothing to relate to: its note goes with it.
        if (related?.status === 'cancelado') throw new Unrelatable();
        // One the PAC refused waits for a person's 'Reintentar': look again now and then, not every few seconds.
        throw new Postpone(related?.status === 'error' ? WAIT_FOR_REFUSED_MS : WAIT_FOR_RELATED_MS);
      }
      comprobante.relacionados = { ...comprobante.relacionados, uuids: [related.uuid] };
    }
    if (comprobante.pago) {
      const lines = await rows<{ uuid: string | null }>(
        db,
        sql`SELECT i.uuid FROM cfdi_payment_lines l JOIN cfdi_documents i ON i.id = l.invoice_id WHERE l.document_id = ${document.id}
          ORDER BY l.sale_id`,
      );
      if (lines.some((line) => !line.uuid)) throw new Postpone(WAIT_FOR_RELATED_MS);
      const bySerieFolio = await rows<{ serie: string; folio: number; uuid: string }>(
        db,
        sql`SELECT i.serie, i.folio, i.uuid FROM cfdi_payment_lines l JOIN cfdi_documents i ON i.id = l.invoice_id WHERE l.document_id = ${document.id}`,
      );
      comprobante.pago = {
        ...comprobante.pago,
        documentos: comprobante.pago.documentos.map((documento) => ({
          ...documento,
          idDocumento: bySerieFolio.find((line) => line.serie === documento.serie && String(line.folio) === documento.folio)?.uuid ?? '',
        })),
      };
    }
    return comprobante;
  }

  private async stamp(claimed: Claimed, document: DocumentRow, pac: Pac, fiscal: Awaited<ReturnType<typeof loadFiscalRow>>): Promise<void> {
    const { db } = this.options;
    let sealed = document.xml;
    if (!sealed) {
      const { csd } = this.openCsd(fiscal);
      const unsealed = comprobanteXml(await this.finalComprobante(document), {
        noCertificado: csd.noCertificado,
        certificadoBase64: csd.certificadoBase64,
      });
      sealed = (await sealXml(unsealed, csd)).xml;
      // Kept before the PAC sees it: a retry sends these same bytes (see the top of this file).
      const kept = await rows<{ id: number }>(
        db,
        sql`UPDATE cfdi_documents SET xml = ${sealed} WHERE id = ${document.id} AND attempts = ${claimed.attempts} AND xml IS NULL RETURNING id`,
      );
      if (kept.length === 0) return;
    }
    const stamped = await pac.stamp(sealed, `cfdi-${document.id}`);
    const body = text.emailBody(text.kinds[document.kind], folioText(document.serie, document.folio), stamped.uuid);
    // Read before the transaction: on the embedded database a read outside it would wait for it.
    const identity = await issuingIdentity(db, this.options.defaults);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const done = await rows<{ id: number }>(
        tx,
        sql`UPDATE cfdi_documents SET status = 'timbrado', uuid = ${stamped.uuid}, xml = ${stamped.xml}, stamped_at = now(), last_error = NULL,
            pending = CASE WHEN cancel_motive IS NOT NULL THEN 'cancelar' END, next_attempt_at = now(), updated_at = now()
          WHERE id = ${document.id} AND attempts = ${claimed.attempts} AND status = 'pendiente' RETURNING id`,
      );
      if (done.length === 0) return;
      // The UUID is the invoice number the delivery carries (and the driver prints).
      if (document.kind === 'factura' && document.sale_id !== null)
        await tx.execute(
          sql`UPDATE shipping_details SET invoice = ${stamped.uuid} WHERE sale_id = ${document.sale_id} AND deleted_at IS NULL`,
        );
      if (document.email_to && document.email_to.length > 0) {
        await enqueueEmail(tx, {
          saleId: null,
          cfdiDocumentId: document.id,
          userId: document.created_by_user_id,
          to: document.email_to,
          replyTo: null,
          subject: text.emailSubject(text.kinds[document.kind], folioText(document.serie, document.folio), identity.brand),
          html: `<p>${escapeHtml(body)}</p>`,
          giveUpAfterMs: this.options.emailGiveUpAfterMs,
        });
      }
    });
    if (document.email_to && document.email_to.length > 0) this.emailQueued();
  }

  private async cancel(
    claimed: Claimed,
    document: DocumentRow,
    pac: Pac,
    fiscal: Awaited<ReturnType<typeof loadFiscalRow>>,
  ): Promise<void> {
    const { db } = this.options;
    if (!document.uuid || !document.cancel_motive) return;
    // The SAT cancels an invoice only once the credit notes and payment receipts related to it are
    // cancelled: while any of them is on its way to cancellation, the invoice waits for it.
    if (document.kind === 'factura' || document.kind === 'global') {
      const [waiting] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM cfdi_documents r
          WHERE r.status <> 'cancelado' AND r.cancel_motive IS NOT NULL AND r.uuid IS NOT NULL
            AND ((r.kind = 'nota_credito' AND r.related_id = ${document.id})
              OR r.id IN (SELECT l.document_id FROM cfdi_payment_lines l WHERE l.invoice_id = ${document.id}))`,
      );
      if ((waiting?.n ?? 0) > 0) throw new Postpone(WAIT_FOR_RELATED_MS);
    }
    let folioSustitucion: string | undefined;
    if (document.cancel_motive === '01') {
      const [substitute] = await rows<{ uuid: string | null }>(
        db,
        sql`SELECT uuid FROM cfdi_documents WHERE related_id = ${document.id} AND kind = 'factura' AND status <> 'cancelado' ORDER BY id DESC LIMIT 1`,
      );
      if (!substitute?.uuid) throw new Postpone(WAIT_FOR_RELATED_MS);
      folioSustitucion = substitute.uuid;
    }
    const { cerDer, keyDer, password } = this.openCsd(fiscal);
    const result = await pac.cancel({
      uuid: document.uuid,
      rfcEmisor: document.comprobante.emisor.rfc,
      rfcReceptor: document.comprobante.receptor.rfc,
      total: cfdiTotal(document),
      motivo: document.cancel_motive,
      ...(folioSustitucion && { folioSustitucion }),
      csd: { cerDer, keyDer, password },
    });
    await this.recordCancel(claimed, document, result.state, folioSustitucion ?? null);
  }

  private async consult(claimed: Claimed, document: DocumentRow, pac: Pac): Promise<void> {
    if (!document.uuid) return;
    const status = await pac.status({
      uuid: document.uuid,
      rfcEmisor: document.comprobante.emisor.rfc,
      rfcReceptor: document.comprobante.receptor.rfc,
      total: cfdiTotal(document),
    });
    // Refused only when the SAT says so: 'Vigente' with no cancellation status (or not found yet)
    // is the SAT's service not having caught up with the request, so it is asked again later.
    const state =
      status.state === 'cancelado' || status.cancellation === 'cancelado'
        ? 'cancelado'
        : status.cancellation === 'rechazada'
          ? 'rechazada'
          : 'en_proceso';
    await this.recordCancel(claimed, document, state, null);
  }

  private async recordCancel(
    claimed: Claimed,
    document: DocumentRow,
    state: 'cancelado' | 'en_proceso' | 'rechazada',
    substituteUuid: string | null,
  ): Promise<void> {
    const { db } = this.options;
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (state === 'en_proceso') {
        await tx.execute(
          sql`UPDATE cfdi_documents SET status = 'cancelando', pending = 'consultar', last_error = NULL, updated_at = now(),
              next_attempt_at = now() + ${Math.min(CANCEL_STATUS_MS, this.options.retryFirstMs * 120)}::float8 * interval '1 millisecond'
            WHERE id = ${document.id} AND attempts = ${claimed.attempts}`,
        );
        return;
      }
      if (state === 'rechazada') {
        await tx.execute(
          sql`UPDATE cfdi_documents SET status = 'timbrado', pending = NULL, cancel_motive = NULL, cancel_requested_at = NULL,
              last_error = ${text.canceledByReceiverRefusal}, updated_at = now()
            WHERE id = ${document.id} AND attempts = ${claimed.attempts}`,
        );
        return;
      }
      const done = await rows<{ id: number }>(
        tx,
        sql`UPDATE cfdi_documents SET status = 'cancelado', pending = NULL, canceled_at = now(), last_error = NULL, updated_at = now()
          WHERE id = ${document.id} AND attempts = ${claimed.attempts} RETURNING id`,
      );
      if (done.length > 0 && document.kind === 'factura' && document.sale_id !== null)
        await tx.execute(
          sql`UPDATE shipping_details SET invoice = ${substituteUuid} WHERE sale_id = ${document.sale_id} AND invoice = ${document.uuid}`,
        );
    });
  }
}

/** The CFDI's own Total, by which the SAT finds it: a payment receipt's is 0 (its amount is in the complement). */
function cfdiTotal(document: DocumentRow): number {
  return document.comprobante.tipoDeComprobante === 'P' ? 0 : document.total;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
