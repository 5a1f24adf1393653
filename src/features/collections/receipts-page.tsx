import type { ActionSheetButton } from '@ionic/react';
import { useCallback, useMemo } from 'react';
import { collectionsMessages } from '../../../domain/messages/collections';
import { hasPermission } from '../../../domain/permissions';
import type { CollectionListRow } from '../../../domain/schemas/collections';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { useDeployment } from '../../ui/deployment';
import { useShell } from '../../ui/shell-context';
import { getErrorMessage } from '../../lib/api';
import { CollectionFilterDrawer } from './collection-filters';
import { CollectionCard, collectionColumns, collectionRowKey, folioOf, usePaymentMenu } from './collection-rows';
import { collectionListSource, useCollectionActions } from './queries';

const text = collectionsMessages.receipts;
/** The payments' list, kept under filters of its own: finding a receipt to reprint is not the day's collections. */
const RECEIPTS = collectionListSource('receipts-filters');
const menuLabel = (row: CollectionListRow) => text.actionsFor(folioOf(row));

/**
 * `/receipts` ('Recibos', spec §2): every payment's receipt, found by customer, date or
 * folio, server paged; each reprinted in its print view or downloaded as a PDF.
 */
export default function ReceiptsPage() {
  const { user } = useShell();
  const { identity } = useDeployment();
  const { paging, button, drawer, list } = useFilteredList(RECEIPTS);
  const [notify, toast] = useToast();
  const actions = useCollectionActions();
  const customerLinks = hasPermission(user, 'companies');
  const columns = useMemo(() => collectionColumns(customerLinks), [customerLinks]);
  const failed = useCallback((error: unknown) => notify(getErrorMessage(error), 'danger'), [notify]);
  const { receipt, pdf } = actions;
  const rowMenu = useCallback(
    (row: CollectionListRow): ActionSheetButton[] => [
      { text: text.print, handler: () => receipt.mutate(row.id, { onError: failed }) },
      { text: text.pdf, handler: () => pdf.mutate({ id: row.id, identity }, { onError: failed }) },
    ],
    [receipt, pdf, identity, failed],
  );
  const menu = usePaymentMenu(rowMenu, actions.prefetch);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <FiltersButton {...button} />
          <span role="status" className="office-list__status">
            {receipt.isPending ? text.preparing : pdf.isPending ? text.drawing : ''}
          </span>
        </>
      }
      overlays={
        <>
          {drawer && <CollectionFilterDrawer {...drawer} />}
          {menu.sheet}
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
