import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { AppLink } from '../../ui/app-link';
import { Dialog } from '../../ui/dialog';
import { deliveryMapMessages } from '../../../domain/messages/delivery-map';
import { driverMessages } from '../../../domain/messages/driver';
import { shippingsMessages } from '../../../domain/messages/shippings';
import { hasPermission } from '../../../domain/permissions';
import type { ShippingSummary } from '../../../domain/schemas/shipping';
import { FiltersButton, ListScreen, TotalsToggle } from '../../ui/office-list/list-screen';
import { useConfirmSheet, useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { useWideScreen } from '../../ui/office-list/use-wide-screen';
import { useRecordId } from '../../ui/record-screen';
import { useShell } from '../../ui/shell-context';
import { getErrorMessage } from '../../lib/api';
import { openPrintWindowAfter } from '../../lib/session-store';
import { SHIPPING_SHEET } from './export-shippings';
import { DriverCutSection } from './driver-cut';
import { FilterDrawer } from './filter-drawer';
import { fetchFullShipping, useShippingMutations } from './queries';
import { ShippingForm } from './shipping-form';
import { ShippingRows } from './shipping-rows';
import { shippingListSource } from './shipping-list-source';
import { TotalsPanel } from './totals-panel';
import './shippings.css';

const text = shippingsMessages;
// One route's map (issue 47) loads only on that route's page: the list does not carry it.
const RouteMapSection = lazy(() => import('./route-map-section').then((module) => ({ default: module.RouteMapSection })));
const routeHeader = (shipping: ShippingSummary) => driverMessages.routeFolio(shipping.id);

/** `/shippings` and `/shippings/{id}` for the office (a delivery driver gets their own list, app/shippings-screen.tsx). */
export default function OfficeShippings() {
  const { user, deployment } = useShell();
  const routeId = useRecordId('id') ?? undefined;
  const defaultToToday = deployment.flags.shippingsDefaultToToday;
  const source = useMemo(() => shippingListSource(defaultToToday, routeId), [defaultToToday, routeId]);
  const { paging, filters, button, drawer, list } = useFilteredList(source);
  const [totalsOpen, setTotalsOpen] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  const [editing, setEditing] = useState<ShippingSummary | null>(null);
  const [notify, toast] = useToast();
  const wide = useWideScreen();
  const { remove } = useShippingMutations();
  const confirmDelete = useConfirmSheet<ShippingSummary>(
    (deleting) => ({
      header: text.deleteConfirm,
      confirm: text.delete,
      destructive: true,
      onConfirm: () =>
        remove.mutate(deleting.id, {
          onSuccess: () => notify(text.deleted(deleting.id), 'success'),
          onError: (error) => notify(getErrorMessage(error), 'danger'),
        }),
    }),
    text.cancel,
  );
  const setDeleting = confirmDelete.ask;

  const can = {
    details: hasPermission(user, 'shipping_details'),
    edit: hasPermission(user, 'editShippings'),
    delete: hasPermission(user, 'deleteShippings'),
    print: hasPermission(user, 'printShippings'),
    receiveCut: hasPermission(user, 'collections'),
  };
  const shippings = list.rows;

  // The manifest lists each sale's lines: the whole route is read as the window opens.
  const print = useCallback(
    (shipping: ShippingSummary) =>
      void openPrintWindowAfter(async () => ({ kind: 'shipping', data: await fetchFullShipping(shipping.id) })).catch((error: unknown) =>
        notify(getErrorMessage(error), 'danger'),
      ),
    [notify],
  );
  const rowMenu = useCallback(
    (shipping: ShippingSummary) => [
      ...(can.edit ? [{ text: text.edit, handler: () => setEditing(shipping) }] : []),
      ...(can.delete ? [{ text: text.delete, role: 'destructive', handler: () => setDeleting(shipping) }] : []),
      ...(can.print ? [{ text: text.print, handler: () => print(shipping) }] : []),
    ],
    [can.edit, can.delete, can.print, print, setDeleting],
  );
  const menu = useRowMenu(routeHeader, rowMenu);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      add={can.edit ? { href: '/solitario', label: text.add } : undefined}
      toolbar={
        <>
          {/* One route's page shows that route: no filters or totals over others. */}
          {routeId === undefined && (
            <>
              <FiltersButton {...button} />
              <TotalsToggle open={totalsOpen} onToggle={() => setTotalsOpen((open) => !open)} controls="shippings-totals" />
            </>
          )}
          <PageExport rows={shippings} {...SHIPPING_SHEET} notify={notify} />
          {routeId !== undefined && (
            <AppLink href="/shippings" className="outline-button shippings__show-all">
              {text.showAll}
            </AppLink>
          )}
        </>
      }
      above={totalsOpen && routeId === undefined && <TotalsPanel id="shippings-totals" filters={filters} />}
      overlays={
        <>
          {drawer && <FilterDrawer {...drawer} />}
          {menu.sheet}
          {confirmDelete.sheet}
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
          {toast}
        </>
      }
    >
      <ShippingRows
        shippings={shippings}
        wide={wide}
        busy={{ queryKey: list.queryKey }}
        sort={paging.sort}
        onSort={paging.setSort}
        canExpand={can.details}
        canEditRoutes={can.edit}
        onMenu={menu.open}
        hasMenu={can.edit || can.delete || can.print}
        onPrint={can.print ? print : undefined}
        onEdit={can.edit ? setEditing : undefined}
        onDelete={can.delete ? setDeleting : undefined}
        notify={notify}
      />
      {/* One route's page adds the money its driver brings back. */}
      {routeId !== undefined && <DriverCutSection shippingId={routeId} canReceive={can.receiveCut} notify={notify} />}
      {/* The route's map and stop order open when asked: the page's list keeps its place until then. */}
      {routeId !== undefined && (
        <button type="button" className="outline-button" aria-expanded={mapOpen} onClick={() => setMapOpen((open) => !open)}>
          {mapOpen ? deliveryMapMessages.hideRouteMap : deliveryMapMessages.showRouteMap}
        </button>
      )}
      {routeId !== undefined && mapOpen && (
        <Suspense fallback={null}>
          <RouteMapSection shippingId={routeId} canEdit={can.edit} notify={notify} />
        </Suspense>
      )}
    </ListScreen>
  );
}
