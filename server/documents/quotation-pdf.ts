import type { Deployment } from '../../domain/deployment';
import { drawDocumentPdf } from '../../domain/documents/pdf';
import { defaultQuotationLayout, quotationDocument } from '../../domain/documents/quotation-document';
import type { SaleDetail } from '../../domain/schemas/quotations';
import type { Db } from '../db/client';
import { loadSaleDetail } from '../repositories/sales';

export interface QuotationPdf {
  /** 'Cotización C-12.pdf'. */
  filename: string;
  bytes: Uint8Array;
}

/**
 * The quotation's PDF as the server draws it (GET /api/v2/quotations/{id}/pdf and the
 * e-mail attachment): the same document model and drawer as 'Descargar PDF' in the print
 * view, in the deployment's layout (the party-rental quotation for `eventos`). A sale prints
 * as its quotation. Null when there is no such quotation or sale.
 */
export async function quotationPdf(db: Db, deployment: Deployment, id: number): Promise<QuotationPdf | null> {
  const sale = await loadSaleDetail(db, id);
  return sale && drawQuotationPdf(sale, deployment);
}

/** The PDF of a quotation already read (the e-mail sender draws it from the same read as the body). */
export async function drawQuotationPdf(sale: SaleDetail, deployment: Deployment): Promise<QuotationPdf> {
  const model = quotationDocument(sale, deployment.identity, defaultQuotationLayout(deployment.id));
  return { filename: model.fileName, bytes: await drawDocumentPdf(model) };
}
