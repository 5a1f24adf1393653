import type { Access } from './plugins/auth';
import type { RouteSpec, RouteTable } from './http/route-table';
import { USERS_ROUTES } from './routes/users';
import { DEPLOYMENT_ROUTES } from './routes/deployment';
import { SETUP_ROUTES } from './routes/setup';
import { BUSINESS_ROUTES } from './routes/business';
import { NOTES_ROUTES } from './routes/notes';
import { HOME_ROUTES } from './routes/home';
import { SUPPORT_ROUTES } from './routes/support';
import { SHIPPINGS_ROUTES } from './routes/shippings';
import { STOP_ORDER_ROUTES } from './routes/stop-order';
import { ORDERS_ROUTES } from './routes/orders';
import { SHIPPING_DETAILS_ROUTES } from './routes/shipping-details';
import { EVIDENCE_UPLOADS_ROUTES } from './routes/evidence-uploads';
import { CUSTOMERS_ROUTES } from './routes/customers';
import { SALES_ROUTES } from './routes/sales';
import { QUOTATIONS_ROUTES } from './routes/quotations';
import { QUOTATION_EMAIL_ROUTES } from './routes/quotation-email';
import { QUOTATION_DOCUMENTS_ROUTES } from './routes/quotation-documents';
import { DOCS_ROUTES } from './routes/docs';
import { EVENTS_ROUTES } from './routes/events';
import { SYNC_ROUTES } from './routes/sync';
import { SYNC_PUSH_ROUTES } from './routes/sync-push';
import { REFERENCE_LISTS_ROUTES } from './routes/reference-lists';
import { ACTIVITY_LOG_ROUTES } from './routes/activity-log';
import { CRM_ROUTES } from './routes/crm';
import { MESSAGES_ROUTES } from './routes/messages';
import { COLLECTIONS_ROUTES } from './routes/collections';
import { EXPENSES_ROUTES } from './routes/expenses';
import { PRODUCTIONS_ROUTES } from './routes/productions';
import { PURCHASING_ROUTES } from './routes/purchasing';
import { PAYROLL_ROUTES } from './routes/payroll';
import { INVENTORY_MOVES_ROUTES } from './routes/inventory-moves';
import { INVENTORY_ROUTES } from './routes/inventory';
import { CATALOGUE_ROUTES } from './routes/catalogue';
import { PHYSICAL_INVENTORY_ROUTES } from './routes/physical-inventory';
import { REPORTS_ROUTES } from './routes/reports';
import { CAJA_ROUTES } from './routes/caja';
import { ROLES_ROUTES } from './routes/roles';
import { PEOPLE_ROUTES } from './routes/people';
import { BUSINESS_LISTS_ROUTES } from './routes/business-lists';
import { PROVIDERS_ROUTES } from './routes/providers';
import { INVOICES_ROUTES } from './routes/invoices';
import { INVOICING_ROUTES } from './routes/invoicing';
import { DELIVERY_INVOICE_ROUTES } from './routes/delivery-invoice';
import { ROUTE_MONEY_ROUTES } from './routes/route-money';
import { IMPORTS_ROUTES } from './routes/imports';
import { RENTALS_ROUTES } from './routes/rentals';
import { PUSH_ROUTES } from './routes/push';
import { CONVERSATIONS_ROUTES } from './routes/conversations';
import { ROUTE_MAP_ROUTES } from './routes/route-map';
import { TRACKING_PAGE_ROUTES } from './routes/tracking-page';

/**
 * Every route of the API, indexed from the declarations beside the handlers (each resource's
 * `server/routes/<resource>.ts` says who may call its routes: the permission of the screen that
 * makes the call, spec §6; user 1 holds every permission). docs/permissions.md is printed from
 * it, app.ts refuses to register an API route missing from it, and the permission-matrix test
 * walks it. Rules that depend on the record are checked in the handler and noted on the route.
 */
const TABLES = [
  USERS_ROUTES,
  DEPLOYMENT_ROUTES,
  SETUP_ROUTES,
  BUSINESS_ROUTES,
  NOTES_ROUTES,
  HOME_ROUTES,
  SUPPORT_ROUTES,
  SHIPPINGS_ROUTES,
  STOP_ORDER_ROUTES,
  ORDERS_ROUTES,
  SHIPPING_DETAILS_ROUTES,
  EVIDENCE_UPLOADS_ROUTES,
  CUSTOMERS_ROUTES,
  SALES_ROUTES,
  QUOTATIONS_ROUTES,
  QUOTATION_EMAIL_ROUTES,
  QUOTATION_DOCUMENTS_ROUTES,
  DOCS_ROUTES,
  EVENTS_ROUTES,
  SYNC_ROUTES,
  SYNC_PUSH_ROUTES,
  REFERENCE_LISTS_ROUTES,
  ACTIVITY_LOG_ROUTES,
  CRM_ROUTES,
  MESSAGES_ROUTES,
  COLLECTIONS_ROUTES,
  EXPENSES_ROUTES,
  PRODUCTIONS_ROUTES,
  PURCHASING_ROUTES,
  PAYROLL_ROUTES,
  INVENTORY_MOVES_ROUTES,
  INVENTORY_ROUTES,
  CATALOGUE_ROUTES,
  PHYSICAL_INVENTORY_ROUTES,
  REPORTS_ROUTES,
  CAJA_ROUTES,
  ROLES_ROUTES,
  PEOPLE_ROUTES,
  BUSINESS_LISTS_ROUTES,
  PROVIDERS_ROUTES,
  INVOICES_ROUTES,
  INVOICING_ROUTES,
  DELIVERY_INVOICE_ROUTES,
  ROUTE_MONEY_ROUTES,
  IMPORTS_ROUTES,
  RENTALS_ROUTES,
  PUSH_ROUTES,
  CONVERSATIONS_ROUTES,
  ROUTE_MAP_ROUTES,
  TRACKING_PAGE_ROUTES,
] as const;

type KeysOf<T> = T extends unknown ? keyof T & string : never;
export type RouteKey = KeysOf<(typeof TABLES)[number]>;
export const ROUTES: Record<RouteKey, RouteSpec> = Object.assign({}, ...TABLES);

// A route declared twice would keep one rule silently: refuse to start instead.
const declared = (TABLES as readonly RouteTable[]).flatMap((table) => Object.keys(table));
if (new Set(declared).size !== declared.length) {
  throw new Error(`Routes declared twice: ${declared.filter((key, index) => declared.indexOf(key) !== index).join(', ')}`);
}

/** Who may call each route. */
export const ROUTE_ACCESS = Object.fromEntries(Object.entries<RouteSpec>(ROUTES).map(([key, spec]) => [key, spec.access])) as Record<
  RouteKey,
  Access
>;

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
  const rows = Object.entries<RouteSpec>(ROUTES).map(([key, spec]) => {
    const rules = [spec.recordRule, spec.screen && `404 where the deployment hides \`${spec.screen}\`.`].filter(Boolean).join(' ');
    return `| \`${key}\` | ${describeAccess(spec.access)} | ${rules} |`;
  });
  return [
    '# Who may call each route',
    '',
    'Generated by `npm run docs:permissions` from the routes’ declarations (`server/routes/<resource>.ts`, indexed by `server/route-access.ts`); a test fails when it is out of date.',
    'User 1 holds every permission (spec §6). Without a token: 401; signed in without the permission: 403.',
    '',
    '| route | needs | also checked on the record |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
