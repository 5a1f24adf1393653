import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deliveryMapMessages } from '../../../domain/messages/delivery-map';
import { mapRouteAnswerSchema, optimizedRouteSchema, type MapRoute } from '../../../domain/schemas/tracking';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { mapKeys } from '../../ui/route-map/map-queries';
import { inOrder } from '../../ui/route-map/route-map-state';
import type { Notify } from './detail-panel';
import { shippingKeys } from './queries';

const text = deliveryMapMessages;

/**
 * The saves of one route's stop order, in the order they were made. Quick Subir/Bajar presses
 * make several saves, each of the whole order; they run one after another (the mutation's scope),
 * but a screen must still show only the latest save's answer — an earlier answer would undo the
 * later moves — and, when the latest fails, go back to the order the server last confirmed, not
 * to what was shown before a save that has since succeeded.
 */
export function stopOrderSaves() {
  let made = 0;
  let unsettled = 0;
  let confirmed: readonly number[] | null = null;
  return {
    /** A save starts; `shown` is the order on screen before its move. Returns the save's number. */
    start(shown: readonly number[] | null): number {
      // With no save on its way, what is shown is the server's order (read, or put back after a failure).
      if (unsettled === 0) confirmed = shown;
      unsettled += 1;
      made += 1;
      return made;
    },
    /** The server saved `order` with save `save`: true when that is the latest save, whose answer is to be shown. */
    saved(save: number, order: readonly number[]): boolean {
      unsettled -= 1;
      confirmed = order;
      return save === made;
    },
    /**
     * Save `save` failed. When it was the latest, `confirmed` is the order the server last
     * confirmed, to be shown again (null when none was known); when a later save is on its way,
     * that save's answer decides what is shown.
     */
    failed(save: number): { latest: boolean; confirmed: readonly number[] | null } {
      unsettled -= 1;
      return { latest: save === made, confirmed: save === made ? confirmed : null };
    },
  };
}

/**
 * A route's order of stops, changed by the office: a move shows at once and is saved with PUT
 * /api/v2/shippings/{id}/stop_order, one save after another (stopOrderSaves); refused or unsent,
 * the order goes back to the one the server last confirmed and the toast says why.
 * 'Optimizar' asks the server's routing engine and shows what it answered.
 */
export function useRouteOrder(shippingId: number, notify: Notify) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const key = mapKeys.route(shippingId);
  // One tracker for the life of the section (a route's dialog or page shows one route).
  const [saves] = useState(stopOrderSaves);
  const settle = () => {
    // The driver's list and the office's lists follow the order (issue 47): they read it again.
    void queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    void queryClient.invalidateQueries({ queryKey: mapKeys.all, predicate: (query) => query.queryKey[1] === 'day' });
  };

  const reorder = useMutation({
    // Saves of one route run in the order they were made, so the server ends with the last order.
    scope: { id: `stop-order-${shippingId}` },
    mutationFn: (detailIds: number[]) =>
      apiRequest(`/api/v2/shippings/${shippingId}/stop_order`, {
        method: 'PUT',
        body: { detail_ids: detailIds },
        schema: mapRouteAnswerSchema,
        idempotencyKey: keys.keyFor('stopOrder', detailIds),
      }),
    onMutate: async (detailIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MapRoute>(key);
      const save = saves.start(before ? before.stops.map((stop) => stop.detail_id) : null);
      if (before) queryClient.setQueryData<MapRoute>(key, { ...before, stops: inOrder(before.stops, detailIds) });
      return { save };
    },
    onError: (error, _detailIds, context) => {
      notify(text.orderFailed(getErrorMessage(error)), 'danger');
      if (!context) return;
      const { latest, confirmed } = saves.failed(context.save);
      // A later save is on its way with the whole order: reading the route now would show less than it.
      if (!latest) return;
      if (confirmed) {
        queryClient.setQueryData<MapRoute>(key, (route) => route && { ...route, stops: inOrder(route.stops, confirmed) });
      }
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (answer, _detailIds, context) => {
      keys.done('stopOrder');
      settle();
      const latest = saves.saved(context.save, answer.data.stops.map((stop) => stop.detail_id));
      // An earlier save's answer is an older order: the moves made since stay on screen.
      if (!latest) return;
      // The server's order (its numbering, the ETAs in the new order) replaces the one shown.
      queryClient.setQueryData<MapRoute>(key, answer.data);
    },
  });

  const optimize = useMutation({
    mutationFn: () =>
      apiRequest(`/api/v2/shippings/${shippingId}/optimize`, {
        method: 'POST',
        schema: optimizedRouteSchema,
        idempotencyKey: keys.keyFor('optimize', shippingId),
      }),
    onSuccess: (answer) => {
      keys.done('optimize');
      queryClient.setQueryData<MapRoute>(key, answer.data);
      notify(text.optimized, 'success');
      settle();
    },
    onError: (error) => notify(getErrorMessage(error), 'danger'),
  });

  return { reorder, optimize };
}
