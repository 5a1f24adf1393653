import type { ActionSheetButton, ToastButton } from '@ionic/react';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import { getErrorMessage } from '../../lib/api';
import { Pager } from '../pager';
import { QueryStatus } from '../query-status';
import { ScreenPage, useShellNavigate } from '../screen-chrome';
import { useSheet } from '../use-sheet';
import type { ListPagingState, PagedList } from './use-paged-list';
import './office-list.css';

const text = messages.list;
// Ionic's toast and sheet load when first shown: a list opened at its address draws without Ionic.
const ListToast = lazy(() => import('./list-overlays').then((module) => ({ default: module.ListToast })));
const RowMenuSheet = lazy(() => import('./list-overlays').then((module) => ({ default: module.RowMenuSheet })));

/**
 * An office list screen (architecture.md 'Office screens'): its toolbar, what sits above the
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

/**
 * A link to another screen of the app, followed by the shell (Ionic's page transition, or a
 * light start's hand-over; no reload); with a modifier key or another button it is an
 * ordinary link (a new tab).
 */
export function ListLink({
  href,
  className,
  label,
  title = label,
  children,
}: {
  href: string;
  className?: string;
  /** A name for a link without text (an icon); a link with text is named by it. */
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  const navigate = useShellNavigate();
  return (
    <a
      href={href}
      className={className}
      aria-label={label}
      title={title}
      onClick={(event) => {
        if (!navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** The floating add button. A plain link: Ionic's floating button would load on every user's first screen. */
function FloatingAdd({ href, label }: { href: string; label: string }) {
  return (
    <ListLink href={href} className="floating-add" label={label}>
      <span aria-hidden="true">+</span>
    </ListLink>
  );
}

export type Tone = 'success' | 'danger';
export type Notify = (message: string, tone: Tone, button?: ToastButton) => void;

/** The screen's one toast: mounted only while there is something to say, one web component less at every start. */
export function useListToast(): [Notify, ReactNode] {
  const [toast, setToast] = useState<{ message: string; tone: Tone; button?: ToastButton } | null>(null);
  const notify: Notify = useCallback((message, tone, button) => setToast({ message, tone, button }), []);
  const element = toast && (
    <Suspense fallback={null}>
      <ListToast {...toast} onDismissed={() => setToast(null)} />
    </Suspense>
  );
  return [notify, element];
}

/**
 * A row's menu as an action sheet (the cancel button added). `actions` answers what the
 * person may do with a row; keep it stable (useCallback). A row with no actions has no menu.
 */
export function useRowMenu<Row>(
  header: (row: Row) => string,
  actions: (row: Row) => ActionSheetButton[],
): { open: (row: Row) => void; sheet: ReactNode } {
  const [menuFor, setMenuFor, menuSheet] = useSheet<Row>();
  // Built once per opening: a sheet given new buttons redraws them, under the person's finger.
  const buttons = useMemo(() => (menuFor ? [...actions(menuFor), { text: text.cancel, role: 'cancel' }] : []), [menuFor, actions]);
  const sheet = menuFor && (
    <Suspense key={menuSheet.key} fallback={null}>
      <RowMenuSheet header={header(menuFor)} buttons={buttons} onDismissed={menuSheet.onDidDismiss} />
    </Suspense>
  );
  return { open: setMenuFor, sheet };
}
