import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../deployment';
import type { DocumentBlock, DocumentModel } from './document';
import { defaultQuotationLayout, formatLongDay, quotationDocument, saleDocument } from './quotation-document';
import { quotationFixture } from './test-fixtures';

const frutas = DEPLOYMENTS.frutas.identity;
const eventos = DEPLOYMENTS.eventos.identity;

/** Every string a document shows, in order, as one text. */
function documentText(model: DocumentModel): string {
  const parts = (block: DocumentBlock): string[] => {
    switch (block.kind) {
      case 'heading':
        return [block.title, block.number, ...block.issuer, ...block.facts.flatMap((f) => [f.label, f.value])];
      case 'keyValues':
        return [block.title, ...block.rows.flatMap((r) => [r.label, r.value])];
      case 'table':
        return [...block.columns.map((c) => c.label), ...block.rows.flat()];
      case 'totals':
        return block.rows.flatMap((r) => [r.label, r.value]);
      case 'paragraphs':
        return [block.title, ...block.paragraphs];
      case 'qr':
        return [block.text, ...block.rows.flatMap((r) => [r.label, r.value])];
    }
  };
  return [...model.blocks.flatMap(parts), ...model.footer].join('\n');
}

const block = <K extends DocumentBlock['kind']>(model: DocumentModel, kind: K, title?: string) =>
  model.blocks.find(
    (b): b is Extract<DocumentBlock, { kind: K }> => b.kind === kind && (title === undefined || ('title' in b && b.title === title)),
  );

describe('the full quotation', () => {
  const model = quotationDocument(quotationFixture(), frutas, 'full');

  it('is titled with its folio and named after it', () => {
    const heading = block(model, 'heading')!;
    expect([heading.title, heading.number]).toEqual(['Cotización', 'C-412']);
    expect(model.fileName).toBe('Cotización C-412.pdf');
    expect(model.brand).toEqual({ name: 'Frutas del Norte', color: '#2e7d32', logo: '/brand/frutas.svg' });
  });

  it('dates it on the Monterrey day it was made and shows until when it holds', () => {
    expect(block(model, 'heading')!.facts).toEqual([
      { label: 'Fecha', value: '22 de noviembre de 2026' },
      { label: 'Vigencia', value: '30 de noviembre de 2026' },
    ]);
  });

  it('names the business that issues it and the customer, their legal name and tax id, and the seller', () => {
    expect(block(model, 'heading')!.issuer).toEqual([frutas.legalName, `RFC ${frutas.taxId}`, frutas.address]);
    expect(block(model, 'keyValues', 'Cliente')!.rows).toEqual([
      { label: 'Empresa', value: 'Restaurante La Nogalera' },
      { label: 'Razón social', value: 'La Nogalera Alimentos, S.A. de C.V.' },
      { label: 'RFC', value: 'NAL150101AB1' },
      { label: 'Sucursal', value: 'Sucursal Valle, Calzada del Valle 400, San Pedro Garza García' },
      { label: 'Contacto', value: 'Lucía Garza · compras@nogalera.mx' },
    ]);
    expect(block(model, 'keyValues', 'Atendido por')!.rows).toEqual([
      { label: 'Vendedor', value: 'Mariana Treviño' },
      { label: 'Correo', value: 'ventas@demo.mx' },
    ]);
  });

  it('lists quantity with unit, product, unit price and amount in pesos, then subtotal, IVA and total', () => {
    const table = block(model, 'table')!;
    expect(table.columns.map((c) => c.label)).toEqual(['Cantidad', 'Producto', 'Precio unitario', 'Importe']);
    expect(table.columns.reduce((sum, c) => sum + c.width, 0)).toBeCloseTo(1, 6);
    expect(table.rows).toEqual([
      ['12.5 kg', 'Aguacate Hass', '$65.00', '$812.50'],
      ['3 cajas', 'Jitomate saladette', '$350.00', '$1,050.00'],
    ]);
    expect(block(model, 'totals')!.rows).toEqual([
      { label: 'Subtotal', value: '$1,862.50' },
      { label: 'IVA', value: '$298.00' },
      { label: 'Total', value: '$2,160.50', emphasis: true },
    ]);
  });

  it('gives the credit days, the bank account and the CLABE', () => {
    expect(block(model, 'keyValues', 'Condiciones de pago')!.rows).toEqual([
      { label: 'Crédito', value: '15 días' },
      { label: 'Cuenta bancaria', value: frutas.bankAccount },
      { label: 'CLABE', value: frutas.clabe },
    ]);
  });

  it('carries the note and the business’s conditions (the demo’s until it sets its own) ending with the validity, never the internal note', () => {
    expect(block(model, 'paragraphs', 'Notas')!.paragraphs).toEqual(['Entregar antes de las 9:00 por la rampa norte.']);
    expect(block(model, 'paragraphs', 'Condiciones')!.paragraphs).toEqual([
      'Entrega sin costo en el área metropolitana en compras mayores a $2,000.00 más IVA.',
      'Las maniobras adicionales y las rutas fuera del área metropolitana tienen un costo extra.',
      'Los precios pueden cambiar sin previo aviso.',
      'Toda devolución o cambio sin justificación tiene un cargo del 10 % y los gastos de envío corren por cuenta del cliente.',
      'Esta cotización es válida hasta el 30 de noviembre de 2026.',
    ]);
    expect(documentText(model)).not.toContain('No mostrar');
  });

  it('prints the free-delivery minimum and the conditions the business set, and no free delivery where it offers none', () => {
    const own = { ...frutas, freeDeliveryMinimum: 3_500, quotationTerms: ['Pedidos después de las 14:00 se entregan al día siguiente.'] };
    expect(block(quotationDocument(quotationFixture(), own, 'full'), 'paragraphs', 'Condiciones')!.paragraphs).toEqual([
      'Entrega sin costo en el área metropolitana en compras mayores a $3,500.00 más IVA.',
      'Pedidos después de las 14:00 se entregan al día siguiente.',
      'Esta cotización es válida hasta el 30 de noviembre de 2026.',
    ]);
    const none = quotationDocument(quotationFixture({ due_date: null }), { ...own, freeDeliveryMinimum: null, quotationTerms: [] }, 'full');
    expect(block(none, 'paragraphs', 'Condiciones')).toBeUndefined();
    expect(documentText(none)).not.toContain('Entrega sin costo');
  });

  it('ends every page with the website, phone, WhatsApp and fiscal address', () => {
    expect(model.footer).toEqual([
      'www.frutasdelnorte.mx · Tel. 81 8123 4567 · WhatsApp 81 1234 5678',
      `Domicilio fiscal: ${frutas.address}`,
    ]);
    expect(model.pageLabel(1, 2)).toBe('Página 1 de 2');
  });
});

