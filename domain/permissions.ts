/** Permission names of spec §6, as the server stores and sends them. */
export const PERMISSIONS = [
  'download',
  'editShippings',
  'deleteShippings',
  'printShippings',
  'shipping_details',
  'shippings',
  'editShippingDetails',
  'deleteShippingDetails',
  'orders',
  'orders_ready',
  'pedidos',
  'reports',
  'inventoryReport',
  'huecos',
  'activities',
  'calls',
  'messages',
  'companies',
  'leads',
  'sales',
  'scheduled_sales',
  'collections',
  'quotations',
  'balances',
  'cancelations',
  'expenses',
  'shoppings',
  'shopping_report',
  'providers',
  'provider_payments',
  'productions',
  'inventory',
  'raw_material',
  'adjustments',
  'physical_inventories',
  'inventory_transfer',
  'mermas',
  'report_inventory',
  'pay_rolls',
  'utilities',
  'invoices',
  'activityLog',
  // The business's catalogues ('Catálogos': trucks, branches, units, price lists…).
  'settings',
  // The business's own identity ('Datos del negocio'), printed on every document: its RFC and
  // its CLABE, where customers pay, so it is given apart from the catalogues.
  'business',
  // The business's fiscal setup for invoicing (régimen, CSD and its password, the PAC account):
  // it signs invoices in the business's name, so it is given apart from 'Datos del negocio'.
  'fiscal',
  // The people who sign in, their roles and their permissions ('Usuarios').
  'users',
  // Answering support tickets: their answers, states and who takes each.
  'support',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** The administrator of spec §6: user id 1 holds every permission. */
export const ADMIN_USER_ID = 1;

export interface PermissionHolder {
  id: number;
  permissions: readonly string[];
}

export function hasPermission(user: PermissionHolder, permission: Permission): boolean {
  return user.id === ADMIN_USER_ID || user.permissions.includes(permission);
}
