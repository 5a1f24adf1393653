import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatMoment, formatMoney, formatQuantity } from '../../../domain/format';
import { partialDeliveryMessages } from '../../../domain/messages/partial-delivery';
import { salesMessages } from '../../../domain/messages/sales';
import type { SaleDetail } from '../../../domain/schemas/quotations';
import { saleReturnAnswerSchema, saleReturnInputSchema, type SaleReturn } from '../../../domain/schemas/sale-returns';
import { Dialog } from '../../ui/dialog';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { printSaleReturn, saleReturnsQueryOptions } from '../../ui/sale-return-queries';

const text = salesMessages.corrections;

// Shared with the office's route panel (a partial delivery's lines and credit note).
export { printSaleReturn, saleReturnsKey, saleReturnsQueryOptions } from '../../ui/sale-return-queries';

/** What is left to return of each of the sale's products: what it holds less what earlier returns took back. */
function returnable(sale: SaleDetail, returns: readonly SaleReturn[]) {
  const taken = new Map<number, number>();
  for (const saleReturn of returns)
    for (const line of saleReturn.lines) taken.set(line.item_id, (taken.get(line.item_id) ?? 0) + line.quantity);
  return sale.items.map((line) => ({ ...line, left: Math.round((line.quantity - (taken.get(line.item_id) ?? 0)) * 100) / 100 }));
}

/** The returns of a filled sale: each with what it credited (a line's own reason beside it, when it has one) and its credit note to print. */
export function SaleReturnsList({ returns }: { returns: readonly SaleReturn[] }) {
  if (returns.length === 0) return null;
  return (
    <ul className="sale-page__returns">
      {returns.map((saleReturn) => (
        <li key={saleReturn.id}>
          <strong>{text.returnFolio(saleReturn.id)}</strong> · {formatMoment(saleReturn.created_at)} · {formatMoney(saleReturn.total)} ·{' '}
          {saleReturn.lines
            .map(
              (line) =>
                `${line.name} ${formatQuantity(line.quantity)} ${line.unit}${line.reason ? ` ${partialDeliveryMessages.lineReason(line.reason)}` : ''}`,
            )
            .join(', ')}
          <button type="button" className="outline-button" onClick={() => printSaleReturn(saleReturn)}>
            {text.returnPrint(text.returnFolio(saleReturn.id))}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Registrar devolución': how much of each product came back (up to what is left to return)
 * and why. Saved, it opens the credit note to print.
 */
export function SaleReturnDialog({
  sale,
  returns,
  onSaved,
  onClose,
}: {
  sale: SaleDetail;
  returns: readonly SaleReturn[];
  onSaved: (saved: SaleReturn) => void;
  onClose: () => void;
}) {
  const lines = returnable(sale, returns).filter((line) => line.left > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const keys = useRequestKeys();
  const formId = useId();
  const idOf = (name: string | number) => `${formId}-${name}`;

  const submit = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    const chosen = lines
      .filter((line) => (quantities[line.item_id] ?? '').trim() !== '')
      .map((line) => ({ item_id: line.item_id, quantity: Number(quantities[line.item_id]!.trim()) }));
    const parsed = saleReturnInputSchema.safeParse({ reason, lines: chosen });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const { data } = await apiRequest(`/api/v2/sales/${sale.id}/returns`, {
        method: 'POST',
        body: parsed.data,
        schema: saleReturnAnswerSchema,
        idempotencyKey: keys.keyFor('return', parsed.data),
      });
      keys.done('return');
      onSaved(data);
      close();
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog label={text.returnTitle(`V-${sale.id}`)} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => void submit(event, close)} className="filter-form" noValidate>
          <p className="field-hint">{text.returnHint}</p>
          {lines.map((line) => (
            <div className="field" key={line.item_id}>
              <label htmlFor={idOf(line.item_id)}>{text.returnQuantity(line.name)}</label>
              <input
                id={idOf(line.item_id)}
                inputMode="decimal"
                autoComplete="off"
                value={quantities[line.item_id] ?? ''}
                onChange={(e) => setQuantities((current) => ({ ...current, [line.item_id]: e.target.value }))}
                aria-describedby={idOf(`${line.item_id}-left`)}
              />
              <p id={idOf(`${line.item_id}-left`)} className="field-hint">
                {text.returnable(`${formatQuantity(line.left)} ${line.unit}`)} · {formatMoney(line.price)}
              </p>
            </div>
          ))}
          <div className="field">
            <label htmlFor={idOf('reason')}>{text.returnReasonLabel}</label>
            <textarea id={idOf('reason')} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button-primary button-primary--padded" disabled={sending}>
              {sending ? text.returnSaving : text.returnSave}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The sale's returns, read once the sale is filled (none exist before). */
export function useSaleReturns(sale: SaleDetail | undefined) {
  return useQuery({ ...saleReturnsQueryOptions(sale?.id ?? 0), enabled: sale !== undefined && sale.order?.status === 'surtido' });
}
