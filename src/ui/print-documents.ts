import type { QuotationPrintData, SalePrintData } from '../../domain/documents/quotation-document';
import type { QuotationLayout } from '../../domain/documents/quotation-layout';
import type { SaleDetail } from '../../domain/schemas/quotations';
import { openPrintWindow } from '../lib/session-store';

/** The print view of a quotation already read (or of a sale, printed as its quotation) in a new window. */
export function printQuotation(sale: SaleDetail, layout: QuotationLayout): void {
  openPrintWindow({ kind: 'quotation', data: { sale, layout } satisfies QuotationPrintData });
}

/** A sale's own print view ('Nota de venta') in a new window. */
export function printSale(sale: SaleDetail): void {
  openPrintWindow({ kind: 'sales', data: { sale } satisfies SalePrintData });
}
