import { useMemo } from 'react';
import type { BusinessIdentity } from '../../../domain/deployment';
import { receiptDocument, receiptPrintDataSchema } from '../../../domain/documents/receipt-document';
import { messages } from '../../../domain/messages';
import type { Collection } from '../../../domain/schemas/collections';
import { useDeployment, useDocumentTitle } from '../../app/deployment';
import { DocumentView } from './document-view';
import { usePdfDownload } from './download-pdf';
import { PrintActions } from './print-actions';
import type { PrintViewProps } from './print-root';
import './quotation-print.css';

const text = messages.collections.receipt;

/**
 * The payment receipt (spec §2 /receipts, print job kind 'receipt'): the stored payment drawn
 * from its document model, with 'Descargar PDF', 'Imprimir' (then the job is cleared and the
 * window closes) and 'Cerrar'; the buttons never reach the paper.
 */
export default function CollectionReceipt({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = receiptPrintDataSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  return <ReceiptWithIdentity collection={parsed.data.collection} onDone={onDone} />;
}

function ReceiptWithIdentity({ collection, onDone }: { collection: Collection; onDone: () => void }) {
  const { identity } = useDeployment();
  return <CollectionReceiptScreen collection={collection} identity={identity} onDone={onDone} />;
}

export function CollectionReceiptScreen({
  collection,
  identity,
  onDone,
}: {
  collection: Collection;
  identity: BusinessIdentity;
  onDone: () => void;
}) {
  const model = useMemo(() => receiptDocument(collection, identity), [collection, identity]);
  const { drawing, error: pdfError, download } = usePdfDownload(model, text.pdfFailed);
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
        {pdfError && (
          <p className="field__error" role="alert">
            {pdfError}
          </p>
        )}
      </aside>
      <DocumentView model={model} />
    </main>
  );
}
