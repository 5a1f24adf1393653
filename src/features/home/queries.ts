import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { homeSchema } from '../../../domain/schemas/home';
import type { AppEvent } from '../../../domain/schemas/events';
import { apiRequest } from '../../lib/api';
import { useLiveEvents } from '../../sync/live-events';

export const homeKeys = { all: ['home'] as const };

export const homeQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/v2/home', { schema: homeSchema, signal }).then((answer) => answer.data),
    // The day's figures from the cache while the server cannot be reached; live events refresh them.
    networkMode: 'offlineFirst',
    refetchInterval: 5 * 60_000,
  });

/** The office's day, refreshed when a route of that day changes or an order comes in. */
export function useOfficeDay(live: boolean) {
  const query = useQuery(homeQueryOptions());
  const queryClient = useQueryClient();
  const date = query.data?.date;
  const onEvent = useCallback(
    (event: AppEvent) => {
      // Inicio counts the person's unseen notes too.
      if (event.type === 'note.created' || event.date === date) void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
    [date, queryClient],
  );
  useLiveEvents(live, onEvent);
  return query;
}
