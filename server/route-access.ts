import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { messages } from '../domain/messages';
import { HttpError } from './http-errors';
import { everyone, permission, signedIn, type Access } from './plugins/auth';

/**
 * Who may call each route: the permission of the screen that makes the call (spec §6;
 * user 1 holds every permission). This table is the one place the rules live: routes are
 * registered through it, docs/permissions.md is printed from it, and the permission-matrix
 * test walks it. Rules that depend on the record (a driver acts only on their own route)
 * are checked in the handler and noted here.
 */
export const ROUTE_ACCESS = {
  'POST /api/v1/user/login': everyone,
  'GET /api/v1/user/current': signedIn,
  'POST /api/v1/user/logout': signedIn,
  'GET /api/v2/deployment': everyone,
  'GET /api/v1/note/all': signedIn,
  /** Each section only for whoever may open its screen (sales, pedidos, shippings, balances). */
  'GET /api/v2/home': signedIn,
  'PATCH /api/v2/notes/:id': signedIn,
  'GET /api/support/support_tickets': signedIn,
  'POST /api/support/support_tickets': signedIn,

  'GET /api/v2/shippings': permission('shippings'),
  'POST /api/v1/shipping/create': permission('editShippings'),
  /** Office staff with editShippings edit anything; the route's driver only starts and finishes it. */
  'PUT /api/v1/shipping/update': permission('editShippings', 'shippings'),
  'DELETE /api/v2/shippings/:id': permission('deleteShippings'),
  'GET /api/v2/vehicles': permission('shippings', 'editShippings'),

  'POST /api/v1/shipping_detail/create': permission('editShippingDetails'),
  'PUT /api/v1/shipping_detail/update': permission('editShippingDetails'),
  /** Office staff with editShippingDetails, or the route's driver for their own deliveries. */
  'PATCH /api/v2/shipping_details/:id': permission('editShippingDetails', 'shipping_details'),
  'DELETE /api/v2/shipping_details/:id': permission('deleteShippingDetails'),
  'POST /api/v1/shipping_detail/files/': permission('shipping_details', 'editShippingDetails'),
  /** Resumable evidence uploads (tus 1.0.0): each upload belongs to the person who created it. */
  'POST /api/v2/uploads': permission('shipping_details', 'editShippingDetails'),
  'HEAD /api/v2/uploads/:id': permission('shipping_details', 'editShippingDetails'),
  'PATCH /api/v2/uploads/:id': permission('shipping_details', 'editShippingDetails'),
  'DELETE /api/v2/uploads/:id': permission('shipping_details', 'editShippingDetails'),
  /** Evidence files are named by 128 random bits: the link is the capability, as spec §2 links them. */
  'GET /files/:name': everyone,

  /** Also the customer search of the payment form (/new-collections). */
  'GET /api/v2/company_p': permission('companies', 'shippings', 'sales', 'quotations', 'collections'),
  // Customers (issue 13): /clients, the customer's page, its form and /unverified_clients.
  'GET /api/v2/companies': permission('companies'),
  'GET /api/v2/companies/:id': permission('companies'),
  'GET /api/v2/companies/:id/deliveries': permission('companies'),
  /** The office (companies) or a seller at the counter (sales): see the record rule. */
  'POST /api/v2/companies': permission('companies', 'sales'),
  'PUT /api/v2/companies/:id': permission('companies'),
  /** Idempotent: verifying a verified customer answers it unchanged. */
  'POST /api/v2/companies/:id/verify': permission('companies'),
  'GET /api/v2/orders/orders_to_dispatch': permission('orders'),
  'GET /api/v2/orders/dispatched_orders': permission('editShippingDetails', 'orders_ready'),
  'POST /api/v2/orders/start_order_production': permission('orders'),
  'POST /api/v2/orders/dispatch_sale_order': permission('orders'),
  /** A new sale is an order to fill: the warehouse hears of it live (order.created). */
  'POST /api/v2/sales': permission('sales'),
  'POST /api/v2/quotations': permission('quotations'),
  'PUT /api/v2/quotations/:id': permission('quotations'),
  'POST /api/v2/quotations/:id/cancel': permission('quotations', 'cancelations'),
  /** The sale gets an order to fill and order.created, as a new sale does; a retry returns the same sale. */
  'POST /api/v2/quotations/:id/sale': permission('quotations', 'sales'),
  /** Queues one message per Idempotency-Key (202); without SMTP_URL: 409 and nothing queued. */
  'POST /api/v2/quotations/:id/email': permission('quotations', 'sales'),
  'GET /api/v2/quotations/:id/emails': permission('quotations', 'sales'),
  /** A sale prints as its quotation too. */
  'GET /api/v2/quotations/:id/pdf': permission('quotations', 'sales'),
  'GET /api/docs': everyone,
  'POST /api/v2/events/ticket': signedIn,
  'GET /api/v2/sync/pull': signedIn,
  /** Several outbox commands in one request: each is checked against its own route's rule. */
  'POST /api/v2/sync/push': signedIn,
  /** EventSource cannot send a bearer token: the stream opens with a one-time ticket instead. */
  'GET /api/v2/events': everyone,

  // v1 reference reads, loaded at start by any signed-in person (spec §3 last bullet).
  'GET /api/v1/rejection/all': signedIn,
  'GET /api/v1/phase/all': signedIn,
  'GET /api/v1/origin/all': signedIn,
  'GET /api/v1/status/all': signedIn,
  'GET /api/v1/category/all': signedIn,
  'GET /api/v1/type/all': signedIn,
  'GET /api/v1/price_list/all': signedIn,
  'GET /api/v1/zone/all': signedIn,
  'GET /api/v1/contact_mode/all': signedIn,
  'GET /api/v1/special_condition/all': signedIn,
  'GET /api/v1/payment_method/all': signedIn,
  'GET /api/v1/frequency/all': signedIn,
  'GET /api/v1/adjustment/all': signedIn,
  'GET /api/v1/unit/all': signedIn,
  'GET /api/v1/expense_type/all': signedIn,
  'GET /api/v2/activity_types': signedIn,
  'GET /api/v1/cfdi/all': signedIn,
  'GET /api/v1/item/all': signedIn,
  'GET /api/v1/user/all': signedIn,
  'GET /api/v1/provider/all': permission('providers', 'shoppings', 'provider_payments'),
  'GET /api/v1/inventory/all': permission('inventory', 'inventoryReport', 'report_inventory'),
  'GET /api/v1/company/all': permission('companies', 'sales', 'quotations', 'shippings'),
  'GET /api/v1/contact/all': permission('companies', 'sales', 'quotations'),
  'GET /api/v1/payroll/all': permission('pay_rolls'),
  'GET /api/v1/quotation/all': permission('quotations', 'sales'),
  'GET /api/v1/quotation/quotations': permission('quotations'),
  'GET /api/v1/quotation/cancellations': permission('cancelations'),
  'GET /api/v1/qi': permission('quotations', 'sales'),
  'GET /api/v1/log/all': permission('activityLog'),
  'GET /api/v1/calendar/all': permission('activities'),
  'GET /api/v1/activity/all': permission('activities'),
  'GET /api/v1/call/all': permission('calls'),
  'GET /api/v1/conversation/all': permission('messages'),
  'GET /api/v1/message/all/:id': permission('messages'),
  'GET /api/v1/message_status/all/:id': permission('messages'),
  'GET /api/v1/collection/all': permission('collections'),
  'GET /api/v1/shipping/all': permission('shippings'),
  'GET /api/v1/shipping_detail/all': permission('shipping_details'),
  'GET /api/v1/expense/all': permission('expenses'),
  'GET /api/v1/result/all': signedIn,
  'GET /api/v1/production/all': permission('productions'),
  'GET /api/v1/production_detail/all': permission('productions'),
  'GET /api/v1/supply/all': permission('raw_material', 'shoppings'),
  'GET /api/v1/shopping/all': permission('shoppings'),
  'GET /api/v1/shopping_detail/all': permission('shoppings'),
  'GET /api/v1/provider_payment/all': permission('provider_payments'),
  /** /canceled lists cancelled quotations too. */
  'GET /api/v2/q': permission('quotations', 'cancelations'),
  /** Read by /sales, the calendar of scheduled sales, /pedidos and /canceled. */
  'GET /api/v2/sales': permission('sales', 'scheduled_sales', 'pedidos', 'cancelations'),
  /** A sale's page and its quotation's print: internal notes, contacts and collections, so not for route staff alone. */
  'GET /api/v2/sales/:id': permission('sales', 'quotations'),
  'GET /api/v2/company/sales': permission('companies', 'sales'),
  'GET /api/v2/sale/totals': permission('sales', 'reports', 'scheduled_sales', 'pedidos'),
  'GET /api/v2/collections': permission('collections'),
  'GET /api/v2/collection_details': permission('collections'),
  'GET /api/v2/collection/totals': permission('collections', 'reports'),
  /** Read by /expenses and, as expenses by type, by /costs. */
  'GET /api/v2/expenses-summary': permission('expenses', 'reports', 'utilities'),
  'GET /api/v2/payroll/totals': permission('pay_rolls'),
  'GET /api/v2/inventory_report': permission('report_inventory', 'inventoryReport'),
  'GET /api/v2/inventory/stock': permission('inventory', 'adjustments'),
  /** 'Ajuste Manual' of one item's stock. */
  'POST /api/v2/inventories': permission('inventory', 'adjustments'),
  'GET /api/v2/inventories': permission('inventory'),
  // The inventory screens (issue 14): /adjustments, /mermas, /inventory-transfer, /inventory-cost, /inventory-pos, /inventory-reports.
  /** Where stock is kept: every screen that picks or filters by a branch. */
  'GET /api/v2/branches': permission(
    'inventory',
    'adjustments',
    'mermas',
    'inventory_transfer',
    'report_inventory',
    'inventoryReport',
    'physical_inventories',
  ),
  'GET /api/v2/adjustments': permission('adjustments'),
  /** An 'Ajuste Manual' (source 'ajuste') with its reason, in a branch. */
  'POST /api/v2/adjustments': permission('adjustments'),
  'GET /api/v2/mermas': permission('mermas'),
  /** An 'Ajuste Manual' down (source 'merma'); never more than the branch holds (422). */
  'POST /api/v2/mermas': permission('mermas'),
  'GET /api/v2/inventory_transfers': permission('inventory_transfer'),
  /** The transfer and a pair of movements per item, all or none; never more than the origin holds (422). */
  'POST /api/v2/inventory_transfers': permission('inventory_transfer'),
  'GET /api/v2/inventory/cost': permission('inventory'),
  'GET /api/v2/inventory/pos': permission('inventory'),
  'GET /api/v2/inventory_report/:id': permission('report_inventory', 'inventoryReport'),
  'GET /api/v2/productioms': permission('productions'),
  // The catalogue and production (issue 14): /products, /products-pos, /raw-material, /production.
  'GET /api/v2/items': permission('inventory'),
  'GET /api/v2/items/:id': permission('inventory'),
  /** An opening stock is recorded as 'Creación de Producto' in the same transaction; the EAN-13 is unique among live items. */
  'POST /api/v2/items': permission('inventory'),
  'PUT /api/v2/items/:id': permission('inventory'),
  /** /products-pos: published and at the counter, what GET /api/v2/item/pos answers the point of sale. */
  'PATCH /api/v2/items/:id': permission('inventory'),
  /** Read by /raw-material, and by the production form (the products that have a recipe). */
  'GET /api/v2/recipes': permission('raw_material', 'productions'),
  /** Replaces the product's whole recipe; an empty list removes it. */
  'PUT /api/v2/recipes/:id': permission('raw_material'),
  'GET /api/v2/productions': permission('productions'),
  'GET /api/v2/productions/:id': permission('productions'),
  /** 'Planeada', from products that have a recipe. */
  'POST /api/v2/productions': permission('productions'),
  /** Once (the row is locked): 'Salida Producción' of the raw material by recipe. */
  'POST /api/v2/productions/:id/start': permission('productions'),
  /** Once (the row is locked): 'Entrada Producción' of what has not entered for it yet. */
  'POST /api/v2/productions/:id/finish': permission('productions'),
  'GET /api/v2/mfproductions': permission('productions'),
  // Physical inventory (issue 14): the tablet's count and the office's review, one permission for all of it.
  'GET /api/v2/physical_inventories': permission('physical_inventories'),
  'GET /api/v2/physical_inventories/:id': permission('physical_inventories'),
  /** One 'Abierto' count per branch at a time. */
  'POST /api/v2/physical_inventories': permission('physical_inventories'),
  /** Sets (not adds) one shelf's quantity of an item; refused once the count is no longer 'Abierto'. */
  'PUT /api/v2/physical_inventories/:id/counts': permission('physical_inventories'),
  'POST /api/v2/physical_inventories/:id/remove_count': permission('physical_inventories'),
  'POST /api/v2/physical_inventories/:id/close': permission('physical_inventories'),
  /** The book stock beside the count: the office's review (adjustments); the tablet counts blind. */
  'GET /api/v2/physical_inventories/:id/differences': permission('adjustments'),
  /**
   * Moves stock once: Cerrado → Aplicado in the transaction of its movements; a second apply is refused.
   * Applying adjusts stock, so it is the office's (adjustments): the tablet that counted does not approve its own count.
   */
  'POST /api/v2/physical_inventories/:id/apply': permission('adjustments'),
  'GET /api/v2/huecos': permission('huecos'),
  'GET /api/v2/item/pos': signedIn,
  'GET /api/v2/funnels': permission('leads'),
  'GET /api/v2/funnel_phases': permission('leads'),
  'GET /api/v2/leads': permission('leads'),
  // The CRM (issue 15).
  'GET /api/v2/leads/:id': permission('leads'),
  'POST /api/v2/leads': permission('leads'),
  'POST /api/v2/leads/:id/move': permission('leads'),
  'GET /api/v2/calls': permission('calls', 'leads', 'companies'),
  'POST /api/v2/calls': permission('calls'),
  'GET /api/v2/activities': permission('activities', 'leads', 'companies'),
  'POST /api/v2/activities': permission('activities'),
  'PATCH /api/v2/activities/:id': permission('activities'),
  /** /mail: the quotations the app has e-mailed, with their state. */
  'GET /api/v2/emails': permission('quotations'),
  /** The counter's day of the signed-in person (/caja): their own sales, payments, cash and cut only. */
  'GET /api/v2/caja': permission('sales'),
  'POST /api/v2/cash_movements': permission('sales'),
  /** Once per person and day; after it, no more cash movements that day. */
  'POST /api/v2/cash_cuts': permission('sales'),
  'GET /api/v2/raw_materials': permission('raw_material', 'productions'),
  'GET /api/v2/roles': signedIn,
  'GET /api/v2/permissions': signedIn,
  'GET /api/v2/report/sum_total_indicators': permission('reports'),
  'GET /api/v2/report/due_balance_report': permission('reports', 'balances'),
  'GET /api/v2/report/collection_total': permission('reports', 'collections'),
  'GET /api/v2/shoppings': permission('shoppings'),
  'POST /api/v2/shoppings': permission('shoppings'),
  /** Only while nothing of it has been received. */
  'PUT /api/v2/shoppings/:id': permission('shoppings'),
  /** Only while nothing of it has been received. */
  'DELETE /api/v2/shoppings/:id': permission('shoppings'),
  // Purchasing screens (issue 14): purchase orders, providers, payments, the purchases report.
  'GET /api/v2/shoppings/:id': permission('shoppings'),
  /** 'Entrada Compra' of what arrived and the items' cost, in one transaction; Idempotency-Key required. */
  'POST /api/v2/shoppings/:id/receive': permission('shoppings'),
  /** The catalogue with each item's cost, for the purchase order form. */
  'GET /api/v2/shopping_items': permission('shoppings'),
  'GET /api/v2/shopping_report': permission('shopping_report'),
  'GET /api/v2/providers': permission('providers', 'shoppings', 'provider_payments'),
  'GET /api/v2/providers/:id': permission('providers', 'shoppings', 'provider_payments'),
  'POST /api/v2/providers': permission('providers'),
  'PUT /api/v2/providers/:id': permission('providers'),
  'GET /api/v2/provider_payments': permission('provider_payments'),
  /** Never above what is owed (to the provider, and of the order named); Idempotency-Key required. */
  'POST /api/v2/provider_payments': permission('provider_payments'),
  'PUT /api/v2/provider_payments/:id': permission('provider_payments'),
  'DELETE /api/v2/provider_payments/:id': permission('provider_payments'),
  'POST /api/v2/saleman_report': permission('reports'),
  // Expenses, utilities and costs, reports (issue 13).
  'GET /api/v2/expenses': permission('expenses'),
  /** A retry under the same Idempotency-Key answers the first expense; no second row. */
  'POST /api/v2/expenses': permission('expenses'),
  /** Soft delete: no read counts it any more (list, expenses-summary, indicators, utilities). */
  'DELETE /api/v2/expenses/:id': permission('expenses'),
  /** The activity log: read only, no route writes it (the database does, issue 15). */
  'GET /api/v2/logs': permission('activityLog'),
  /** Payroll receipts (issue 15): totals computed by the server, one per employee and pay date. */
  'GET /api/v2/payrolls': permission('pay_rolls'),
  'POST /api/v2/payrolls': permission('pay_rolls'),
  'PUT /api/v2/payrolls/:id': permission('pay_rolls'),
  /** Sales whose delivery carries an invoice number (issue 15). */
  'GET /api/v2/invoices': permission('invoices'),
  /** Read by /utilities and by /costs. */
  'GET /api/v2/report/utilities': permission('utilities'),
  'GET /api/v2/report/sales_by_day': permission('reports'),
  /** /items-report, and the costliest items on /costs. */
  'GET /api/v2/report/items': permission('inventoryReport', 'utilities'),
  // Collections and overdue balances (issue 13).
  /** One transaction that locks the customer's open sales; a retry under the same Idempotency-Key answers the same payment. */
  'POST /api/v2/collections': permission('collections'),
  /** The payment as its receipt shows it. */
  'GET /api/v2/collections/:id': permission('collections'),
  /** Who records payments cancels them (from /collections); the balances of its sales come back. */
  'POST /api/v2/collections/:id/cancel': permission('collections'),
  'GET /api/v2/balances': permission('balances', 'collections'),
  /** A customer's open sales: the payment form reads them, /balances expands a customer with them. */
  'GET /api/v2/balances/:id': permission('balances', 'collections'),
} as const satisfies Record<string, Access>;

