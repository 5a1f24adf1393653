import { useEffect, useId, useState, type DragEvent } from 'react';
import { deliveryMapMessages } from '../../../domain/messages/delivery-map';
import type { MapStop } from '../../../domain/schemas/tracking';
import { ApiError } from '../../lib/api';
import { QueryStatus } from '../../ui/query-status';
import { useMapConfig, useMapRoute } from '../../ui/route-map/map-queries';
import { moveItem } from '../../ui/route-map/route-map-state';
import { RouteList, RouteMap, stopSummary } from '../../ui/route-map/route-map';
import type { Notify } from './detail-panel';
import { useRouteOrder } from './use-route-order';
import './route-map-section.css';

const text = deliveryMapMessages;

/**
 * A route's 'Mapa' (issue 47), in its dialog and on its page: the route on the map, live, and its
 * stops in order. Who edits routes reorders them — by dragging, or with Subir and Bajar from the
 * keyboard — and asks 'Optimizar' when the server has a routing engine.
 */
export function RouteMapSection({ shippingId, canEdit, notify }: { shippingId: number; canEdit: boolean; notify: Notify }) {
  const headingId = useId();
  const config = useMapConfig();
  const route = useMapRoute(shippingId);
  const { reorder, optimize } = useRouteOrder(shippingId, notify);
  // The server's word when it could not optimize (no engine after all): the button says it from then on.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unplaced, setUnplaced] = useState<string[]>([]);

  const runOptimize = () =>
    optimize.mutate(undefined, {
      onSuccess: (answer) => {
        const names = new Map(answer.data.stops.map((stop) => [stop.detail_id, stop.company]));
        setUnplaced(answer.unplaced.map((id) => names.get(id) ?? String(id)));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setRefusal(error.message);
      },
    });

  const stops = route.data?.stops ?? [];
  return (
    <section className="route-map-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="route-map-section__title">
        {text.section}
      </h2>
      <QueryStatus query={route} />
      {route.data && (
        <>
          <RouteMap routes={[route.data]} config={config.data} label={text.routeMapLabel(shippingId)} />
          {canEdit ? (
            <>
              <OptimizeControl
                reason={config.data && !config.data.routing ? text.noEngine : refusal}
                busy={optimize.isPending}
                unplaced={unplaced}
                onOptimize={runOptimize}
              />
              <StopOrderList stops={stops} onReorder={(detailIds) => reorder.mutate(detailIds)} />
            </>
          ) : (
            <RouteList routes={[route.data]} />
          )}
        </>
      )}
    </section>
  );
}

/** 'Optimizar', or why it cannot be asked; and, after it answered, the stops it could not place. */
export function OptimizeControl({
  reason,
  busy,
  unplaced,
  onOptimize,
}: {
  reason: string | null;
  busy: boolean;
  unplaced: readonly string[];
  onOptimize: () => void;
}) {
  const reasonId = useId();
  return (
    <div className="route-map-section__optimize">
      <button
        type="button"
        className="outline-button"
        disabled={reason !== null || busy}
        aria-describedby={reason ? reasonId : undefined}
        onClick={onOptimize}
      >
        {busy ? text.optimizing : text.optimize}
      </button>
      {reason && (
        <p id={reasonId} className="field-hint">
          {reason}
        </p>
      )}
      {unplaced.length > 0 && <p className="field-hint">{text.unplaced(unplaced.join(', '))}</p>}
    </div>
  );
}

/**
 * The stops in order: drag one onto another's place (a pointer), or Subir and Bajar (a keyboard);
 * each move is the whole new order, and the move is said aloud for a screen reader.
 */
export function StopOrderList({ stops, onReorder }: { stops: readonly MapStop[]; onReorder: (detailIds: number[]) => void }) {
  const prefix = useId();
  const [said, setSaid] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  // The button to keep focus on once its stop moved (React moves the row, and the browser drops focus).
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const button = document.getElementById(refocus);
    if (button instanceof HTMLButtonElement && !button.disabled) button.focus();
    setRefocus(null);
  }, [refocus, stops]);

  const move = (from: number, to: number, focus?: string) => {
    const stop = stops[from];
    if (!stop || to < 0 || to >= stops.length || from === to) return;
    onReorder(moveItem(stops.map((s) => s.detail_id), from, to));
    setSaid(text.moved(stop.company, to + 1));
    if (focus) setRefocus(focus);
  };
  const onDrop = (to: number) => (event: DragEvent) => {
    event.preventDefault();
    const from = stops.findIndex((stop) => String(stop.detail_id) === event.dataTransfer.getData('text/plain'));
    setDragged(null);
    if (from >= 0) move(from, to);
  };

  return (
    <div className="route-map-section__order">
      <h3 className="route-map-section__subtitle">{text.stopsInOrder}</h3>
      <p className="field-hint">{text.dragHint}</p>
      <ol className="stop-order">
        {stops.map((stop, index) => {
          const up = `${prefix}-up-${stop.detail_id}`;
          const down = `${prefix}-down-${stop.detail_id}`;
          return (
            <li
              key={stop.detail_id}
              className={`stop-order__item${dragged === stop.detail_id ? ' stop-order__item--dragged' : ''}`}
              draggable
              data-detail-id={stop.detail_id}
              onDragStart={(event) => {
                event.dataTransfer.setData('text/plain', String(stop.detail_id));
                event.dataTransfer.effectAllowed = 'move';
                setDragged(stop.detail_id);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={onDrop(index)}
            >
              <span className="stop-order__handle" aria-hidden="true">
                ⠿
              </span>
              <span className="stop-order__text">
                <strong>{text.stop(index + 1, stop.company)}</strong>
                {stop.branch ? ` (${stop.branch})` : ''}
                <span className="stop-order__summary">{stopSummary(stop)}</span>
              </span>
              <button
                id={up}
                type="button"
                className="outline-button"
                aria-label={text.moveUpStop(stop.company)}
                disabled={index === 0}
                onClick={() => move(index, index - 1, index - 1 === 0 ? down : up)}
              >
                {text.moveUp}
              </button>
              <button
                id={down}
                type="button"
                className="outline-button"
                aria-label={text.moveDownStop(stop.company)}
                disabled={index === stops.length - 1}
                onClick={() => move(index, index + 1, index + 1 === stops.length - 1 ? up : down)}
              >
                {text.moveDown}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
