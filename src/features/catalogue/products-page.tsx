import { useCallback, useId, useState } from 'react';
import { catalogueMessages } from '../../../domain/messages/catalogue';
import { itemPageSchema, type ItemRow, type ItemSortColumn } from '../../../domain/schemas/catalogue';
import { Dialog } from '../../ui/dialog';
import { ListRows } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { useStoredFilters } from '../../ui/office-list/use-stored-filters';
import { itemFilterParams, itemListQuery, NO_ITEM_FILTERS, parseStoredItemFilters, type ItemFilters } from './item-filters';
import { ItemForm } from './item-form';
import { ITEM_COLUMNS, ItemCard, itemExportRows, itemRowKey } from './item-rows';
import { catalogueKeys, useCategories } from './queries';
import { SearchBox } from './search-box';
import './catalogue.css';

const text = catalogueMessages;
const noFilters = () => NO_ITEM_FILTERS;
const menuLabel = (row: ItemRow) => text.actionsFor(row.name);
const SHOW: readonly { value: ItemFilters['published']; label: string }[] = [
  { value: '', label: text.all },
  { value: '1', label: text.published },
  { value: '0', label: text.unpublished },
];

/**
 * `/products` ('Productos'): the catalogue with each item's stock (the signed sum of
 * its movements), searched by name, narrowed by category and published, kept until cleared;
 * server paged and sorted, Excel export of the page; 'Nuevo producto' (with its opening
 * stock) and each item's 'Editar' in a dialog.
 */
export default function ProductsPage() {
  const paging = useListPaging<ItemSortColumn>();
  const { setPage } = paging;
  const [filters, save] = useStoredFilters('products-filters', parseStoredItemFilters, noFilters);
  const categories = useCategories();
  const [form, setForm] = useState<'new' | ItemRow | null>(null);
  const [notify, toast] = useToast();
  const categoryId = useId();
  const list = usePagedList({
    queryKey: catalogueKeys.items(filters),
    path: '/api/v2/items',
    search: (page, total) => itemListQuery(filters, page, total),
    paging,
    schema: itemPageSchema,
  });
  const items = list.rows;
  const narrowed = itemFilterParams(filters).size > 0;

  const apply = useCallback(
    (next: ItemFilters) => {
      save(itemFilterParams(next).size > 0 ? next : null);
      setPage(1);
    },
    [save, setPage],
  );
  const onSearch = useCallback((search: string) => apply({ ...filters, search }), [apply, filters]);
  const rowMenu = useCallback((row: ItemRow) => [{ text: text.edit, handler: () => setForm(row) }], []);
  const menu = useRowMenu((row: ItemRow) => row.name, rowMenu);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={narrowed ? text.noMatch : text.empty}
      toolbar={
        <>
          <SearchBox value={filters.search} onSearch={onSearch} />
          <label className="visually-hidden" htmlFor={categoryId}>
            {text.category}
          </label>
          <select
            id={categoryId}
            className="catalogue-toolbar-select"
            value={filters.categoryId ?? ''}
            onChange={(e) => apply({ ...filters, categoryId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{text.anyCategory}</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <div role="group" aria-label={text.show} className="segmented">
            {SHOW.map((option) => (
              <button
                key={option.value}
                type="button"
                className="outline-button"
                aria-pressed={filters.published === option.value}
                onClick={() => apply({ ...filters, published: option.value })}
              >
                {option.label}
              </button>
            ))}
          </div>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setForm('new')}>
            {text.add}
          </button>
          <PageExport rows={items} file={text.exportFile} sheet={text.exportSheet} toRows={itemExportRows} notify={notify} />
        </>
      }
      overlays={
        <>
          {menu.sheet}
          {form && (
            <Dialog label={form === 'new' ? text.formTitle : text.editTitle(form.name)} onClose={() => setForm(null)}>
              {(close) => (
                <ItemForm
                  editing={form === 'new' ? null : form}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.saved(saved.name), 'success');
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
        rowKey={itemRowKey}
        columns={ITEM_COLUMNS}
        menuLabel={menuLabel}
        onMenu={menu.open}
        estimateSize={140}
        card={(row) => <ItemCard row={row} onMenu={menu.open} />}
      />
    </ListScreen>
  );
}
