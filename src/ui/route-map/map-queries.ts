import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { AppEvent } from '../../../domain/schemas/events';
import { mapConfigSchema, mapRouteAnswerSchema, mapRoutesSchema, type MapRoute } from '../../../domain/schemas/tracking';
import { apiRequest } from '../../lib/api';
import { useLiveEvents } from '../../sync/live-events';
import { throttleByKey, withPosition, withRoute } from './route-map-state';

/**
 * The map's reads (GET /api/v2/map/config, /map/routes?date= and /map/routes/{id}) and how live
 * events keep them current: a truck's position moves it at once, from the event itself; a
 * route's other changes (a delivery, a new order of stops) read that route again, at most once
 * per REFETCH_WAIT_MS, so a route delivering fast does not flood the server.
 */
export const REFETCH_WAIT_MS = 10_000;

export const mapKeys = {
  all: ['map'] as const,
  config: () => [...mapKeys.all, 'config'] as const,
  day: (date: string) => [...mapKeys.all, 'day', date] as const,
  route: (id: number) => [...mapKeys.all, 'route', id] as const,
};

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: mapConfigKey,
    queryFn: ({ signal }) => apiRequest('/api/v2/map/config', { schema: mapConfigSchema, signal }),
    // The server's configuration: it changes with a restart, not during a day.
    staleTime: 60 * 60_000,
  });
const mapConfigKey = mapKeys.config();

export function useMapConfig() {
  return useQuery(mapConfigQueryOptions());
}

export function fetchMapRoute(id: number, signal?: AbortSignal): Promise<MapRoute> {
  return apiRequest(`/api/v2/map/routes/${id}`, { schema: mapRouteAnswerSchema, signal }).then((answer) => answer.data);
}

/** A day's routes on the map, live while the screen is open. */
export function useDayRoutes(date: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: mapKeys.day(date),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/map/routes?${new URLSearchParams({ date })}`, { schema: mapRoutesSchema, signal }).then((answer) => answer.data),
    // Positions are minutes old at most: a map kept from an earlier session would mislead.
    meta: { persist: false },
  });
  useLiveRoutes(useMemo(() => dayTarget(queryClient, date), [queryClient, date]));
  return query;
}

/** One route on the map (the route's dialog and page), live while it is open. */
export function useMapRoute(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: mapKeys.route(id),
    queryFn: ({ signal }) => fetchMapRoute(id, signal),
    meta: { persist: false },
  });
  useLiveRoutes(useMemo(() => routeTarget(queryClient, id), [queryClient, id]));
  return query;
}

/** Which live events concern a cached read of routes, and how it is changed. */
interface LiveTarget {
  concerns: (event: { date: string; shipping_id: number }) => boolean;
  apply: (update: (routes: readonly MapRoute[]) => MapRoute[]) => void;
  /** A route read again after it changed. */
  take: (fresh: MapRoute) => void;
  readAll: () => void;
}

function dayTarget(queryClient: QueryClient, date: string): LiveTarget {
  const key = mapKeys.day(date);
  return {
    concerns: (event) => event.date === date,
    apply: (update) => queryClient.setQueryData<MapRoute[]>(key, (routes) => (routes ? update(routes) : routes)),
    // A route moved to another day leaves this day's map.
    take: (fresh) =>
      queryClient.setQueryData<MapRoute[]>(key, (routes) =>
        routes && (fresh.date.slice(0, 10) === date ? withRoute(routes, fresh) : routes.filter((route) => route.id !== fresh.id)),
      ),
    readAll: () => void queryClient.invalidateQueries({ queryKey: key }),
  };
}

function routeTarget(queryClient: QueryClient, id: number): LiveTarget {
  const key = mapKeys.route(id);
  return {
    concerns: (event) => event.shipping_id === id,
    apply: (update) => queryClient.setQueryData<MapRoute>(key, (route) => (route ? update([route])[0] : route)),
    take: (fresh) => queryClient.setQueryData<MapRoute>(key, fresh),
    readAll: () => void queryClient.invalidateQueries({ queryKey: key }),
  };
}

function useLiveRoutes(target: LiveTarget) {
  // One throttle per target (a date or a route): rebuilt when it changes, not on each render.
  const throttle = useMemo(
    () =>
      throttleByKey((id: number) => {
        fetchMapRoute(id).then(
          (fresh) => target.take(fresh),
          // Gone from the map (deleted, moved to another day): the whole read says what is left.
          () => target.readAll(),
        );
      }, REFETCH_WAIT_MS),
    [target],
  );
  useEffect(() => () => throttle.cancel(), [throttle]);
  const onEvent = useCallback(
    (event: AppEvent) => {
      if (event.type === 'route.position' && target.concerns(event)) target.apply((routes) => withPosition(routes, event));
      else if (event.type === 'shipping.changed' && target.concerns(event)) throttle.call(event.shipping_id);
    },
    [target, throttle],
  );
  useLiveEvents(true, onEvent);
}
