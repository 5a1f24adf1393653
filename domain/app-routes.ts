import type { Deployment } from './deployment';
import { IMPORT_PERMISSION } from './import-kinds';
import { JOB_POSITIONS } from './job-positions';
import { ADMIN_USER_ID, hasPermission, type Permission } from './permissions';

/**
 * The app's routes (spec §2) in one table: path, menu title, the permission that opens
 * it (spec §6) and whether its screen is built. A route whose screen is not built yet
 * is neither routed nor listed: the app never shows a page that pretends.
 */
export type RouteAccess =
  | { kind: 'everyone' }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'anyPermission'; permissions: readonly Permission[] }
  | { kind: 'admin' };

export interface AppRoute {
  path: string;
  title: string;
  access: RouteAccess;
  inMenu: boolean;
  implemented: boolean;
}

const everyone: RouteAccess = { kind: 'everyone' };
const needs = (permission: Permission): RouteAccess => ({ kind: 'permission', permission });
/** A screen of several parts, each behind its own permission: it opens with any of them. */
const needsAnyOf = (...permissions: Permission[]): RouteAccess => ({ kind: 'anyPermission', permissions });

function route(path: string, title: string, access: RouteAccess, options: { inMenu?: boolean; implemented?: boolean } = {}): AppRoute {
  return { path, title, access, inMenu: options.inMenu ?? true, implemented: options.implemented ?? false };
}

