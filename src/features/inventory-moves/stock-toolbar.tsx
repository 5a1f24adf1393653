import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { pagedQuery } from '../../../domain/office-list';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { inventoryMoveKeys, useBranches } from './queries';

const text = inventoryMovesMessages;

/** The stock screens' own filters: a branch (or all) and a product name, kept in browser storage (spec §9). */
export interface StockFilters {
  branchId: number | null;
  name: string;
}

export function readStockFilters(key: string): StockFilters {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<StockFilters> | null;
    return {
      branchId: Number.isInteger(value?.branchId) && value!.branchId! > 0 ? value!.branchId! : null,
      name: typeof value?.name === 'string' ? value.name.slice(0, 100) : '',
    };
  } catch {
    return { branchId: null, name: '' };
  }
}

/**
 * The filters and what keeps them; the name applies a moment after typing stops. Any change
 * goes back to the first page (`setPage` is the list's, stable).
 */
export function useStockFilters(
  key: string,
  setPage: (page: number) => void,
): [StockFilters, (change: Partial<StockFilters>) => void, string, (typed: string) => void] {
  const [filters, setFilters] = useState<StockFilters>(() => readStockFilters(key));
  const [typed, setTyped] = useState(filters.name);
  const update = useCallback(
    (change: Partial<StockFilters>) => {
      setFilters((current) => {
        const next = { ...current, ...change };
        try {
          if (next.branchId === null && next.name === '') localStorage.removeItem(key);
          else localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Storage full: the filters still apply now, they are only not kept for the next visit.
        }
        return next;
      });
      setPage(1);
    },
    [key, setPage],
  );
  useEffect(() => {
    if (typed.trim() === filters.name) return;
    const timer = setTimeout(() => update({ name: typed.trim() }), 300);
    return () => clearTimeout(timer);
  }, [typed, filters.name, update]);
  return [filters, update, typed, setTyped];
}

export function StockToolbar({
  filters,
  onChange,
  typed,
  onType,
  children,
}: {
  filters: StockFilters;
  onChange: (change: Partial<StockFilters>) => void;
  typed: string;
  onType: (typed: string) => void;
  children?: ReactNode;
}) {
  const branches = useBranches();
  const ids = { branch: useId(), search: useId() };
  return (
    <>
      <div className="field inventory-moves__toolbar-field">
        <label htmlFor={ids.branch}>{text.branch}</label>
        <select
          id={ids.branch}
          value={filters.branchId ?? ''}
          onChange={(e) => onChange({ branchId: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{text.anyBranch}</option>
          {branches.data?.map((branch) => (
            <option key={branch.id} value={branch.id}>
              {branch.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field inventory-moves__toolbar-field">
        <label htmlFor={ids.search}>{text.search}</label>
        <input id={ids.search} type="search" value={typed} onChange={(e) => onType(e.target.value)} />
      </div>
      {children}
    </>
  );
}

export function stockParams(filters: StockFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.branchId !== null) params.set('filter[branch_id]', String(filters.branchId));
  if (filters.name) params.set('filter[name]', filters.name);
  return params;
}

/**
 * A stock list (at cost, at the counter): paged and sorted, narrowed by the stock toolbar
 * (kept under `storageKey`) and by what `narrow` adds. `meta` is the page's whole meta as its
 * schema reads it (the total value, the low count), which the list kit types only as `total`.
 */
export function useStockList<Row, C extends string, Meta extends { total: number }>({
  name,
  storageKey,
  path,
  schema,
  narrow,
}: {
  name: string;
  storageKey: string;
  path: string;
  schema: { parse(input: unknown): { data: Row[]; meta: Meta } };
  narrow?: { key: Record<string, unknown>; params: (params: URLSearchParams) => void };
}) {
  const paging = useListPaging<C>();
  const [filters, onChange, typed, onType] = useStockFilters(storageKey, paging.setPage);
  const list = usePagedList({
    queryKey: inventoryMoveKeys.list(name, { ...filters, ...narrow?.key }),
    path,
    search: (page, total) => {
      const params = stockParams(filters);
      narrow?.params(params);
      return pagedQuery(params, page, total);
    },
    paging,
    schema,
  });
  const meta = list.query.data?.meta as Meta | undefined;
  return { paging, list, meta, toolbar: { filters, onChange, typed, onType } };
}
