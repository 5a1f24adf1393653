import { useMemo } from 'react';
import { purchaseOrderDocument, purchaseOrderPrintDataSchema } from '../../../domain/documents/purchase-order-document';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import type { ShoppingDetail } from '../../../domain/schemas/purchasing';
import { useDeployment } from '../../ui/deployment';
import { DocumentView } from './document-view';
import { PdfPrintTools } from './pdf-print-tools';
import type { PrintViewProps } from './print-view';
import './quotation-print.css';

/** The purchase order with its conditions (spec §2 print views, §9; print job kind 'purchaseOrder'). */
export default function PurchaseOrderPrint({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = purchaseOrderPrintDataSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  return <PurchaseOrderView order={parsed.data.order} onDone={onDone} />;
}

function PurchaseOrderView({ order, onDone }: { order: ShoppingDetail; onDone: () => void }) {
  const { identity } = useDeployment();
  const model = useMemo(() => purchaseOrderDocument(order, identity), [order, identity]);
  return (
    <main className="quotation-print">
      <PdfPrintTools model={model} texts={purchasingMessages.document} onDone={onDone} />
      <DocumentView model={model} />
    </main>
  );
}
