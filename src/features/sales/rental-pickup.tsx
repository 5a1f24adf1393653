import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatMoment, formatMoney, formatQuantity } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { rentalMessages } from '../../../domain/messages/rentals';
import {
  rentalPickupAnswerSchema,
  rentalPickupInputSchema,
  type RentalPickup,
  type RentalPickupAnswer,
} from '../../../domain/schemas/rentals';
import type { SaleDetail } from '../../../domain/schemas/quotations';
import { Dialog } from '../../ui/dialog';
import { Fact } from '../../ui/record-page';
import { FormActions } from '../../ui/form-actions';
import { shellMessages } from '../../../domain/messages/shell';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

const text = rentalMessages;
const columns = text.columns;

export const rentalPickupKey = (saleId: number) => ['rental-pickup', saleId] as const;

const rentalPickupQueryOptions = (saleId: number) =>
  queryOptions({
    queryKey: rentalPickupKey(saleId),
    queryFn: ({ signal }) => apiRequest(`/api/v2/sales/${saleId}/pickup`, { schema: rentalPickupAnswerSchema, signal }),
  });

/** The rental's pick-up, read once its goods went out (a live rental of the rental business). */
export function useRentalPickup(sale: SaleDetail | undefined, rentsGoods: boolean) {
  return useQuery({
    ...rentalPickupQueryOptions(sale?.id ?? 0),
    enabled: rentsGoods && sale !== undefined && sale.kind === 'sale' && sale.order?.status === 'surtido',
  });
}

/** What came back of the rental and what the missing or damaged pieces cost of the deposit; or that it is still out. */
export function RentalPickupFacts({ answer }: { answer: RentalPickupAnswer }) {
  const pickup = answer.data;
  if (!pickup) return <p className="field-hint">{text.pickupPending}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="cart-table">
          <thead>
            <tr>
              <th scope="col">{columns.item}</th>
              {(['rented', 'returned', 'missing', 'damaged', 'charge', 'amount'] as const).map((key) => (
                <th scope="col" className="numeric" key={key}>
                  {columns[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pickup.lines.map((line) => (
              <tr key={line.item_id}>
                <th scope="row">{line.name}</th>
                <td className="numeric">{formatQuantity(line.rented)}</td>
                <td className="numeric">{formatQuantity(line.returned)}</td>
                <td className="numeric">{formatQuantity(line.missing)}</td>
                <td className="numeric">{formatQuantity(line.damaged)}</td>
                <td className="numeric">{formatMoney(line.charge)}</td>
                <td className="numeric">{formatMoney(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DepositFacts pickup={pickup} />
      {pickup.note && <p>{pickup.note}</p>}
      <p className="field-hint">
        {text.pickedUpBy(`${pickup.created_by.name} ${pickup.created_by.last}`, formatMoment(pickup.created_at))}
      </p>
    </>
  );
}

function DepositFacts({ pickup }: { pickup: RentalPickup }) {
  return (
    <dl className="facts">
      <Fact label={text.deposit}>{formatMoney(pickup.deposit)}</Fact>
      <Fact label={text.charges}>{formatMoney(pickup.charges)}</Fact>
      <Fact label={text.refund}>{formatMoney(pickup.refund)}</Fact>
      {pickup.owed > 0 && <Fact label={text.owedBeyondDeposit}>{formatMoney(pickup.owed)}</Fact>}
    </dl>
  );
}

interface Count {
  missing: string;
  damaged: string;
  charge: string;
}

/**
 * 'Registrar recolección': the pieces counted back at the warehouse. Each product starts as all
 * back; the person writes the missing and damaged pieces and what each costs (the product's
 * cost to start with).
 */
export function RentalPickupDialog({
  saleId,
  pieces,
  onSaved,
  onClose,
}: {
  saleId: number;
  pieces: RentalPickupAnswer['pieces'];
  onSaved: (saved: RentalPickupAnswer) => void;
  onClose: () => void;
}) {
  const [counts, setCounts] = useState<Record<number, Count>>(() =>
    Object.fromEntries(pieces.map((piece) => [piece.item_id, { missing: '0', damaged: '0', charge: String(piece.cost) }])),
  );
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const keys = useRequestKeys();
  const formId = useId();
  const idOf = (name: string | number) => `${formId}-${name}`;
  const set = (itemId: number, field: keyof Count, value: string) =>
    setCounts((current) => ({ ...current, [itemId]: { ...current[itemId]!, [field]: value } }));
  const number = (value: string) => (value.trim() === '' ? 0 : Number(value.trim().replace(',', '.')));

  const submit = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    const lines = pieces
      .map((piece) => ({
        item_id: piece.item_id,
        missing: number(counts[piece.item_id]!.missing),
        damaged: number(counts[piece.item_id]!.damaged),
        charge: number(counts[piece.item_id]!.charge),
      }))
      .filter((line) => line.missing !== 0 || line.damaged !== 0);
    const parsed = rentalPickupInputSchema.safeParse({ note: note.trim() || null, lines });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const saved = await apiRequest(`/api/v2/sales/${saleId}/pickup`, {
        method: 'POST',
        body: parsed.data,
        schema: rentalPickupAnswerSchema,
        idempotencyKey: keys.keyFor('pickup', parsed.data),
      });
      keys.done('pickup');
      onSaved(saved);
      close();
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog label={`${text.recordPickup} · ${driverMessages.saleFolio(saleId)}`} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => void submit(event, close)} className="filter-form" noValidate>
          {pieces.map((piece) => (
            <fieldset key={piece.item_id} className="filter-form__group">
              <legend>
                {piece.name} · {columns.rented}: {formatQuantity(piece.rented)}
              </legend>
              {(['missing', 'damaged', 'charge'] as const).map((field) => (
                <div className="field" key={field}>
                  <label htmlFor={idOf(`${piece.item_id}-${field}`)}>{columns[field]}</label>
                  <input
                    id={idOf(`${piece.item_id}-${field}`)}
                    inputMode="decimal"
                    autoComplete="off"
                    value={counts[piece.item_id]![field]}
                    onChange={(e) => set(piece.item_id, field, e.target.value)}
                  />
                </div>
              ))}
            </fieldset>
          ))}
          <div className="field">
            <label htmlFor={idOf('note')}>{text.note}</label>
            <textarea id={idOf('note')} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <FormActions
            serverError={error}
            pending={sending}
            onCancel={close}
            labels={{ cancel: shellMessages.cancel, save: text.recordPickup, saving: text.recording }}
          />
        </form>
      )}
    </Dialog>
  );
}
