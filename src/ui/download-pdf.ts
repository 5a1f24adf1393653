import { useState } from 'react';
import type { DocumentModel, SlipSheetModel } from '../../domain/documents/document';

/**
 * Draws `model` as a PDF in the browser and saves it under its file name. The drawer (and
 * pdf-lib with it) is imported here, on demand, so it is a chunk of its own that loads only
 * when a PDF is asked for — never with a print view or a screen.
 */
export async function downloadDocumentPdf(model: DocumentModel | SlipSheetModel): Promise<void> {
  const bytes =
    'kind' in model
      ? await (await import('../../domain/documents/slips-pdf')).drawSlipsPdf(model)
      : await (await import('../../domain/documents/pdf')).drawDocumentPdf(model);
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = model.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; later it would only hold memory.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * 'Descargar PDF' of a print view: `drawing` while the PDF is made, `error` (the view's own
 * words for it) when it could not be.
 */
export function usePdfDownload(model: DocumentModel | SlipSheetModel, failed: string) {
  const [drawing, setDrawing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setDrawing(true);
    setError(null);
    try {
      await downloadDocumentPdf(model);
    } catch {
      setError(failed);
    } finally {
      setDrawing(false);
    }
  };
  return { drawing, error, download };
}
