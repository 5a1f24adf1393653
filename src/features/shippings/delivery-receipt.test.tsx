import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SaleReturn } from '../../../domain/schemas/sale-returns';
import type { ShippingDetailSummary } from '../../../domain/schemas/shipping';
import { saleReturnsKey } from '../../ui/sale-return-queries';
import { DeliveryReceipt, DeliveryReceiptView } from './delivery-receipt';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

const delivered: ShippingDetailSummary = {
  id: 31,
  sale_id: 700,
  shipping_id: 12,
  company_id: 5,
  completed: true,
  is_delivered: true,
  delivery_rejection_comment: null,
  delivered_at: '2026-11-24 11:05',
  invoice: null,
  pdf: 'evidencia-demo.pdf',
  received_by: 'Rosa Garza',
  signature: '0b3c5a9e-1f2d-4c6b-8a7e-9d0f1e2a3b4c.png',
  partial: true,
  return_id: 9,
  sale: { id: 700, company_name: 'Abarrotes Garza', sale_weight: 40, sale_due_balance: 120 },
};
const saleReturn: SaleReturn = {
  id: 9,
  sale_id: 700,
  created_at: '2026-11-24T17:05:00.000Z',
  reason: 'Entrega parcial',
  subtotal: 100,
  total: 116,
  credit: 0,
  created_by: { name: 'Miguel', last: 'Hernández' },
  company: { name: 'Abarrotes Garza', razon_social: 'Abarrotes Garza SA', rfc: null },
  lines: [
    { item_id: 3, name: 'Manzana roja', unit: 'Caja', quantity: 1.5, price: 40, amount: 60, reason: 'Dañado' },
    { item_id: 4, name: 'Plátano', unit: 'Kg', quantity: 2, price: 20, amount: 40, reason: 'No lo pidió' },
  ],
};

const view = (detail: ShippingDetailSummary, found: SaleReturn | undefined, pass: string | null = 'pase-1', loading = false) =>
  renderToStaticMarkup(<DeliveryReceiptView detail={detail} saleReturn={found} loadingReturn={loading} pass={pass} />);

describe("a completed stop's receipt in the office's route panel", () => {
  it("shows 'Entrega parcial' with each returned line and why, its credit note, who received and the signature", () => {
    const html = view(delivered, saleReturn);
    expect(visibleText(html)).toBe(
      'Entrega parcial Manzana roja: 1.5 Caja · Dañado Plátano: 2 Kg · No lo pidió Nota de crédito NC-9 Recibió: Rosa Garza',
    );
    expect(buttons(html)).toEqual(['Nota de crédito NC-9']);
    // The signature opens as other evidence does: its stored name with the file pass, in another tab.
    expect(html).toContain('<img src="/files/0b3c5a9e-1f2d-4c6b-8a7e-9d0f1e2a3b4c.png?pass=pase-1" alt="Firma de Rosa Garza"');
    expect(html).toContain('target="_blank"');
  });

  it('says the signature without a link until the file pass is here, and the lines are loading while read', () => {
    const text = visibleText(view(delivered, undefined, null, true));
    expect(text).toBe('Entrega parcial Cargando lo devuelto… Recibió: Rosa Garza Firma');
  });

  it('shows nothing for a pending stop, nor for a whole delivery with neither receiver nor signature', () => {
    expect(view({ ...delivered, completed: false, is_delivered: false }, saleReturn)).toBe('');
    expect(view({ ...delivered, partial: false, return_id: null, received_by: null, signature: null }, undefined)).toBe('');
    // A delivery a device stored before issue 47 lacks the fields altogether.
    const { received_by: _r, signature: _s, partial: _p, return_id: _i, ...older } = delivered;
    expect(view(older, undefined)).toBe('');
  });

  it('finds its return among the sale’s returns, read once per sale', () => {
    const client = new QueryClient();
    client.setQueryData(saleReturnsKey(700), [{ ...saleReturn, id: 8, lines: [] }, saleReturn]);
    client.setQueryData(['file-pass'], { pass: 'pase-2', expires_in: 3600 });
    const wrap = (node: ReactElement) => renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
    const html = wrap(<DeliveryReceipt detail={delivered} canReadReturns />);
    expect(buttons(html)).toEqual(['Nota de crédito NC-9']);
    expect(html).toContain('?pass=pase-2');
    // Without permission to read returns, the partial delivery shows without its lines.
    const withoutReturns = new QueryClient();
    const plain = renderToStaticMarkup(
      <QueryClientProvider client={withoutReturns}>
        <DeliveryReceipt detail={delivered} canReadReturns={false} />
      </QueryClientProvider>,
    );
    expect(visibleText(plain)).toBe('Entrega parcial Recibió: Rosa Garza Firma');
  });
});
