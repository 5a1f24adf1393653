import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalOrder } from '../../sync/db';
import { useSyncDatabase } from './sync-context';

/** Orders to fill between two dates on this device, oldest date first; those filled here leave at once. */
export function useOrdersToFill(range: [string, string] | null): LocalOrder[] | undefined {
  const db = useSyncDatabase();
  const key = range ? range.join(',') : '';
  // useLiveQuery keeps its last answer while a new range is read: tag the answer with its
  // range so the screen never shows the previous filter's orders as the new one's.
  const answer = useLiveQuery(async () => {
    if (!range) return { key, orders: [] };
    const orders = await db.orders.where('date').between(range[0], range[1], true, true).toArray();
    return { key, orders: orders.filter((order) => !order.dispatched).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id) };
  }, [db, key]);
  return answer?.key === key ? answer.orders : undefined;
}

/** One order, live; null once it left the device. */
export function useOrderToFill(id: number): LocalOrder | null | undefined {
  const db = useSyncDatabase();
  return useLiveQuery(async () => (await db.orders.get(id)) ?? null, [db, id]);
}
