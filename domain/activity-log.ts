/**
 * How the activity log reads to a person: the tables the server logs, named as
 * the office names them, the three kinds of change, the fields an update changed, and the
 * device a change came from.
 */

/** The tables whose changes are logged (migration 0013) and the name each has on screen. */
export const LOGGED_ENTITIES = {
  activities: 'Actividad',
  adjustments: 'Tipo de ajuste',
  branches: 'Sucursal',
  business_identity: 'Datos del negocio',
  calls: 'Llamada',
  cash_cuts: 'Corte de caja',
  cash_movements: 'Movimiento de caja',
  categories: 'Categoría',
  collection_details: 'Aplicación de cobro',
  collections: 'Cobro',
  companies: 'Cliente',
  company_branches: 'Sucursal de cliente',
  contacts: 'Contacto',
  conversations: 'Conversación',
  email_messages: 'Correo',
  expense_types: 'Tipo de gasto',
  expenses: 'Gasto',
  funnel_phases: 'Fase de embudo',
  funnels: 'Embudo',
  inventory_movements: 'Movimiento de inventario',
  inventory_transfers: 'Traspaso',
  item_components: 'Receta',
  items: 'Producto',
  job_positions: 'Puesto',
  leads: 'Prospecto',
  messages: 'Mensaje',
  notes: 'Nota',
  payment_methods: 'Forma de pago',
  payrolls: 'Nómina',
  physical_inventories: 'Inventario físico',
  physical_inventory_counts: 'Conteo físico',
  price_lists: 'Lista de precios',
  production_details: 'Detalle de producción',
  productions: 'Producción',
  provider_payments: 'Pago a proveedor',
  providers: 'Proveedor',
  purchase_order_items: 'Partida de compra',
  purchase_orders: 'Orden de compra',
  rejections: 'Motivo de rechazo',
  rental_pickups: 'Recolección de renta',
  role_permissions: 'Permiso de rol',
  roles: 'Rol',
  sale_items: 'Partida de venta',
  sale_return_items: 'Partida devuelta',
  sale_returns: 'Devolución de venta',
  sales: 'Venta / cotización',
  shipping_details: 'Entrega',
  shippings: 'Envío',
  supplies: 'Materia prima recibida',
  support_ticket_replies: 'Respuesta de soporte',
  support_tickets: 'Ticket de soporte',
  units: 'Unidad de medida',
  user_permissions: 'Permiso de usuario',
  users: 'Usuario',
  vehicles: 'Vehículo',
  zones: 'Zona',
} as const;
export type LoggedEntity = keyof typeof LOGGED_ENTITIES;

/** 'import' is one entry for a whole file brought in by 'Importar' (its counts and name in `after`). */
export const LOG_ACTIONS = { create: 'Creó', update: 'Editó', delete: 'Eliminó', import: 'Importó' } as const;
export type LogAction = keyof typeof LOG_ACTIONS;

export const isLoggedEntity = (value: string): value is LoggedEntity => Object.hasOwn(LOGGED_ENTITIES, value);
export const isLogAction = (value: string): value is LogAction => Object.hasOwn(LOG_ACTIONS, value);

/** The entity's name on screen; an entry written by an older version keeps its own word. */
export const entityLabel = (entity: string) => (isLoggedEntity(entity) ? LOGGED_ENTITIES[entity] : entity);
export const actionLabel = (action: string) => (isLogAction(action) ? LOG_ACTIONS[action] : action);

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields of a log entry, in a stable order: an update's changed fields with both values,
 * a creation's values, or a deletion's last values. The id and the creation time are the
 * entry's own columns, not news.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  fields.delete('id');
  fields.delete('created_at');
  return [...fields].sort().map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
}

/** A value of a logged field as text: null is a dash, objects and lists their JSON. */
export function logValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The device of a change in a few words: a phone's outbox names itself by its id (shortened),
 * a browser by its user agent, read as browser and system ('Chrome · Android').
 */
export function describeDevice(device: string | null): string {
  if (!device) return '—';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(device)) return `Dispositivo ${device.slice(0, 8)}`;
  const browser = /Edg\//.test(device)
    ? 'Edge'
    : /Firefox\//.test(device)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(device)
        ? 'Chrome'
        : /Safari\//.test(device)
          ? 'Safari'
          : null;
  const system = /Android/.test(device)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(device)
      ? 'iOS'
      : /Windows/.test(device)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(device)
          ? 'macOS'
          : /Linux/.test(device)
            ? 'Linux'
            : null;
  const parts = [browser, system].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : device.slice(0, 40);
}
