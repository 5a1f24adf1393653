import { useState } from 'react';
import { deliveryMapMessages } from '../../../domain/messages/delivery-map';
import { monterreyDate } from '../../../domain/time';
import { QueryStatus } from '../../ui/query-status';
import { useDayRoutes, useMapConfig } from '../../ui/route-map/map-queries';
import { RouteList, RouteMap } from '../../ui/route-map/route-map';
import { ScreenPage } from '../../ui/screen-chrome';
import './delivery-map.css';

const text = deliveryMapMessages;

/**
 * `/mapa` (issue 47): a day's routes — today's unless another date is chosen — on the map, with
 * the same routes and stops as text beside it. Live: a truck moves as its phone reports, and a
 * route is read again when it changes (a delivery, a new order of stops).
 */
export default function DeliveryMapPage() {
  const [date, setDate] = useState(() => monterreyDate(new Date()));
  const config = useMapConfig();
  const routes = useDayRoutes(date);
  const shown = routes.data ?? [];

  return (
    <ScreenPage title={text.title}>
      <div className="field delivery-map__date">
        <label htmlFor="delivery-map-date">{text.date}</label>
        <input
          id="delivery-map-date"
          type="date"
          value={date}
          required
          // An emptied field keeps the day shown: the map always has one day.
          onChange={(event) => event.target.value && setDate(event.target.value)}
        />
      </div>
      <QueryStatus query={routes} loading={text.loading} />
      {routes.data && shown.length === 0 && <p className="empty-state">{text.empty}</p>}
      {shown.length > 0 && (
        <div className="delivery-map">
          <RouteMap routes={shown} config={config.data} label={text.mapLabel} />
          <div className="delivery-map__list">
            <RouteList routes={shown} />
          </div>
        </div>
      )}
    </ScreenPage>
  );
}
