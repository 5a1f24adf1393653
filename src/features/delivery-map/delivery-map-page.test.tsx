import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MapRoute } from '../../../domain/schemas/tracking';
import { monterreyDate } from '../../../domain/time';
import { ApiError } from '../../lib/api';
import { mapKeys } from '../../ui/route-map/map-queries';
import { ScreenChromeContext, type ScreenPageProps } from '../../ui/screen-chrome';
import DeliveryMapPage from './delivery-map-page';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const chrome = {
  Page: ({ title, children }: ScreenPageProps) => (
    <main>
      <h1>{title}</h1>
      {children}
    </main>
  ),
  navigate: () => undefined,
};

function render(prepare: (client: QueryClient, today: string) => void): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  const today = monterreyDate(new Date());
  client.setQueryData(mapKeys.config(), { tiles: null, routing: false });
  prepare(client, today);
  const wrap = (page: ReactNode) => (
    <QueryClientProvider client={client}>
      <ScreenChromeContext.Provider value={chrome}>{page}</ScreenChromeContext.Provider>
    </QueryClientProvider>
  );
  return renderToStaticMarkup(wrap(<DeliveryMapPage />));
}

const route = (today: string): MapRoute => ({
  id: 7,
  date: today,
  driver: { id: 4, name: 'Miguel', last: 'Hernández' },
  vehicle: null,
  started: true,
  finished: false,
  last_position: null,
  trail: [],
  stops: [
    {
      detail_id: 1,
      sale_id: 101,
      stop_order: 1,
      company: 'Fonda Doña Chela',
      branch: null,
      address: null,
      latitude: 25.67,
      longitude: -100.31,
      state: 'pendiente',
      delivered_at: null,
      eta: null,
      eta_approximate: false,
    },
  ],
});

describe("'Mapa'", () => {
  it("opens on today's date and says it is loading the routes", () => {
    const html = render(() => undefined);
    expect(visibleText(html)).toContain('Mapa Fecha');
    expect(html).toContain(`value="${monterreyDate(new Date())}"`);
    expect(visibleText(html)).toContain('Cargando rutas…');
  });

  it('says when the day has no routes', () => {
    const html = render((client, today) => client.setQueryData(mapKeys.day(today), []));
    expect(visibleText(html)).toContain('No hay rutas para este día.');
    expect(html).not.toContain('route-map__canvas');
  });

  it("shows the day's routes on the map and as a list beside it, with the legend", () => {
    const html = render((client, today) => client.setQueryData(mapKeys.day(today), [route(today)]));
    expect(html).toContain('route-map__canvas');
    expect(visibleText(html)).toContain('Ruta E-7 · Miguel Hernández');
    expect(visibleText(html)).toContain('1. Fonda Doña Chela — Pendiente');
    expect(visibleText(html)).toContain('Mapa sin fondo: se dibujan las paradas y el recorrido.');
    expect(html).toContain('aria-label="Simbología"');
  });

  it("shows the server's message and Reintentar when the routes cannot be read", () => {
    const html = render((client, today) => {
      const query = client.getQueryCache().build(client, { queryKey: mapKeys.day(today) });
      query.setState({ status: 'error', error: new ApiError(500, 'Ocurrió un error inesperado.'), fetchStatus: 'idle' });
    });
    expect(visibleText(html)).toContain('Ocurrió un error inesperado. Reintentar');
  });
});