export type RouteKey = keyof typeof ROUTE_ACCESS;

/** Rules that depend on the record, checked in the handler (shown in docs/permissions.md). */
export const RECORD_RULES: Partial<Record<RouteKey, string>> = {
  'GET /api/v2/shippings': 'A Chofer Repartidor sees only the routes they drive.',
  'PUT /api/v1/shipping/update': 'Without editShippings: only the route’s driver, only odometer fields and capture times (start/finish).',
  'PATCH /api/v2/shipping_details/:id': 'Without editShippingDetails: only the driver of the delivery’s route.',
  'HEAD /api/v2/uploads/:id': 'Only the person who created the upload (anyone else: 404).',
  'PATCH /api/v2/uploads/:id': 'Only the person who created the upload (anyone else: 404).',
  'DELETE /api/v2/uploads/:id': 'Only the person who created the upload (anyone else: 404).',
  'POST /api/v2/companies':
    'Created with companies: verified at once; with sales only (at the counter): unverified until the office verifies it.',
  'GET /api/v1/note/all': 'Only the signed-in person’s notes.',
  'GET /api/v2/home':
    'Sales with sales, orders with pedidos, the day’s routes with shippings (not to a Chofer Repartidor), overdue balances with balances or collections; unseen notes are the person’s own.',
  'PATCH /api/v2/notes/:id': 'Only the signed-in person’s notes.',
  'GET /api/support/support_tickets': 'User 1 reads every ticket; everyone else only their own.',
  'GET /api/v2/sync/pull':
    'Only the routes the person drives (7 days back to 7 ahead); orders to fill only with orders; open physical counts (of the person’s branch) only with physical_inventories.',
  'POST /api/v2/sync/push':
    'Only the driver’s and the warehouse’s outbox commands (their §7 routes); each command needs its own route’s permission and record rules (403/404/422 as that route answers).',
  'GET /api/v2/events': 'Needs a one-time ticket from POST /api/v2/events/ticket (403 without); order.created only to holders of orders.',
  'PUT /api/v2/shoppings/:id': 'Only while nothing of the order has been received (422 after).',
  'DELETE /api/v2/shoppings/:id': 'Only while nothing of the order has been received (422 after).',
  'POST /api/v2/shoppings/:id/receive':
    'Never more than a line still has pending (422); Idempotency-Key required: a repeat moves no stock.',
  'POST /api/v2/provider_payments':
    'Never more than the provider is owed, nor than the order named is owed (422); the order must be the provider’s.',
};

