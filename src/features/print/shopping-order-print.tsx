import { useMemo } from 'react';
import { purchaseOrderPrintDataSchema, shoppingOrderDocument } from '../../../domain/documents/purchase-order-document';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import type { ShoppingDetail } from '../../../domain/schemas/purchasing';
import { useDeployment } from '../../ui/deployment';
import { DocumentView } from './document-view';
import { PdfPrintTools } from './pdf-print-tools';
import type { PrintViewProps } from './print-view';
import './quotation-print.css';

/** The shopping order: the warehouse's receiving sheet of a purchase order (spec §2 print views; kind 'shoppingOrder'). */
export default function ShoppingOrderPrint({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = purchaseOrderPrintDataSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  return <ShoppingOrderView order={parsed.data.order} onDone={onDone} />;
}

function ShoppingOrderView({ order, onDone }: { order: ShoppingDetail; onDone: () => void }) {
  const { identity } = useDeployment();
  const model = useMemo(() => shoppingOrderDocument(order, identity), [order, identity]);
  return (
    <main className="quotation-print">
      <PdfPrintTools model={model} texts={purchasingMessages.document} onDone={onDone} />
      <DocumentView model={model} />
    </main>
  );
}
