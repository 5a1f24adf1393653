import type { ActionSheetButton } from '@ionic/react';
import { useCallback, useMemo, useState } from 'react';
import { quotationsMessages } from '../../../domain/messages/quotations';
import { hasPermission } from '../../../domain/permissions';
import { quotationStatus } from '../../../domain/sale-list';
import { quotationFolio } from '../../../domain/sales';
import { quotationCancelSchema } from '../../../domain/schemas/quotations';
import type { SalePageRow } from '../../../domain/schemas/reads';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useConfirmSheet, useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { SaleFilterDrawer, saleListSource, saleRowKey } from '../../ui/office-list/sale-filters';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useShell } from '../../ui/shell-context';
import { useScreenChrome } from '../../ui/screen-chrome';
import { getErrorMessage } from '../../lib/api';
import { quotationSheet } from './export-quotations';
import { quotationKeys, useQuotationActions } from './queries';
import { quotationColumns, QuotationCard } from './quotation-rows';

const text = quotationsMessages.list;
const folioOf = (row: SalePageRow) => quotationFolio(row.id);
const menuLabel = (row: SalePageRow) => text.actionsFor(folioOf(row));

/**
 * `/quotations`: server paging, one sort column, filters kept until cleared, table
 * on wide screens and cards on phones, Excel export of the page, 'Nueva cotización'; each
 * quotation's menu edits, prints (both layouts), turns it into a sale or cancels it.
 */
export default function QuotationsPage() {
  const { user, deployment } = useShell();
  const { navigate } = useScreenChrome();
  const [now] = useState(() => new Date());
  const { paging, button, drawer, list } = useFilteredList(
    saleListSource({
      storeKey: 'quotations-filters',
      queryKey: quotationKeys.list,
      path: '/api/v2/q',
    }),
  );
  const [canceling, setCanceling] = useState<SalePageRow | null>(null);
  const [notify, toast] = useToast();
  const actions = useQuotationActions(deployment.id);
  const canOpenSales = hasPermission(user, 'sales');
  const columns = useMemo(() => quotationColumns(now, canOpenSales), [now, canOpenSales]);
  const quotations = list.rows;

  const { print, toSale, prefetch } = actions;
  // The mutation's function, not its state: the menu is built once per opening.
  const printQuotation = print.mutate;
  const convert = (row: SalePageRow) => {
    const folio = folioOf(row);
    toSale.mutate(row.id, {
      onSuccess: ({ data: sale }) =>
        notify(
          text.converted(folio, sale.id),
          'success',
          canOpenSales ? { text: text.openSale, handler: () => navigate(`/sales/${sale.id}`) } : undefined,
        ),
      onError: (error) => notify(getErrorMessage(error), 'danger'),
    });
  };
  const { ask: askToSell, sheet: sellSheet } = useConfirmSheet((row: SalePageRow) => ({
    header: text.toSaleConfirm(folioOf(row)),
    confirm: text.toSale,
    onConfirm: () => convert(row),
  }));

  const rowMenu = useCallback(
    (row: SalePageRow): ActionSheetButton[] => {
      // Cancelled ones are not on this list; a sold one is only printed and followed to its sale.
      const status = quotationStatus(row, now);
      const editable = status === 'current' || status === 'expired';
      const printAs = (layout: 'default' | 'short') => () =>
        printQuotation({ id: row.id, layout }, { onError: (error) => notify(getErrorMessage(error), 'danger') });
      const saleId = row.sale_id;
      return [
        ...(editable ? [{ text: text.edit, handler: () => navigate(`/quotations/${row.id}`) }] : []),
        ...(saleId !== null && canOpenSales ? [{ text: text.openSale, handler: () => navigate(`/sales/${saleId}`) }] : []),
        { text: text.print, handler: printAs('default') },
        { text: text.printShort, handler: printAs('short') },
        ...(editable
          ? [
              { text: text.toSale, handler: () => askToSell(row) },
              { text: text.cancel, role: 'destructive', handler: () => setCanceling(row) },
            ]
          : []),
      ];
    },
    [now, printQuotation, notify, navigate, askToSell, canOpenSales],
  );
  const header = useCallback((row: SalePageRow) => folioOf(row), []);
  const menu = useRowMenu(header, rowMenu);
  const openRowMenu = menu.open;
  const openMenu = useCallback(
    (row: SalePageRow) => {
      prefetch(row.id);
      openRowMenu(row);
    },
    [prefetch, openRowMenu],
  );

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      add={{ href: '/quotations/new', label: text.add }}
      toolbar={
        <>
          <FiltersButton {...button} />
          <PageExport rows={quotations} {...quotationSheet(now)} notify={notify} />
          <span role="status" className="office-list__status">
            {print.isPending
              ? text.preparingPrint
              : toSale.isPending && toSale.variables !== undefined
                ? text.converting(quotationFolio(toSale.variables))
                : ''}
          </span>
        </>
      }
      overlays={
        <>
          {drawer && <SaleFilterDrawer title={text.filterTitle} fields={{ series: true }} {...drawer} />}
          {menu.sheet}
          {sellSheet}
          {canceling && (
            <ReasonDialog
              text={{
                title: text.cancelTitle(folioOf(canceling)),
                reasonLabel: text.cancelReason,
                submit: text.cancel,
                submitting: text.canceling,
              }}
              schema={quotationCancelSchema}
              onSubmit={(body) =>
                actions.cancel.mutateAsync(
                  { id: canceling.id, body },
                  { onSuccess: () => notify(text.canceledOk(folioOf(canceling)), 'success') },
                )
              }
              onClose={() => setCanceling(null)}
            />
          )}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={saleRowKey}
        columns={columns}
        menuLabel={menuLabel}
        onMenu={openMenu}
        estimateSize={104}
        card={(row) => <QuotationCard row={row} now={now} onMenu={openMenu} />}
      />
    </ListScreen>
  );
}
