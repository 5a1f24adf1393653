/**
 * A delivery's status from its two flags (spec §4): Pendiente (not completed), Entregado
 * (completed and delivered), No Entregado (completed and not delivered) — and Cancelada when
 * its sale was cancelled after the stop was completed: it stays on the route as a record of
 * what happened, but it is no live delivery and weighs nothing.
 */
export type DeliveryStatus = 'Pendiente' | 'Entregado' | 'No Entregado' | 'Cancelada';

export interface DeliveryFlags {
  completed: boolean;
  is_delivered: boolean;
  /** The delivery's sale, where the reader has it: `canceled` once the sale was cancelled. */
  sale?: { canceled?: boolean | undefined };
}

export function deliveryStatus({ completed, is_delivered, sale }: DeliveryFlags): DeliveryStatus {
  if (sale?.canceled) return 'Cancelada';
  if (!completed) return 'Pendiente';
  return is_delivered ? 'Entregado' : 'No Entregado';
}

const COLOURS = { Entregado: 'success', 'No Entregado': 'danger', Pendiente: 'warning', Cancelada: 'neutral' } as const;

/** Timeline colour (spec §2): green delivered, red not delivered, amber pending; grey cancelled. */
export function timelineColour(flags: DeliveryFlags): (typeof COLOURS)[DeliveryStatus] {
  return COLOURS[deliveryStatus(flags)];
}

/** Shipping weight (spec §9): the sale weights of delivered details only (a cancelled sale's none), 2 decimals. */
export function shippingWeight(details: readonly (DeliveryFlags & { sale: { sale_weight: number } })[]): number {
  const total = details.filter((d) => deliveryStatus(d) === 'Entregado').reduce((sum, d) => sum + d.sale.sale_weight, 0);
  return Math.round(total * 100) / 100;
}
