import { useLiveQuery } from 'dexie-react-hooks';
import { deliveryStatus, type DeliveryStatus } from '../../domain/rules/delivery-status';
import { monterreyDate } from '../../domain/time';
import type { LocalDetail, LocalShipping, SyncDatabase } from '../../sync/db';
import { useSyncDatabase } from './sync-context';

type Count = 'pending' | 'delivered' | 'rejected';
/** A stop whose sale was cancelled is no delivery of the route: it is counted in none. */
const COUNT_OF: Record<DeliveryStatus, Count | null> = {
  Pendiente: 'pending',
  Entregado: 'delivered',
  'No Entregado': 'rejected',
  Cancelada: null,
};

export interface RouteSummary {
  shipping: LocalShipping;
  isToday: boolean;
  counts: Record<Count, number>;
  /** Record keys of the route and its deliveries, for the pending badge. */
  records: string[];
}

/** Today's routes first, then the coming days (nearest first), then past days (latest first). */
export function summarizeRoutes(shippings: LocalShipping[], details: LocalDetail[], today: string): RouteSummary[] {
  const byRoute = new Map<number, LocalDetail[]>();
  for (const detail of details) {
    const own = byRoute.get(detail.shipping_id);
    if (own) own.push(detail);
    else byRoute.set(detail.shipping_id, [detail]);
  }
  const rank = (date: string) => (date === today ? 0 : date > today ? 1 : 2);
  // Dates are 'aaaa-mm-dd': compared as plain strings, which is their order and, at every start
  // of a phone holding months of routes, far cheaper than a locale's comparison.
  const byDate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...shippings]
    .sort((a, b) => {
      const byRank = rank(a.date) - rank(b.date);
      if (byRank !== 0) return byRank;
      if (a.date !== b.date) return rank(a.date) === 2 ? byDate(b.date, a.date) : byDate(a.date, b.date);
      return a.id - b.id;
    })
    .map((shipping) => {
      const own = byRoute.get(shipping.id) ?? [];
      const counts = { pending: 0, delivered: 0, rejected: 0 };
      for (const detail of own) {
        const count = COUNT_OF[deliveryStatus(detail)];
        if (count) counts[count] += 1;
      }
      return {
        shipping,
        isToday: shipping.date === today,
        counts,
        records: [`shipping:${shipping.id}`, ...own.map((detail) => `detail:${detail.id}`)],
      };
    });
}

export async function readDriverRoutes(db: SyncDatabase, driverId: number, now: Date): Promise<RouteSummary[]> {
  // Another person's routes may still be on the device until the first pull of this one.
  const shippings = await db.shippings.filter((shipping) => shipping.driver_id === driverId).toArray();
  const details = await db.details
    .where('shipping_id')
    .anyOf(shippings.map((s) => s.id))
    .toArray();
  return summarizeRoutes(shippings, details, monterreyDate(now));
}

/** The driver's routes on this device, live. Undefined until read once. */
export function useDriverRoutes(driverId: number): RouteSummary[] | undefined {
  const db = useSyncDatabase();
  return useLiveQuery(() => readDriverRoutes(db, driverId, new Date()), [db, driverId]);
}

/** One route and its deliveries (in the order they were added), live; null when it left the device. */
export function useRoute(shippingId: number): { shipping: LocalShipping; details: LocalDetail[] } | null | undefined {
  const db = useSyncDatabase();
  return useLiveQuery(async () => {
    const shipping = await db.shippings.get(shippingId);
    if (!shipping) return null;
    const details = await db.details.where('shipping_id').equals(shippingId).sortBy('id');
    return { shipping, details };
  }, [db, shippingId]);
}
