import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../deployment';
import type { ShoppingDetail } from '../schemas/purchasing';
import { drawDocumentPdf } from './pdf';
import { purchaseOrderDocument, purchaseOrderPrintDataSchema, shoppingOrderDocument } from './purchase-order-document';

const identity = DEPLOYMENTS.frutas.identity;

function order(changes: Partial<ShoppingDetail> = {}): ShoppingDetail {
  return {
    id: 57,
    provider_id: 3,
    provider_name: 'Huertas de Montemorelos',
    total: 2_115,
    due_date: '2026-12-09',
    // 03:30 UTC on the 25th is still the 24th in Monterrey.
    created_at: '2026-11-25T03:30:00.000Z',
    updated_at: null,
    status: 'Parcial',
    paid: 0,
    note: 'Entregar en el andén 2.',
    provider: {
      id: 3,
      name: 'Huertas de Montemorelos',
      rfc: 'HUE010203AB1',
      phone: '81 8322 1246',
      email: null,
      contact_name: 'Lucía Cantú',
      credit_days: 15,
    },
    items: [
      { id: 1, item_id: 4, item_name: 'Naranja valencia', unit: 'kg', quantity: 100, unit_cost: 12.5, total: 1_250, received_quantity: 60 },
      { id: 2, item_id: 9, item_name: 'Limón persa', unit: 'caja', quantity: 10.5, unit_cost: 82.38, total: 865, received_quantity: 0 },
    ],
    ...changes,
  };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('the purchase order document', () => {
  const model = purchaseOrderDocument(order(), identity);

  it('is titled and named by its folio, dated in Monterrey', () => {
    const heading = model.blocks[0]!;
    expect(heading.kind === 'heading' && [heading.title, heading.number, heading.facts.map((f) => f.value)]).toEqual([
      'Orden de compra',
      'OC-57',
      ['24 de noviembre de 2026', '9 de diciembre de 2026', 'Parcial'],
    ]);
    expect(model.fileName).toBe('Orden de compra OC-57.pdf');
  });

  it('lists each product with quantity, unit cost and amount, the server’s total and the conditions of §9', () => {
    const table = model.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.rows).toEqual([
      ['100', 'kg', 'Naranja valencia', '$12.50', '$1,250.00'],
      ['10.5', 'caja', 'Limón persa', '$82.38', '$865.00'],
    ]);
    expect(model.blocks.find((b) => b.kind === 'totals')).toEqual({
      kind: 'totals',
      rows: [{ label: 'Total', value: '$2,115.00', emphasis: true }],
    });
    expect(model.blocks.at(-1)).toEqual({
      kind: 'paragraphs',
      title: 'Condiciones',
      paragraphs: [
        'Los precios pueden cambiar sin previo aviso.',
        'Los pedidos se reciben con 24 horas de anticipación, antes de las 12:00 pm.',
      ],
      list: true,
    });
    // The provider's missing e-mail is left out, not printed empty.
    const provider = model.blocks.find((b) => b.kind === 'keyValues');
    expect(provider?.kind === 'keyValues' && provider.rows.map((r) => r.label)).toEqual([
      'Nombre',
      'RFC',
      'Contacto',
      'Teléfono',
      'Crédito',
    ]);
  });

  it('draws the same words into a PDF', async () => {
    const text = await pdfText(await drawDocumentPdf(model));
    for (const expected of [
      'Orden de compra',
      'OC-57',
      'Huertas de Montemorelos',
      'Limón persa',
      '$2,115.00',
      'Los precios pueden cambiar sin previo aviso.',
      'antes de las 12:00 pm',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('the shopping order (the warehouse’s receiving sheet)', () => {
  const model = shoppingOrderDocument(order({ note: null }), identity);

  it('lists ordered and already received quantities with a blank Recibido column, no prices, and a signature', () => {
    const table = model.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && [table.columns.map((c) => c.label), table.rows]).toEqual([
      ['Producto', 'Unidad', 'Pedido', 'Ya recibido', 'Recibido'],
      [
        ['Naranja valencia', 'kg', '100', '60', '__________'],
        ['Limón persa', 'caja', '10.5', '0', '__________'],
      ],
    ]);
    expect(model.blocks.some((b) => b.kind === 'totals')).toBe(false);
    expect(model.blocks.at(-1)).toMatchObject({ kind: 'paragraphs', title: 'Recibió en almacén' });
    expect(model.fileName).toBe('Orden de surtido OC-57.pdf');
  });

  it('reads its stored print data back with the order schema', () => {
    expect(purchaseOrderPrintDataSchema.safeParse({ order: order() }).success).toBe(true);
    expect(purchaseOrderPrintDataSchema.safeParse({ order: { id: 'x' } }).success).toBe(false);
  });
});
