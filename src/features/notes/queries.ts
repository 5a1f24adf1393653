import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noteListSchema, noteSeenResponseSchema } from '../../../domain/schemas/notes';
import { apiRequest } from '../../lib/api';

export const noteKeys = {
  all: ['notes'] as const,
};

export const notesQueryOptions = () =>
  queryOptions({
    queryKey: noteKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/v1/note/all', { schema: noteListSchema, signal }).then((r) => r.data),
    networkMode: 'offlineFirst',
    refetchInterval: 60_000,
  });

export function useNotes() {
  return useQuery(notesQueryOptions());
}

export function useUnseenNoteCount(): number {
  const { data } = useNotes();
  return data?.filter((note) => !note.seen).length ?? 0;
}

export function useMarkNoteSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v2/notes/${id}`, { method: 'PATCH', body: { seen: true }, schema: noteSeenResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  });
}
