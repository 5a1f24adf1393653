import { describe, expect, it } from 'vitest';
import { addToCart, cartTotals, lower, raise, removeFromCart, setQuantity, shownPrice, type Cart } from './cart';

const mango = { itemId: 1, name: 'Mango Ataulfo', unit: 'kg', price: 32.5 };
const caja = { itemId: 2, name: 'Caja de limón', unit: 'caja', price: 410 };
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
    const cart = addToCart([], { itemId: 3, name: 'Chile piquín', unit: 'kg', price: 1.19 }, 2.5);
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
