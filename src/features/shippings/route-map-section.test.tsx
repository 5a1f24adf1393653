import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MapStop } from '../../../domain/schemas/tracking';
import { OptimizeControl, StopOrderList } from './route-map-section';
import { stopOrderSaves } from './use-route-order';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** Each button as its accessible name and whether it is disabled. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map((m) => ({
    name: /aria-label="([^"]*)"/.exec(m[1]!)?.[1] ?? m[2],
    disabled: / disabled=""/.test(m[1]!),
  }));
const ignore = () => undefined;

const stop = (detail_id: number, company: string): MapStop => ({
  detail_id,
  sale_id: 100 + detail_id,
  stop_order: detail_id,
  company,
  branch: null,
  address: null,
  latitude: 25.67,
  longitude: -100.31,
  state: 'pendiente',
  delivered_at: null,
  eta: null,
  eta_approximate: false,
});

describe('StopOrderList', () => {
  it('lists the stops in order, each draggable, with Subir and Bajar except where they cannot move', () => {
    const html = renderToStaticMarkup(
      <StopOrderList stops={[stop(11, 'Fonda Doña Chela'), stop(12, 'Abarrotes Lupita'), stop(13, 'Cremería Ruiz')]} onReorder={ignore} />,
    );
    expect(visibleText(html)).toContain('1. Fonda Doña Chela');
    expect(visibleText(html)).toContain('3. Cremería Ruiz');
    expect(html.match(/draggable="true"/g)).toHaveLength(3);
    expect(buttons(html)).toEqual([
      { name: 'Subir Fonda Doña Chela', disabled: true },
      { name: 'Bajar Fonda Doña Chela', disabled: false },
      { name: 'Subir Abarrotes Lupita', disabled: false },
      { name: 'Bajar Abarrotes Lupita', disabled: false },
      { name: 'Subir Cremería Ruiz', disabled: false },
      { name: 'Bajar Cremería Ruiz', disabled: true },
    ]);
  });
});

describe('OptimizeControl', () => {
  it('is disabled and says why when the server has no routing engine', () => {
    const html = renderToStaticMarkup(
      <OptimizeControl reason="No hay un motor de rutas configurado (ROUTING_URL)." busy={false} unplaced={[]} onOptimize={ignore} />,
    );
    expect(buttons(html)).toEqual([{ name: 'Optimizar', disabled: true }]);
    expect(visibleText(html)).toContain('No hay un motor de rutas configurado (ROUTING_URL).');
    // The reason is the button's description, so a screen reader hears it with the button.
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${describedBy}"`);
  });

  it('can be asked with an engine, and names the stops it could not place', () => {
    const html = renderToStaticMarkup(
      <OptimizeControl reason={null} busy={false} unplaced={['Cremería Ruiz', 'Tienda Sin Mapa']} onOptimize={ignore} />,
    );
    expect(buttons(html)).toEqual([{ name: 'Optimizar', disabled: false }]);
    expect(visibleText(html)).toContain('Sin ubicación: Cremería Ruiz, Tienda Sin Mapa');
  });

  it('says it is optimizing while the engine answers', () => {
    const html = renderToStaticMarkup(<OptimizeControl reason={null} busy unplaced={[]} onOptimize={ignore} />);
    expect(buttons(html)).toEqual([{ name: 'Optimizando…', disabled: true }]);
  });
});

describe('stopOrderSaves', () => {
  it("shows only the latest save's answer: an earlier answer arriving late does not undo the later moves", () => {
    const saves = stopOrderSaves();
    const first = saves.start([11, 12, 13]); // Bajar 11 → 12, 11, 13
    const second = saves.start([12, 11, 13]); // Bajar 11 again → 12, 13, 11
    expect(saves.saved(first, [12, 11, 13])).toBe(false);
    expect(saves.saved(second, [12, 13, 11])).toBe(true);
  });

  it('after the latest save fails, goes back to the order an earlier save confirmed, not to the one before it', () => {
    const saves = stopOrderSaves();
    const first = saves.start([11, 12, 13]);
    const second = saves.start([12, 11, 13]);
    expect(saves.saved(first, [12, 11, 13])).toBe(false);
    expect(saves.failed(second)).toEqual({ latest: true, confirmed: [12, 11, 13] });
  });

  it('leaves the screen to a later save when an earlier one fails, and goes back to the read order when both fail', () => {
    const saves = stopOrderSaves();
    const first = saves.start([11, 12, 13]);
    const second = saves.start([12, 11, 13]);
    expect(saves.failed(first)).toEqual({ latest: false, confirmed: null });
    expect(saves.failed(second)).toEqual({ latest: true, confirmed: [11, 12, 13] });
  });

  it('takes what is shown as the server’s order again once every save settled', () => {
    const saves = stopOrderSaves();
    const first = saves.start([11, 12, 13]);
    expect(saves.saved(first, [12, 11, 13])).toBe(true);
    // Read again since (another office optimized it): that is the order to go back to.
    const second = saves.start([13, 12, 11]);
    expect(saves.failed(second)).toEqual({ latest: true, confirmed: [13, 12, 11] });
  });
});
