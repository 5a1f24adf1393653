import { sql } from 'drizzle-orm';
import { invoicingMessages as text } from '../../domain/messages/invoicing';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { HttpError } from '../http-errors';
import {
  cancelDocumentsOf,
  folioText,
  liveInvoiceOf,
  requestCreditNote,
  requestInvoice,
  requestPaymentReceipts,
  type IssuerContext,
} from './documents';
import { issuerContext, loadFiscalRow, type IdentityDefaults, type PacSetting } from './fiscal';

/**
 * What the books' writes owe invoicing, called inside their own transactions, so a document is
 * due exactly when its cause commits: a return on an invoiced sale makes its credit note, a payment
 * on a PPD invoice its payment receipt, a cancelled sale or payment cancels its CFDI, an invoiced
 * sale is not edited (its correction is a return or a cancellation), and with 'Facturar al guardar'
 * a new sale is invoiced when its customer's fiscal data is complete — a sale made offline too,
 * when it reaches the server. Without invoicing set up, only the refusals and cancellations apply.
 */
export interface InvoicingHooks {
  saleCreated(tx: Db, saleId: number, userId: number): Promise<void>;
  saleEditing(tx: Db, saleId: number): Promise<void>;
  saleCanceled(tx: Db, saleId: number): Promise<void>;
  returnRecorded(tx: Db, returnId: number, userId: number): Promise<void>;
  paymentRecorded(tx: Db, collectionId: number, userId: number): Promise<void>;
  creditApplied(tx: Db, companyId: number, userId: number): Promise<void>;
  paymentCanceled(tx: Db, collectionId: number): Promise<void>;
  /** After the transaction committed: the stamping queue looks now. */
  committed(): void;
}

export function invoicingHooks(deps: { defaults: IdentityDefaults; pacSetting: PacSetting; wake: () => void }): InvoicingHooks {
  /** Who issues, or null while invoicing is not set up (nothing is then due). */
  const issuer = async (tx: Db): Promise<IssuerContext | null> => {
    if (!deps.pacSetting.provider) return null;
    try {
      return await issuerContext(tx, deps.defaults, deps.pacSetting);
    } catch (error) {
      if (error instanceof HttpError) return null;
      throw error;
    }
  };
  return {
    async saleCreated(tx, saleId, userId) {
      const fiscal = await loadFiscalRow(tx);
      if (!fiscal.invoice_on_sale) return;
      const from = await issuer(tx);
      if (!from) return;
      try {
        // In a savepoint: a refusal half-way leaves nothing of the invoice behind.
        await tx.transaction(async (savepoint) => {
          await requestInvoice(savepoint as unknown as Db, from, saleId, userId);
        });
      } catch (error) {
        // The sale is saved whatever its invoice lacks; the office invoices it once the data is complete.
        if (!(error instanceof HttpError)) throw error;
      }
    },
    async saleEditing(tx, saleId) {
      const invoice = await liveInvoiceOf(tx, saleId);
      if (invoice) throw new HttpError(409, text.invoicedSaleEdit(folioText(invoice.serie, invoice.folio)));
    },
    async saleCanceled(tx, saleId) {
      await cancelDocumentsOf(tx, { saleId });
    },
    async returnRecorded(tx, returnId, userId) {
      const from = await issuer(tx);
      if (from) await requestCreditNote(tx, from, returnId, userId);
    },
    async paymentRecorded(tx, collectionId, userId) {
      const from = await issuer(tx);
      if (from) await requestPaymentReceipts(tx, from, collectionId, userId);
    },
    async creditApplied(tx, companyId, userId) {
      const from = await issuer(tx);
      if (!from) return;
      // The payments whose credit was just applied to sales invoiced PPD that no receipt of theirs covers yet.
      const payments = await rows<{ id: number }>(
        tx,
        sql`SELECT DISTINCT d.collection_id AS id FROM collection_details d JOIN collections k ON k.id = d.collection_id
          JOIN cfdi_documents i ON i.sale_id = d.sale_id AND i.kind = 'factura' AND i.status <> 'cancelado'
            AND i.comprobante->>'metodoPago' = 'PPD'
          WHERE k.company_id = ${companyId} AND k.canceled_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM cfdi_payment_lines l JOIN cfdi_documents p ON p.id = l.document_id
              WHERE l.invoice_id = i.id AND p.collection_id = d.collection_id AND p.status <> 'cancelado' AND p.cancel_motive IS NULL)
          ORDER BY 1`,
      );
      for (const payment of payments) await requestPaymentReceipts(tx, from, payment.id, userId);
    },
    async paymentCanceled(tx, collectionId) {
      await cancelDocumentsOf(tx, { collectionId });
    },
    committed() {
      deps.wake();
    },
  };
}
