import type { SaleDetail } from '../../../domain/schemas/quotations';
import { useCallback, useId, useMemo, useState } from 'react';
import { addToCart, cartTotals, type Cart, type CartTotals, type PricingRules } from '../../../domain/cart';
import type { SaleSeries } from '../../../domain/sales';

export interface CartCompany {
  id: number;
  name: string;
  branches: { id: number; name: string }[];
}

export interface CartItem {
  id: number;
  name: string;
  price: number;
  unit: { name: string };
  /** The rates a sale of it charges, as the item reads carry them; the server charges its own on save. */
  iva_rate: number | null;
  ieps_rate: number | null;
}

/** What a cart holds: given at once when an existing quotation is edited. */
export interface CartContents {
  company: CartCompany | null;
  branchId: number | null;
  cart: Cart;
  series: SaleSeries;
}

/**
 * The cart of a quotation or sale being edited: its customer (with the branches found for it,
 * else the one it was made for), its lines at today's list prices (the server prices again on
 * save; an item that left the list keeps the price it had), and its series.
 */
export function cartOfSale(
  sale: Pick<SaleDetail, 'company' | 'company_branch' | 'type' | 'items'>,
  listPrices: readonly { id: number; price: number; iva_rate: number | null; ieps_rate: number | null }[],
  branches: CartCompany['branches'] | undefined,
): CartContents {
  const listed = new Map(listPrices.map((item) => [item.id, item]));
  return {
    company: {
      id: sale.company.id,
      name: sale.company.name,
      branches: branches ?? (sale.company_branch ? [{ id: sale.company_branch.id, name: sale.company_branch.name }] : []),
    },
    branchId: sale.company_branch?.id ?? null,
    series: sale.type,
    cart: sale.items.map((line) => ({
      itemId: line.item_id,
      name: line.name,
      unit: line.unit,
      price: listed.get(line.item_id)?.price ?? line.price,
      quantity: line.quantity,
      // An item that left the list previews at 16 %, as every product was taxed before products had rates.
      ivaRate: listed.has(line.item_id) ? listed.get(line.item_id)!.iva_rate : 0.16,
      iepsRate: listed.get(line.item_id)?.ieps_rate ?? null,
    })),
  };
}

export interface SaleCartState extends CartContents {
  /** Element ids of the cart's own fields, so a page can move focus to the one a message is about. */
  ids: { company: string; branch: string; items: string };
  totals: CartTotals;
  /** The day the prices are previewed for (Serie B's uplift depends on it). */
  createdOn: string;
  rules: PricingRules;
  pickCompany: (company: CartCompany) => void;
  clearCompany: () => void;
  setBranchId: (branchId: number | null) => void;
  setCart: (update: (cart: Cart) => Cart) => void;
  setSeries: (series: SaleSeries) => void;
  add: (item: CartItem) => void;
}

/**
 * The state of one cart (spec §4 Cart): customer, lines and series, with totals previewed by
 * the one pricing rule of domain/cart.ts. The server prices again when it saves; the screen
 * only previews. Used by the new sale, the point of sale and the quotation form.
 */
export function useSaleCart({
  createdOn,
  rules,
  initial,
}: {
  createdOn: string;
  rules: PricingRules;
  /** What an edited record already holds; read once, when the cart is created. */
  initial?: CartContents;
}): SaleCartState {
  const [contents, setContents] = useState<CartContents>(() => initial ?? { company: null, branchId: null, cart: [], series: 'Serie A' });
  const ids = { company: useId(), branch: useId(), items: useId() };
  const pickCompany = useCallback(
    (company: CartCompany) => setContents((c) => ({ ...c, company, branchId: company.branches[0]?.id ?? null })),
    [],
  );
  const clearCompany = useCallback(() => setContents((c) => ({ ...c, company: null, branchId: null })), []);
  const setBranchId = useCallback((branchId: number | null) => setContents((c) => ({ ...c, branchId })), []);
  const setCart = useCallback((update: (cart: Cart) => Cart) => setContents((c) => ({ ...c, cart: update(c.cart) })), []);
  const setSeries = useCallback((series: SaleSeries) => setContents((c) => ({ ...c, series })), []);
  const add = useCallback(
    (item: CartItem) =>
      setCart((cart) =>
        addToCart(cart, {
          itemId: item.id,
          name: item.name,
          unit: item.unit.name,
          price: item.price,
          ivaRate: item.iva_rate,
          iepsRate: item.ieps_rate,
        }),
      ),
    [setCart],
  );
  const totals = useMemo(
    () => cartTotals(contents.cart, contents.series, createdOn, rules),
    [contents.cart, contents.series, createdOn, rules],
  );
  return { ...contents, ids, totals, createdOn, rules, pickCompany, clearCompany, setBranchId, setCart, setSeries, add };
}
