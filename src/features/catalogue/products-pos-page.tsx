import { useCallback } from 'react';
import { formatMoney } from '../../../domain/format';
import { catalogueMessages } from '../../../domain/messages/catalogue';
import { counterItemPageSchema, type CounterItem, type CounterSortColumn } from '../../../domain/schemas/catalogue';
import { type SheetCell } from '../../ui/office-list/export-sheet';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useToast, type Notify } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { useStoredFilters } from '../../ui/office-list/use-stored-filters';
import { getErrorMessage } from '../../lib/api';
import { counterFilterParams, counterListQuery, NO_COUNTER_FILTERS, parseStoredCounterFilters, type CounterFilters } from './item-filters';
import { catalogueKeys, useItemMutations } from './queries';
import { SearchBox } from './search-box';
import './catalogue.css';

const text = catalogueMessages;
const pos = text.pos;
const noFilters = () => NO_COUNTER_FILTERS;
const rowKey = (row: CounterItem) => row.id;
const SHOW: readonly { value: CounterFilters['pos']; label: string }[] = [
  { value: '', label: pos.all },
  { value: '1', label: pos.atCounter },
  { value: '0', label: pos.notAtCounter },
];

type Toggle = (row: CounterItem, change: { is_published?: boolean; pos?: boolean }) => void;

/** The two switches of an item: published, and at the counter. Plain checkboxes: keyboard and touch alike. */
function CounterSwitch({
  row,
  field,
  onToggle,
  busy,
}: {
  row: CounterItem;
  field: 'is_published' | 'pos';
  onToggle: Toggle;
  busy: boolean;
}) {
  const label = field === 'pos' ? pos.atPos(row.name) : pos.published(row.name);
  return (
    <label className="counter-toggle">
      <input
        type="checkbox"
        aria-label={label}
        checked={row[field]}
        disabled={busy}
        onChange={(e) => onToggle(row, { [field]: e.target.checked })}
      />
      <span aria-hidden="true">{row[field] ? text.yes : text.no}</span>
    </label>
  );
}

function useColumns(onToggle: Toggle, busy: boolean): ListColumn<CounterItem, CounterSortColumn>[] {
  return [
    { key: 'name', sort: 'name', label: text.columns.name, cell: (row) => row.name },
    { key: 'unit', label: text.columns.unit, cell: (row) => row.unit.name, nowrap: true },
    { key: 'ean13', label: text.columns.ean13, cell: (row) => row.ean13 ?? '—', nowrap: true },
    { key: 'price', sort: 'price', label: pos.price, cell: (row) => formatMoney(row.price), numeric: true },
    {
      key: 'published',
      label: text.columns.published,
      cell: (row) => <CounterSwitch row={row} field="is_published" onToggle={onToggle} busy={busy} />,
    },
    { key: 'pos', label: text.columns.pos, cell: (row) => <CounterSwitch row={row} field="pos" onToggle={onToggle} busy={busy} /> },
  ];
}

function exportRows(rows: readonly CounterItem[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [text.columns.name]: row.name,
    [text.columns.unit]: row.unit.name,
    [text.columns.ean13]: row.ean13 ?? '',
    [pos.price]: row.price,
    [text.columns.published]: row.is_published ? text.yes : text.no,
    [text.columns.pos]: row.pos ? text.yes : text.no,
  }));
}

function useToggle(notify: Notify) {
  const { toggle } = useItemMutations();
  const run: Toggle = useCallback(
    (row, change) =>
      toggle.mutate(
        { id: row.id, body: change },
        { onSuccess: (saved) => notify(pos.changed(saved.name), 'success'), onError: (error) => notify(getErrorMessage(error), 'danger') },
      ),
    [toggle, notify],
  );
  return [run, toggle.isPending] as const;
}

/**
 * `/products-pos` ('Productos en mostrador'): the items as the point of sale reads
 * them (GET /api/v2/item/pos), with the counter price; the office switches each one's
 * 'Publicado' and 'Mostrador' here, and the point of sale sells what is both.
 */
export default function ProductsPosPage() {
  const paging = useListPaging<CounterSortColumn>();
  const { setPage } = paging;
  const [filters, save] = useStoredFilters('products-pos-filters', parseStoredCounterFilters, noFilters);
  const [notify, toast] = useToast();
  const [onToggle, busy] = useToggle(notify);
  const columns = useColumns(onToggle, busy);
  const list = usePagedList({
    queryKey: catalogueKeys.counter(filters),
    path: '/api/v2/item/pos',
    search: (page, total) => counterListQuery(filters, page, total),
    paging,
    schema: counterItemPageSchema,
  });
  const items = list.rows;
  const apply = useCallback(
    (next: CounterFilters) => {
      save(counterFilterParams(next).size > 0 ? next : null);
      setPage(1);
    },
    [save, setPage],
  );
  const onSearch = useCallback((search: string) => apply({ ...filters, search }), [apply, filters]);

  return (
    <ListScreen
      title={pos.title}
      list={list}
      paging={paging}
      loading={pos.loading}
      empty={pos.empty}
      toolbar={
        <>
          <SearchBox value={filters.search} onSearch={onSearch} />
          <div role="group" aria-label={text.show} className="segmented">
            {SHOW.map((option) => (
              <button
                key={option.value}
                type="button"
                className="outline-button"
                aria-pressed={filters.pos === option.value}
                onClick={() => apply({ ...filters, pos: option.value })}
              >
                {option.label}
              </button>
            ))}
          </div>
          <PageExport rows={items} file={pos.exportFile} sheet={pos.exportSheet} toRows={exportRows} notify={notify} />
        </>
      }
      above={<p className="catalogue-hint">{pos.hint}</p>}
      overlays={toast}
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={columns}
        estimateSize={120}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">{row.name}</span>
              <span>
                {pos.price}: {formatMoney(row.price)} · {row.unit.name}
              </span>
              <span>
                {text.columns.published} <CounterSwitch row={row} field="is_published" onToggle={onToggle} busy={busy} />
                {text.columns.pos} <CounterSwitch row={row} field="pos" onToggle={onToggle} busy={busy} />
              </span>
            </div>
          </div>
        )}
      />
    </ListScreen>
  );
}
