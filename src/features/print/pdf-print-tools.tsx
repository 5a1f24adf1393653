import type { DocumentModel, SlipSheetModel } from '../../../domain/documents/document';
import { useDocumentTitle } from '../../ui/deployment';
import { usePdfDownload } from '../../ui/download-pdf';
import { PrintActions } from './print-actions';

/**
 * The buttons over a printed document that has a PDF: 'Descargar PDF' (drawn from the same
 * model), 'Imprimir' and 'Cerrar', and the message when the PDF could not be made. The
 * window is titled by the document. None of it reaches the paper.
 */
export function PdfPrintTools({
  model,
  texts,
  onDone,
  className = 'quotation-print__tools',
}: {
  model: DocumentModel | SlipSheetModel;
  texts: { actions: string; downloadPdf: string; drawingPdf: string; pdfFailed: string };
  onDone: () => void;
  className?: string;
}) {
  const { drawing, error, download } = usePdfDownload(model, texts.pdfFailed);
  useDocumentTitle(model.title);
  return (
    <aside className={className} aria-label={texts.actions}>
      <PrintActions
        onDone={onDone}
        leading={
          <button type="button" className="button-primary" onClick={() => void download()} disabled={drawing}>
            {drawing ? texts.drawingPdf : texts.downloadPdf}
          </button>
        }
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </aside>
  );
}
