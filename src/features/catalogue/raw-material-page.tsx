import { useCallback, useState } from 'react';
import { formatQuantityOf } from '../../../domain/format';
import { catalogueMessages } from '../../../domain/messages/catalogue';
import { recipePageSchema, type RecipeRow } from '../../../domain/schemas/catalogue';
import { Dialog } from '../../ui/dialog';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { recipeListQuery, type RecipeSortColumn as SortColumn } from './item-filters';
import { catalogueKeys } from './queries';
import { RecipeForm } from './recipe-form';
import { SearchBox } from './search-box';
import './catalogue.css';

const text = catalogueMessages.recipes;
const rowKey = (row: RecipeRow) => row.id;
const menuLabel = (row: RecipeRow) => text.editFor(row.name);

function Components({ row }: { row: RecipeRow }) {
  return (
    <ul className="recipe-components">
      {row.components.map((component) => (
        <li key={component.component_id}>
          {component.name}: {formatQuantityOf(component.quantity, component.unit)}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: ListColumn<RecipeRow, SortColumn>[] = [
  { key: 'name', sort: 'name', label: text.columns.product, cell: (row) => row.name },
  { key: 'unit', label: text.columns.unit, cell: (row) => row.unit, nowrap: true },
  { key: 'components', label: text.columns.components, cell: (row) => <Components row={row} /> },
];

/**
 * `/raw-material` ('Materia Prima'): each product's recipe — which raw material and
 * how much per unit — searched by product; 'Nueva receta' and each recipe's 'Editar receta'
 * in a dialog. The database refuses a zero quantity, the product itself and a repeated raw
 * material; the server says so in Spanish and the dialog shows it.
 */
export default function RawMaterialPage() {
  const paging = useListPaging<SortColumn>();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<'new' | RecipeRow | null>(null);
  const [notify, toast] = useToast();
  const list = usePagedList({
    queryKey: catalogueKeys.recipes(search),
    path: '/api/v2/recipes',
    search: (page, total) => recipeListQuery(search, page, total),
    paging,
    schema: recipePageSchema,
  });
  const { setPage } = paging;
  const onSearch = useCallback(
    (next: string) => {
      setSearch(next);
      setPage(1);
    },
    [setPage],
  );
  const rowMenu = useCallback((row: RecipeRow) => [{ text: text.edit, handler: () => setForm(row) }], []);
  const menu = useRowMenu((row: RecipeRow) => row.name, rowMenu);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <SearchBox value={search} onSearch={onSearch} label={text.searchProduct} />
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setForm('new')}>
            {text.add}
          </button>
        </>
      }
      overlays={
        <>
          {menu.sheet}
          {form && (
            <Dialog label={form === 'new' ? text.add : text.formTitle(form.name)} onClose={() => setForm(null)}>
              {(close) => (
                <RecipeForm
                  editing={form === 'new' ? null : form}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(saved.components.length > 0 ? text.saved(saved.name) : text.removed(saved.name), 'success');
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
        rowKey={rowKey}
        columns={COLUMNS}
        menuLabel={menuLabel}
        onMenu={menu.open}
        estimateSize={120}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">{row.name}</span>
              <Components row={row} />
            </div>
            <button type="button" className="icon-button" aria-label={menuLabel(row)} onClick={() => menu.open(row)}>
              <span aria-hidden="true">⋮</span>
            </button>
          </div>
        )}
      />
    </ListScreen>
  );
}
