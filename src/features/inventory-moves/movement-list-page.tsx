import { useState, type ReactNode } from 'react';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { movementPageSchema, type MovementRow, type MovementSortColumn } from '../../../domain/schemas/inventory-moves';
import { Dialog } from '../../ui/dialog';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport, type PageSheet } from '../../ui/office-list/page-export';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { type ListPagingState, type PagedList } from '../../ui/office-list/use-paged-list';
import { EMPTY_MOVE_FILTERS, moveFilterParams, parseStoredMoveFilters, type MoveFilters } from './movement-filters';
import { MOVEMENT_COLUMNS, MovementCard, movementExportRows, movementRowKey } from './movement-rows';
import { inventoryMoveKeys, useBranches, useItems } from './queries';
import './inventory-moves.css';

const text = inventoryMovesMessages;
const noFilters = () => EMPTY_MOVE_FILTERS;
/** Every inventory list's first column after the folio is its date and time. */
const MOMENTS = [text.columns.date];

export interface MovementListTexts {
  title: string;
  loading: string;
  empty: string;
  add: string;
  formTitle: string;
  filterTitle: string;
  exportFile: string;
  exportSheet: string;
}

/** The branch and item fields of an inventory list's filter drawer. */
export function BranchItemFilters<F extends MoveFilters>({ draft, set }: { draft: F; set: (change: Partial<F>) => void }) {
  const branches = useBranches();
  const items = useItems();
  return (
    <>
      <ChoiceField
        label={text.branch}
        anyLabel={text.anyBranch}
        options={(branches.data ?? []).map((branch) => ({ value: String(branch.id), label: branch.name }))}
        value={draft.branchId === null ? '' : String(draft.branchId)}
        onChange={(value) => set({ branchId: value === '' ? null : Number(value) } as Partial<F>)}
      />
      <ChoiceField
        label={text.item}
        anyLabel={text.anyItem}
        options={(items.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
        value={draft.itemId === null ? '' : String(draft.itemId)}
        onChange={(value) => set({ itemId: value === '' ? null : Number(value) } as Partial<F>)}
      />
    </>
  );
}

/**
 * The frame every inventory movement list shares (adjustments, waste, transfers): server
 * paged and sorted, filters (dates, branch, item) kept until cleared under `${name}-filters`,
 * Excel export of the page, and the screen's form in a dialog. `children` draws the rows.
 */
export function MoveListScreen<Row, C extends string>({
  name,
  path,
  texts,
  schema,
  toRows,
  form,
  children,
}: {
  name: string;
  path: string;
  texts: MovementListTexts;
  schema: { parse(input: unknown): { data: Row[]; meta: { total: number } } };
  toRows: PageSheet<Row>['toRows'];
  form: (done: { onSaved: (message: string) => void; onCancel: () => void }) => ReactNode;
  children: (list: PagedList<Row>, paging: ListPagingState<C>) => ReactNode;
}) {
  const { paging, button, drawer, list } = useFilteredList<MoveFilters, Row, C>({
    storeKey: `${name}-filters`,
    parse: parseStoredMoveFilters,
    empty: noFilters,
    params: moveFilterParams,
    queryKey: (filters) => inventoryMoveKeys.list(name, filters),
    path,
    schema,
  });
  const [adding, setAdding] = useState(false);
  const [notify, toast] = useToast();

  return (
    <ListScreen
      title={texts.title}
      list={list}
      paging={paging}
      loading={texts.loading}
      empty={texts.empty}
      toolbar={
        <>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            {texts.add}
          </button>
          <FiltersButton {...button} />
          <PageExport
            rows={list.rows}
            file={texts.exportFile}
            sheet={texts.exportSheet}
            toRows={toRows}
            moments={MOMENTS}
            notify={notify}
          />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={texts.filterTitle} {...drawer}>
              {(draft, set) => <BranchItemFilters draft={draft} set={set} />}
            </FilterDrawer>
          )}
          {adding && (
            <Dialog label={texts.formTitle} onClose={() => setAdding(false)}>
              {(close) =>
                form({
                  onCancel: close,
                  onSaved: (message) => {
                    close();
                    notify(message, 'success');
                  },
                })
              }
            </Dialog>
          )}
          {toast}
        </>
      }
    >
      {children(list, paging)}
    </ListScreen>
  );
}

/**
 * A list of one kind of movement (`/adjustments`: source 'ajuste'; `/mermas`: source
 * 'merma'): date, item, branch, signed quantity, reason and who.
 */
export function MovementListPage({
  name,
  path,
  texts,
  form,
}: {
  name: string;
  path: string;
  texts: MovementListTexts;
  form: (done: { onSaved: (message: string) => void; onCancel: () => void }) => ReactNode;
}) {
  return (
    <MoveListScreen<MovementRow, MovementSortColumn>
      name={name}
      path={path}
      texts={texts}
      schema={movementPageSchema}
      toRows={movementExportRows}
      form={form}
    >
      {(list, paging) => (
        <ListRows
          list={list}
          paging={paging}
          rowKey={movementRowKey}
          columns={MOVEMENT_COLUMNS}
          estimateSize={96}
          card={(row) => <MovementCard row={row} />}
        />
      )}
    </MoveListScreen>
  );
}
