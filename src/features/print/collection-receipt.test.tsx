import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../../../domain/deployment';
import { receiptFixture } from '../../../domain/documents/receipt-fixtures';
import CollectionReceipt, { CollectionReceiptScreen } from './collection-receipt';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('the receipt print view', () => {
  const html = renderToStaticMarkup(
    <CollectionReceiptScreen collection={receiptFixture()} identity={DEPLOYMENTS.frutas.identity} onDone={() => undefined} />,
  );

  it('shows the business, the payment and the sales it paid', () => {
    const text = visibleText(html);
    for (const expected of [
      'Frutas del Norte',
      'Recibo de pago',
      'R-87',
      'Restaurante La Nogalera',
      'Monto recibido $2,000.00',
      'Forma de pago Transferencia',
      'Venta Fecha de venta Total de la venta Aplicado Saldo restante',
      'V-356 01/10/2026 $900.00 $600.00 $300.00',
      'Saldo a favor $149.50',
      'Recibió Jorge Treviño Leal',
    ]) {
      expect(text).toContain(expected);
    }
    expect(html).toContain('src="/brand/frutas.svg"');
  });

  it('offers Descargar PDF, Imprimir and Cerrar over the document, hidden on paper', () => {
    expect(buttons(html)).toEqual(['Descargar PDF', 'Imprimir', 'Cerrar']);
    expect(html.indexOf('print-actions')).toBeLessThan(html.indexOf('class="doc"'));
  });

  it('says it cannot show data that is not a payment', () => {
    const unreadable = renderToStaticMarkup(
      <CollectionReceipt data={{ collection: { id: 'x' } }} onDone={() => undefined} onUnreadable={() => <p>ilegible</p>} />,
    );
    expect(unreadable).toBe('<p>ilegible</p>');
  });
});
