import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReceivedDriverCutsList } from './caja-page';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("Caja's drivers' cuts received today", () => {
  it('lists each route, its driver, when, the difference and the cash, which already counts in the drawer', () => {
    const text = visibleText(
      renderToStaticMarkup(
        <ReceivedDriverCutsList
          cuts={[
            {
              shipping_id: 12,
              driver_name: 'Miguel Hernández',
              received_at: '2026-11-25T01:05:00.000Z',
              collected_cash: 400,
              received_cash: 390.5,
              difference: -9.5,
            },
            {
              shipping_id: 14,
              driver_name: 'José Martínez',
              received_at: '2026-11-25T00:30:00.000Z',
              collected_cash: 0,
              received_cash: 0,
              difference: 0,
            },
          ]}
        />,
      ),
    );
    expect(text).toBe(
      'Ruta #12 · Miguel Hernández · 19:05 Diferencia: Faltante $9.50 $390.50 ' +
        'Ruta #14 · José Martínez · 18:30 Diferencia: Cuadra $0.00 ' +
        'Su efectivo ya cuenta en la caja (entradas).',
    );
  });

  it('says when none was received today', () => {
    expect(visibleText(renderToStaticMarkup(<ReceivedDriverCutsList cuts={[]} />))).toBe('Hoy no has recibido cortes de chofer.');
  });
});