describe('credit terms', () => {
  it('are left out for a customer without credit days', () => {
    const cash = quotationFixture({ company: { ...quotationFixture().company, credit_days: 0 } });
    for (const layout of ['full', 'short', 'rental'] as const) {
      const model = quotationDocument(cash, frutas, layout);
      expect(block(model, 'keyValues', 'Condiciones de pago')!.rows.map((r) => r.label)).toEqual(['Cuenta bancaria', 'CLABE']);
      expect(documentText(model)).not.toContain('Crédito');
    }
  });

  it('say "1 día" for one day of credit', () => {
    const model = quotationDocument(quotationFixture({ company: { ...quotationFixture().company, credit_days: 1 } }), frutas, 'full');
    expect(block(model, 'keyValues', 'Condiciones de pago')!.rows[0]).toEqual({ label: 'Crédito', value: '1 día' });
  });
});

describe('the short quotation', () => {
  const model = quotationDocument(quotationFixture(), frutas, 'short');

  it('has a header, the table with a total per line, credit terms, bank details and validity only', () => {
    expect(model.blocks.map((b) => b.kind)).toEqual(['heading', 'table', 'totals', 'keyValues', 'paragraphs']);
    expect(block(model, 'heading')!.facts.map((f) => f.value)).toEqual([
      '22 de noviembre de 2026',
      '30 de noviembre de 2026',
      'Restaurante La Nogalera',
    ]);
    expect(block(model, 'table')!.columns.map((c) => c.label)).toEqual(['Cantidad', 'Producto', 'Precio unitario', 'Total']);
    expect(block(model, 'totals')!.rows).toEqual([{ label: 'Total', value: '$2,160.50', emphasis: true }]);
    expect(block(model, 'keyValues')!.rows.map((r) => r.value)).toEqual(['15 días', frutas.bankAccount, frutas.clabe]);
    expect(block(model, 'paragraphs')!.paragraphs).toEqual(['Esta cotización es válida hasta el 30 de noviembre de 2026.']);
  });
});

