import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import StopReceiptPrint from './stop-receipt';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** As the driver's receipt stores it (src/features/driver/collect-receipt.tsx). */
const receipt = {
  business: ['Frutas del Norte', 'Frutas del Norte Distribuidora, S.A. de C.V.'],
  title: 'Recibo provisional C-7F3A-0001',
  facts: [
    { label: 'Cliente', value: 'Abarrotes La Esperanza' },
    { label: 'Monto', value: '$1,500.50' },
  ],
  note: 'Recibo provisional: el número definitivo se asigna al llegar a la oficina.',
};
const unreadable = () => <p>ilegible</p>;

describe("the print of a driver's receipt", () => {
  it('prints the business, the number, the facts and the provisional note as a ticket', () => {
    const html = renderToStaticMarkup(<StopReceiptPrint data={receipt} onDone={() => {}} onUnreadable={unreadable} />);
    expect(visibleText(html)).toBe(
      'Imprimir Cerrar Frutas del Norte Frutas del Norte Distribuidora, S.A. de C.V. Recibo provisional C-7F3A-0001 ' +
        `${receipt.note} Cliente Abarrotes La Esperanza Monto $1,500.50`,
    );
    expect(html).toContain('<main class="ticket">');
  });

  it('says it cannot print data of another shape', () => {
    expect(renderToStaticMarkup(<StopReceiptPrint data={{ title: 1 }} onDone={() => {}} onUnreadable={unreadable} />)).toBe(
      '<p>ilegible</p>',
    );
  });
});
