import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DriverCut } from '../../../domain/schemas/route-money';
import { ApiError } from '../../lib/api';
import { driverCutKey, DriverCutSection, DriverCutView, ReceiveCutForm, receiptDifference } from './driver-cut';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** The buttons a section shows, by their visible words. */
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);
const ignore = () => undefined;

const open: DriverCut = {
  shipping_id: 12,
  driver_id: 4,
  driver_name: 'Miguel Hernández',
  state: 'open',
  expected: 800,
  collected: [
    { payment_method_id: 1, name: 'Efectivo', amount: 400 },
    { payment_method_id: 2, name: 'Transferencia', amount: 150 },
  ],
  collected_total: 550,
  collected_cash: 400,
  counted: null,
  counted_total: null,
  submitted_at: null,
  note: null,
  received_at: null,
  received_by_name: null,
  received_cash: null,
  difference: null,
  received_note: null,
};
const submitted: DriverCut = {
  ...open,
  state: 'submitted',
  counted: [
    { payment_method_id: 1, name: 'Efectivo', amount: 390 },
    { payment_method_id: 2, name: 'Transferencia', amount: 150 },
  ],
  counted_total: 540,
  submitted_at: '2026-11-24 18:40',
  note: 'Faltan 10 de cambio',
};
const received: DriverCut = {
  ...submitted,
  state: 'received',
  received_at: '2026-11-25T01:05:00.000Z',
  received_by_name: 'Jorge Treviño Leal',
  received_cash: 390.5,
  difference: -9.5,
  received_note: 'Se descuenta de la nómina',
};

const form = (serverError: string | null = null, pending = false) =>
  renderToStaticMarkup(<ReceiveCutForm collectedCash={400} pending={pending} serverError={serverError} onReceive={ignore} />);

describe("the route page's 'Corte del chofer'", () => {
  it('shows what was collected by method against what the office expects, before the driver closes it', () => {
    const html = renderToStaticMarkup(<DriverCutView cut={open} receive={null} />);
    const text = visibleText(html);
    expect(text).toContain('Sin entregar · Chofer: Miguel Hernández');
    expect(text).toContain('Esperado $800.00');
    expect(text).toContain('Total cobrado $550.00');
    expect(text).toContain('Cobrado en efectivo $400.00');
    expect(text).toContain('Cobrado en la ruta Forma de pago Monto Efectivo $400.00 Transferencia $150.00 Total cobrado $550.00');
    expect(text).toContain('Contado por el chofer El chofer aún no entrega su corte.');
    expect(html).toContain('status-chip--neutral');
    expect(buttons(html)).toEqual([]);
  });

  it('says when the driver collected nothing on the route', () => {
    const text = visibleText(
      renderToStaticMarkup(<DriverCutView cut={{ ...open, collected: [], collected_total: 0, collected_cash: 0 }} receive={null} />),
    );
    expect(text).toContain('El chofer no ha cobrado en esta ruta.');
    expect(text).toContain('Total cobrado $0.00');
  });

  it("shows the driver's counted figures, when and their note once they closed it", () => {
    const html = renderToStaticMarkup(<DriverCutView cut={submitted} receive={null} />);
    const text = visibleText(html);
    expect(text).toContain('Entregado por el chofer');
    expect(text).toContain(
      'Contado por el chofer Entregado el 24/11/2026 18:40 Forma de pago Monto Efectivo $390.00 Transferencia $150.00 Total contado $540.00',
    );
    expect(text).toContain('Nota del chofer: Faltan 10 de cambio');
    expect(html).toContain('status-chip--warning');
  });

  it("shows the office's receipt: who, when, the cash and the difference, with nothing left to receive", () => {
    const html = renderToStaticMarkup(<DriverCutView cut={received} receive={null} />);
    const text = visibleText(html);
    expect(text).toContain('Recibido el 24/11/2026 19:05 por Jorge Treviño Leal');
    expect(text).toContain('Efectivo recibido $390.50');
    expect(text).toContain('Diferencia Faltante $9.50');
    expect(text).toContain('Nota de la oficina: Se descuenta de la nómina');
    expect(html).toContain('status-chip--success');
    expect(buttons(html)).toEqual([]);
  });
});

describe("'Recibir corte'", () => {
  it('asks for the cash received and a note, beside the cash collected, with no difference until an amount is typed', () => {
    const html = form();
    const text = visibleText(html);
    expect(text).toContain('Recibir corte Cobrado en efectivo $400.00 Diferencia —');
    expect(html).toMatch(/<label for="[^"]+-cash">Efectivo recibido<\/label><input id="[^"]+-cash" inputMode="decimal"/);
    expect(html).toMatch(/<label for="[^"]+-note">Nota<\/label>/);
    expect(buttons(html)).toEqual(['Recibir corte']);
    expect(html).toContain('aria-live="polite"');
  });

  it('says Sobrante, Faltante or Cuadra as the cash received is typed', () => {
    expect(receiptDifference('390.50', 400)).toBe('Faltante $9.50');
    expect(receiptDifference('1,410', 1400)).toBe('Sobrante $10.00');
    expect(receiptDifference('400', 400)).toBe('Cuadra');
    expect(receiptDifference('', 400)).toBe('—');
    expect(receiptDifference('abc', 400)).toBe('—');
  });

  it("shows the server's refusal and cannot be pressed twice while sending", () => {
    const refused = form('Tu caja de hoy ya se cortó: el efectivo del chofer no puede entrar en ella hoy.');
    expect(refused).toContain('role="alert"');
    expect(visibleText(refused)).toContain('Tu caja de hoy ya se cortó');
    const sending = form(null, true);
    expect(sending).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Recibiendo…<\/button>/);
  });
});

describe('the section on the page', () => {
  const draw = (client: QueryClient, page: ReactElement) =>
    renderToStaticMarkup(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
  const withCut = (cut: DriverCut) => {
    const client = new QueryClient();
    client.setQueryData(driverCutKey(12), { data: cut });
    return client;
  };

  it("says it is loading the driver's cut until it comes", () => {
    const html = draw(new QueryClient(), <DriverCutSection shippingId={12} canReceive notify={ignore} />);
    expect(visibleText(html)).toBe('Corte del chofer Cargando el corte del chofer…');
    expect(html).toContain('role="status"');
  });

  it("shows the server's message with 'Reintentar' when the cut could not be read", () => {
    // As the page finds it after its read failed (and its retries with it): not asked again on drawing.
    const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    client
      .getQueryCache()
      .build(client, { queryKey: driverCutKey(12) })
      .setState({ status: 'error', error: new ApiError(404, 'El envío no existe.'), fetchStatus: 'idle' });
    const html = draw(client, <DriverCutSection shippingId={12} canReceive notify={ignore} />);
    expect(visibleText(html)).toBe('Corte del chofer El envío no existe. Reintentar');
    expect(html).toContain('role="alert"');
  });

  it("offers 'Recibir corte' only to who records payments, once the driver closed the cut and until it is received", () => {
    const page = (cut: DriverCut, canReceive: boolean) =>
      buttons(draw(withCut(cut), <DriverCutSection shippingId={12} canReceive={canReceive} notify={ignore} />));
    expect(page(submitted, true)).toEqual(['Recibir corte']);
    expect(page(submitted, false)).toEqual([]);
    expect(page(open, true)).toEqual([]);
    expect(page(received, true)).toEqual([]);
  });
});
