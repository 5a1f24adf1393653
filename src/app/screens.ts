import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screen of each built route, loaded on demand (spec §2: screens load on demand).
 * Paths come from domain/app-routes.ts; a route marked implemented there must have its
 * screen here (checked by a test).
 */
// One screen for the list and the list filtered to one route (spec §2).
const shippings = lazy(() => import('../features/shippings/shippings-page'));
// One form for a new quotation and an edited one.
const quotationForm = lazy(() => import('../features/sales/quotation-form-page'));

export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('../features/home/home-page')),
  '/new-sales': lazy(() => import('../features/sales/new-sale-page')),
  '/pos': lazy(() => import('../features/sales/pos-page')),
  '/quotations': lazy(() => import('../features/quotations/quotations-page')),
  '/canceled': lazy(() => import('../features/quotations/canceled-page')),
  '/sales': lazy(() => import('../features/sales-list/sales-list-page')),
  '/pedidos': lazy(() => import('../features/sales-list/pedidos-page')),
  '/quotations/new': quotationForm,
  '/quotations/:id': quotationForm,
  '/sales/calendar': lazy(() => import('../features/sales/sales-calendar-page')),
  '/sales/:sale_id': lazy(() => import('../features/sales/sale-page')),
  '/inventory': lazy(() => import('../features/inventory/inventory-page')),
  '/orders': lazy(() => import('../features/orders/orders-page')),
  '/orders-ready': lazy(() => import('../features/orders/orders-ready-page')),
  '/solitario': lazy(() => import('../features/shippings/new-shipping-page')),
  '/shippings': shippings,
  '/shippings/:id': shippings,
  '/notes': lazy(() => import('../features/notes/notes-page')),
  '/settings': lazy(() => import('../features/settings/settings-page')),
  '/support': lazy(() => import('../features/support/support-page')),
};