export const APP_ROUTES: readonly AppRoute[] = [
  route('/', 'Inicio', everyone, { implemented: true }),
  route('/reports', 'Reportes', needs('reports'), { implemented: true }),
  route('/items-report', 'Reporte de Productos', needs('inventoryReport'), { implemented: true }),
  route('/huecos', 'Huecos', needs('huecos'), { implemented: true }),
  route('/pedidos', 'Pedidos', needs('pedidos'), { implemented: true }),
  route('/orders', 'Pedidos por Surtir', needs('orders'), { implemented: true }),
  route('/orders-ready', 'Pedidos Surtidos', needs('orders_ready'), { implemented: true }),
  route('/solitario', 'Nuevo Envío', needs('editShippings'), { inMenu: false, implemented: true }),
  route('/shippings', 'Envíos', needs('shippings'), { implemented: true }),
  route('/shippings/:id', 'Envío', needs('shippings'), { inMenu: false, implemented: true }),
  // Today's routes on a map, live (issue 47): under Envíos in the menu.
  route('/mapa', 'Mapa', needs('shippings'), { implemented: true }),
  route('/calendar', 'Calendario', needs('activities'), { implemented: true }),
  route('/activities', 'Actividades', needs('activities'), { implemented: true }),
  route('/calls', 'Llamadas', needs('calls'), { implemented: true }),
  route('/messages', 'Mensajes', needs('messages'), { implemented: true }),
  route('/clients', 'Clientes', needs('companies'), { implemented: true }),
  route('/clients/new', 'Nuevo cliente', needs('companies'), { inMenu: false, implemented: true }),
  route('/clients/client/:id', 'Cliente', needs('companies'), { inMenu: false, implemented: true }),
  route('/clients/client/:id/edit', 'Editar cliente', needs('companies'), { inMenu: false, implemented: true }),
  route('/unverified_clients', 'Clientes sin verificar', needs('companies'), { implemented: true }),
  route('/leads', 'Prospectos', needs('leads'), { implemented: true }),
  route('/leads/:lead_id', 'Prospecto', needs('leads'), { inMenu: false, implemented: true }),
  // The quotations the app has e-mailed and their state.
  route('/mail', 'Correos', needs('quotations'), { implemented: true }),
  route('/new-sales', 'Nueva Venta', needs('sales'), { implemented: true }),
  route('/sales', 'Ventas', needs('sales'), { implemented: true }),
  // Before '/sales/:sale_id', which would take 'calendar' for a sale id.
  route('/sales/calendar', 'Pedidos Programados', needs('scheduled_sales'), { implemented: true }),
  // The event-rental business: what is rented out each day against what it owns.
  route('/rentals/calendar', 'Calendario de rentas', needs('sales'), { implemented: true }),
  route('/sales/:sale_id', 'Venta', needs('sales'), { inMenu: false, implemented: true }),
  // A sale corrected while its order is not filled.
  route('/sales/:sale_id/edit', 'Editar venta', needs('sales'), { inMenu: false, implemented: true }),
  route('/new-collections', 'Nueva Cobranza', needs('collections'), { implemented: true }),
  // A payment from one customer (its page and /balances link here).
  route('/new-collections/:id', 'Nueva Cobranza', needs('collections'), { inMenu: false, implemented: true }),
  route('/collections', 'Cobranza', needs('collections'), { implemented: true }),
  // Every payment's receipt, to reprint or download as PDF.
  route('/receipts', 'Recibos', needs('collections'), { implemented: true }),
  route('/quotations', 'Cotizaciones', needs('quotations'), { implemented: true }),
  // Before '/quotations/:id', which would take 'new' for an id.
  route('/quotations/new', 'Nueva cotización', needs('quotations'), { inMenu: false, implemented: true }),
  route('/quotations/:id', 'Cotización', needs('quotations'), { inMenu: false, implemented: true }),
  route('/balances', 'Saldos Vencidos', needs('balances'), { implemented: true }),
  route('/canceled', 'Cancelaciones', needs('cancelations'), { implemented: true }),
  route('/expenses', 'Gastos', needs('expenses'), { implemented: true }),
  route('/shopping', 'Compras', needs('shoppings'), { implemented: true }),
  // The new purchase order form of one provider.
  route('/shopping/:provider_id', 'Nueva compra', needs('shoppings'), { inMenu: false, implemented: true }),
  route('/shoppings/:id', 'Orden de compra', needs('shoppings'), { inMenu: false, implemented: true }),
  route('/shopping-report', 'Reporte de Compras', needs('shopping_report'), { implemented: true }),
  route('/providers', 'Proveedores', needs('providers'), { implemented: true }),
  route('/providers/:id', 'Proveedor', needs('providers'), { inMenu: false, implemented: true }),
  route('/provider-payments', 'Pagos a Proveedores', needs('provider_payments'), { implemented: true }),
  route('/production', 'Producción', needs('productions'), { implemented: true }),
  route('/mfproductions', 'Producciones MF', needs('productions'), { implemented: true }),
  route('/productions/:id', 'Producción', needs('productions'), { inMenu: false, implemented: true }),
  route('/products', 'Productos', needs('inventory'), { implemented: true }),
  // The items published to the counter: what the point of sale sells.
  route('/products-pos', 'Productos en mostrador', needs('inventory'), { implemented: true }),
  route('/inventory', 'Inventario', needs('inventory'), { implemented: true }),
  route('/inventory-pos', 'Inventario de Mostrador', needs('inventory'), { implemented: true }),
  route('/inventory-cost', 'Inventario a Costo', needs('inventory'), { implemented: true }),
  route('/raw-material', 'Materia Prima', needs('raw_material'), { implemented: true }),
  route('/adjustments', 'Ajustes de Inventario', needs('adjustments'), { implemented: true }),
  route('/physical-inventory', 'Inventario Físico', needs('physical_inventories'), { implemented: true }),
  route('/inventory-transfer', 'Traspasos', needs('inventory_transfer'), { implemented: true }),
  route('/mermas', 'Mermas', needs('mermas'), { implemented: true }),
  route('/inventory-reports', 'Reportes de Inventario', needs('report_inventory'), { implemented: true }),
  route('/inventory-reports/:id', 'Tarjeta de producto', needs('report_inventory'), { inMenu: false, implemented: true }),
  route('/payroll', 'Nómina', needs('pay_rolls'), { implemented: true }),
  route('/utilities', 'Utilidades', needs('utilities'), { implemented: true }),
  // The cost side of the utilities: who may see the profits may see the costs.
  route('/costs', 'Costos', needs('utilities'), { implemented: true }),
  route('/invoices', 'Facturas', needs('invoices'), { implemented: true }),
  route('/activity-log', 'Bitácora', needs('activityLog'), { implemented: true }),
  // Customers, products, opening stock and balances from the business's files; each kind behind its screen's permission.
  route('/import', 'Importar', needsAnyOf(...Object.values(IMPORT_PERMISSION)), { implemented: true }),
  route('/notes', 'Notas', everyone, { implemented: true }),
  route('/settings', 'Ajustes', everyone, { inMenu: false, implemented: true }),
  route('/business', 'Datos del negocio', needs('business'), { implemented: true }),
  // The fiscal setup for invoicing (CFDI 4.0): it signs in the business's name, so it has its own permission.
  route('/business/fiscal', 'Facturación', needs('fiscal'), { implemented: true }),
  route('/users', 'Usuarios', needs('users'), { implemented: true }),
  // Before '/users/:id', which would take 'new' for an id.
  route('/users/new', 'Nuevo usuario', needs('users'), { inMenu: false, implemented: true }),
  route('/users/:id', 'Usuario', needs('users'), { inMenu: false, implemented: true }),
  route('/roles', 'Roles', needs('users'), { inMenu: false, implemented: true }),
  // The lists the business keeps: trucks, branches, units, payment methods…
  route('/catalogues', 'Catálogos', needs('settings'), { implemented: true }),
  route('/catalogues/:list', 'Catálogo', needs('settings'), { inMenu: false, implemented: true }),
  // Anyone reports a problem and follows their tickets; the user menu links here for those who answer.
  route('/support', 'Soporte', everyone, { inMenu: false, implemented: true }),
  route('/pos', 'Punto de venta', needs('sales'), { inMenu: false, implemented: true }),
  route('/caja', 'Caja', needs('sales'), { inMenu: false, implemented: true }),
];

