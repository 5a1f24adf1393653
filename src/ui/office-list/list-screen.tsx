import { useState, type ReactNode } from 'react';
import { listMessages } from '../../../domain/messages/office-list';
import { getErrorMessage } from '../../lib/api';
import { Pager } from '../pager';
import { QueryStatus } from '../query-status';
import { AppLink } from '../app-link';
import { ScreenPage } from '../screen-chrome';
import type { ListPagingState, PagedList } from './use-paged-list';
import './office-list.css';

const text = listMessages;

/**
 * An office list screen (docs/architecture.md 'Office screens'): its toolbar, what sits above the
 * rows (totals), 'Cargando…' / the error with 'Reintentar' / the empty text, the rows (table
 * or cards, given as children), the pager, the floating add button, and the screen's
 * overlays (sheets, dialogs, the toast) after the content.
 */
export function ListScreen({
  title,
  toolbar,
  above,
  list,
  paging,
  loading,
  empty,
  add,
  overlays,
  children,
}: {
  title: string;
  toolbar: ReactNode;
  above?: ReactNode;
  list: Pick<PagedList, 'query' | 'rows' | 'range' | 'lastPage'>;
  paging: Pick<ListPagingState<string>, 'page' | 'setPage' | 'itemsPerPage' | 'setItemsPerPage'>;
  loading: string;
  empty: string;
  add?: { href: string; label: string };
  overlays?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ScreenPage title={title} layout="fixed" overlays={overlays}>
      <div className={`office-list${add ? ' office-list--with-add' : ''}`}>
        {/* The top bar shows the title; the page's heading names it for screen readers. */}
        <h1 className="visually-hidden">{title}</h1>
        <div className="office-list__toolbar">{toolbar}</div>
        {above}
        <QueryStatus query={list.query} loading={loading} />
        {list.query.data && list.rows.length === 0 && <p className="empty-state">{empty}</p>}
        {list.rows.length > 0 && children}
        <Pager
          itemsPerPage={paging.itemsPerPage}
          onItemsPerPage={paging.setItemsPerPage}
          page={paging.page}
          onPage={paging.setPage}
          lastPage={list.lastPage}
          range={list.range}
        />
      </div>
      {add && <FloatingAdd {...add} />}
    </ScreenPage>
  );
}

/** 'Filtros', or 'Filtros (n)' with n filters that narrow the list. */
export function FiltersButton({ active, onOpen }: { active: number; onOpen: () => void }) {
  return (
    <button type="button" className="outline-button" onClick={onOpen} aria-haspopup="dialog">
      {active > 0 ? text.filtersActive(active) : text.filters}
    </button>
  );
}

/**
 * 'Totales', opening the panel `controls` names. A plain button: fewer web components at
 * start, and Ionic's copies aria-expanded to its inner button only once.
 */
export function TotalsToggle({ open, onToggle, controls }: { open: boolean; onToggle: () => void; controls: string }) {
  return (
    <button type="button" className="outline-button" aria-expanded={open} aria-controls={open ? controls : undefined} onClick={onToggle}>
      {text.totals}
    </button>
  );
}

/** 'Exportar a Excel' of the page on screen; a failure is told through `onError`. */
export function ExportButton({
  run,
  disabled,
  onError,
}: {
  run: () => Promise<void>;
  disabled: boolean;
  onError: (message: string) => void;
}) {
  const [exporting, setExporting] = useState(false);
  const start = async () => {
    setExporting(true);
    try {
      await run();
    } catch (error) {
      onError(getErrorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <button type="button" className="outline-button" disabled={exporting || disabled} onClick={() => void start()}>
      {exporting ? text.exporting : text.export}
    </button>
  );
}

/** The floating add button. A plain link: Ionic's floating button would load on every user's first screen. */
function FloatingAdd({ href, label }: { href: string; label: string }) {
  return (
    <AppLink href={href} className="floating-add" label={label}>
      <span aria-hidden="true">+</span>
    </AppLink>
  );
}
