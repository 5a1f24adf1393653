import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ShippingKind } from '../../../domain/schemas/rentals';
import { apiMessages } from '../../../domain/messages/api';
import { JOB_POSITIONS, SELECTABLE_DRIVER_POSITIONS } from '../../../domain/job-positions';
import {
  filterParams,
  folioNumber,
  shippingTotals,
  totalsFilters,
  type ShippingFilters,
  type ShippingListRequest,
} from '../../../domain/shipping-list';
import { dispatchedOrdersSchema, vehicleListSchema } from '../../../domain/schemas/orders';
import { userListSchema } from '../../../domain/schemas/reference';
import {
  fullShippingPageSchema,
  SHIPPING_FULL_DETAILS,
  SHIPPING_SUMMARY,
  shippingDetailSchema,
  shippingPageSchema,
  shippingSchema,
  type ShippingCreate,
  type ShippingUpdate,
} from '../../../domain/schemas/shipping';
import { addDays } from '../../../domain/time';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

export const shippingKeys = {
  all: ['shippings'] as const,
  /** A list's filters; the office list kit adds the page to it. */
  list: (scope: Pick<ShippingListRequest, 'filters' | 'routeId'>) => [...shippingKeys.all, 'list', scope] as const,
  totals: (filters: ShippingFilters) => [...shippingKeys.all, 'totals', filters] as const,
};

/** Only the total is read from a probe page: its rows are not needed. */
const countSchema = z.object({ meta: z.object({ total: z.int() }) });

/**
 * The totals panel (spec §7: GET /api/v2/shippings with itemsPerPage equal to total), over
 * the filtered set or the current month. Asked only while the panel is open.
 */
export function useShippingTotals(filters: ShippingFilters, enabled: boolean) {
  return useQuery({
    queryKey: shippingKeys.totals(filters),
    enabled,
    // Built from every route of the range: recomputed when opened, not stored.
    meta: { persist: false },
    queryFn: async ({ signal }) => {
      const scoped = totalsFilters(filters, new Date());
      const params = filterParams(scoped);
      params.set('include', SHIPPING_SUMMARY);
      params.set('itemsPerPage', '1');
      const probe = await apiRequest(`/api/v2/shippings?${params.toString()}`, { schema: countSchema, signal });
      params.set('itemsPerPage', String(Math.max(probe.meta.total, 1)));
      const all = await apiRequest(`/api/v2/shippings?${params.toString()}`, { schema: shippingPageSchema, signal });
      return { range: scoped.date!, ...shippingTotals(all.data) };
    },
  });
}

/** One route with each delivery's whole sale (the list sends a summary): the manifest and the phone card. */
export function fetchFullShipping(id: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ 'filter[id]': String(id), include: SHIPPING_FULL_DETAILS });
  return apiRequest(`/api/v2/shippings?${query}`, { schema: fullShippingPageSchema, signal }).then((page) => {
    const [shipping] = page.data;
    if (!shipping) throw new Error(apiMessages.notFound);
    return shipping;
  });
}

/** The whole route, read when its card is opened; `updated_at` keys it so a change reads it again. */
export function useFullShipping(shipping: { id: number; updated_at: string }, enabled: boolean) {
  return useQuery({
    queryKey: [...shippingKeys.all, 'full', shipping.id, shipping.updated_at],
    enabled,
    queryFn: ({ signal }) => fetchFullShipping(shipping.id, signal),
    meta: { persist: false },
  });
}

const ONE_HOUR = 60 * 60 * 1000;

/** Routes within three days of a date, newest first: where a sale on a route can be moved. */
export function useNearbyRoutes(date: string) {
  return useQuery({
    queryKey: [...shippingKeys.all, 'nearby', date],
    queryFn: ({ signal }) => {
      const range = `${addDays(date, -3)},${addDays(date, 3)}`;
      const query = new URLSearchParams({ 'filter[date_between]': range, sort: '-date', itemsPerPage: '100', include: SHIPPING_SUMMARY });
      return apiRequest(`/api/v2/shippings?${query}`, { schema: shippingPageSchema, signal });
    },
    select: (answer) => answer.data,
    meta: { persist: false },
  });
}

export function useVehicles() {
  return useQuery({
    queryKey: ['vehicles'],
    queryFn: ({ signal }) => apiRequest('/api/v2/vehicles', { schema: vehicleListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

/** People by job position: the form offers both driver positions, the filter only delivery drivers (spec §6). */
export function useDrivers(scope: 'form' | 'filter') {
  return useQuery({
    queryKey: ['users'],
    queryFn: ({ signal }) => apiRequest('/api/v1/user/all', { schema: userListSchema, signal }),
    select: (answer) =>
      answer.data.filter((user) =>
        scope === 'filter'
          ? user.job_position === JOB_POSITIONS.deliveryDriver
          : user.active !== false && SELECTABLE_DRIVER_POSITIONS.includes(user.job_position ?? ''),
      ),
    staleTime: ONE_HOUR,
  });
}

/** `routeKind`: the route the sale is for (a rental business offers the rentals that route can take). */
export function useDispatchedOrders(text: string, routeKind: ShippingKind) {
  // A sale folio as the screens show it ('V-45') is searched as its number.
  const search = folioNumber(text) ?? text.trim();
  return useQuery({
    queryKey: ['dispatched-orders', routeKind, search],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/v2/orders/dispatched_orders?${new URLSearchParams({ ...(search && { 'filter[search]': search }), 'filter[route_kind]': routeKind, itemsPerPage: '20', sort: '-date' })}`,
        {
          schema: dispatchedOrdersSchema,
          signal,
        },
      ),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

const deletedSchema = z.object({ id: z.int() });

/** Office changes go straight to the server; the list refreshes after each. */
export function useShippingMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    return queryClient.invalidateQueries({ queryKey: shippingKeys.all });
  };
  const create = useMutation({
    mutationFn: (body: ShippingCreate) =>
      apiRequest('/api/v1/shipping/create', { method: 'POST', body, schema: shippingSchema, idempotencyKey: keys.keyFor('create', body) }),
    onSuccess: settle('create'),
  });
  const update = useMutation({
    mutationFn: (body: ShippingUpdate) =>
      apiRequest('/api/v1/shipping/update', { method: 'PUT', body, schema: shippingSchema, idempotencyKey: keys.keyFor('update', body) }),
    onSuccess: settle('update'),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v2/shippings/${id}`, { method: 'DELETE', schema: deletedSchema, idempotencyKey: keys.keyFor('remove', id) }),
    onSuccess: settle('remove'),
  });
  const addDetail = useMutation({
    mutationFn: (body: { sale_id: number; shipping_id: number }) =>
      apiRequest('/api/v1/shipping_detail/create', {
        method: 'POST',
        body: { ...body, completed: false },
        schema: shippingDetailSchema,
        idempotencyKey: keys.keyFor('addDetail', body),
      }),
    onSuccess: settle('addDetail'),
  });
  const updateDetail = useMutation({
    mutationFn: (body: { id: number; sale_id: number; shipping_id: number; completed: boolean; invoice: string | null }) =>
      apiRequest('/api/v1/shipping_detail/update', {
        method: 'PUT',
        body,
        schema: shippingDetailSchema,
        idempotencyKey: keys.keyFor('updateDetail', body),
      }),
    onSuccess: settle('updateDetail'),
  });
  const removeDetail = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v2/shipping_details/${id}`, {
        method: 'DELETE',
        schema: deletedSchema,
        idempotencyKey: keys.keyFor('removeDetail', id),
      }),
    onSuccess: settle('removeDetail'),
  });
  return { create, update, remove, addDetail, updateDetail, removeDetail };
}
