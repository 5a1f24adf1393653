import { PERMISSIONS, type Permission } from './permissions';

/**
 * The roles an installation starts with: named sets of the §6 permissions, made by
 * 'Configuración inicial' so that the first people can be given one. Administración holds them all.
 */
export const STARTING_ROLES: Readonly<Record<string, readonly Permission[]>> = {
  Administración: PERMISSIONS,
  Ventas: [
    'sales',
    'scheduled_sales',
    'quotations',
    'collections',
    'balances',
    'leads',
    'calls',
    'activities',
    'messages',
    'reports',
    'pedidos',
    'download',
  ],
  Oficina: [
    'shippings',
    'shipping_details',
    'editShippings',
    'deleteShippings',
    'printShippings',
    'editShippingDetails',
    'deleteShippingDetails',
    'orders_ready',
    'pedidos',
    'sales',
    'companies',
    'reports',
    'download',
  ],
  Cobranza: ['collections', 'balances', 'companies', 'invoices', 'reports', 'download'],
  'Chofer Repartidor': ['shippings', 'shipping_details', 'printShippings'],
  Almacén: ['orders', 'orders_ready', 'productions', 'physical_inventories', 'inventory', 'adjustments', 'mermas', 'inventory_transfer'],
  Consulta: ['shippings', 'shipping_details', 'printShippings', 'download'],
};

/** The role of the first administrator. */
export const ADMINISTRATION_ROLE = 'Administración';
