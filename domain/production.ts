/**
 * Production orders: 'Planeada' → 'En proceso' (its raw material leaves stock by
 * recipe) → 'Terminada' (its products enter stock). Only forward, each step once. Quantities
 * are kilograms or units with two decimals, as movements are stored.
 */
export const PRODUCTION_STATUSES = ['Planeada', 'En proceso', 'Terminada'] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];

export function isProductionStatus(value: unknown): value is ProductionStatus {
  return (PRODUCTION_STATUSES as readonly unknown[]).includes(value);
}

const cents = (value: number) => Math.round(value * 100);

/** A quantity to two decimals, without float noise (0.1 × 3 = 0.3). */
export function twoDecimals(value: number): number {
  return cents(value) / 100;
}

export interface RecipeLine {
  item_id: number;
  component_id: number;
  quantity: number;
}

export interface ProducedLine {
  item_id: number;
  quantity: number;
}

export interface ComponentNeed {
  /** The product this raw material goes into. */
  item_id: number;
  component_id: number;
  /** Recipe quantity × product quantity, to two decimals. */
  quantity: number;
}

/**
 * The raw material each product line takes by its recipe: recipe quantity per unit × the
 * quantity produced, rounded to two decimals per product line (each is one movement, so the
 * stock is the sum of what was recorded). Lines without a recipe take nothing.
 */
export function rawMaterialNeeds(lines: readonly ProducedLine[], recipes: readonly RecipeLine[]): ComponentNeed[] {
  return lines.flatMap((line) =>
    recipes
      .filter((recipe) => recipe.item_id === line.item_id)
      .map((recipe) => ({
        item_id: line.item_id,
        component_id: recipe.component_id,
        quantity: twoDecimals(recipe.quantity * line.quantity),
      }))
      .filter((need) => need.quantity > 0),
  );
}

/** The needs added up per raw material (in integer cents, so the sum is exact). */
export function needsByComponent(needs: readonly ComponentNeed[]): Map<number, number> {
  const total = new Map<number, number>();
  for (const need of needs) total.set(need.component_id, (total.get(need.component_id) ?? 0) + cents(need.quantity));
  return new Map([...total].map(([id, sum]) => [id, sum / 100]));
}

/**
 * What still has to enter stock when a production finishes: each product line less what has
 * already entered for this production (the warehouse's 'comenzar producción' enters its
 * products when it starts, so finishing it enters nothing twice). Never negative.
 */
export function pendingEntries(lines: readonly ProducedLine[], entered: ReadonlyMap<number, number>): ProducedLine[] {
  const planned = new Map<number, number>();
  for (const line of lines) planned.set(line.item_id, (planned.get(line.item_id) ?? 0) + cents(line.quantity));
  return [...planned]
    .map(([item_id, quantity]) => ({ item_id, quantity: Math.max(0, quantity - cents(entered.get(item_id) ?? 0)) / 100 }))
    .filter((line) => line.quantity > 0);
}

/** A raw material's shortfall against stock: how much more is needed than there is (0 when enough). */
export function shortage(required: number, stock: number): number {
  return Math.max(0, cents(required) - cents(stock)) / 100;
}
