import { syncMessages } from '../../../domain/messages/sync';
import { useIsPending } from '../../sync/sync-context';

/**
 * 'Pendiente de sincronizar' while any of these records has a change the server has not
 * acknowledged. A plain element: the driver's routes draw one per route at start.
 */
export function PendingBadge({ records }: { records: string | readonly string[] }) {
  const pending = useIsPending(records);
  if (!pending) return null;
  return <span className="pending-badge">{syncMessages.pendingBadge}</span>;
}
