import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { userListSchema } from '../../../domain/schemas/reference';
import { roleListSchema } from '../../../domain/schemas/reads';
import type { WriteNote } from '../../../sync/commands';
import { apiRequest } from '../../lib/api';
import { useSyncDatabase } from '../../sync/sync-context';
import { noteKeys } from './note-queries';

/**
 * What writing notes needs, apart from the bell's count (note-queries.ts, drawn on every
 * screen's top bar): who a note can go to, and the notes this device has not sent yet.
 */

/** Who a note can go to: the active people and the roles. */
export const notePeopleOptions = () =>
  queryOptions({
    queryKey: ['reference', 'note-people'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/v1/user/all', { schema: userListSchema, signal })).data.filter((person) => person.active !== false),
    staleTime: 10 * 60_000,
  });
export const noteRolesOptions = () =>
  queryOptions({
    queryKey: ['reference', 'note-roles'],
    queryFn: async ({ signal }) => (await apiRequest('/api/v2/roles', { schema: roleListSchema, signal })).data,
    staleTime: 10 * 60_000,
  });

/**
 * The notes this device wrote that the server has not taken yet (the outbox's writeNote
 * commands); when one goes, the lists that show it are read again.
 */
export function usePendingNotes(): WriteNote[] {
  const db = useSyncDatabase();
  const queryClient = useQueryClient();
  const rows = useLiveQuery(
    () =>
      db.outbox
        .where('lane')
        .equals('notes')
        .filter((row) => row.command === 'writeNote' && row.state !== 'rejected')
        .toArray(),
    [db],
  );
  const count = rows?.length ?? 0;
  const before = useRef(count);
  useEffect(() => {
    if (count < before.current) void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    before.current = count;
  }, [count, queryClient]);
  return (rows ?? []).map((row) => row.payload as WriteNote);
}
