import { useMutation, useQueryClient } from '@tanstack/react-query';
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
 * A route's order of stops, changed by the office: a move shows at once and is saved with PUT
 * /api/v2/shippings/{id}/stop_order; refused or unsent, the order goes back to what it was and
 * the toast says why. 'Optimizar' asks the server's routing engine and shows what it answered.
 */
export function useRouteOrder(shippingId: number, notify: Notify) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const key = mapKeys.route(shippingId);
  const settle = () => {
    // The driver's list and the office's lists follow the order (issue 47): they read it again.
    void queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    void queryClient.invalidateQueries({ queryKey: mapKeys.all, predicate: (query) => query.queryKey[1] === 'day' });
  };

  const reorder = useMutation({
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
      if (before) queryClient.setQueryData<MapRoute>(key, { ...before, stops: inOrder(before.stops, detailIds) });
      return { before };
    },
    onError: (error, _detailIds, context) => {
      if (context?.before) queryClient.setQueryData<MapRoute>(key, context.before);
      notify(text.orderFailed(getErrorMessage(error)), 'danger');
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (answer) => {
      keys.done('stopOrder');
      // The server's order (its numbering, the ETAs in the new order) replaces the one shown.
      queryClient.setQueryData<MapRoute>(key, answer.data);
      settle();
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
