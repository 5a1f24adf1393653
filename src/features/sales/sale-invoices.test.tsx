import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SaleDetail } from '../../../domain/schemas/quotations';
import { cfdiKeys, notInvoiceable } from '../../ui/cfdi/cfdi-documents';
import { cfdiDocument } from '../../ui/cfdi/test-fixtures';
import { SaleInvoices, SaleInvoicesView, type InvoiceOffer } from './sale-invoices';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const ignore = () => undefined;
const offer: InvoiceOffer = { email: false, onEmail: ignore, to: '', onTo: ignore, toError: null, sending: false, onInvoice: ignore };
const view = (props: Partial<Parameters<typeof SaleInvoicesView>[0]>) =>
  renderToStaticMarkup(<SaleInvoicesView documents={[]} manage offer={null} note={null} refusal={null} onAction={ignore} {...props} />);

/** The buttons a panel shows, by their visible words. */
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

describe("the sale page's 'Facturación' panel", () => {
  it("says a sale without documents has none, and offers 'Facturar' with the e-mail box", () => {
    const html = view({ offer });
    expect(visibleText(html)).toContain('La venta no tiene comprobantes fiscales.');
    expect(visibleText(html)).toContain('Enviar al cliente por correo');
    expect(html).toMatch(/<input[^>]*type="checkbox"/);
    expect(buttons(html)).toEqual(['Facturar']);
  });

  it('shows a stamped invoice with its folio fiscal, total and state, and its files, e-mail and cancel', () => {
    const html = view({ documents: [cfdiDocument()] });
    const text = visibleText(html);
    expect(text).toContain('Factura A-7 Timbrado');
    expect(text).toContain('Folio fiscal 5FB2822E-396D-4725-8521-CDC4BDD20CCF');
    expect(text).toContain('Total $1,160.00');
    expect(text).toContain('Método de pago PPD Pago en parcialidades o diferido');
    expect(buttons(html)).toEqual(['Descargar PDF', 'Descargar XML', 'Enviar por correo', 'Cancelar']);
    expect(html).toContain('aria-label="Cancelar: Factura A-7"');
    // 'Enviar por correo' first asks to whom, as 'Cancelar' asks why.
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*aria-label="Enviar por correo: Factura A-7"/);
    expect(html).toContain('status-chip--success');
  });

  it("shows the PAC's message on a refused invoice and offers only 'Reintentar'", () => {
    const html = view({
      documents: [cfdiDocument({ status: 'error', uuid: null, last_error: 'CFDI40158: el RFC del receptor no está en la lista del SAT.' })],
    });
    const text = visibleText(html);
    expect(text).toContain('Factura A-7 Error');
    expect(text).toContain('Error del PAC CFDI40158: el RFC del receptor no está en la lista del SAT.');
    expect(text).not.toContain('Folio fiscal');
    expect(buttons(html)).toEqual(['Reintentar']);
  });

  it('says a document is being stamped, and when the queue tries again after the PAC did not answer', () => {
    const html = view({
      documents: [cfdiDocument({ status: 'pendiente', uuid: null, attempts: 2, next_attempt_at: '2026-11-24T16:10:00Z' })],
    });
    expect(visibleText(html)).toContain('Factura A-7 Pendiente');
    expect(visibleText(html)).toContain('Timbrando… Se reintentará a las 24/11/2026 10:10.');
    expect(buttons(html)).toEqual([]);
    expect(html).toContain('aria-live="polite"');
  });

  it('lists a cancelled invoice with its motive, its substitute, a credit note and a payment receipt', () => {
    const html = view({
      documents: [
        cfdiDocument({ status: 'cancelado', cancel_motive: '01' }),
        cfdiDocument({ id: 8, folio: 8, related_id: 7 }),
        cfdiDocument({ id: 9, kind: 'nota_credito', serie: 'NC', folio: 1, total: 290, metodo_pago: 'PUE' }),
        cfdiDocument({ id: 10, kind: 'pago', serie: 'P', folio: 4, total: 0, metodo_pago: null }),
      ],
    });
    const text = visibleText(html);
    expect(text).toContain('Factura A-7 Cancelado');
    expect(text).toContain('Motivo de cancelación 01 Comprobante emitido con errores con relación');
    expect(text).toContain('Factura A-8 Timbrado');
    expect(text).toContain('Nota de crédito NC-1 Timbrado');
    expect(text).toContain('Recibo de pago P-4 Timbrado');
  });

  it("asks whom to send it to once the box is ticked, saying that left empty it goes to the customer's contacts", () => {
    expect(view({ offer })).not.toContain('Destinatarios');
    const html = view({ offer: { ...offer, email: true, to: 'pagos@', toError: 'E-mail inavlido. («pagos@»)' } });
    const text = visibleText(html);
    expect(text).toContain('Destinatarios');
    expect(text).toContain('Si lo deja vacío, se envía a los correos de los contactos del cliente.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*value="pagos@"/);
    expect(text).toContain('E-mail inavlido. («pagos@»)');
    expect(buttons(html)).toEqual(['Facturar']);
  });

  it("says what the server answered to 'Facturar' as an alert, in its words", () => {
    const html = view({ offer, refusal: 'El producto «Limón» no tiene clave SAT (Clave de producto o servicio).' });
    expect(html).toMatch(/<p role="alert"[^>]*>El producto «Limón» no tiene clave SAT/);
  });

  it('gives someone who only downloads no buttons that change a document', () => {
    expect(buttons(view({ documents: [cfdiDocument()], manage: false }))).toEqual(['Descargar PDF', 'Descargar XML']);
  });

  it('does not offer to invoice a cancelled sale or a Serie B one, and says why', () => {
    const sale = { kind: 'sale', type: 'Serie A', canceled_at: null } as const;
    expect(notInvoiceable(sale)).toBeNull();
    expect(notInvoiceable({ ...sale, type: 'Serie B' })).toBe('Las ventas Serie B no se facturan.');
    expect(notInvoiceable({ ...sale, canceled_at: '2026-11-26T18:00:00Z' })).toBe('La venta está cancelada: no se factura.');
  });
});

describe('the panel on the page', () => {
  const sale = { id: 41, kind: 'sale', type: 'Serie A', canceled_at: null } as SaleDetail;
  const draw = (client: QueryClient, page: ReactElement) =>
    visibleText(renderToStaticMarkup(<QueryClientProvider client={client}>{page}</QueryClientProvider>));

  it("says it is loading the sale's documents until they come", () => {
    expect(draw(new QueryClient(), <SaleInvoices sale={sale} manage notify={ignore} />)).toContain('Cargando los comprobantes…');
  });

  it("offers 'Facturar' only while the sale has no live invoice", () => {
    const none = new QueryClient();
    none.setQueryData(cfdiKeys.sale(41), [cfdiDocument({ status: 'cancelado' })]);
    expect(draw(none, <SaleInvoices sale={sale} manage notify={ignore} />)).toContain('Facturar');
    const invoiced = new QueryClient();
    invoiced.setQueryData(cfdiKeys.sale(41), [cfdiDocument({ status: 'cancelado' }), cfdiDocument({ id: 8, folio: 8 })]);
    expect(draw(invoiced, <SaleInvoices sale={sale} manage notify={ignore} />)).not.toContain('Facturar');
  });
});
