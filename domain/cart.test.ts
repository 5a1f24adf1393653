import { describe, expect, it } from 'vitest';
import { addToCart, cartTaxes, cartTotals, lower, raise, removeFromCart, setQuantity, shownPrice, type Cart } from './cart';
import { roundCents } from './sales';

const mango = { itemId: 1, name: 'Mango Ataulfo', unit: 'kg', price: 32.5, ivaRate: 0.16, iepsRate: null };
const caja = { itemId: 2, name: 'Caja de limón', unit: 'caja', price: 410, ivaRate: 0.16, iepsRate: null };
const rules = { ivaShownAsZero: false, serieBUplift: true };

describe('the cart', () => {
  it('adds items, joining a line the item already has', () => {
    let cart: Cart = [];
    cart = addToCart(cart, mango);
    cart = addToCart(cart, caja, 2);
    cart = addToCart(cart, mango, 1.5);
    expect(cart.map((l) => [l.itemId, l.quantity])).toEqual([
      [1, 2.5],
      [2, 2],
    ]);
  });

  it('raises and lowers; a line at zero leaves the cart', () => {
    let cart: Cart = addToCart([], caja);
    cart = raise(cart, 2);
    expect(cart[0]!.quantity).toBe(2);
    cart = lower(cart, 2);
    cart = lower(cart, 2);
    expect(cart).toEqual([]);
  });

  it('removes a line, and a quantity set to zero or less removes it too', () => {
    const cart = addToCart(addToCart([], mango), caja);
    expect(removeFromCart(cart, 1).map((l) => l.itemId)).toEqual([2]);
    expect(setQuantity(cart, 2, 0).map((l) => l.itemId)).toEqual([1]);
    expect(setQuantity(cart, 2, -3).map((l) => l.itemId)).toEqual([1]);
  });

  it('ignores adding nothing, and leaves the original cart untouched', () => {
    const cart = addToCart([], mango);
    expect(addToCart(cart, caja, 0)).toBe(cart);
    raise(cart, 1);
    expect(cart[0]!.quantity).toBe(1);
  });
});

describe('prices and totals in MXN', () => {
  it('adds IVA at 16 % to the subtotal', () => {
    const cart = addToCart(addToCart([], mango, 3), caja);
    expect(cartTotals(cart, 'Serie A', '2026-11-22', rules)).toEqual({ subtotal: 507.5, iva: 81.2, total: 588.7 });
  });

  it('rounds half a cent up, as the database rounds a line: 1.19 × 2.5 is 2.98', () => {
    const cart = addToCart([], { itemId: 3, name: 'Chile piquín', unit: 'kg', price: 1.19, ivaRate: 0.16, iepsRate: null }, 2.5);
    expect(cartTotals(cart, 'Serie A', '2026-11-22', rules)).toEqual({ subtotal: 2.98, iva: 0.48, total: 3.46 });
  });

  it('shows Serie B prices 16 % up after 2022-06-28 and 8 % on or before', () => {
    expect(shownPrice(100, 'Serie B', '2022-06-29', rules)).toBe(116);
    expect(shownPrice(100, 'Serie B', '2022-06-28', rules)).toBe(108);
    expect(shownPrice(100, 'Serie A', '2026-11-22', rules)).toBe(100);
  });

  it('gives Serie B its uplift in the prices and no IVA line', () => {
    const cart = addToCart([], caja, 2);
    expect(cartTotals(cart, 'Serie B', '2026-11-22', rules)).toEqual({ subtotal: 951.2, iva: 0, total: 951.2 });
  });

  it('on the main host: IVA shows as 0 and Serie B has no uplift', () => {
    const main = { ivaShownAsZero: true, serieBUplift: false };
    const cart = addToCart([], caja);
    expect(shownPrice(100, 'Serie B', '2026-11-22', main)).toBe(100);
    expect(cartTotals(cart, 'Serie B', '2026-11-22', main)).toEqual({ subtotal: 410, iva: 0, total: 410 });
  });
});