export interface ShellUser {
  id: number;
  permissions: readonly string[];
  job_position: string | null;
}

export function isDeliveryDriver(user: ShellUser): boolean {
  return user.job_position === JOB_POSITIONS.deliveryDriver;
}

/**
 * Who drives routes: the delivery driver, and the executive driver, who keeps the office's menu
 * and list but starts the day on their own routes, where they deliver and collect at the door.
 */
export function drivesRoutes(user: ShellUser): boolean {
  return isDeliveryDriver(user) || user.job_position === JOB_POSITIONS.executiveDriver;
}

export function isWarehouseOperator(user: ShellUser): boolean {
  return user.job_position === JOB_POSITIONS.warehouse;
}

/** What '/' shows this person (spec §2): their routes, the orders to fill, the point of sale, or the office's day. */
export type HomeScreen = 'driverRoutes' | 'ordersToFill' | 'pointOfSale' | 'officeDay';

export function homeScreenFor(user: ShellUser, deployment: Deployment): HomeScreen {
  if (drivesRoutes(user)) return 'driverRoutes';
  // The warehouse operator's one screen is the orders to fill (spec §6).
  if (isWarehouseOperator(user)) return 'ordersToFill';
  if (deployment.flags.homeIsPointOfSale && hasPermission(user, 'sales')) return 'pointOfSale';
  return 'officeDay';
}

export function canOpen(user: ShellUser, appRoute: AppRoute, deployment: Deployment): boolean {
  if (!appRoute.implemented) return false;
  if (deployment.flags.hiddenPaths.includes(appRoute.path)) return false;
  // The warehouse operator sees the orders to fill (spec §6) and, with physical_inventories, the
  // shelf count, reached from the orders screen: never Settings, and no side menu.
  if (isWarehouseOperator(user) && appRoute.path === '/settings') return false;
  switch (appRoute.access.kind) {
    case 'everyone':
      return true;
    case 'admin':
      return user.id === ADMIN_USER_ID;
    case 'permission':
      return hasPermission(user, appRoute.access.permission);
    case 'anyPermission':
      return appRoute.access.permissions.some((permission) => hasPermission(user, permission));
  }
}

/** The side menu: none for a delivery driver or the warehouse operator (spec §6). */
export function menuFor(user: ShellUser, deployment: Deployment): AppRoute[] {
  if (isDeliveryDriver(user) || isWarehouseOperator(user)) return [];
  return APP_ROUTES.filter((r) => r.inMenu && canOpen(user, r, deployment)).map((r) =>
    r.path === '/' && deployment.flags.homeIsPointOfSale ? { ...r, title: 'Punto de Venta' } : r,
  );
}

/** Top-bar shortcuts (spec §2): '/', '/pos' and '/caja', each once its screen exists. */
export const SHORTCUT_PATHS = ['/', '/pos', '/caja'] as const;

export function shortcutsFor(user: ShellUser, deployment: Deployment): AppRoute[] {
  return SHORTCUT_PATHS.map((path) => APP_ROUTES.find((r) => r.path === path)).filter(
    (r): r is AppRoute => r !== undefined && canOpen(user, r, deployment),
  );
}

export function canSeeSettings(user: ShellUser): boolean {
  return !isWarehouseOperator(user);
}

/**
 * The user menu's 'Soporte' (spec §2: user 1), whoever answers tickets (the support permission),
 * and the warehouse operator and the delivery drivers: without a side menu or (the warehouse)
 * Ajustes, the user menu is their only way to report a problem. The office reaches it from Ajustes.
 */
export function canSeeSupport(user: ShellUser): boolean {
  return user.id === ADMIN_USER_ID || hasPermission(user, 'support') || isWarehouseOperator(user) || isDeliveryDriver(user);
}

/**
 * The parameters of `pathname` under the route `pattern` ('/sales/:sale_id' and '/sales/7' →
 * { sale_id: '7' }), or null when it is not that route. A screen reads them through the screen
 * chrome, so it opens the same in the Ionic app and in a light start, which has no router.
 */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '/') return pathname === '/' ? {} : null;
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const segment = have[index]!;
    if (part.startsWith(':')) {
      if (segment === '') return null;
      params[part.slice(1)] = decodeURIComponent(segment);
    } else if (part !== segment) return null;
  }
  return params;
}
