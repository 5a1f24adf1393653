import type { Shipping, ShippingDetail } from '../domain/schemas/shipping';
import type { SyncPull } from '../domain/schemas/sync';

/**
 * Records as the server sends them, for tests of the engine and of the screens that show
 * them: a route, a delivery with its sale, and a pull page. Tests override what they check.
 */

export function detailFixture(id: number, shippingId: number, changes: Partial<ShippingDetail> = {}): ShippingDetail {
  return {
    id,
    sale_id: id * 10,
    shipping_id: shippingId,
    company_id: 3,
    completed: false,
    is_delivered: false,
    delivery_rejection_comment: null,
    delivered_at: null,
    invoice: null,
    pdf: null,
    sale: {
      id: id * 10,
      company_name: 'Abarrotes La Esperanza',
      contact: { name: 'Ana', last: 'Treviño' },
      company_branch: { name: 'Centro' },
      sale_items: [{ quantity: 12, item: { name: 'Aguacate Hass' } }],
      sale_weight: 120.5,
      sale_due_balance: 1500,
      company: { delivery_address: 'Av. Juárez 100, Monterrey' },
      user: { name: 'Luis', last: 'Garza' },
    },
    ...changes,
  };
}

export function shippingFixture(id: number, changes: Partial<Shipping> = {}, detailIds: number[] = []): Shipping {
  return {
    id,
    date: '2026-11-22',
    driver_id: 7,
    driver: { id: 7, name: 'Miguel', last: 'Reyes' },
    vehicle_id: 1,
    vehicle: { id: 1, name: 'Nissan NP300' },
    initial_km: null,
    final_km: null,
    km_capture_time_start: null,
    km_capture_time: null,
    route: null,
    weight: 0,
    note: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    created_by_user_id: 2,
    last_updated_by_user_id: 2,
    user_id: 2,
    shipping_details: detailIds.map((detailId) => detailFixture(detailId, id)),
    ...changes,
  };
}

/** A pull page that brings nothing unless told. */
export function pullPage(changes: Partial<SyncPull> = {}): SyncPull {
  return {
    cursor: 'c',
    has_more: false,
    reset: false,
    shippings: [],
    orders: [],
    vehicles: [],
    drivers: [],
    items: [],
    removed: { shippings: [], orders: [], vehicles: [], drivers: [], items: [] },
    ...changes,
  };
}
