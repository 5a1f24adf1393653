import { useState } from 'react';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { useScreenPlace } from '../../ui/screen-chrome';
import { CfdiList } from './cfdi-list';
import { InvoicedSalesList } from './invoiced-sales-list';

const text = invoicingScreenMessages.list;
type View = 'documents' | 'invoicedSales';
const VIEWS: readonly View[] = ['documents', 'invoicedSales'];

/** The view an address asks for: '/invoices?vista=ventas' opens the invoiced sales. */
export const viewOf = (search: string): View => (new URLSearchParams(search).get('vista') === 'ventas' ? 'invoicedSales' : 'documents');

/**
 * `/invoices` ('Facturas'): the fiscal documents (CFDI) the business issued through its PAC,
 * and — one switch away — the sales with a hand-typed invoice number, as the list was before
 * the product stamped its own invoices, so nothing that worked is lost.
 */
export default function InvoicesPage() {
  const { search } = useScreenPlace();
  const [view, setView] = useState<View>(() => viewOf(search));
  const views = (
    <div role="group" aria-label={text.view} className="segmented">
      {VIEWS.map((option) => (
        <button key={option} type="button" className="outline-button" aria-pressed={view === option} onClick={() => setView(option)}>
          {text[option]}
        </button>
      ))}
    </div>
  );
  return view === 'documents' ? <CfdiList views={views} /> : <InvoicedSalesList views={views} />;
}