/**
 * Routes that serve a screen one deployment hides (spec §6: calls, messages, leads and others
 * in one deployment): there they answer 404, as if the feature did not exist.
 */
export const ROUTE_SCREENS: Partial<Record<RouteKey, string>> = {
  'GET /api/v1/call/all': '/calls',
  'GET /api/v2/calls': '/calls',
  'POST /api/v2/calls': '/calls',
  'GET /api/v1/conversation/all': '/messages',
  'GET /api/v1/message/all/:id': '/messages',
  'GET /api/v1/message_status/all/:id': '/messages',
  'GET /api/v2/funnels': '/leads',
  'GET /api/v2/funnel_phases': '/leads',
  'GET /api/v2/leads': '/leads',
  'GET /api/v2/leads/:id': '/leads',
  'POST /api/v2/leads': '/leads',
  'POST /api/v2/leads/:id/move': '/leads',
  // Production is hidden in the event-rental deployment (spec §6).
  'GET /api/v2/productions': '/production',
  'GET /api/v2/productions/:id': '/productions/:id',
  'POST /api/v2/productions': '/production',
  'POST /api/v2/productions/:id/start': '/productions/:id',
  'POST /api/v2/productions/:id/finish': '/productions/:id',
  'GET /api/v2/mfproductions': '/mfproductions',
};

