import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup as renderAlone } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { saleDetailSchema, type SaleDetail } from '../../../domain/schemas/quotations';
import { saleTicketSchema } from '../../../domain/schemas/ticket';
import { partyRentalSentences } from '../../../domain/documents/quotation-document';
import { SaleView, saleTicketOf } from './sale-page';

/** The page as the app draws it: the evidence links' pass already asked for. */
function renderToStaticMarkup(page: ReactElement): string {
  const client = new QueryClient();
  client.setQueryData(['file-pass'], { pass: 'pase-de-prueba', expires_in: 3600 });
  return renderAlone(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
}

/** Sale 41 of Hotel Ancira, made from quotation 30, filled, on two routes (rejected, then delivered), half paid. */
const sale: SaleDetail = saleDetailSchema.parse({
  id: 41,
  kind: 'sale',
  type: 'Serie A',
  date: '2026-11-24',
  due_date: '2026-12-24',
  created_at: '2026-11-20T16:05:00.000Z',
  updated_at: '2026-11-20T16:05:00.000Z',
  subtotal: 1000,
  iva: 160,
  total: 1160,
  returned: 0,
  due_balance: 580,
  payment_status: 'Parcial',
  sale_weight: 52.5,
  note: 'Entregar por andén 2',
  internal_note: 'Cliente puntual',
  purchase_order: 'OC-778',
  bar: false,
  canceled_at: null,
  cancel_reason: null,
  quotation_id: 30,
  sale_id: null,
  company: {
    id: 3,
    name: 'Hotel Ancira',
    razon_social: 'Hotelera Ancira, S.A. de C.V.',
    rfc: 'HAN010101AA1',
    credit_days: 30,
    delivery_address: 'Escobedo 555',
  },
  company_branch: { id: 8, name: 'Centro', address: 'Escobedo 555, Centro' },
  contact: { id: 12, name: 'Ana', last: 'Treviño', email: 'ana@ancira.mx', phone: '81 1111 2222' },
  user: { id: 2, name: 'Luis', last: 'Garza', email: 'ventas@demo.mx' },
  items: [
    { id: 1, item_id: 5, name: 'Aguacate Hass', macro: null, unit: 'kg', quantity: 12.5, price: 60, amount: 750 },
    { id: 2, item_id: 6, name: 'Limón', macro: null, unit: 'caja', quantity: 1, price: 250, amount: 250 },
  ],
  order: { status: 'surtido', dispatched_at: '2026-11-24T14:30:00.000Z' },
  shipping_details: [
    {
      id: 70,
      shipping_id: 9,
      shipping_date: '2026-11-24',
      completed: true,
      is_delivered: false,
      delivered_at: '2026-11-24 12:10',
      delivery_rejection_comment: 'Cerrado',
      pdf: null,
    },
    {
      id: 71,
      shipping_id: 10,
      shipping_date: '2026-11-25',
      completed: true,
      is_delivered: true,
      delivered_at: '2026-11-25 09:40',
      delivery_rejection_comment: null,
      pdf: 'ev 1.pdf',
    },
  ],
  collections: [{ id: 4, collection_id: 2, date: '2026-11-26', amount: 580, payment_method: 'Transferencia', reference: 'SPEI 123' }],
});

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("the sale's page", () => {
  const html = renderToStaticMarkup(<SaleView sale={sale} routeLinks onPrintTicket={() => {}} />);
  const text = visibleText(html);

  it('says who bought, where, from whom and when', () => {
    expect(text).toContain('Venta 41');
    expect(text).toContain('Empresa Hotel Ancira');
    expect(text).toContain('Sucursal Centro · Escobedo 555, Centro');
    expect(text).toContain('Contacto Ana Treviño · 81 1111 2222 · ana@ancira.mx');
    expect(text).toContain('Vendedor Luis Garza · ventas@demo.mx');
    expect(text).toContain('Fecha programada 24 nov 2026');
    expect(text).toContain('Cotización de origen C-30');
    expect(text).toContain('Orden de compra OC-778');
  });

  it('lists the items with quantity, unit, price and amount, and the totals', () => {
    expect(text).toContain('Aguacate Hass 12.5 kg $60.00 $750.00');
    expect(text).toContain('Limón 1 caja $250.00 $250.00');
    expect(text).toContain('Subtotal $1,000.00 IVA $160.00 Total $1,160.00 Peso 52.50 kg');
  });

  it('shows the payment status and the balance due, and the order filled', () => {
    expect(text).toContain('Estado de pago Parcial Total $1,160.00 Saldo $580.00');
    expect(text).toContain('Estado del pedido Surtido');
    expect(html).toContain('status-chip--success">Pedido: Surtido');
  });

  it('shows what its credit notes took off, between the total and the balance', () => {
    const returned = visibleText(
      renderToStaticMarkup(<SaleView sale={{ ...sale, returned: 290, due_balance: 290 }} onPrintTicket={() => {}} />),
    );
    expect(returned).toContain('Total $1,160.00 Devuelto (notas de crédito) $290.00 Saldo $290.00');
    expect(text).not.toContain('Devuelto');
  });

  it('follows each delivery with its status, the reason of a rejection, its evidence and its route', () => {
    expect(text).toContain('Envío E-9 No Entregado Fecha de Entrega 24 nov 2026 Hora Evidencia 2026-11-24 12:10 Motivo Cerrado');
    expect(text).toContain('Envío E-10 Entregado Fecha de Entrega 25 nov 2026 Hora Evidencia 2026-11-25 09:40 Evidencia (PDF) ev 1.pdf');
    expect(html).toContain('href="/shippings/9"');
    expect(html).toContain('href="/files/ev%201.pdf?pass=pase-de-prueba"');
  });

  it('names the route without a link for someone who may not open the shippings', () => {
    const seller = renderToStaticMarkup(<SaleView sale={sale} onPrintTicket={() => {}} />);
    expect(visibleText(seller)).toContain('Envío E-9 No Entregado');
    expect(seller).not.toContain('href="/shippings/');
  });

  it('lists its collections', () => {
    expect(text).toContain('Fecha 26 nov 2026 Monto $580.00 Forma de pago Transferencia Referencia SPEI 123');
  });

  it('offers the ticket for a sale, and says when it was cancelled and why', () => {
    expect(html).toContain('Imprimir ticket');
    const canceled = visibleText(
      renderToStaticMarkup(
        <SaleView
          sale={{ ...sale, canceled_at: '2026-11-26T18:00:00.000Z', cancel_reason: 'Pedido duplicado' }}
          onPrintTicket={() => {}}
        />,
      ),
    );
    expect(canceled).toMatch(/Cancelada el .+: Pedido duplicado/);
  });

  it('shows the party-rental terms of its total and event date and offers the rental print, where the business rents for events', () => {
    const rental = renderToStaticMarkup(<SaleView sale={sale} onPrintTicket={() => {}} onPrintRental={() => {}} />);
    const rentalText = visibleText(rental);
    expect(rental).toContain('Imprimir cotización de renta');
    expect(rentalText).toContain('Términos de la renta');
    for (const sentence of partyRentalSentences(sale)) expect(rentalText).toContain(sentence);
    // The balance is due 7 days before the event of 24 November.
    // Made 4 days before the event: the balance is due on confirming, not on 17 November, already past.
    expect(rentalText).toContain('a pagar al confirmar el evento (faltan menos de 7 días para él)');
    expect(rentalText).not.toContain('17 de noviembre');
    const early = visibleText(
      renderToStaticMarkup(
        <SaleView sale={{ ...sale, created_at: '2026-11-02T16:05:00.000Z' }} onPrintTicket={() => {}} onPrintRental={() => {}} />,
      ),
    );
    expect(early).toContain('a pagar a más tardar el 17 de noviembre de 2026 (7 días antes del evento)');
    // The produce business: no rental terms, no rental print.
    expect(html).not.toContain('Términos de la renta');
    expect(html).not.toContain('Imprimir cotización de renta');
  });

  it('says a sale not yet on a route, with no collections, is waiting for both', () => {
    const waiting = visibleText(
      renderToStaticMarkup(
        <SaleView
          sale={{ ...sale, order: { status: 'nuevo', dispatched_at: null }, shipping_details: [], collections: [] }}
          onPrintTicket={() => {}}
        />,
      ),
    );
    expect(waiting).toContain('Todavía no está en una ruta de reparto.');
    expect(waiting).toContain('Sin cobros registrados.');
    expect(waiting).toContain('Estado del pedido Nuevo');
  });

  it("draws the 'Facturación' panel it is given, and none without it", () => {
    const withPanel = visibleText(renderToStaticMarkup(<SaleView sale={sale} onPrintTicket={() => {}} invoices={<p>Factura A-7</p>} />));
    expect(withPanel).toContain('Facturación Factura A-7');
    expect(text).not.toContain('Facturación');
  });

  it('says a sale was made without a connection: its provisional folio, when (Monterrey time) and each warning of its arrival', () => {
    const offline = {
      made_at: '2026-11-24T01:30:00.000Z',
      provisional: 'P-7F3A-0012',
      device_total: 1100,
      warnings: [
        'El total cambió: el dispositivo mostró $1,100.00, el servidor cobró $1,160.00.',
        'Existencia negativa: Aguacate Hass (−3 kg).',
      ],
    };
    const warned = renderToStaticMarkup(<SaleView sale={saleDetailSchema.parse({ ...sale, offline })} onPrintTicket={() => {}} />);
    const warnedText = visibleText(warned);
    // 01:30 UTC on the 24th is 19:30 of the 23rd in Monterrey.
    expect(warnedText).toContain(
      'Venta registrada sin conexión Folio provisional P-7F3A-0012 Hecha en el dispositivo 23/11/2026 19:30 Total en el dispositivo $1,100.00',
    );
    expect(warnedText).toContain(
      'Avisos al llegar El total cambió: el dispositivo mostró $1,100.00, el servidor cobró $1,160.00. Existencia negativa: Aguacate Hass (−3 kg).',
    );
    expect(warned).toContain('<li>Existencia negativa: Aguacate Hass (−3 kg).</li>');
    expect(warned).toContain('class="sale-page__offline-warnings"');
    expect(warned).toContain('status-chip--warning">Sin conexión');

    const quiet = renderToStaticMarkup(<SaleView sale={{ ...sale, offline: { ...offline, warnings: [] } }} onPrintTicket={() => {}} />);
    expect(visibleText(quiet)).toContain('Llegó sin avisos: precios, existencias y saldo como en el dispositivo.');
    expect(quiet).not.toContain('sale-page__offline-warnings');
    expect(quiet).toContain('status-chip--neutral">Sin conexión');

    // A sale made online (and one from an older server, without the field) shows nothing of it.
    for (const online of [{ ...sale, offline: null }, sale]) {
      const page = renderToStaticMarkup(<SaleView sale={online} onPrintTicket={() => {}} />);
      expect(page).not.toContain('sin conexión');
      expect(page).not.toContain('Sin conexión');
    }
  });

  it('shows a quotation as one, with the sale made from it and without ticket, order or deliveries', () => {
    const quotation = renderToStaticMarkup(
      <SaleView
        sale={{ ...sale, kind: 'quotation', sale_id: 41, quotation_id: null, order: null, shipping_details: [], collections: [] }}
        onPrintTicket={() => {}}
      />,
    );
    expect(visibleText(quotation)).toContain('Cotización C-41');
    expect(visibleText(quotation)).toContain('Venta generada Venta 41');
    expect(quotation).not.toContain('Imprimir ticket');
    expect(quotation).not.toContain('Entregas');
  });
});

describe('the ticket of a sale from its page', () => {
  it('prints the lines and totals as the server priced them', () => {
    const ticket = saleTicketOf(sale, new Date('2026-11-26T18:00:00Z'));
    expect(saleTicketSchema.parse(ticket)).toEqual({
      id: 41,
      date: '2026-11-24',
      printedAt: '2026-11-26 12:00',
      company: 'Hotel Ancira',
      branch: 'Centro',
      seller: 'Luis Garza',
      type: 'Serie A',
      bar: false,
      items: [
        { name: 'Aguacate Hass', unit: 'kg', quantity: 12.5, price: 60, amount: 750 },
        { name: 'Limón', unit: 'caja', quantity: 1, price: 250, amount: 250 },
      ],
      subtotal: 1000,
      iva: 160,
      total: 1160,
      note: 'Entregar por andén 2',
    });
  });
});
