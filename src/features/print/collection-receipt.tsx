import { useMemo } from 'react';
import type { BusinessIdentity } from '../../../domain/deployment';
import { receiptDocument, receiptPrintDataSchema } from '../../../domain/documents/receipt-document';
import { collectionsMessages } from '../../../domain/messages/collections';
import type { Collection } from '../../../domain/schemas/collections';
import { useDeployment } from '../../ui/deployment';
import { DocumentView } from './document-view';
import { PdfPrintTools } from './pdf-print-tools';
import type { PrintViewProps } from './print-view';
import './quotation-print.css';

const text = collectionsMessages.receipt;

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

  return (
    <main className="quotation-print">
      <PdfPrintTools model={model} texts={text} onDone={onDone} />
      <DocumentView model={model} />
    </main>
  );
}
