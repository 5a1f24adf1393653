import { useMemo } from 'react';
import { saleReturnDocument, saleReturnPrintDataSchema } from '../../../domain/documents/sale-return-document';
import { salesMessages } from '../../../domain/messages/sales';
import { useDeployment } from '../../ui/deployment';
import { DocumentView } from './document-view';
import { PdfPrintTools } from './pdf-print-tools';
import type { PrintViewProps } from './print-view';
import './quotation-print.css';

/**
 * A return's credit note (print job kind 'saleReturn'): drawn from its document model, with
 * 'Descargar PDF', 'Imprimir' and 'Cerrar', as the payment receipt is.
 */
export default function SaleReturnPrint({ data, onDone, onUnreadable }: PrintViewProps) {
  const { identity } = useDeployment();
  const model = useMemo(() => {
    const parsed = saleReturnPrintDataSchema.safeParse(data);
    return parsed.success ? saleReturnDocument(parsed.data.saleReturn, identity) : null;
  }, [data, identity]);
  if (!model) return onUnreadable();
  return (
    <main className="quotation-print">
      <PdfPrintTools model={model} texts={salesMessages.creditNote} onDone={onDone} />
      <DocumentView model={model} />
    </main>
  );
}
