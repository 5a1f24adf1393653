import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../deployment';
import { drawDocumentPdf } from './pdf';
import { receiptDocument } from './receipt-document';
import { receiptFixture } from './receipt-fixtures';

const identity = DEPLOYMENTS.frutas.identity;

describe('the payment receipt as a document', () => {
  it('says who paid, how much and how, what each sale got and still owes, and the credit left', () => {
    const model = receiptDocument(receiptFixture(), identity);
    expect(model.title).toBe('Recibo de pago R-87');
    expect(model.fileName).toBe('Recibo R-87.pdf');
    const [heading, customer, payment, sales, totals] = model.blocks;
    expect(heading).toMatchObject({
      kind: 'heading',
      title: 'Recibo de pago',
      number: 'R-87',
      facts: [
        { label: 'Fecha', value: '20 de noviembre de 2026' },
        { label: 'Recibió', value: 'Jorge Treviño Leal' },
      ],
    });
    expect(customer).toMatchObject({
      kind: 'keyValues',
      title: 'Cliente',
      rows: [{ value: 'Restaurante La Nogalera' }, { value: 'La Nogalera Alimentos, S.A. de C.V.' }, { value: 'NOG150101AB1' }],
    });
    expect(payment).toMatchObject({
      rows: [
        { label: 'Monto recibido', value: '$2,000.00' },
        { label: 'Forma de pago', value: 'Transferencia' },
        { label: 'Referencia', value: 'SPEI 004512' },
        { label: 'Nota', value: 'Pago de facturas de octubre' },
      ],
    });
    expect(sales).toMatchObject({
      kind: 'table',
      rows: [
        ['V-310', '02/09/2026', '$1,250.50', '$1,250.50', '$0.00'],
        ['V-356', '01/10/2026', '$900.00', '$600.00', '$300.00'],
      ],
    });
    expect(totals).toMatchObject({
      rows: [
        { label: 'Monto recibido', value: '$2,000.00' },
        { label: 'Aplicado a ventas', value: '$1,850.50' },
        { label: 'Saldo a favor', value: '$149.50' },
      ],
    });
  });

  it('says so when the payment paid no sale, and when it was cancelled', () => {
    const model = receiptDocument(
      receiptFixture({
        details: [],
        applied: 0,
        unapplied: 2000,
        canceled_at: '2026-11-21T18:00:00.000Z',
        cancel_reason: 'Cheque sin fondos',
      }),
      identity,
    );
    const paragraphs = model.blocks.filter((block) => block.kind === 'paragraphs').flatMap((block) => block.paragraphs);
    expect(paragraphs).toEqual(['Cancelado el 21 de noviembre de 2026: Cheque sin fondos', 'No se aplicó a ninguna venta.']);
  });

  it("says a payment a driver took at a stop was collected on the route, with the number of the phone's receipt", () => {
    const model = receiptDocument(
      receiptFixture({ user: { id: 4, name: 'Miguel', last: 'Hernández' }, shipping_id: 12, provisional: 'P-7F3A-0012' }),
      identity,
    );
    expect(model.blocks[0]).toMatchObject({
      facts: [
        { label: 'Fecha', value: '20 de noviembre de 2026' },
        { label: 'Recibió', value: 'Miguel Hernández' },
        { label: 'Ruta', value: 'Cobrado en ruta #12' },
        { label: 'Recibo provisional', value: 'P-7F3A-0012' },
      ],
    });
    // One taken at the office names no route.
    expect(receiptDocument(receiptFixture({ shipping_id: null, provisional: null }), identity).blocks[0]).toMatchObject({
      facts: [{ label: 'Fecha' }, { label: 'Recibió' }],
    });
  });

  it('draws as a PDF whose text says the same', async () => {
    const bytes = await drawDocumentPdf(receiptDocument(receiptFixture(), identity));
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Recibo de pago',
      'R-87',
      'Restaurante La Nogalera',
      'Transferencia',
      'V-356',
      '$300.00',
      'Saldo a favor',
      '$149.50',
    ]) {
      expect(flat).toContain(expected);
    }
  });
});