describe('the party-rental quotation', () => {
  const model = quotationDocument(quotationFixture(), eventos, 'rental');

  it('is confirmed and dated for the event', () => {
    const heading = block(model, 'heading')!;
    expect(heading.title).toBe('Cotización de renta');
    expect(heading.facts).toContainEqual({ label: 'Estado', value: 'Confirmada' });
    expect(heading.facts).toContainEqual({ label: 'Fecha del evento', value: '19 de diciembre de 2026' });
    expect(model.brand.name).toBe('Eventos del Norte');
  });

  it('states the rental terms with their amounts and dates', () => {
    // Total $2,160.50: half now, half by 12 Dec; under $10,000 the deposit is $1,000; 30 % outside the city.
    expect(block(model, 'paragraphs', 'Términos de la renta')!.paragraphs).toEqual([
      'Anticipo del 50 % para confirmar el evento: $1,080.25.',
      'Saldo de $1,080.25, a pagar a más tardar el 12 de diciembre de 2026 (7 días antes del evento).',
      'Depósito en garantía: $1,000.00 (10 % del total; $1,000.00 cuando el total es menor a $10,000.00).',
      'Para eventos fuera de la ciudad el depósito es del 30 % del total: $648.15.',
      'El depósito se reembolsa 5 días hábiles después del evento, el 25 de diciembre de 2026.',
      'El reembolso puede cobrarse dentro de los 3 meses siguientes al evento, hasta el 19 de marzo de 2027.',
      'Esta cotización es válida hasta el 30 de noviembre de 2026.',
    ]);
    expect(documentText(model)).not.toContain('área metropolitana');
  });

  it('is what the eventos deployment prints, the full layout elsewhere', () => {
    expect(defaultQuotationLayout('eventos')).toBe('rental');
    expect(defaultQuotationLayout('frutas')).toBe('full');
  });
});

describe('a sale printed as its quotation', () => {
  it('carries the folio of the quotation it came from and no validity (its due date is for payment)', () => {
    const sale = quotationFixture({ id: 990, kind: 'sale', quotation_id: 412, due_date: '2026-12-30' });
    const model = quotationDocument(sale, frutas, 'full');
    expect(block(model, 'heading')!.number).toBe('C-412');
    expect(documentText(model)).not.toContain('Vigencia');
    expect(documentText(model)).not.toContain('válida hasta');
  });

  it('keeps its sale folio when it had no quotation', () => {
    const model = quotationDocument(quotationFixture({ id: 990, kind: 'sale' }), frutas, 'full');
    expect(block(model, 'heading')!.number).toBe('V-990');
    expect(model.fileName).toBe('Cotización V-990.pdf');
  });
});

describe('long dates', () => {
  it('read in Spanish whatever the time zone of the machine', () => {
    expect(formatLongDay('2026-01-01')).toBe('1 de enero de 2026');
    expect(formatLongDay('2026-12-31 23:59')).toBe('31 de diciembre de 2026');
  });
});

describe('a sale’s own print (Nota de venta)', () => {
  it('is titled with the sale’s folio and shows what is owed, the lines at the prices sold, and a cancellation with its reason', () => {
    const sale = quotationFixture({ kind: 'sale', due_balance: 120.5, payment_status: 'Parcial' });
    const model = saleDocument(sale, frutas);
    expect(model.title).toBe(`Nota de venta V-${sale.id}`);
    expect(model.fileName).toBe(`Venta V-${sale.id}.pdf`);
    const totals = block(model, 'totals')!.rows.map((row) => [row.label, row.value]);
    expect(totals).toContainEqual(['Pago', 'Parcial']);
    expect(totals).toContainEqual(['Saldo', '$120.50']);
    expect(block(model, 'table')!.rows.length).toBe(sale.items.length);
    const canceled = saleDocument({ ...sale, canceled_at: '2026-11-20T18:00:00.000Z', cancel_reason: 'Pedido duplicado' }, frutas);
    expect(documentText(canceled)).toContain('Cancelada el 20 de noviembre de 2026: Pedido duplicado');
  });
});
