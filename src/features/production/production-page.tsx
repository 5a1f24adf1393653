import { useState } from 'react';
import { listMessages } from '../../../domain/messages/office-list';
import { productionMessages } from '../../../domain/messages/production';
import { PRODUCTION_STATUSES } from '../../../domain/production';
import { productionPageSchema, type ProductionSortColumn, type ProductionRow } from '../../../domain/schemas/production';
import { Dialog } from '../../ui/dialog';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { NO_PRODUCTION_FILTERS, parseStoredProductionFilters, productionFilterParams, type ProductionFilters } from './production-filters';
import { ProductionForm } from './production-form';
import { PRODUCTION_COLUMNS, ProductionCard, productionExportRows, productionRowKey } from './production-rows';
import { productionKeys } from './queries';
import { useScreenChrome } from '../../ui/screen-chrome';
import './production.css';

const text = productionMessages;
const noFilters = () => NO_PRODUCTION_FILTERS;

/** Where the list's rows come from and where its filters are kept. */
const LIST: FilteredListSource<ProductionFilters, ProductionRow, ProductionSortColumn> = {
  storeKey: 'production-filters',
  parse: parseStoredProductionFilters,
  empty: noFilters,
  params: productionFilterParams,
  queryKey: (filters) => productionKeys.list(filters),
  path: '/api/v2/productions',
  schema: productionPageSchema,
};

const STATUS_OPTIONS = PRODUCTION_STATUSES.map((status) => ({ value: status, label: text.statuses[status] }));

/**
 * `/production` ('Producción'): the production orders, those the office plans and
 * those the warehouse started from an order ('comenzar producción'), newest first, by status
 * and day (kept until cleared), with Excel export of the page; 'Nueva producción' plans one
 * from products with a recipe and opens it.
 */
export default function ProductionPage() {
  const { navigate } = useScreenChrome();
  const { paging, button, drawer, list } = useFilteredList(LIST);
  const [adding, setAdding] = useState(false);
  const [notify, toast] = useToast();
  const rows = list.rows;

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            {text.add}
          </button>
          <FiltersButton {...button} />
          <PageExport
            rows={rows}
            file={text.exportFile}
            sheet={text.exportSheet}
            toRows={productionExportRows}
            moments={[text.columns.createdAt, text.columns.startedAt, text.columns.finishedAt]}
            notify={notify}
          />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={listMessages.filters} {...drawer}>
              {(draft, set) => (
                <ChoiceField
                  label={text.status}
                  anyLabel={text.allStatuses}
                  options={STATUS_OPTIONS}
                  value={draft.status}
                  onChange={(status) => set({ status })}
                />
              )}
            </FilterDrawer>
          )}
          {adding && (
            <Dialog label={text.formTitle} onClose={() => setAdding(false)}>
              {(close) => (
                <ProductionForm
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.created(saved.id), 'success');
                    navigate(`/productions/${saved.id}`);
                  }}
                />
              )}
            </Dialog>
          )}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={productionRowKey}
        columns={PRODUCTION_COLUMNS}
        estimateSize={120}
        card={(row) => <ProductionCard row={row} />}
      />
    </ListScreen>
  );
}
