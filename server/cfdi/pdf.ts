import type { BusinessIdentity } from '../../domain/deployment';
import { cfdiDocument } from '../../domain/documents/cfdi-document';
import { drawDocumentPdf } from '../../domain/documents/pdf';
import { readCfdi } from './read';

export interface CfdiPdf {
  /** 'Factura A-12 66933DFF-5507-5460-9EF0-9D0BB068A54A.pdf'. */
  filename: string;
  bytes: Uint8Array;
}

/**
 * A stamped CFDI's printed representation, drawn from its XML as stamped (not from the sale):
 * what the PDF says is what the SAT holds. Stored with the document and attached to its e-mail.
 * Throws CfdiReadError when the XML is not a CFDI 4.0, and an Error when it is not stamped yet.
 */
export async function cfdiPdf(xml: string, identity: BusinessIdentity): Promise<CfdiPdf> {
  const model = cfdiDocument(readCfdi(xml), identity);
  return { filename: model.fileName, bytes: await drawDocumentPdf(model) };
}
