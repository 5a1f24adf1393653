import type { ActionSheetButton } from '@ionic/react';
import { useCallback, useMemo, useState } from 'react';
import { collectionsMessages } from '../../../domain/messages/collections';
import { hasPermission } from '../../../domain/permissions';
import { mayCancelPayment } from '../../../domain/rules/payment-cancel';
import { monterreyDate } from '../../../domain/time';
import { collectionCancelSchema, type CollectionListRow } from '../../../domain/schemas/collections';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen, TotalsToggle } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useShell } from '../../ui/shell-context';
import { getErrorMessage } from '../../lib/api';
import { CollectionFilterDrawer } from './collection-filters';
import { CollectionCard, collectionColumns, collectionRowKey, folioOf, usePaymentMenu } from './collection-rows';
import { COLLECTION_SHEET } from './export-collections';
import { collectionListSource, useCollectionActions } from './queries';
import { CollectionTotalsPanel } from './totals-panel';

const text = collectionsMessages.list;
const COLLECTIONS = collectionListSource('collections-filters');
const menuLabel = (row: CollectionListRow) => text.actionsFor(folioOf(row));

/**
 * `/collections`: the payments received, server paged and sorted, filters kept
 * until cleared, the totals of the filtered range with the total by payment method, Excel
 * export of the page, 'Nueva Cobranza'; each payment's menu opens its receipt or cancels it.
 */
export default function CollectionsPage() {
  const { user } = useShell();
  const [now] = useState(() => new Date());
  const { paging, filters, button, drawer, list } = useFilteredList(COLLECTIONS);
  const [totalsOpen, setTotalsOpen] = useState(false);
  const [canceling, setCanceling] = useState<CollectionListRow | null>(null);
  const [notify, toast] = useToast();
  const actions = useCollectionActions();
  const customerLinks = hasPermission(user, 'companies');
  const columns = useMemo(() => collectionColumns(customerLinks), [customerLinks]);
  const rows = list.rows;

  const openReceipt = actions.receipt.mutate;
  const rowMenu = useCallback(
    (row: CollectionListRow): ActionSheetButton[] => [
      { text: text.viewReceipt, handler: () => openReceipt(row.id, { onError: (error) => notify(getErrorMessage(error), 'danger') }) },
      ...(row.canceled_at ||
      !mayCancelPayment(user, { user_id: row.user_id, recordedOn: monterreyDate(new Date(row.created_at)) }, monterreyDate(now))
        ? []
        : [{ text: text.cancel, role: 'destructive', handler: () => setCanceling(row) }]),
    ],
    [openReceipt, notify, user, now],
  );
  const menu = usePaymentMenu(rowMenu, actions.prefetch);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      add={{ href: '/new-collections', label: text.add }}
      toolbar={
        <>
          <FiltersButton {...button} />
          <TotalsToggle open={totalsOpen} onToggle={() => setTotalsOpen((open) => !open)} controls="collections-totals" />
          <PageExport rows={rows} {...COLLECTION_SHEET} notify={notify} />
          <span role="status" className="office-list__status">
            {actions.receipt.isPending ? text.preparingReceipt : ''}
          </span>
        </>
      }
      above={totalsOpen && <CollectionTotalsPanel id="collections-totals" filters={filters} now={now} />}
      overlays={
        <>
          {drawer && <CollectionFilterDrawer {...drawer} />}
          {menu.sheet}
          {canceling && (
            <ReasonDialog
              text={{
                title: text.cancelTitle(folioOf(canceling)),
                reasonLabel: text.cancelReason,
                hint: text.cancelHint,
                submit: text.cancel,
                submitting: text.canceling,
              }}
              schema={collectionCancelSchema}
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
        rowKey={collectionRowKey}
        columns={columns}
        menuLabel={menuLabel}
        onMenu={menu.open}
        estimateSize={104}
        card={(row) => <CollectionCard row={row} onMenu={menu.open} />}
      />
    </ListScreen>
  );
}
