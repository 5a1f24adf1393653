import type { ComponentType } from 'react';
import { messages } from '../../../domain/messages';
import { clearPrintJob, type PrintJob } from '../../lib/session-store';

/**
 * Print views by the kind of stored print data (spec §2 root switching): quotation,
 * payroll receipts, sales, shipping, ticket, purchase order, shopping order, ticket MF.
 * Each view registers here when its screen is built; after printing, the window closes.
 */
export const PRINT_VIEWS: Record<string, ComponentType<{ data: unknown; onDone: () => void }>> = {};

export function finishPrinting(): void {
  clearPrintJob();
  window.close();
}

export function PrintRoot({ job }: { job: PrintJob }) {
  const View = PRINT_VIEWS[job.kind];
  if (View) return <View data={job.data} onDone={finishPrinting} />;
  return (
    <main className="print-message" role="alert">
      <h1>{messages.print.title}</h1>
      <p>{messages.print.unknown}</p>
      <button type="button" className="button-primary" onClick={finishPrinting}>
        {messages.print.close}
      </button>
    </main>
  );
}
