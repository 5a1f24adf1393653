import { roundCents, type SaleSeries } from './sales';

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
  /** The product's IVA rate (0.16, 0.08 or 0); null when the product is exempt or not subject to tax. */
  ivaRate: number | null;
  /** The product's IEPS rate; null when it carries none. */
  iepsRate: number | null;
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
  /**
   * Every tax the sale transfers: IVA plus IEPS (IEPS is 0 unless a product carries it). This is
   * what the sale's `iva` column stores and the screens show as IVA; cartTaxes() breaks it down.
   */
  iva: number;
  total: number;
}

/** One rate of one tax over the lines that carry it: the CFDI's Traslado (Base, TasaOCuota, Importe). */
export interface TaxGroup {
  tax: 'IVA' | 'IEPS';
  rate: number;
  base: number;
  amount: number;
}

export interface CartTaxes {
  /** IEPS first: IVA's base includes it. */
  groups: TaxGroup[];
  iva: number;
  ieps: number;
}

/**
 * The taxes a cart transfers, per rate (Anexo 20): IEPS on the lines' amounts, then IVA on the
 * amount plus its IEPS; each rate's tax is round2(its lines' base × rate), so a cart of one rate
 * is taxed on its subtotal exactly as before products had rates. Serie B carries its uplift in
 * the prices and no tax; where the deployment shows IVA as 0 there is none either. Exempt lines
 * (rate null) carry no IVA; tasa 0 lines form a group of amount 0 (the invoice names them).
 */
export function cartTaxes(cart: Cart, series: SaleSeries, createdOn: string, rules: PricingRules): CartTaxes {
  if (series === 'Serie B' || rules.ivaShownAsZero) return { groups: [], iva: 0, ieps: 0 };
  const lines = cart.map((line) => ({ line, amount: lineAmount(shownPrice(line.price, series, createdOn, rules), line.quantity) }));
  const groups: TaxGroup[] = [];
  const sumByRate = (pick: (line: CartLine) => number | null, base: (entry: (typeof lines)[number]) => number) => {
    const sums = new Map<number, number>();
    for (const entry of lines) {
      const rate = pick(entry.line);
      if (rate !== null) sums.set(rate, (sums.get(rate) ?? 0) + base(entry));
    }
    return [...sums].sort(([a], [b]) => b - a);
  };
  for (const [rate, base] of sumByRate(
    (line) => line.iepsRate,
    (entry) => entry.amount,
  )) {
    const rounded = roundCents(base);
    groups.push({ tax: 'IEPS', rate, base: rounded, amount: roundCents(rounded * rate) });
  }
  // A line's IVA base is its amount and its own IEPS (not yet rounded: rounding is per rate).
  for (const [rate, base] of sumByRate(
    (line) => line.ivaRate,
    (entry) => entry.amount * (1 + (entry.line.iepsRate ?? 0)),
  )) {
    const rounded = roundCents(base);
    groups.push({ tax: 'IVA', rate, base: rounded, amount: roundCents(rounded * rate) });
  }
  const total = (tax: TaxGroup['tax']) =>
    roundCents(groups.filter((group) => group.tax === tax).reduce((sum, group) => sum + group.amount, 0));
  return { groups, iva: total('IVA'), ieps: total('IEPS') };
}

/**
 * Subtotal, taxes and total, in MXN to the cent. Serie A adds each product's IVA (and IEPS)
 * per rate (cartTaxes); Serie B carries its uplift in the prices and no IVA line; where the
 * deployment shows IVA as 0 there is none.
 */
export function cartTotals(cart: Cart, series: SaleSeries, createdOn: string, rules: PricingRules): CartTotals {
  const subtotal = roundCents(
    cart.reduce((sum, line) => sum + lineAmount(shownPrice(line.price, series, createdOn, rules), line.quantity), 0),
  );
  const taxes = cartTaxes(cart, series, createdOn, rules);
  const iva = roundCents(taxes.iva + taxes.ieps);
  return { subtotal, iva, total: roundCents(subtotal + iva) };
}
