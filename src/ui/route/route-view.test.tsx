import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LocalDetail, LocalShipping } from '../../../sync/db';
import { detailFixture, shippingFixture } from '../../../sync/test-fixtures';
import { DeliveryOutcome, DeliveryTimeline, ProgressButtons, RouteFacts, SaleFacts } from './route-view';

/** A delivery of route 7 whose sale is V-{100 + id} of 'Cliente {id}'. */
const detail = (id: number, changes: Partial<LocalDetail>): LocalDetail => {
  const base = detailFixture(id, 7);
  return { ...base, sale_id: 100 + id, sale: { ...base.sale, id: 100 + id, company_name: `Cliente ${id}` }, ...changes };
};

const shipping = (initial_km: number | null, final_km: number | null): LocalShipping => {
  const { shipping_details: _details, ...route } = shippingFixture(7, {
    initial_km,
    final_km,
    km_capture_time_start: initial_km === null ? null : '2026-11-22 08:05',
    km_capture_time: final_km === null ? null : '2026-11-22 17:40',
    note: 'Llevar hielera',
  });
  return { ...route, _gen: 0 };
};

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('the timeline of a route', () => {
  const html = renderToStaticMarkup(
    <DeliveryTimeline
      details={[
        detail(1, { completed: true, is_delivered: true }),
        detail(2, { completed: true, delivery_rejection_comment: 'Cerrado' }),
        detail(3, {}),
      ]}
      renderDelivery={(d, status) => (
        <>
          {status}
          <span>V-{d.sale_id}</span>
        </>
      )}
    />,
  );
  const items = [
    ...html.matchAll(/<li class="timeline__item timeline__item--(\w+)"><span class="status-chip status-chip--\w+">([^<]+)<\/span>/g),
  ];

  it('colours delivered green, not delivered red and pending amber, with the status words', () => {
    expect(items.map((m) => [m[1], m[2]])).toEqual([
      ['success', 'Entregado'],
      ['danger', 'No Entregado'],
      ['warning', 'Pendiente'],
    ]);
  });

  it('keeps the order of the sales and renders each one', () => {
    expect(visibleText(html)).toMatch(/V-101.*V-102.*V-103/);
  });

  it('says so when the route has no sales', () => {
    expect(visibleText(renderToStaticMarkup(<DeliveryTimeline details={[]} renderDelivery={() => null} />))).toBe(
      'Esta ruta no tiene entregas.',
    );
  });
});

describe('the progress buttons of a route', () => {
  const render = (initial: number | null, final: number | null) =>
    buttons(
      renderToStaticMarkup(
        <ProgressButtons shipping={shipping(initial, final)} onStart={() => {}} onFinish={() => {}} onPrint={() => {}} />,
      ),
    );

  it('offers Iniciar before the start is captured', () => {
    expect(render(null, null)).toEqual(['Iniciar', 'Imprimir']);
  });

  it('offers Terminar once started', () => {
    expect(render(51234, null)).toEqual(['Terminar', 'Imprimir']);
  });

  it('offers neither once both readings are set', () => {
    expect(render(51234, 51300)).toEqual(['Imprimir']);
  });
});

describe('the facts of a route and of a sale', () => {
  it('shows odometer readings with their times, delivered weight only, and kilometres travelled', () => {
    const text = visibleText(
      renderToStaticMarkup(
        <RouteFacts shipping={shipping(51234, 51300)} details={[detail(1, { completed: true, is_delivered: true }), detail(2, {})]} />,
      ),
    );
    expect(text).toContain('Chofer Miguel Reyes');
    expect(text).toContain('Kilometraje Inicial 51,234 kms · 2026-11-22 08:05');
    expect(text).toContain('Kilometraje Final 51,300 kms · 2026-11-22 17:40');
    expect(text).toContain('Peso 120.50 kg');
    expect(text).toContain('Recorrido 66 kms');
    expect(text).toContain('Nota Llevar hielera');
  });

  it('shows contact, branch, items, weight, due balance, a map link on the address and the seller', () => {
    const html = renderToStaticMarkup(<SaleFacts detail={detail(1, {})} />);
    expect(visibleText(html)).toBe(
      'Contacto Ana Treviño Sucursal Centro Productos 12 × Aguacate Hass Peso 120.50 kg Saldo $1,500.00 Dirección de entrega Av. Juárez 100, Monterrey Vendedor Luis Garza',
    );
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Av.%20Ju%C3%A1rez%20100%2C%20Monterrey"');
  });

  it('shows the rejection reason and the recorded position', () => {
    const html = renderToStaticMarkup(
      <DeliveryOutcome
        detail={detail(2, { completed: true, delivery_rejection_comment: 'Cerrado', latitude: 25.68, longitude: -100.31 })}
      />,
    );
    expect(visibleText(html)).toBe('Motivo: Cerrado Ubicación de la entrega');
    expect(html).toContain('query=25.68%2C-100.31');
  });
});
