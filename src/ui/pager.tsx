import { pagerMessages } from '../../domain/messages/office-list';

/** Page sizes of spec §9; 0 is "all" (the total). */
export const PAGE_SIZES = [15, 30, 50, 0] as const;

const text = pagerMessages;

/**
 * The pager under a server-paged list (spec §9): page size (15, 30, 50, Todos), the range
 * on screen, Anterior and Siguiente. Changing the size goes back to the first page.
 */
export function Pager({
  itemsPerPage,
  onItemsPerPage,
  page,
  onPage,
  lastPage,
  range,
  className = 'pager',
}: {
  itemsPerPage: number;
  onItemsPerPage: (size: number) => void;
  page: number;
  onPage: (page: number) => void;
  lastPage: number;
  range: { from: number; to: number; total: number };
  className?: string;
}) {
  return (
    <div className={className}>
      {/* A native select: Ionic's would add its popover and overlays to the shared shell bundle. */}
      <label className="pager__size">
        {text.perPage}
        <select
          value={itemsPerPage}
          onChange={(e) => {
            onItemsPerPage(Number(e.target.value));
            onPage(1);
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? text.all : String(n)}
            </option>
          ))}
        </select>
      </label>
      <span aria-live="polite">{text.range(range.from, range.to, range.total)}</span>
      <button type="button" className="outline-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {text.previous}
      </button>
      <button type="button" className="outline-button" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {text.next}
      </button>
    </div>
  );
}