describe('taxes per product', () => {
  const tomate = { itemId: 10, name: 'Tomate saladette', unit: 'kg', price: 24.35, ivaRate: 0, iepsRate: null };
  const bolsa = { itemId: 11, name: 'Bolsa de plástico', unit: 'pieza', price: 3.45, ivaRate: 0.16, iepsRate: null };
  const botana = { itemId: 12, name: 'Botana de chile', unit: 'pieza', price: 18.9, ivaRate: 0.16, iepsRate: 0.08 };
  const exento = { itemId: 13, name: 'Servicio exento', unit: 'servicio', price: 100, ivaRate: null, iepsRate: null };

  it('charges IVA only on the 16 % lines of a cart mixing tasa 0 and 16 %', () => {
    const cart = addToCart(addToCart([], tomate, 12.5), bolsa, 7);
    // 12.5 × 24.35 = 304.375 → 304.38 at 0 %; 7 × 3.45 = 24.15 at 16 % → 3.864 → 3.86.
    expect(cartTotals(cart, 'Serie A', '2026-11-22', rules)).toEqual({ subtotal: 328.53, iva: 3.86, total: 332.39 });
    expect(cartTaxes(cart, 'Serie A', '2026-11-22', rules).groups).toEqual([
      { tax: 'IVA', rate: 0.16, base: 24.15, amount: 3.86 },
      { tax: 'IVA', rate: 0, base: 304.38, amount: 0 },
    ]);
  });

  it('rounds each rate once, on the sum of its lines, not line by line', () => {
    // Three lines of 0.03 at 16 %: 0.0048 each would round to 0 alone; together 0.09 × 0.16 = 0.0144 → 0.01.
    const penny = { itemId: 20, name: 'Chicle', unit: 'pieza', price: 0.03, ivaRate: 0.16, iepsRate: null };
    const cart: Cart = [0, 1, 2].map((n) => ({ ...penny, itemId: 20 + n, quantity: 1 }));
    expect(cartTotals(cart, 'Serie A', '2026-11-22', rules).iva).toBe(0.01);
  });

  it('gives an all-16 % cart exactly the totals of before: IVA is round2(subtotal × 0.16)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let run = 0; run < 500; run++) {
      const cart: Cart = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, index) => ({
        itemId: index + 1,
        name: `Producto ${index}`,
        unit: 'kg',
        price: Math.round(random() * 50_000) / 100,
        quantity: Math.round(random() * 5_000) / 100 + 0.01,
        ivaRate: 0.16,
        iepsRate: null,
      }));
      const totals = cartTotals(cart, 'Serie A', '2026-11-22', rules);
      expect(totals.iva).toBe(roundCents(totals.subtotal * 0.16));
      expect(totals.total).toBe(roundCents(totals.subtotal + totals.iva));
    }
  });

  it('charges IEPS on the amount and IVA on the amount plus its IEPS (Anexo 20), both in the sale’s taxes', () => {
    const cart = addToCart([], botana, 10);
    // 189.00 × 8 % = 15.12 IEPS; IVA on 204.12 × 16 % = 32.6592 → 32.66.
    const taxes = cartTaxes(cart, 'Serie A', '2026-11-22', rules);
    expect(taxes).toEqual({
      groups: [
        { tax: 'IEPS', rate: 0.08, base: 189, amount: 15.12 },
        { tax: 'IVA', rate: 0.16, base: 204.12, amount: 32.66 },
      ],
      iva: 32.66,
      ieps: 15.12,
    });
    expect(cartTotals(cart, 'Serie A', '2026-11-22', rules)).toEqual({ subtotal: 189, iva: 47.78, total: 236.78 });
  });

  it('charges no IVA on an exempt line and names no group for it', () => {
    const cart = addToCart(addToCart([], exento), bolsa, 10);
    expect(cartTotals(cart, 'Serie A', '2026-11-22', rules)).toEqual({ subtotal: 134.5, iva: 5.52, total: 140.02 });
    expect(cartTaxes(cart, 'Serie A', '2026-11-22', rules).groups.map((group) => group.base)).toEqual([34.5]);
  });

  it('leaves Serie B and a deployment showing IVA as 0 without any tax, whatever the products carry', () => {
    const cart = addToCart(addToCart([], botana, 2), bolsa);
    expect(cartTaxes(cart, 'Serie B', '2026-11-22', rules)).toEqual({ groups: [], iva: 0, ieps: 0 });
    expect(cartTotals(cart, 'Serie A', '2026-11-22', { ivaShownAsZero: true, serieBUplift: false }).iva).toBe(0);
  });
});
