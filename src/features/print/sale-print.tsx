import { useMemo } from 'react';
import { saleDocument, salePrintDataSchema } from '../../../domain/documents/quotation-document';
import { quotationPrintMessages } from '../../../domain/messages/quotation-print';
import { useDeployment } from '../../ui/deployment';
import { DocumentView } from './document-view';
import { PdfPrintTools } from './pdf-print-tools';
import type { PrintViewProps } from './print-view';
import './quotation-print.css';

const texts = { ...quotationPrintMessages, actions: quotationPrintMessages.saleActions };

/** A sale's own print view (spec §2 print data 'sales'): its 'Nota de venta', with 'Descargar PDF', 'Imprimir' and 'Cerrar'. */
export default function SalePrint({ data, onDone, onUnreadable }: PrintViewProps) {
  const { identity } = useDeployment();
  const model = useMemo(() => {
    const parsed = salePrintDataSchema.safeParse(data);
    return parsed.success ? saleDocument(parsed.data.sale, identity) : null;
  }, [data, identity]);
  if (!model) return onUnreadable();
  return (
    <main className="quotation-print">
      <PdfPrintTools model={model} texts={texts} onDone={onDone} />
      <DocumentView model={model} />
    </main>
  );
}
