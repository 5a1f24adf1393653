import { lazy, Suspense } from 'react';
import { deliveryMapMessages } from '../../../domain/messages/delivery-map';
import { STOP_STATES, type MapConfig, type MapRoute, type MapStop } from '../../../domain/schemas/tracking';
import { clockTime, driverName, etaText, routeColour, STOP_COLOURS } from './route-map-state';
import './route-map.css';

/**
 * The kit's map of routes: the map itself (Leaflet, loaded with the first map drawn, never with
 * the screen that holds it), its legend, and the list of the same routes and stops as text — the
 * map is never the only way to read where a truck is or when it arrives.
 */
const text = deliveryMapMessages;
const LeafletMap = lazy(() => import('./leaflet-map'));

export function RouteMap({ routes, config, label }: { routes: readonly MapRoute[]; config: MapConfig | undefined; label: string }) {
  const tiles = config?.tiles ?? null;
  return (
    <div className="route-map">
      <Suspense fallback={<div className="route-map__canvas route-map__canvas--plain" aria-busy="true" />}>
        <LeafletMap routes={routes} tiles={tiles} label={label} />
      </Suspense>
      {config && !tiles && <p className="field-hint">{text.noTiles}</p>}
      <MapLegend />
    </div>
  );
}

export function MapLegend() {
  return (
    <ul className="route-map__legend" aria-label={text.legend}>
      {STOP_STATES.map((state) => (
        <li key={state}>
          <span className="route-map__swatch" style={{ background: STOP_COLOURS[state] }} aria-hidden="true" />
          {text.states[state]}
        </li>
      ))}
      <li>
        <span className="route-map__swatch route-map__swatch--truck" aria-hidden="true" />
        {text.truck}
      </li>
      <li>
        <span className="route-map__swatch route-map__swatch--trail" aria-hidden="true" />
        {text.trail}
      </li>
    </ul>
  );
}

function routeState(route: MapRoute): string {
  if (route.finished) return text.finished;
  return route.started ? text.onTheRoad : text.notStarted;
}

/** What a stop's line says after its name: its state, and its ETA or when it was delivered. */
export function stopSummary(stop: MapStop): string {
  const when = stop.state === 'pendiente' ? etaText(stop) : stop.delivered_at && text.doneAt(clockTime(stop.delivered_at));
  const place = stop.latitude === null ? text.noPlace : null;
  return [text.states[stop.state], when, place].filter(Boolean).join(' · ');
}

/** The routes and their stops as text, beside the map: state, ETA and the truck's last position. */
export function RouteList({ routes }: { routes: readonly MapRoute[] }) {
  return (
    <ol className="route-map__list" aria-label={text.listLabel}>
      {routes.map((route, index) => (
        <li key={route.id} className="route-map__route" data-route-id={route.id}>
          <h3 className="route-map__route-title">
            <span className="route-map__swatch route-map__swatch--truck" style={{ background: routeColour(index) }} aria-hidden="true" />
            {text.route(route.id)} · {driverName(route)}
            {route.vehicle ? ` · ${route.vehicle}` : ''}
          </h3>
          <p className="route-map__route-state">
            {routeState(route)} ·{' '}
            <span className="route-map__last-position">
              {route.last_position ? text.lastPosition(clockTime(route.last_position.recorded_at)) : text.noPosition}
            </span>
          </p>
          <ol className="route-map__stops">
            {route.stops.map((stop) => (
              <li key={stop.detail_id}>
                <span className="route-map__swatch" style={{ background: STOP_COLOURS[stop.state] }} aria-hidden="true" />
                {text.stop(stop.stop_order, stop.company)}
                {stop.branch ? ` (${stop.branch})` : ''} — {stopSummary(stop)}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}
