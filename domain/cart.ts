import { roundCents, VAT_RATE, type SaleSeries } from './sales';

/**
 * The cart of a new sale (spec §4 'Cart'): items are added, removed, raised or lowered, and
 * a line leaves the cart when its quantity reaches zero. Pure functions over an immutable
 * list, so the screen, its tests and a saved draft share one set of rules.
 */
export interface CartLine {
  itemId: number;
  name: string;
  unit: string;
  /** Price per unit from the customer's price list, before VAT. */
  price: number;
  quantity: number;
}

export type Cart = readonly CartLine[];

/** Adds one of an item (or `quantity`), joining the line the item already has. */
export function addToCart(cart: Cart, item: Omit<CartLine, 'quantity'>, quantity = 1): Cart {
  if (!(quantity > 0)) return cart;
  const existing = cart.find((line) => line.itemId === item.itemId);
  if (existing) return cart.map((line) => (line === existing ? { ...line, quantity: roundQuantity(line.quantity + quantity) } : line));
  return [...cart, { ...item, quantity: roundQuantity(quantity) }];
}

/** Sets a line's quantity; zero or less removes the line. */
export function setQuantity(cart: Cart, itemId: number, quantity: number): Cart {
  if (!(quantity > 0)) return removeFromCart(cart, itemId);
  return cart.map((line) => (line.itemId === itemId ? { ...line, quantity: roundQuantity(quantity) } : line));
}

export function raise(cart: Cart, itemId: number, step = 1): Cart {
  const line = cart.find((l) => l.itemId === itemId);
  return line ? setQuantity(cart, itemId, line.quantity + step) : cart;
}

export function lower(cart: Cart, itemId: number, step = 1): Cart {
  const line = cart.find((l) => l.itemId === itemId);
  return line ? setQuantity(cart, itemId, line.quantity - step) : cart;
}

export function removeFromCart(cart: Cart, itemId: number): Cart {
  return cart.filter((line) => line.itemId !== itemId);
}

/** Quantities keep 2 decimals (kilograms to 10 g), as sales store them. */
function roundQuantity(quantity: number): number {
  return Math.round(quantity * 100) / 100;
}

/** The day Serie B's uplift went from 8 % to 16 % (spec §9: 8 % on or before it). */
export const SERIE_B_UPLIFT_CHANGE = '2022-06-28';

export interface PricingRules {
  /** The main host shows IVA as 0 and has no Serie B uplift (deployment flags). */
  ivaShownAsZero: boolean;
  serieBUplift: boolean;
}

/**
 * The unit price shown for a series (spec §9): Serie B prices carry a 16 % uplift for sales
 * created after 2022-06-28 and 8 % on or before, where the deployment applies it.
 */
export function shownPrice(price: number, series: SaleSeries, createdOn: string, rules: PricingRules): number {
  if (series !== 'Serie B' || !rules.serieBUplift) return price;
  const uplift = createdOn > SERIE_B_UPLIFT_CHANGE ? 0.16 : 0.08;
  return roundCents(price * (1 + uplift));
}

/** A line's amount as the totals and the server count it: its shown unit price times its quantity, to the cent. */
export function lineAmount(shownUnitPrice: number, quantity: number): number {
  return roundCents(shownUnitPrice * quantity);
}

export interface CartTotals {
  subtotal: number;
  iva: number;
  total: number;
}

/**
 * Subtotal, IVA and total, in MXN to the cent. Serie A adds IVA at 16 % (0 where the
 * deployment shows it so); Serie B carries its uplift in the prices and no IVA line.
 */
export function cartTotals(cart: Cart, series: SaleSeries, createdOn: string, rules: PricingRules): CartTotals {
  const subtotal = roundCents(
    cart.reduce((sum, line) => sum + lineAmount(shownPrice(line.price, series, createdOn, rules), line.quantity), 0),
  );
  const iva = series === 'Serie B' || rules.ivaShownAsZero ? 0 : roundCents(subtotal * VAT_RATE);
  return { subtotal, iva, total: roundCents(subtotal + iva) };
}
