/** Job positions the product gives behaviour to (spec §6). */
export const JOB_POSITIONS = {
  deliveryDriver: 'Chofer Repartidor',
  executiveDriver: 'Chofer Ejecutivo',
  warehouse: 'Almacén',
  management: 'Dirección',
} as const;

/** Drivers selectable in the shipping create/edit forms. */
export const SELECTABLE_DRIVER_POSITIONS: readonly string[] = [JOB_POSITIONS.executiveDriver, JOB_POSITIONS.deliveryDriver];
