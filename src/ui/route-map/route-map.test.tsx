import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MapRoute, MapStop } from '../../../domain/schemas/tracking';
import { MapLegend, RouteList } from './route-map';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const stop = (detail_id: number, changes: Partial<MapStop>): MapStop => ({
  detail_id,
  sale_id: 100 + detail_id,
  stop_order: detail_id,
  company: `Cliente ${detail_id}`,
  branch: null,
  address: null,
  latitude: 25.67,
  longitude: -100.31,
  state: 'pendiente',
  delivered_at: null,
  eta: null,
  eta_approximate: false,
  ...changes,
});

const route: MapRoute = {
  id: 7,
  date: '2026-11-24',
  driver: { id: 4, name: 'Miguel', last: 'Hernández' },
  vehicle: 'Nissan NP300',
  started: true,
  finished: false,
  // 16:05 UTC is 10:05 in Monterrey.
  last_position: { latitude: 25.68, longitude: -100.32, recorded_at: '2026-11-24T16:05:00.000Z' },
  trail: [],
  stops: [
    stop(1, { state: 'entregado', delivered_at: '2026-11-24T15:30:00.000Z' }),
    stop(2, { state: 'parcial', branch: 'Centro' }),
    stop(3, { eta: '2026-11-24T16:40:00.000Z', eta_approximate: true }),
    stop(4, { eta: '2026-11-24T17:10:00.000Z' }),
    stop(5, { state: 'rechazado', delivered_at: '2026-11-24T17:41:00.000Z', latitude: null, longitude: null }),
  ],
};

describe('RouteList (the map read as text)', () => {
  it("lists each route's driver, state and last position, and each stop with its state and ETA", () => {
    const text = visibleText(renderToStaticMarkup(<RouteList routes={[route]} />));
    expect(text).toContain('Ruta E-7 · Miguel Hernández · Nissan NP300');
    expect(text).toContain('En camino · Última posición: 10:05');
    expect(text).toContain('1. Cliente 1 — Entregado · a las 09:30');
    expect(text).toContain('2. Cliente 2 (Centro) — Entrega parcial');
    expect(text).toContain('3. Cliente 3 — Pendiente · Llega ~10:40 (aprox.)');
    expect(text).toContain('4. Cliente 4 — Pendiente · Llega ~11:10');
    expect(text).not.toContain('11:10 (aprox.)');
    expect(text).toContain('5. Cliente 5 — Rechazado · a las 11:41 · Sin ubicación');
  });

  it('says a route not started and without a position, and one without a driver', () => {
    const waiting = { ...route, started: false, driver: null, vehicle: null, last_position: null };
    const text = visibleText(renderToStaticMarkup(<RouteList routes={[waiting]} />));
    expect(text).toContain('Ruta E-7 · Sin chofer');
    expect(text).toContain('Sin iniciar · Sin posición aún');
  });
});

describe('MapLegend', () => {
  it('names every colour of the map in Spanish', () => {
    expect(visibleText(renderToStaticMarkup(<MapLegend />))).toBe(
      'Pendiente Entregado Entrega parcial Rechazado Camión (última posición) Recorrido',
    );
  });
});
