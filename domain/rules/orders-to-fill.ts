import { monterreyDateOffset } from '../time';

/** The quick filters of the orders to fill (spec §2): Hoy, Mañana, 7 días, or a chosen range. */
export type OrderQuickFilter = 'today' | 'tomorrow' | 'week' | 'range';

/** The dates a quick filter covers, 'YYYY-MM-DD', in Monterrey; a chosen range only with both dates. */
export function orderDateRange(filter: OrderQuickFilter, now: Date, chosen: [string, string] | null = null): [string, string] | null {
  const day = (offset: number) => monterreyDateOffset(now, offset);
  switch (filter) {
    case 'today':
      return [day(0), day(0)];
    case 'tomorrow':
      return [day(1), day(1)];
    case 'week':
      return [day(0), day(6)];
    case 'range':
      return chosen && chosen[0] && chosen[1] ? ([...chosen].sort() as [string, string]) : null;
  }
}

/**
 * Spec §4: 'comenzar producción' is hidden once the order is in production, or, where the
 * deployment says so, once it has a production; 'surtido' always shows until it is filled.
 */
export function canStartProduction(
  order: { is_in_production: boolean; production_id: number | null },
  hideWhenProductionExists: boolean,
): boolean {
  if (order.is_in_production) return false;
  return !(hideWhenProductionExists && order.production_id !== null);
}
