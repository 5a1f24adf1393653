import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screen of each built route, loaded on demand (spec §2: screens load on demand).
 * Paths come from domain/app-routes.ts; a route marked implemented there must have its
 * screen here (checked by a test).
 */
// One screen for the list and the list filtered to one route (spec §2).
const shippings = lazy(() => import('./shippings-screen'));
// One form for a new quotation and an edited one.
const quotationForm = lazy(() => import('../features/sales/quotation-form-page'));
// One form for a new customer and an edited one.
const customerForm = lazy(() => import('../features/customers/customer-form-page'));
// One form for a payment from a customer searched for and from the customer in the address.
const newCollection = lazy(() => import('../features/collections/new-collection-page'));

export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('./home-screen')),
  '/new-sales': lazy(() => import('../features/sales/new-sale-page')),
  '/pos': lazy(() => import('../features/sales/pos-page')),
  '/quotations': lazy(() => import('../features/quotations/quotations-page')),
  '/canceled': lazy(() => import('../features/quotations/canceled-page')),
  '/sales': lazy(() => import('../features/sales-list/sales-list-page')),
  '/pedidos': lazy(() => import('../features/sales-list/pedidos-page')),
  '/quotations/new': quotationForm,
  '/quotations/:id': quotationForm,
  '/sales/calendar': lazy(() => import('../features/sales/sales-calendar-page')),
  '/rentals/calendar': lazy(() => import('../features/sales/rentals-calendar-page')),
  '/sales/:sale_id': lazy(() => import('../features/sales/sale-page')),
  '/sales/:sale_id/edit': lazy(() => import('../features/sales/edit-sale-page')),
  '/inventory': lazy(() => import('../features/inventory/inventory-page')),
  // The inventory screens.
  '/inventory-pos': lazy(() => import('../features/inventory-moves/inventory-pos-page')),
  '/inventory-cost': lazy(() => import('../features/inventory-moves/inventory-cost-page')),
  '/adjustments': lazy(() => import('../features/inventory-moves/adjustments-page')),
  '/mermas': lazy(() => import('../features/inventory-moves/mermas-page')),
  '/inventory-transfer': lazy(() => import('../features/inventory-moves/transfers-page')),
  '/inventory-reports': lazy(() => import('../features/inventory-moves/inventory-reports-page')),
  '/inventory-reports/:id': lazy(() => import('../features/inventory-moves/item-card-page')),
  // The warehouse tablet's shelf count and the office's review.
  '/physical-inventory': lazy(() => import('../features/physical-inventory/physical-inventory-page')),
  '/orders': lazy(() => import('../features/orders/orders-page')),
  '/orders-ready': lazy(() => import('../features/orders/orders-ready-page')),
  '/solitario': lazy(() => import('../features/shippings/new-shipping-page')),
  '/shippings': shippings,
  '/shippings/:id': shippings,
  // The office's map of a day's routes (issue 47); Leaflet loads with its map, not with the screen.
  '/mapa': lazy(() => import('../features/delivery-map/delivery-map-page')),
  '/notes': lazy(() => import('../features/notes/notes-page')),
  '/settings': lazy(() => import('../features/settings/settings-page')),
  '/support': lazy(() => import('../features/support/support-page')),
  // Collections and overdue balances.
  '/new-collections': newCollection,
  '/new-collections/:id': newCollection,
  '/collections': lazy(() => import('../features/collections/collections-page')),
  '/receipts': lazy(() => import('../features/collections/receipts-page')),
  '/balances': lazy(() => import('../features/balances/balances-page')),
  '/clients': lazy(() => import('../features/customers/customers-page')),
  '/clients/new': customerForm,
  '/clients/client/:id': lazy(() => import('../features/customers/customer-page')),
  '/clients/client/:id/edit': customerForm,
  '/unverified_clients': lazy(() => import('../features/customers/unverified-page')),
  // Expenses, utilities and costs, reports.
  '/expenses': lazy(() => import('../features/expenses/expenses-page')),
  '/reports': lazy(() => import('../features/reports/reports-page')),
  '/items-report': lazy(() => import('../features/reports/items-report-page')),
  '/huecos': lazy(() => import('../features/reports/huecos-page')),
  '/utilities': lazy(() => import('../features/reports/utilities-page')),
  '/costs': lazy(() => import('../features/reports/costs-page')),
  // People and relationships.
  '/activity-log': lazy(() => import('../features/activity-log/activity-log-page')),
  '/import': lazy(() => import('../features/imports/imports-page')),
  '/payroll': lazy(() => import('../features/payroll/payroll-page')),
  '/invoices': lazy(() => import('../features/invoices/invoices-page')),
  '/leads': lazy(() => import('../features/crm/leads-page')),
  '/leads/:lead_id': lazy(() => import('../features/crm/lead-page')),
  '/calls': lazy(() => import('../features/crm/calls-page')),
  '/activities': lazy(() => import('../features/crm/activities-page')),
  '/calendar': lazy(() => import('../features/crm/calendar-page')),
  '/messages': lazy(() => import('../features/crm/messages-page')),
  '/mail': lazy(() => import('../features/crm/mail-page')),
  '/caja': lazy(() => import('../features/caja/caja-page')),
  // The catalogue and production.
  '/products': lazy(() => import('../features/catalogue/products-page')),
  '/products-pos': lazy(() => import('../features/catalogue/products-pos-page')),
  '/raw-material': lazy(() => import('../features/catalogue/raw-material-page')),
  '/production': lazy(() => import('../features/production/production-page')),
  '/productions/:id': lazy(() => import('../features/production/production-detail-page')),
  '/mfproductions': lazy(() => import('../features/production/mf-productions-page')),
  // Purchasing.
  '/shopping': lazy(() => import('../features/purchasing/shoppings-page')),
  '/shopping/:provider_id': lazy(() => import('../features/purchasing/new-shopping-page')),
  '/shoppings/:id': lazy(() => import('../features/purchasing/shopping-page')),
  '/shopping-report': lazy(() => import('../features/purchasing/shopping-report-page')),
  '/providers': lazy(() => import('../features/purchasing/providers-page')),
  '/providers/:id': lazy(() => import('../features/purchasing/provider-page')),
  '/provider-payments': lazy(() => import('../features/purchasing/provider-payments-page')),
  '/business': lazy(() => import('../features/business/business-page')),
  '/business/fiscal': lazy(() => import('../features/fiscal/fiscal-page')),
  '/users': lazy(() => import('../features/people/people-page')),
  '/users/new': lazy(() => import('../features/people/person-form-page')),
  '/users/:id': lazy(() => import('../features/people/person-form-page')),
  '/roles': lazy(() => import('../features/people/roles-page')),
  '/catalogues': lazy(() => import('../features/business-lists/business-lists-page')),
  '/catalogues/:list': lazy(() => import('../features/business-lists/business-list-page')),
};