function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'anyone';
    case 'signed-in':
      return 'signed in';
    case 'admin':
      return 'user 1';
    case 'permission':
      return access.anyOf.map((p) => `\`${p}\``).join(' or ');
  }
}

/** docs/permissions.md, printed from the table (`npm run docs:permissions`). */
export function permissionsMarkdown(): string {
  const rows = Object.entries(ROUTE_ACCESS).map(([key, access]) => {
    const screen = ROUTE_SCREENS[key as RouteKey];
    const rules = [RECORD_RULES[key as RouteKey], screen && `404 where the deployment hides \`${screen}\`.`].filter(Boolean).join(' ');
    return `| \`${key}\` | ${describeAccess(access)} | ${rules} |`;
  });
  return [
    '# Who may call each route',
    '',
    'Generated from `server/route-access.ts` by `npm run docs:permissions`; a test fails when it is out of date.',
    'User 1 holds every permission (spec §6). Without a token: 401; signed in without the permission: 403.',
    '',
    '| route | needs | also checked on the record |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/**
 * Registers a route with the access rule of its table entry. A route takes no query
 * string unless it says so (`acceptsQuery`, then it parses and refuses unknown keys
 * itself): a parameter nobody reads is refused, never silently ignored.
 */
export function guardedRoute(
  app: FastifyInstance,
  key: RouteKey,
  handler: RouteHandlerMethod,
  { acceptsQuery = false, ...options }: { bodyLimit?: number; config?: Record<string, unknown>; acceptsQuery?: boolean } = {},
): void {
  const [method, url] = key.split(' ') as [string, string];
  app.route({
    method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url,
    ...options,
    ...(!acceptsQuery && {
      preValidation: async (request: FastifyRequest) => {
        const [unknown] = Object.keys((request.query ?? {}) as object);
        if (unknown !== undefined) throw new HttpError(400, messages.query.unknownParameter(unknown.slice(0, 60)));
      },
    }),
    preHandler: app.authorize(ROUTE_ACCESS[key], ROUTE_SCREENS[key]),
    handler,
  });
}
