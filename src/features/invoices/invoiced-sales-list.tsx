import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { invoicesMessages } from '../../../domain/messages/invoices';
import { PAYMENT_STATUSES } from '../../../domain/sale-list';
import { invoicePageSchema, type InvoiceSortColumn, type InvoiceRow } from '../../../domain/schemas/invoices';
import { ChoiceField, FilterDrawer, TextField } from '../../ui/office-list/filter-drawer';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { cfdiOptions } from '../../ui/reference-lists';
import { EMPTY_INVOICE_FILTERS, invoiceFilterParams, parseStoredInvoiceFilters, type InvoiceFilters } from './invoice-filters';
import { INVOICE_COLUMNS, InvoiceCard, invoiceExportRows, invoiceRowKey } from './invoice-rows';

const text = invoicesMessages;
const noFilters = () => EMPTY_INVOICE_FILTERS;

/** Where the list's rows come from and where its filters are kept. */
const LIST: FilteredListSource<InvoiceFilters, InvoiceRow, InvoiceSortColumn> = {
  storeKey: 'invoice-filters',
  parse: parseStoredInvoiceFilters,
  empty: noFilters,
  params: invoiceFilterParams,
  queryKey: (filters) => ['invoices', 'list', filters],
  path: '/api/v2/invoices',
  schema: invoicePageSchema,
};

const PAYMENTS = PAYMENT_STATUSES.map((value) => ({ value, label: value }));

/**
 * /invoices' 'Ventas facturadas' (the list before CFDI invoicing, kept): the sales whose
 * delivery carries a hand-typed invoice number, with the customer's RFC and CFDI use (only the
 * current catalogue, spec §5), what is owed and whether it was delivered; server paged and
 * sorted, filters kept until cleared, each sale linked to its page, Excel export of the page.
 */
export function InvoicedSalesList({ views }: { views: ReactNode }) {
  const { paging, button, drawer, list } = useFilteredList(LIST);
  const cfdis = useQuery(cfdiOptions());
  const [notify, toast] = useToast();
  const invoices = list.rows;

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          {views}
          <FiltersButton {...button} />
          <PageExport rows={invoices} file={text.exportFile} sheet={text.exportSheet} toRows={invoiceExportRows} notify={notify} />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={text.filterTitle} {...drawer}>
              {(draft, set) => (
                <>
                  <TextField label={text.invoice} value={draft.invoice} onChange={(invoice) => set({ invoice })} />
                  <TextField label={text.company} value={draft.company} onChange={(company) => set({ company })} />
                  <ChoiceField
                    label={text.cfdi}
                    anyLabel={text.anyCfdi}
                    options={(cfdis.data ?? []).map((cfdi) => ({ value: String(cfdi.id), label: cfdi.name }))}
                    value={draft.cfdiId === null ? '' : String(draft.cfdiId)}
                    onChange={(value) => set({ cfdiId: value === '' ? null : Number(value) })}
                  />
                  <ChoiceField
                    label={text.payment}
                    anyLabel={text.anyPayment}
                    options={PAYMENTS}
                    value={draft.paymentStatus}
                    onChange={(paymentStatus) => set({ paymentStatus })}
                  />
                </>
              )}
            </FilterDrawer>
          )}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={invoiceRowKey}
        columns={INVOICE_COLUMNS}
        estimateSize={120}
        card={(row) => <InvoiceCard row={row} />}
      />
    </ListScreen>
  );
}
