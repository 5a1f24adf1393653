import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screen of each built route, loaded on demand (spec §2: screens load on demand).
 * Paths come from domain/app-routes.ts; a route marked implemented there must have its
 * screen here (checked by a test).
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('../features/home/home-page')),
  '/notes': lazy(() => import('../features/notes/notes-page')),
  '/settings': lazy(() => import('../features/settings/settings-page')),
  '/support': lazy(() => import('../features/support/support-page')),
};
