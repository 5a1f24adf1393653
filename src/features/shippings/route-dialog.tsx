import { useState } from 'react';
import { Dialog } from '../../ui/dialog';
import { driverMessages } from '../../../domain/messages/driver';
import type { ShippingSummary } from '../../../domain/schemas/shipping';
import { monterreyMinute } from '../../../domain/time';
import { getErrorMessage } from '../../lib/api';
import { KmForm } from '../../ui/route/route-form';
import { ProgressButtons } from '../../ui/route/route-view';
import { DetailPanel, type Notify } from './detail-panel';
import { RouteMapSection } from './route-map-section';
import { useShippingMutations } from './queries';

const text = driverMessages;

/**
 * The card view's full-screen 'Entregas' (spec §2): the route with its sales, and Iniciar,
 * Terminar (for those who edit routes) and Imprimir, and its 'Mapa'. Office changes go straight to the server.
 */
export function RouteDialog({
  shipping,
  canEdit,
  onPrint,
  notify,
  onClose,
}: {
  shipping: ShippingSummary;
  canEdit: boolean;
  onPrint?: (shipping: ShippingSummary) => void;
  notify: Notify;
  onClose: () => void;
}) {
  const [asking, setAsking] = useState<'start' | 'finish' | null>(null);
  const { update } = useShippingMutations();
  const save = (km: number) =>
    update
      .mutateAsync(
        asking === 'start'
          ? { id: shipping.id, initial_km: km, km_capture_time_start: monterreyMinute(new Date()) }
          : { id: shipping.id, final_km: km, km_capture_time: monterreyMinute(new Date()) },
      )
      .then(
        () => {
          notify(asking === 'start' ? text.routeStarted : text.routeFinished, 'success');
          setAsking(null);
          return null;
        },
        (error: unknown) => getErrorMessage(error),
      );

  return (
    <Dialog
      label={text.deliveries}
      title={`${text.deliveries} · ${text.routeFolio(shipping.id)}`}
      className="fullscreen-modal"
      onClose={onClose}
    >
      {asking ? (
        <KmForm label={asking === 'start' ? text.initialKm : text.finalKm} onSave={save} onCancel={() => setAsking(null)} />
      ) : canEdit ? (
        <ProgressButtons
          shipping={shipping}
          onStart={() => setAsking('start')}
          onFinish={() => setAsking('finish')}
          onPrint={() => onPrint?.(shipping)}
        />
      ) : (
        onPrint && (
          <div className="progress-buttons">
            <button type="button" className="touch-button" onClick={() => onPrint(shipping)}>
              {text.print}
            </button>
          </div>
        )
      )}
      <DetailPanel shipping={shipping} wide={false} notify={notify} />
      {/* The route's map and its order of stops (issue 47); Leaflet loads with the map, not with the dialog. */}
      <RouteMapSection shippingId={shipping.id} canEdit={canEdit} notify={notify} />
    </Dialog>
  );
}
