import { useMemo } from 'react';
import { cashCutDocument, cashCutPrintDataSchema } from '../../../domain/documents/cash-cut-document';
import { messages } from '../../../domain/messages';
import type { CajaDay } from '../../../domain/schemas/caja';
import { useDeployment, useDocumentTitle } from '../../app/deployment';
import { DocumentView } from './document-view';
import { usePdfDownload } from './download-pdf';
import { PrintActions } from './print-actions';
import type { PrintViewProps } from './print-root';
import './quotation-print.css';

const text = messages.caja.document;

/** The day's cut of the drawer (/caja, print job kind 'cashCut'): its document, 'Descargar PDF', 'Imprimir', 'Cerrar'. */
export default function CashCut({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = cashCutPrintDataSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  return <CashCutView day={parsed.data.day} onDone={onDone} />;
}

function CashCutView({ day, onDone }: { day: CajaDay; onDone: () => void }) {
  const { identity } = useDeployment();
  const model = useMemo(() => cashCutDocument(day, identity), [day, identity]);
  const { drawing, error, download } = usePdfDownload(model, text.pdfFailed);
  useDocumentTitle(model.title);
  return (
    <main className="quotation-print">
      <aside className="quotation-print__tools" aria-label={text.actions}>
        <PrintActions
          onDone={onDone}
          leading={
            <button type="button" className="button-primary" onClick={() => void download()} disabled={drawing}>
              {drawing ? text.drawingPdf : text.downloadPdf}
            </button>
          }
        />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </aside>
      <DocumentView model={model} />
    </main>
  );
}
