import { and, eq, inArray, isNull } from 'drizzle-orm';
import { cartTotals, shownPrice, type CartTotals, type PricingRules } from '../../domain/cart';
import { taxObjectCarriesTaxes } from '../../domain/cfdi/product-keys';
import { newSaleMessages } from '../../domain/messages/new-sale';
import { roundCents, type SaleSeries } from '../../domain/sales';
import type { Db } from '../db/client';
import { companies, companyBranches, items, units } from '../db/schema';
import { HttpError } from '../http-errors';

const text = newSaleMessages;

/** What a client may say about a cart: who buys, where, in which series, what and how much. Never a price. */
export interface CartRequest {
  company_id: number;
  company_branch_id: number | null;
  type: SaleSeries;
  items: readonly { item_id: number; quantity: number }[];
}

export interface PricedLine {
  item_id: number;
  name: string;
  unit: string;
  quantity: number;
  /** Unit price as shown for the series (Serie B uplift included where the deployment applies it). */
  price: number;
  amount: number;
  /** The product's tax rates the line was priced with (a sale keeps what it was charged; see domain/cart.ts). */
  iva_rate: number | null;
  ieps_rate: number | null;
}

export interface PricedCart {
  company: { id: number; credit_days: number };
  lines: PricedLine[];
  totals: CartTotals;
  /** Kilograms of the whole cart, as sale_weight and sale_total_weight store it. */
  weight: number;
}

/**
 * The one pricing rule of new sales and quotations: checks the company, its branch and the
 * items (published, not deleted, each once), and prices every line from the server's list
 * price with the deployment's series rules (domain/cart.ts). `createdOn` is the record's
 * creation day in Monterrey: the Serie B uplift depends on it.
 */
export async function priceCart(tx: Db, cart: CartRequest, rules: PricingRules, createdOn: string): Promise<PricedCart> {
  if (new Set(cart.items.map((line) => line.item_id)).size !== cart.items.length) throw new HttpError(422, text.repeatedItem);
  const [company] = await tx
    .select({ id: companies.id, credit_days: companies.credit_days })
    .from(companies)
    .where(and(eq(companies.id, cart.company_id), isNull(companies.deleted_at)));
  if (!company) throw new HttpError(422, text.companyNotFound);
  if (cart.company_branch_id !== null) {
    const [branch] = await tx
      .select({ id: companyBranches.id })
      .from(companyBranches)
      .where(and(eq(companyBranches.id, cart.company_branch_id), eq(companyBranches.company_id, company.id)));
    if (!branch) throw new HttpError(422, text.branchNotFound);
  }
  const found = await tx
    .select({
      id: items.id,
      name: items.name,
      price: items.price,
      weight: items.weight,
      unit: units.name,
      objeto_imp: items.objeto_imp,
      iva_rate: items.iva_rate,
      ieps_rate: items.ieps_rate,
    })
    .from(items)
    .innerJoin(units, eq(units.id, items.unit_id))
    .where(
      and(
        inArray(
          items.id,
          cart.items.map((line) => line.item_id),
        ),
        isNull(items.deleted_at),
        eq(items.is_published, true),
      ),
    );
  if (found.length !== cart.items.length) throw new HttpError(422, text.itemNotFound);
  const byId = new Map(found.map((item) => [item.id, item]));
  const chosen = cart.items.map((line) => ({ item: byId.get(line.item_id)!, quantity: line.quantity }));
  const lines = chosen.map(({ item, quantity }) => {
    const price = shownPrice(Number(item.price), cart.type, createdOn, rules);
    return {
      item_id: item.id,
      name: item.name,
      unit: item.unit,
      quantity,
      price,
      amount: roundCents(price * quantity),
      ...lineRates(item),
    };
  });
  const totals = cartTotals(
    chosen.map(({ item, quantity }) => {
      const rates = lineRates(item);
      return {
        itemId: item.id,
        name: item.name,
        unit: item.unit,
        price: Number(item.price),
        quantity,
        ivaRate: rates.iva_rate,
        iepsRate: rates.ieps_rate,
      };
    }),
    cart.type,
    createdOn,
    rules,
  );
  const weight = roundCents(chosen.reduce((sum, { item, quantity }) => sum + Number(item.weight) * quantity, 0));
  return { company, lines, totals, weight };
}

/** The rates a product's line is taxed at: none when its ObjetoImp carries no taxes (01, 04); the sync pull sends them. */
export function lineRates(item: { objeto_imp: string; iva_rate: number | string | null; ieps_rate: number | string | null }) {
  if (!taxObjectCarriesTaxes(item.objeto_imp)) return { iva_rate: null, ieps_rate: null };
  return {
    iva_rate: item.iva_rate === null ? null : Number(item.iva_rate),
    ieps_rate: item.ieps_rate === null ? null : Number(item.ieps_rate),
  };
}
