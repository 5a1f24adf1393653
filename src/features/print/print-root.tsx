import { lazy, Suspense, type ComponentType } from 'react';
import { commonMessages, printMessages } from '../../../domain/messages/shell';
import { clearPrintJob, type PrintJob } from '../../lib/session-store';
import type { PrintViewProps } from './print-view';

/**
 * Print views by the kind of stored print data (spec §2 root switching): quotation,
 * payroll receipts, sales, shipping, ticket, purchase order, shopping order, ticket MF.
 * Each is loaded only in the window that prints it; after printing, the window closes.
 */
export const PRINT_VIEWS: Record<string, ComponentType<PrintViewProps>> = {
  shipping: lazy(() => import('./shipping-manifest')),
  ticket: lazy(() => import('./sale-ticket')),
  /** The production ticket ('ticket MF'). */
  ticketMF: lazy(() => import('./production-ticket')),
  quotation: lazy(() => import('./quotation-print')),
  /** A sale's own 'Nota de venta'. */
  sales: lazy(() => import('./sale-print')),
  /** A customer's payment receipt (spec §2 /receipts). */
  receipt: lazy(() => import('./collection-receipt')),
  /** A payment the driver took at a stop, as the phone's receipt shows it (provisional until it arrives). */
  stopReceipt: lazy(() => import('./stop-receipt')),
  /** The credit note of a return of some lines of a sale. */
  saleReturn: lazy(() => import('./sale-return-print')),
  /** Payroll 'Recibo' slips, four per page. */
  payroll: lazy(() => import('./payroll-receipts')),
  /** The counter's day cut (/caja). */
  cashCut: lazy(() => import('./cash-cut')),
  /** A purchase order with its conditions, and the warehouse's shopping order of it (/shoppings/{id}). */
  purchaseOrder: lazy(() => import('./purchase-order-print')),
  shoppingOrder: lazy(() => import('./shopping-order-print')),
};

export function finishPrinting(): void {
  clearPrintJob();
  window.close();
}

function UnknownPrintData() {
  return (
    <main className="print-message" role="alert">
      <h1>{printMessages.title}</h1>
      <p>{printMessages.unknown}</p>
      <button type="button" className="button-primary" onClick={finishPrinting}>
        {printMessages.close}
      </button>
    </main>
  );
}

export function PrintRoot({ job }: { job: PrintJob }) {
  const View = PRINT_VIEWS[job.kind];
  if (!View) return <UnknownPrintData />;
  return (
    <Suspense
      fallback={
        <p className="print-message" role="status">
          {commonMessages.loading}
        </p>
      }
    >
      <View data={job.data} onDone={finishPrinting} onUnreadable={() => <UnknownPrintData />} />
    </Suspense>
  );
}
