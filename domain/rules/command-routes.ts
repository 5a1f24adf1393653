/**
 * The §7 routes that the outbox commands of the driver and the warehouse call
 * (sync/commands.ts builds its requests from them) and the only ones a push batch may reach
 * (POST /api/v2/sync/push refuses any other path with 404). `:id` stands for a record's id.
 */
export const COMMAND_ROUTES = {
  updateShipping: { method: 'PUT', path: '/api/v1/shipping/update' },
  patchShippingDetail: { method: 'PATCH', path: '/api/v2/shipping_details/:id' },
  startOrderProduction: { method: 'POST', path: '/api/v2/orders/start_order_production' },
  dispatchSaleOrder: { method: 'POST', path: '/api/v2/orders/dispatch_sale_order' },
  countShelf: { method: 'PUT', path: '/api/v2/physical_inventories/:id/counts' },
  removeShelfCount: { method: 'POST', path: '/api/v2/physical_inventories/:id/remove_count' },
  closePhysicalInventory: { method: 'POST', path: '/api/v2/physical_inventories/:id/close' },
  writeNote: { method: 'POST', path: '/api/v2/notes' },
  createSale: { method: 'POST', path: '/api/v2/sales' },
  collectAtStop: { method: 'POST', path: '/api/v2/shipping_details/:id/payments' },
  submitDriverCut: { method: 'POST', path: '/api/v2/shippings/:id/driver_cut' },
} as const satisfies Record<string, { method: 'PUT' | 'PATCH' | 'POST'; path: string }>;

export type CommandRoute = (typeof COMMAND_ROUTES)[keyof typeof COMMAND_ROUTES];

/** The path of a command route for one record (`:id` replaced). */
export function commandPath(route: CommandRoute, id?: number): string {
  return id === undefined ? route.path : route.path.replace(':id', String(id));
}

// The paths hold only letters, '_' and '/', so each reads as its own regular expression.
const PATTERNS = Object.values(COMMAND_ROUTES).map((route) => ({
  method: route.method as string,
  path: new RegExp(`^${route.path.replace(':id', '\\d{1,12}')}$`),
}));

/** Whether a request (method and path, no query) is one of the command routes. */
export function isCommandRoute(method: string, path: string): boolean {
  return PATTERNS.some((route) => route.method === method && route.path.test(path));
}
