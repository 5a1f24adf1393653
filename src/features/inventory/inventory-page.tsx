import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/dialog';
import { inventoryMessages } from '../../../domain/messages/inventory';
import { shippingsMessages } from '../../../domain/messages/shippings';
import { adjustmentResultSchema, itemStockListSchema } from '../../../domain/schemas/adjustment';
import { inventoryMovementPageSchema } from '../../../domain/schemas/reads';
import { formatMoment, formatQuantityOf } from '../../../domain/format';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import './inventory.css';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';

const text = inventoryMessages;
type StockRow = { item_id: number; name: string; unit: string; stock: number };

/** `/inventory`: each item's stock as the signed sum of its movements, the movements, and 'Ajuste Manual'. */
export default function InventoryPage() {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<StockRow | null>(null);
  const searchId = useId();
  const stock = useQuery({
    queryKey: ['inventory', 'stock'],
    queryFn: ({ signal }) => apiRequest('/api/v2/inventory/stock', { schema: itemStockListSchema, signal }),
    select: (answer) => answer.data,
  });
  const term = search.trim().toLocaleLowerCase('es-MX');
  const rows = (stock.data ?? []).filter((row) => row.name.toLocaleLowerCase('es-MX').includes(term));

  return (
    <ScreenPage title={text.title}>
      <div className="field inventory__search">
        <label htmlFor={searchId}>{text.search}</label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <QueryStatus query={stock} />
      {stock.data && rows.length === 0 && <p className="empty-state">{text.empty}</p>}
      {rows.length > 0 && (
        <table className="stock-table" aria-busy={stock.isFetching}>
          <thead>
            <tr>
              <th scope="col">{text.item}</th>
              <th scope="col" className="numeric">
                {text.stock}
              </th>
              <th scope="col">
                <span className="visually-hidden">{shippingsMessages.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.item_id}>
                <th scope="row">{row.name}</th>
                <td className={`numeric${row.stock < 0 ? ' stock-table__negative' : ''}`}>{formatQuantityOf(row.stock, row.unit)}</td>
                <td>
                  <button type="button" className="stock-table__show" aria-label={text.show(row.name)} onClick={() => setOpen(row)}>
                    {text.showShort}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && <MovementsDialog row={open} onClose={() => setOpen(null)} />}
    </ScreenPage>
  );
}

function MovementsDialog({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const keys = useRequestKeys();
  const movements = useQuery({
    queryKey: ['inventory', 'movements', row.item_id],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/v2/inventories?${new URLSearchParams({ 'filter[item_id]': String(row.item_id), sort: '-id', itemsPerPage: '50' })}`,
        {
          schema: inventoryMovementPageSchema,
          signal,
        },
      ),
  });
  const save = useMutation({
    mutationFn: (body: { item_id: number; quantity: number }) =>
      apiRequest('/api/v2/inventories', {
        method: 'POST',
        body,
        schema: adjustmentResultSchema,
        idempotencyKey: keys.keyFor('adjustment', body),
      }),
    onSuccess: (result) => {
      keys.done('adjustment');
      setValue('');
      setNotice(text.saved(`${formatQuantityOf(result.stock, row.unit)}`));
      void queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
    onError: (failure) => setError(getErrorMessage(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // es-MX writes the decimal with a point; a comma (thousands) is not read as one.
    const quantity = value.includes(',') ? Number.NaN : Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(quantity)) {
      setError(text.adjustmentInvalid);
      return;
    }
    if (quantity === 0) {
      setError(text.adjustmentZero);
      return;
    }
    setError(null);
    setNotice(null);
    save.mutate({ item_id: row.item_id, quantity });
  };

  return (
    <Dialog label={text.movementsOf(row.name)} onClose={onClose}>
      <form onSubmit={submit} className="adjustment-form">
        <div className="field">
          <label htmlFor={inputId}>{text.adjustment}</label>
          <input
            id={inputId}
            inputMode="decimal"
            value={value}
            aria-describedby={error ? `${hintId} ${hintId}-error` : hintId}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          <p id={hintId} className="field-hint">
            {text.adjustmentHint}
          </p>
          {error && (
            <p id={`${hintId}-error`} role="alert" className="field-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button-primary button-primary--padded" disabled={save.isPending}>
          {text.save}
        </button>
        {notice && (
          <p role="status" className="adjustment-form__notice">
            {notice}
          </p>
        )}
      </form>
      {movements.isPending && (
        <div className="centered" role="status">
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
      {movements.data?.data.length === 0 && <p className="empty-state">{text.noMovements}</p>}
      {movements.data && movements.data.data.length > 0 && (
        <table className="stock-table">
          <thead>
            <tr>
              <th scope="col">{text.date}</th>
              <th scope="col">{text.type}</th>
              <th scope="col" className="numeric">
                {text.quantity}
              </th>
            </tr>
          </thead>
          <tbody>
            {movements.data.data.map((movement) => (
              <tr key={movement.id}>
                <td>{formatMoment(movement.created_at)}</td>
                <td>{movement.type}</td>
                <td className="numeric">{formatQuantityOf(movement.quantity, row.unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
