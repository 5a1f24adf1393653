import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ActionSheetButton } from '@ionic/react';
import { driverMessages } from '../../../domain/messages/driver';
import { invoicingMessages } from '../../../domain/messages/invoicing';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { CFDI_KINDS, CFDI_STATUSES, cfdiPageSchema, type CfdiDocument } from '../../../domain/schemas/invoicing';
import { actionLabel, useCfdiActions } from '../../ui/cfdi/cfdi-actions';
import { cfdiActions, cfdiFolio, cfdiKeys, cfdiName, settlingInterval, useCfdiRequests } from '../../ui/cfdi/cfdi-documents';
import { ChoiceField, FilterDrawer, TextField } from '../../ui/office-list/filter-drawer';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { useRowMenu } from '../../ui/overlays';
import { useShellNavigate } from '../../ui/screen-chrome';
import { useToast } from '../../ui/toast';
import { cfdiFilterParams, EMPTY_CFDI_FILTERS, parseStoredCfdiFilters, type CfdiFilters } from './cfdi-filters';
import { CFDI_COLUMNS, CfdiCard, cfdiExportRows, cfdiMenuLabel, cfdiRowKey, type CfdiSortColumn } from './cfdi-rows';
import { GlobalInvoiceDialog } from './global-invoice-dialog';
import { InvoiceSaleDialog } from './invoice-sale-dialog';

const text = invoicingScreenMessages;
const noFilters = () => EMPTY_CFDI_FILTERS;

const LIST: FilteredListSource<CfdiFilters, CfdiDocument, CfdiSortColumn> = {
  storeKey: 'cfdi-filters',
  parse: parseStoredCfdiFilters,
  empty: noFilters,
  params: cfdiFilterParams,
  queryKey: (filters) => cfdiKeys.list(filters),
  path: '/api/v2/cfdi',
  schema: cfdiPageSchema,
};

const KINDS = CFDI_KINDS.map((value) => ({ value, label: invoicingMessages.kinds[value] }));
const STATUSES = CFDI_STATUSES.map((value) => ({ value, label: invoicingMessages.statuses[value] }));

/**
 * /invoices' 'Comprobantes': every CFDI the business issued (invoices, credit notes, payment
 * receipts, global invoices), server paged, sorted and filtered, read again every 2 s while
 * one on the page is being stamped or cancelled. Each row's menu opens its sale and offers
 * what its state admits; 'Facturar una venta' invoices a sale found by its folio, and
 * 'Factura global' asks for the counter's invoice of a period: the new document appears at
 * once as 'Pendiente' and the page follows it until it settles.
 */
export function CfdiList({ views }: { views: ReactNode }) {
  const { paging, button, drawer, list } = useFilteredList(LIST);
  const [notify, toast] = useToast();
  const requests = useCfdiRequests();
  const actions = useCfdiActions(notify);
  const navigate = useShellNavigate();
  const [globalOpen, setGlobalOpen] = useState(false);
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const documents = list.rows;

  // The queue moves a document on within seconds: the page is read again until none is settling.
  const poll = settlingInterval(documents);
  const { refetch } = list.query;
  useEffect(() => {
    if (poll === false) return;
    const timer = window.setInterval(() => void refetch(), poll);
    return () => window.clearInterval(timer);
  }, [poll, refetch]);

  const rowMenu = useCallback(
    (row: CfdiDocument): ActionSheetButton[] => [
      ...(row.sale_id === null
        ? []
        : [
            {
              text: `${text.document.openSale} ${driverMessages.saleFolio(row.sale_id)}`,
              handler: () => {
                const path = `/sales/${row.sale_id}`;
                if (navigate) navigate(path);
                else window.location.assign(path);
              },
            },
          ]),
      ...cfdiActions(row, true).map((action) => ({
        text: actionLabel(action),
        role: action === 'cancel' ? 'destructive' : undefined,
        handler: () => actions.run(row, action),
      })),
    ],
    [actions, navigate],
  );
  const header = useCallback((row: CfdiDocument) => cfdiName(row), []);
  const menu = useRowMenu(header, rowMenu);

  return (
    <ListScreen
      title={text.list.title}
      list={list}
      paging={paging}
      loading={text.list.loading}
      empty={text.list.empty}
      toolbar={
        <>
          {views}
          <FiltersButton {...button} />
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setInvoiceOpen(true)}>
            {text.invoiceSale.action}
          </button>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setGlobalOpen(true)}>
            {text.global.action}
          </button>
          <PageExport
            rows={documents}
            file={text.list.exportFile}
            sheet={text.list.exportSheet}
            toRows={cfdiExportRows}
            moments={[text.document.date]}
            notify={notify}
          />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={text.list.filterTitle} {...drawer}>
              {(draft, set) => (
                <>
                  <ChoiceField
                    label={text.list.kind}
                    anyLabel={text.list.anyKind}
                    options={KINDS}
                    value={draft.kind}
                    onChange={(kind) => set({ kind })}
                  />
                  <ChoiceField
                    label={text.list.status}
                    anyLabel={text.list.anyStatus}
                    options={STATUSES}
                    value={draft.status}
                    onChange={(status) => set({ status })}
                  />
                  <TextField label={text.list.company} value={draft.company} onChange={(company) => set({ company })} />
                  <TextField label={text.list.uuid} value={draft.uuid} onChange={(uuid) => set({ uuid })} />
                </>
              )}
            </FilterDrawer>
          )}
          {invoiceOpen && (
            <InvoiceSaleDialog
              request={requests.invoice}
              onRequested={(document) => notify(text.sale.invoiceRequested(cfdiFolio(document)), 'success')}
              onClose={() => setInvoiceOpen(false)}
            />
          )}
          {globalOpen && (
            <GlobalInvoiceDialog
              request={requests.global}
              onRequested={(document) => notify(text.global.requested(cfdiFolio(document)), 'success')}
              onClose={() => setGlobalOpen(false)}
            />
          )}
          {actions.dialog}
          {menu.sheet}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={cfdiRowKey}
        columns={CFDI_COLUMNS}
        menuLabel={cfdiMenuLabel}
        onMenu={menu.open}
        estimateSize={130}
        card={(row) => <CfdiCard row={row} onMenu={menu.open} />}
      />
    </ListScreen>
  );
}
