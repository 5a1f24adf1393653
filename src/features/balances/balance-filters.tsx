import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { balancesMessages } from '../../../domain/messages/balances';
import { listMessages } from '../../../domain/messages/office-list';
import { isSeller } from '../../../domain/sale-list';
import { userListSchema } from '../../../domain/schemas/reference';
import { Dialog } from '../../ui/dialog';
import { CheckList, TextField } from '../../ui/office-list/filter-drawer';
import { apiRequest } from '../../lib/api';
import type { BalanceListFilters } from './list-query';

const text = balancesMessages;

/** The people the Vendedor filter offers; the same cached answer as every other user list. */
function useSellers() {
  return useQuery({
    queryKey: ['users'],
    queryFn: ({ signal }) => apiRequest('/api/v1/user/all', { schema: userListSchema, signal }),
    select: (answer) => answer.data.filter(isSeller).map((user) => ({ id: user.id, label: `${user.name} ${user.last}` })),
    staleTime: 60 * 60 * 1000,
  });
}

/**
 * The filter drawer of /balances: Cliente and Vendedor, then Limpiar and Filtrar; Enter filters.
 * Its own drawer rather than the lists' one: an overdue balance is as of today, so it has no Fecha.
 */
export function BalanceFilterDrawer({
  filters,
  onApply,
  onClear,
  onClose,
}: {
  filters: BalanceListFilters;
  onApply: (filters: BalanceListFilters) => void;
  onClear: () => BalanceListFilters;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(filters);
  const sellers = useSellers();
  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    onApply(draft);
    close();
  };
  return (
    <Dialog label={text.filterTitle} className="side-drawer" onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => submit(event, close)} className="filter-form">
          <TextField label={text.customer} value={draft.company} onChange={(company) => setDraft((d) => ({ ...d, company }))} />
          <CheckList
            legend={text.seller}
            options={sellers.data ?? []}
            chosen={draft.sellerIds}
            onChange={(sellerIds) => setDraft((d) => ({ ...d, sellerIds }))}
          />
          <div className="form-actions">
            <button type="button" className="outline-button" onClick={() => setDraft(onClear())}>
              {listMessages.clear}
            </button>
            <button type="submit" className="button-primary button-primary--padded">
              {listMessages.filter}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
