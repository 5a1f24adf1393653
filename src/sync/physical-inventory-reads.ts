import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalItem, LocalPhysicalInventory } from '../../sync/db';
import { useSyncDatabase } from './sync-context';

/**
 * The physical count of this branch on the device, live: the open one, or the one
 * closed here whose close has not reached the server yet. Null when there is none;
 * undefined until read once.
 */
export function useBranchCount(branchId: number | null): LocalPhysicalInventory | null | undefined {
  const db = useSyncDatabase();
  return useLiveQuery(async () => {
    const all = await db.physicalInventories.toArray();
    const mine = all.filter((inventory) => branchId === null || inventory.branch_id === branchId).sort((a, b) => b.id - a.id);
    return mine.find((inventory) => inventory.status === 'Abierto') ?? mine[0] ?? null;
  }, [db, branchId]);
}

const MATCHES = 8;

/** Items on the device whose name or EAN-13 matches what was typed, for counting without a camera. */
export function useItemSearch(term: string): LocalItem[] {
  const db = useSyncDatabase();
  const wanted = term.trim().toLocaleLowerCase('es-MX');
  return (
    useLiveQuery(async () => {
      if (wanted === '') return [];
      if (/^\d{8,13}$/.test(wanted)) {
        const byCode = await db.items.where('ean13').equals(wanted).toArray();
        if (byCode.length > 0) return byCode;
      }
      const found: LocalItem[] = [];
      await db.items.each((item) => {
        if (found.length < MATCHES && (item.name.toLocaleLowerCase('es-MX').includes(wanted) || item.ean13?.startsWith(wanted)))
          found.push(item);
      });
      return found.sort((a, b) => a.name.localeCompare(b.name, 'es-MX'));
    }, [db, wanted]) ?? []
  );
}

/** The item of a scanned EAN on the device, or null. */
export async function itemOfEan(db: ReturnType<typeof useSyncDatabase>, code: string): Promise<LocalItem | null> {
  return (await db.items.where('ean13').equals(code).first()) ?? null;
}
