import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noteListSchema, noteSeenResponseSchema, noteThreadSchema, type NoteRecord } from '../../../domain/schemas/notes';
import { apiRequest } from '../../lib/api';
import { useLiveEvents } from '../../sync/live-events';

export const noteKeys = {
  all: ['notes'] as const,
  thread: (thread: string) => ['notes', 'thread', thread] as const,
  record: (record: NoteRecord) => ['notes', 'record', record.type, record.id] as const,
};

export const notesQueryOptions = () =>
  queryOptions({
    queryKey: noteKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/v1/note/all', { schema: noteListSchema, signal }).then((r) => r.data),
    networkMode: 'offlineFirst',
    // The event stream tells of new notes at once (note.created); this catches a missed one.
    refetchInterval: 5 * 60_000,
  });

export function useNotes() {
  return useQuery(notesQueryOptions());
}

/** The bell's count: unseen notes not archived, told of a new one at once by the event stream. */
export function useUnseenNoteCount(): number {
  const { data } = useNotes();
  const queryClient = useQueryClient();
  useLiveEvents(true, (event) => {
    if (event.type === 'note.created') void queryClient.invalidateQueries({ queryKey: noteKeys.all });
  });
  return data?.filter((note) => !note.seen && !note.archived).length ?? 0;
}

export const threadQueryOptions = (thread: string) =>
  queryOptions({
    queryKey: noteKeys.thread(thread),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/notes/thread/${encodeURIComponent(thread)}`, { schema: noteThreadSchema, signal }).then((r) => r.data),
    networkMode: 'offlineFirst',
  });

export const recordNotesQueryOptions = (record: NoteRecord) =>
  queryOptions({
    queryKey: noteKeys.record(record),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/notes/record/${record.type}/${record.id}`, { schema: noteThreadSchema, signal }).then((r) => r.data),
    networkMode: 'offlineFirst',
  });

/** Seen, archived or back from the archive: the person's own copy of a note. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; seen?: true; archived?: boolean }) =>
      apiRequest(`/api/v2/notes/${id}`, { method: 'PATCH', body, schema: noteSeenResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all, exact: true }),
  });
}
