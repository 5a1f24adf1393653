import { useMemo } from 'react';
import { cashCutDocument, cashCutPrintDataSchema } from '../../../domain/documents/cash-cut-document';
import { cajaMessages } from '../../../domain/messages/caja';
import type { CajaDay } from '../../../domain/schemas/caja';
import { useDeployment } from '../../ui/deployment';
import { DocumentView } from './document-view';
import { PdfPrintTools } from './pdf-print-tools';
import type { PrintViewProps } from './print-view';
import './quotation-print.css';

const text = cajaMessages.document;

/** The day's cut of the drawer (/caja, print job kind 'cashCut'): its document, 'Descargar PDF', 'Imprimir', 'Cerrar'. */
export default function CashCut({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = cashCutPrintDataSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  return <CashCutView day={parsed.data.day} onDone={onDone} />;
}

function CashCutView({ day, onDone }: { day: CajaDay; onDone: () => void }) {
  const { identity } = useDeployment();
  const model = useMemo(() => cashCutDocument(day, identity), [day, identity]);
  return (
    <main className="quotation-print">
      <PdfPrintTools model={model} texts={text} onDone={onDone} />
      <DocumentView model={model} />
    </main>
  );
}
