import { describe, expect, it } from 'vitest';
import {
  APP_ROUTES,
  canOpen,
  canSeeSettings,
  canSeeSupport,
  homeScreenFor,
  matchRoute,
  menuFor,
  shortcutsFor,
  type ShellUser,
} from './app-routes';
import { DEPLOYMENTS } from './deployment';
import { ADMIN_USER_ID } from './permissions';

const office: ShellUser = { id: 3, permissions: ['shippings', 'shipping_details'], job_position: 'Despacho' };
const admin: ShellUser = { id: ADMIN_USER_ID, permissions: [], job_position: 'Dirección' };
const driver: ShellUser = { id: 4, permissions: ['shippings'], job_position: 'Chofer Repartidor' };
const warehouse: ShellUser = { id: 7, permissions: ['orders'], job_position: 'Almacén' };
const { frutas, eventos } = DEPLOYMENTS;

describe('the side menu', () => {
  it('lists only built screens', () => {
    const paths = menuFor(admin, frutas).map((r) => r.path);
    const built = APP_ROUTES.filter((r) => r.implemented && r.inMenu).map((r) => r.path);
    // The produce business rents nothing: the rentals' calendar is the event-rental business's.
    expect(paths).toEqual(built.filter((path) => path !== '/rentals/calendar'));
    expect(menuFor(admin, eventos).map((r) => r.path)).toContain('/rentals/calendar');
  });

  it('is empty for a delivery driver and for the warehouse operator', () => {
    expect(menuFor(driver, frutas)).toEqual([]);
    expect(menuFor(warehouse, frutas)).toEqual([]);
  });

  it('titles the home route point of sale where the deployment says so', () => {
    expect(menuFor(office, eventos)[0]?.title).toBe('Punto de Venta');
    expect(menuFor(office, frutas)[0]?.title).toBe('Inicio');
  });
});

describe('what / opens', () => {
  it('is the driver’s routes, the warehouse’s orders, the point of sale where the deployment opens on it for whoever sells, else the office’s day', () => {
    const seller: ShellUser = { id: 5, permissions: ['sales'], job_position: 'Ventas' };
    expect(homeScreenFor(driver, frutas)).toBe('driverRoutes');
    // An executive driver starts on their routes (to deliver and collect) yet keeps the office's menu.
    const executive: ShellUser = { id: 9, permissions: ['shippings'], job_position: 'Chofer Ejecutivo' };
    expect(homeScreenFor(executive, frutas)).toBe('driverRoutes');
    expect(menuFor(executive, frutas).length).toBeGreaterThan(0);
    expect(homeScreenFor(warehouse, eventos)).toBe('ordersToFill');
    expect(homeScreenFor(seller, eventos)).toBe('pointOfSale');
    expect(homeScreenFor(seller, frutas)).toBe('officeDay');
    expect(homeScreenFor(office, eventos)).toBe('officeDay');
  });
});

describe('route access', () => {
  const built = { path: '/x', title: 'X', inMenu: true, implemented: true } as const;

  it('opens a permission route for holders of the permission and for user 1 only', () => {
    const route = { ...built, access: { kind: 'permission', permission: 'editShippings' } } as const;
    expect(canOpen(admin, route, frutas)).toBe(true);
    expect(canOpen({ ...office, permissions: ['editShippings'] }, route, frutas)).toBe(true);
    expect(canOpen(office, route, frutas)).toBe(false);
  });

  it('never opens a screen that is not built, even for user 1', () => {
    expect(canOpen(admin, { ...built, implemented: false, access: { kind: 'everyone' } }, frutas)).toBe(false);
  });

  it('hides paths the deployment hides', () => {
    const orders = { ...built, path: '/orders', access: { kind: 'everyone' } } as const;
    expect(canOpen(admin, orders, frutas)).toBe(true);
    expect(canOpen(admin, orders, eventos)).toBe(false);
  });

  it('hides the CRM screens the event-rental deployment hides, a lead’s page with the board (spec §6)', () => {
    const open = (path: string, deployment: typeof frutas) =>
      canOpen(
        admin,
        APP_ROUTES.find((r) => r.path === path)!,
        deployment,
      );
    for (const path of ['/leads', '/leads/:lead_id', '/calls', '/messages']) {
      expect([path, open(path, frutas), open(path, eventos)]).toEqual([path, true, false]);
    }
    expect(open('/activities', eventos)).toBe(true);
  });

  it('opens the shelf count to the warehouse operator who may count, still without a menu or Settings', () => {
    const counter: ShellUser = { ...warehouse, permissions: ['orders', 'physical_inventories'] };
    const route = (path: string) => APP_ROUTES.find((r) => r.path === path)!;
    expect(canOpen(counter, route('/physical-inventory'), frutas)).toBe(true);
    expect(canOpen(warehouse, route('/physical-inventory'), frutas)).toBe(false);
    expect(canOpen(counter, route('/settings'), frutas)).toBe(false);
    expect(menuFor(counter, frutas)).toEqual([]);
  });

  it('keeps Settings from the warehouse operator, and the Support link for user 1 and whoever answers tickets', () => {
    expect(canSeeSettings(warehouse)).toBe(false);
    expect(canSeeSettings(driver)).toBe(true);
    expect(canSeeSupport(admin)).toBe(true);
    expect(canSeeSupport(office)).toBe(false);
    expect(canSeeSupport({ ...office, permissions: [...office.permissions, 'support'] })).toBe(true);
  });

  it('links Support in the user menu of the warehouse operator and the delivery drivers, who have no side menu', () => {
    expect(canSeeSupport(warehouse)).toBe(true);
    expect(canSeeSupport(driver)).toBe(true);
    expect(
      canOpen(
        warehouse,
        APP_ROUTES.find((r) => r.path === '/support')!,
        frutas,
      ),
    ).toBe(true);
  });

  it('offers only built shortcuts in the top bar', () => {
    expect(shortcutsFor(office, frutas).map((r) => r.path)).toEqual(['/']);
  });
});

describe('matchRoute', () => {
  it('gives the parameters of an address under its route, and null under another', () => {
    expect(matchRoute('/sales/:sale_id', '/sales/7')).toEqual({ sale_id: '7' });
    expect(matchRoute('/clients/client/:id/edit', '/clients/client/12/edit')).toEqual({ id: '12' });
    expect(matchRoute('/sales', '/sales/')).toEqual({});
    expect(matchRoute('/', '/')).toEqual({});
    expect(matchRoute('/', '/sales')).toBeNull();
    expect(matchRoute('/sales/:sale_id', '/sales')).toBeNull();
    expect(matchRoute('/sales/:sale_id', '/sales/')).toBeNull();
    expect(matchRoute('/sales/:sale_id', '/quotations/7')).toBeNull();
    expect(matchRoute('/sales/calendar', '/sales/7')).toBeNull();
  });
});
