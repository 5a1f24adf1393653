import { formatCalendarDate } from '../../../domain/format';
import { lazy, Suspense, useEffect, useState } from 'react';
import { driverMessages } from '../../../domain/messages/driver';
import { homeMessages } from '../../../domain/messages/home';
import { longMonterreyDate } from '../../../domain/time';
import { ScreenLoading } from '../../ui/screen-loading';
import { useShell } from '../../ui/shell-context';
import { useDriverRoutes, type RouteSummary } from '../../sync/driver-reads';
import { PendingBadge } from '../../ui/sync/pending-badge';
import { useSyncStatus } from '../../sync/sync-context';

const text = driverMessages;
const loadRouteDeliveries = () => import('./route-deliveries');
const RouteDeliveries = lazy(loadRouteDeliveries);

/**
 * A delivery driver's routes on this device, today's first (spec §6), and 'Entregas' for the
 * one opened. Works offline: everything comes from the device store, and every action is a
 * sync command. Plain elements: this is what a driver's phone draws at every start.
 */
export function DriverRoutes() {
  const { user } = useShell();
  const routes = useDriverRoutes(user.id);
  const sync = useSyncStatus();
  const [openId, setOpenId] = useState<number | null>(null);
  const today = longMonterreyDate(new Date());
  // Until the first pull arrives an empty list only means "not downloaded yet".
  const loading = routes === undefined || !sync.loaded || (routes.length === 0 && sync.lastPulledAt === null);
  // 'Entregas' (and Ionic with it) starts loading at the first touch, before the tap ends.
  useEffect(() => {
    const warm = () => void loadRouteDeliveries();
    window.addEventListener('pointerdown', warm, { once: true, capture: true });
    return () => window.removeEventListener('pointerdown', warm, { capture: true });
  }, []);

  return (
    <>
      <h1 className="page-heading">{homeMessages.greeting(user.name)}</h1>
      <p className="page-subheading">
        {homeMessages.today}: {today}
      </p>
      <h2 className="section-heading">{text.routes}</h2>
      {loading ? (
        <div className="centered" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{text.loadingRoutes}</span>
        </div>
      ) : routes.length === 0 ? (
        <p className="empty-state">{text.noRoutes}</p>
      ) : (
        <ul className="route-list">
          {routes.map((route) => (
            <RouteItem key={route.shipping.id} route={route} onOpen={() => setOpenId(route.shipping.id)} />
          ))}
        </ul>
      )}
      {openId !== null && (
        <Suspense fallback={<ScreenLoading />}>
          <RouteDeliveries shippingId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </>
  );
}

/** One route: a whole-row button with a native progress bar, large enough for a thumb. */
function RouteItem({ route, onOpen }: { route: RouteSummary; onOpen: () => void }) {
  const { shipping, counts } = route;
  const total = counts.pending + counts.delivered + counts.rejected;
  const done = counts.delivered + counts.rejected;
  return (
    <li>
      <button type="button" className="route-item" onClick={onOpen} aria-haspopup="dialog">
        <span className="route-item__folio">{text.routeWithKind(shipping.id, shipping.kind)}</span>
        <span className="route-item__line">
          {route.isToday && <span className="status-chip status-chip--today">{text.today}</span>}
          {formatCalendarDate(shipping.date)} · {text.vehicle}: {shipping.vehicle?.name ?? text.noVehicle}
        </span>
        <span className="route-item__line">{text.counts(counts.pending, counts.delivered, counts.rejected)}</span>
        {total > 0 && <progress className="route-item__progress" max={total} value={done} aria-label={text.progress(done, total)} />}
        <PendingBadge records={route.records} />
      </button>
    </li>
  );
}
