import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rentalMessages } from '../../../domain/messages/rentals';
import { rentalShortages } from '../../../domain/rules/rental-pieces';
import { rentalPiecesSchema } from '../../../domain/schemas/rentals';
import { isCalendarDay } from '../../../domain/time';
import type { CartLine } from '../../../domain/cart';
import { apiRequest } from '../../lib/api';

const text = rentalMessages;

/** GET /api/v2/rentals/pieces: pieces rented per day from `from` to `to` and those owned; `saleId` is left out of the count. */
export const rentalPiecesQueryOptions = (from: string, to: string, saleId?: number) =>
  queryOptions({
    queryKey: ['rental-pieces', from, to, saleId ?? null] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/rentals/pieces?${new URLSearchParams({ from, to, ...(saleId !== undefined && { sale_id: String(saleId) }) })}`, {
        schema: rentalPiecesSchema,
        signal,
      }),
  });

/**
 * The products a rental on `date` asks more pieces of than are free that day, read as the cart
 * changes (event rental only): the form warns before it is confirmed.
 */
export function useRentalShortages(enabled: boolean, date: string, cart: readonly CartLine[], saleId?: number) {
  const pieces = useQuery({
    ...rentalPiecesQueryOptions(date, date, saleId),
    enabled: enabled && isCalendarDay(date) && cart.length > 0,
    placeholderData: keepPreviousData,
  });
  if (!enabled || !pieces.data || cart.length === 0) return [];
  return rentalShortages(
    pieces.data,
    date,
    cart.map((line) => ({ item_id: line.itemId, name: line.name, quantity: line.quantity })),
  );
}

/** The warning beside a rental's save button. */
export function RentalShortageWarning({ date, shortages }: { date: string; shortages: ReturnType<typeof useRentalShortages> }) {
  if (shortages.length === 0) return null;
  return (
    <div className="rental-shortage" role="status">
      <strong>{text.shortTitle(date)}</strong>
      <ul>
        {shortages.map((line) => (
          <li key={line.item_id}>{text.shortLine(line.name, line.wanted, line.available)}</li>
        ))}
      </ul>
    </div>
  );
}
