/**
 * A delivery's status from its two flags (spec §4): Pendiente (not completed), Entregado
 * (completed and delivered), No Entregado (completed and not delivered).
 */
export type DeliveryStatus = 'Pendiente' | 'Entregado' | 'No Entregado';

export interface DeliveryFlags {
  completed: boolean;
  is_delivered: boolean;
}

export function deliveryStatus({ completed, is_delivered }: DeliveryFlags): DeliveryStatus {
  if (!completed) return 'Pendiente';
  return is_delivered ? 'Entregado' : 'No Entregado';
}

/** Timeline colour (spec §2): green delivered, red not delivered, amber pending. */
export function timelineColour(flags: DeliveryFlags): 'success' | 'danger' | 'warning' {
  const status = deliveryStatus(flags);
  return status === 'Entregado' ? 'success' : status === 'No Entregado' ? 'danger' : 'warning';
}

/** Shipping weight (spec §9): the sale weights of delivered details only, 2 decimals. */
export function shippingWeight(details: readonly (DeliveryFlags & { sale: { sale_weight: number } })[]): number {
  const total = details.filter((d) => d.is_delivered).reduce((sum, d) => sum + d.sale.sale_weight, 0);
  return Math.round(total * 100) / 100;
}
