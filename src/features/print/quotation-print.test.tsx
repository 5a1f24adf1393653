import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../../../domain/deployment';
import type { QuotationLayout } from '../../../domain/documents/quotation-document';
import { quotationFixture } from '../../../domain/documents/test-fixtures';
import type { EmailMessage, SaleDetail } from '../../../domain/schemas/quotations';
import QuotationPrint, { QuotationPrintScreen } from './quotation-print';
import { EmailStatusList, parseRecipients, QuotationEmailForm } from './quotation-email';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

const render = (sale: SaleDetail, layout: QuotationLayout, identity = DEPLOYMENTS.frutas.identity) =>
  renderToStaticMarkup(<QuotationPrintScreen data={{ sale, layout }} identity={identity} onDone={() => undefined} />);

describe('the quotation print view', () => {
  const html = render(quotationFixture(), 'full');
  const text = visibleText(html);

  it('shows every element of the quotation from its document model', () => {
    for (const expected of [
      'Frutas del Norte',
      'Cotización',
      'C-412',
      'Fecha 22 de noviembre de 2026',
      'Restaurante La Nogalera',
      'La Nogalera Alimentos, S.A. de C.V.',
      'Mariana Treviño',
      'ventas@demo.mx',
      'Cantidad Producto Precio unitario Importe',
      '12.5 kg Aguacate Hass $65.00 $812.50',
      'Subtotal $1,862.50 IVA $298.00 Total $2,160.50',
      'Crédito 15 días',
      DEPLOYMENTS.frutas.identity.clabe,
      'Entregar antes de las 9:00 por la rampa norte.',
      'Los precios pueden cambiar sin previo aviso.',
      'Esta cotización es válida hasta el 30 de noviembre de 2026.',
      'www.frutasdelnorte.mx · Tel. 81 8123 4567 · WhatsApp 81 1234 5678',
    ]) {
      expect(text).toContain(expected);
    }
    expect(html).toContain('src="/brand/frutas.svg"');
  });

  it('offers Descargar PDF, Imprimir and Enviar por correo over the document', () => {
    expect(buttons(html)).toEqual(['Descargar PDF', 'Imprimir', 'Enviar por correo', 'Cerrar']);
    // The buttons come before the document and are hidden on paper by their container.
    expect(html.indexOf('quotation-print__tools')).toBeLessThan(html.indexOf('class="doc"'));
  });

  it('lets the person switch to the short layout', () => {
    const options = (markup: string) => [...markup.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
    expect(visibleText(html)).toContain('Formato');
    expect(options(html)).toEqual(['Completo', 'Resumido']);
    expect(options(render(quotationFixture(), 'rental', DEPLOYMENTS.eventos.identity))).toEqual(['Renta de evento', 'Resumido']);
  });

  it('offers no e-mail for a sale printed as its quotation', () => {
    expect(buttons(render(quotationFixture({ kind: 'sale', quotation_id: 12 }), 'full'))).toEqual(['Descargar PDF', 'Imprimir', 'Cerrar']);
  });

  it('prints the party-rental quotation as confirmed, with its terms', () => {
    const rental = visibleText(render(quotationFixture(), 'rental', DEPLOYMENTS.eventos.identity));
    expect(rental).toContain('Cotización de renta');
    expect(rental).toContain('Estado Confirmada');
    expect(rental).toContain('Anticipo del 50 % para confirmar el evento: $1,080.25.');
  });

  it('prints the short layout without the customer block or the fixed conditions', () => {
    const short = visibleText(render(quotationFixture(), 'short'));
    expect(short).toContain('Cantidad Producto Precio unitario Total');
    expect(short).not.toContain('Razón social');
    expect(short).not.toContain('área metropolitana');
  });

  it('leaves stored data it cannot read to the print root', () => {
    const unreadable = renderToStaticMarkup(
      <QuotationPrint data={{ sale: { id: 'x' }, layout: 'full' }} onDone={() => undefined} onUnreadable={() => <p>ilegible</p>} />,
    );
    expect(unreadable).toBe('<p>ilegible</p>');
  });
});

describe('sending the quotation by e-mail', () => {
  it('opens with the contact’s e-mail in the recipients', () => {
    const html = renderToStaticMarkup(
      <QuotationEmailForm defaultTo="compras@nogalera.mx" onSend={async () => undefined} onClose={() => undefined} />,
    );
    expect(visibleText(html)).toContain('Destinatarios');
    expect(html).toContain('value="compras@nogalera.mx"');
    expect(buttons(html)).toEqual(['Enviar', 'Cancelar']);
  });

  it('reads recipients separated by commas', () => {
    expect(parseRecipients(' a@b.mx, c@d.mx ,, ')).toEqual(['a@b.mx', 'c@d.mx']);
    expect(parseRecipients('')).toEqual([]);
  });

  it('shows where each message stands, and why one failed', () => {
    const email = (id: number, status: EmailMessage['status'], last_error: string | null): EmailMessage => ({
      id,
      sale_id: 412,
      to: ['compras@nogalera.mx'],
      subject: 'Cotización C-412',
      status,
      attempts: 1,
      last_error,
      created_at: '2026-11-23T03:30:00.000Z',
      sent_at: null,
      next_attempt_at: null,
    });
    const text = visibleText(
      renderToStaticMarkup(
        <EmailStatusList emails={[email(3, 'pendiente', null), email(2, 'enviado', null), email(1, 'fallido', '550 buzón inexistente')]} />,
      ),
    );
    expect(text).toContain('Envíos por correo');
    expect(text).toContain('compras@nogalera.mx: Pendiente');
    expect(text).toContain('compras@nogalera.mx: Enviado');
    expect(text).toContain('compras@nogalera.mx: Fallido');
    expect(text).toContain('Motivo: 550 buzón inexistente');
    expect(renderToStaticMarkup(<EmailStatusList emails={[]} />)).toBe('');
  });
});
