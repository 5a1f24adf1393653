import { IonContent, IonModal, IonPage, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { longMonterreyDate } from '../../../domain/time';
import { AppHeader } from '../../app/app-header';
import { useShell } from '../../app/shell-context';
import { useDriverRoutes, type RouteSummary } from '../../sync/driver-reads';
import { PendingBadge } from '../../sync/pending-badge';
import { useSyncStatus } from '../../sync/sync-context';
import { formatDate } from './driver-input';
import { RouteDeliveries } from './route-deliveries';

const text = messages.driver;

/**
 * A delivery driver's home (spec §6): their routes on this device, today's first. Works
 * offline: everything comes from the device store, and every action is a sync command.
 */
export function DriverHome() {
  const { user } = useShell();
  const routes = useDriverRoutes(user.id);
  const sync = useSyncStatus();
  const [openId, setOpenId] = useState<number | null>(null);
  const today = longMonterreyDate(new Date());
  // Until the first pull arrives an empty list only means "not downloaded yet".
  const loading = routes === undefined || !sync.loaded || (routes.length === 0 && sync.lastPulledAt === null);

  return (
    <IonPage>
      <AppHeader title={messages.shell.home} />
      <IonContent className="ion-padding">
        <h1 className="page-heading">{messages.home.greeting(user.name)}</h1>
        <p className="page-subheading">
          {messages.home.today}: {today}
        </p>
        <h2 className="section-heading">{text.routes}</h2>
        {loading ? (
          <div className="centered" role="status">
            <IonSpinner aria-hidden="true" />
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
          <IonModal isOpen onDidDismiss={() => setOpenId(null)} className="fullscreen-modal" aria-label={text.deliveries}>
            <RouteDeliveries shippingId={openId} onClose={() => setOpenId(null)} />
          </IonModal>
        )}
      </IonContent>
    </IonPage>
  );
}

/**
 * One route: a whole-row button with a native progress bar, not an Ionic item — the list
 * is drawn at every start of a driver's phone, and plain elements cost it far less.
 */
function RouteItem({ route, onOpen }: { route: RouteSummary; onOpen: () => void }) {
  const { shipping, counts } = route;
  const total = counts.pending + counts.delivered + counts.rejected;
  const done = counts.delivered + counts.rejected;
  return (
    <li>
      <button type="button" className="route-item" onClick={onOpen}>
        <span className="route-item__folio">{text.routeFolio(shipping.id)}</span>
        <span className="route-item__line">
          {route.isToday && <span className="status-chip status-chip--today">{text.today}</span>}
          {formatDate(shipping.date)} · {text.vehicle}: {shipping.vehicle?.name ?? text.noVehicle}
        </span>
        <span className="route-item__line">{text.counts(counts.pending, counts.delivered, counts.rejected)}</span>
        {total > 0 && <progress className="route-item__progress" max={total} value={done} aria-label={text.progress(done, total)} />}
        <PendingBadge records={route.records} />
      </button>
    </li>
  );
}
