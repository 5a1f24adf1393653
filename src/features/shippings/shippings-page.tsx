import { IonActionSheet, IonButton, IonContent, IonPage, IonToast, useIonRouter } from '@ionic/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { isDeliveryDriver } from '../../../domain/app-routes';
import { Dialog } from '../../app/dialog';
import { messages } from '../../../domain/messages';
import { hasPermission } from '../../../domain/permissions';
import { filterParams, hasActiveFilters, type ShippingSort } from '../../../domain/shipping-list';
import type { Shipping } from '../../../domain/schemas/shipping';
import { AppHeader } from '../../app/app-header';
import { Pager } from '../../app/pager';
import { useShell } from '../../app/shell-context';
import { useSheet } from '../../app/use-sheet';
import { getErrorMessage } from '../../lib/api';
import { openPrintWindow } from '../../lib/session-store';
import { DriverHome } from '../driver/driver-home';
import type { Notify } from './detail-panel';
import { exportShippings } from './export-shippings';
import { FilterDrawer } from './filter-drawer';
import { useShippingMutations, useShippingsPage } from './queries';
import { ShippingForm } from './shipping-form';
import { ShippingRows, useWideScreen } from './shipping-rows';
import { useStoredFilters } from './stored-filters';
import { TotalsPanel } from './totals-panel';
import './shippings.css';
import { QueryStatus } from '../../app/query-status';

const text = messages.shippings;

/** `/shippings` and `/shippings/{id}`; a delivery driver gets their simplified list (spec §6). */
export default function ShippingsPage() {
  const { user } = useShell();
  return isDeliveryDriver(user) ? <DriverHome /> : <OfficeShippings />;
}

