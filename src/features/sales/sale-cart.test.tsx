import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cartTotals, type Cart } from '../../../domain/cart';
import { DEPLOYMENTS } from '../../../domain/deployment';
import type { SaleSeries } from '../../../domain/sales';
import { CartLines } from './sale-cart';

const cart: Cart = [
  { itemId: 5, name: 'Aguacate Hass', unit: 'kg', price: 60, quantity: 2.5, ivaRate: 0.16, iepsRate: null },
  { itemId: 6, name: 'Limón', unit: 'caja', price: 250, quantity: 1, ivaRate: 0.16, iepsRate: null },
];

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const markup = (lines: Cart, series: SaleSeries) => {
  const rules = DEPLOYMENTS.frutas.flags;
  return renderToStaticMarkup(
    <CartLines
      cart={{
        cart: lines,
        series,
        createdOn: '2026-11-24',
        rules,
        totals: cartTotals(lines, series, '2026-11-24', rules),
        setCart: () => {},
      }}
    />,
  );
};
const render = (lines: Cart, series: SaleSeries) => visibleText(markup(lines, series));

describe('the cart shared by the new sale and the quotation', () => {
  it('shows each line with its controls, price and amount, and the totals with IVA in Serie A', () => {
    const html = markup(cart, 'Serie A');
    const text = visibleText(html);
    expect(text).toContain('Aguacate Hass − kg + $60.00 $150.00 ×');
    expect(text).toContain('Limón − caja + $250.00 $250.00 ×');
    const names = [...html.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1]);
    expect(names.slice(1, 5)).toEqual([
      'Uno menos de Aguacate Hass',
      'Cantidad de Aguacate Hass',
      'Uno más de Aguacate Hass',
      'Quitar Aguacate Hass',
    ]);
    expect(html).toContain('value="2.5"');
    expect(text).toContain('Subtotal $400.00 IVA $64.00 Total $464.00');
  });

  it('previews Serie B with its 16 % uplift in the prices and no IVA', () => {
    const text = render(cart, 'Serie B');
    expect(text).toContain('$69.60 $174.00');
    expect(text).toContain('Subtotal $464.00 IVA $0.00 Total $464.00');
  });

  it('asks for a product while the cart is empty', () => {
    expect(render([], 'Serie A')).toBe('Carrito Agrega al menos un producto. Subtotal $0.00 IVA $0.00 Total $0.00');
  });
});