function OfficeShippings() {
  const { user, deployment } = useShell();
  const params = useParams<{ id?: string }>();
  const routeId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const [filters, saveFilters] = useStoredFilters(deployment.flags.shippingsDefaultToToday);
  const [sort, setSort] = useState<ShippingSort | null>(null);
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState<number>(15);
  const [filterOpen, setFilterOpen] = useState(false);
  const [totalsOpen, setTotalsOpen] = useState(false);
  const [menuFor, setMenuFor, menuSheet] = useSheet<Shipping>();
  const [editing, setEditing] = useState<Shipping | null>(null);
  const [deleting, setDeleting, deleteSheet] = useSheet<Shipping>();
  const [exporting, setExporting] = useState(false);
  const [toast, setToast] = useState<{ message: string; tone: 'success' | 'danger' } | null>(null);
  const wide = useWideScreen();
  const router = useIonRouter();
  const list = useShippingsPage({ filters, sort, page, itemsPerPage, routeId });
  const { remove } = useShippingMutations();
  const notify: Notify = useCallback((message, tone) => setToast({ message, tone }), []);

  const can = {
    details: hasPermission(user, 'shipping_details'),
    edit: hasPermission(user, 'editShippings'),
    delete: hasPermission(user, 'deleteShippings'),
    print: hasPermission(user, 'printShippings'),
    download: hasPermission(user, 'download'),
  };
  const shippings = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const size = itemsPerPage === 0 ? Math.max(total, 1) : itemsPerPage;
  const lastPage = Math.max(1, Math.ceil(total / size));
  // The range of the rows on screen: while the next page loads, the previous one stays, with its range.
  const from = shippings.length === 0 ? 0 : (list.data?.offset ?? 0) + 1;
  const to = shippings.length === 0 ? 0 : from + shippings.length - 1;
  // Deleting the last row of the last page steps back to the page that still has rows.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [list.data, list.isPlaceholderData, page, lastPage]);
  // Only what narrows the list counts: a folio that is not one is not sent (filterParams).
  const activeFilters = [...filterParams(filters).keys()].length;

  const print = useCallback((shipping: Shipping) => openPrintWindow({ kind: 'shipping', data: shipping }), []);
  const rowMenu = useCallback(
    (shipping: Shipping) => [
      ...(can.edit ? [{ text: text.edit, handler: () => setEditing(shipping) }] : []),
      ...(can.delete ? [{ text: text.delete, role: 'destructive', handler: () => setDeleting(shipping) }] : []),
      ...(can.print ? [{ text: text.print, handler: () => print(shipping) }] : []),
    ],
    [can.edit, can.delete, can.print, print, setDeleting],
  );
  // Built once per opening: a sheet given new buttons redraws them, under the person's finger.
  const menuButtons = useMemo(() => (menuFor ? [...rowMenu(menuFor), { text: text.cancel, role: 'cancel' }] : []), [menuFor, rowMenu]);
  const runExport = async () => {
    setExporting(true);
    try {
      await exportShippings(shippings);
    } catch (error) {
      notify(getErrorMessage(error), 'danger');
    } finally {
      setExporting(false);
    }
  };

  return (
    <IonPage>
      <AppHeader title={text.title} />
      <IonContent scrollY={false}>
        <div className={`shippings-screen${can.edit ? ' shippings-screen--with-add' : ''}`}>
          <div className="shippings-toolbar">
            {/* One route's page shows that route: no filters or totals over others. */}
            {routeId === undefined && (
              <>
                <button type="button" className="outline-button" onClick={() => setFilterOpen(true)} aria-haspopup="dialog">
                  {activeFilters > 0 ? text.filtersActive(activeFilters) : text.filters}
                </button>
                {/* Plain buttons: fewer web components at start, and Ionic's copies aria-expanded to its inner button only once. */}
                <button
                  type="button"
                  className="outline-button"
                  aria-expanded={totalsOpen}
                  aria-controls={totalsOpen ? 'shippings-totals' : undefined}
                  onClick={() => setTotalsOpen((open) => !open)}
                >
                  {text.totals}
                </button>
              </>
            )}
            {can.download && (
              <button type="button" className="outline-button" disabled={exporting || shippings.length === 0} onClick={() => void runExport()}>
                {exporting ? text.exporting : text.export}
              </button>
            )}
            {routeId !== undefined && (
              <IonButton fill="clear" routerLink="/shippings">
                {text.showAll}
              </IonButton>
            )}
          </div>
          {totalsOpen && routeId === undefined && <TotalsPanel id="shippings-totals" filters={filters} />}
          <QueryStatus query={list} loading={text.loading} />
          {list.data && shippings.length === 0 && <p className="empty-state">{text.empty}</p>}
          {shippings.length > 0 && (
            <ShippingRows
              shippings={shippings}
              wide={wide}
              busy={list.isFetching}
              sort={sort}
              onSort={(next) => {
                setSort(next);
                setPage(1);
              }}
              canExpand={can.details}
              canEditRoutes={can.edit}
              onMenu={setMenuFor}
              hasMenu={rowMenu(shippings[0]!).length > 0}
              onPrint={can.print ? print : undefined}
              onEdit={can.edit ? setEditing : undefined}
              onDelete={can.delete ? setDeleting : undefined}
              notify={notify}
            />
          )}
          <Pager
            itemsPerPage={itemsPerPage}
            onItemsPerPage={setItemsPerPage}
            page={page}
            onPage={setPage}
            lastPage={lastPage}
            range={{ from, to, total }}
          />
        </div>
        {can.edit && (
          // A plain link: Ionic's floating button would load on every user's first screen.
          <a
            href="/solitario"
            className="floating-add"
            aria-label={text.add}
            title={text.add}
            onClick={(event) => {
              event.preventDefault();
              router.push('/solitario');
            }}
          >
            <span aria-hidden="true">+</span>
          </a>
        )}
      </IonContent>
      {filterOpen && (
        <FilterDrawer
          filters={filters}
          onApply={(next) => {
            saveFilters(hasActiveFilters(next) ? next : null);
            setPage(1);
          }}
          onClear={() => {
            setPage(1);
            return saveFilters(null);
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}
      {menuFor && (
        <IonActionSheet
          key={menuSheet.key}
          isOpen
          header={messages.driver.routeFolio(menuFor.id)}
          buttons={menuButtons}
          onDidDismiss={menuSheet.onDidDismiss}
        />
      )}
      {deleting && (
        <IonActionSheet
          key={deleteSheet.key}
          isOpen
          header={text.deleteConfirm}
          buttons={[
            {
              text: text.delete,
              role: 'destructive',
              handler: () =>
                remove.mutate(deleting.id, {
                  onSuccess: () => notify(text.deleted(deleting.id), 'success'),
                  onError: (error) => notify(getErrorMessage(error), 'danger'),
                }),
            },
            { text: text.cancel, role: 'cancel' },
          ]}
          onDidDismiss={deleteSheet.onDidDismiss}
        />
      )}
      {editing && (
        <Dialog label={text.editTitle} onClose={() => setEditing(null)}>
          {(close) => (
            <ShippingForm
              shipping={editing}
              onCancel={close}
              onSaved={(saved) => {
                close();
                notify(text.saved(saved.id), 'success');
              }}
            />
          )}
        </Dialog>
      )}
      {/* Mounted only while there is something to say: one web component less at every start. */}
      {toast && (
        <IonToast
          isOpen
          message={toast.message}
          color={toast.tone}
          duration={toast.tone === 'danger' ? 6000 : 3000}
          onDidDismiss={() => setToast(null)}
        />
      )}
    </IonPage>
  );
}
