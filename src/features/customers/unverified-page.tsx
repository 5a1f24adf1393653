import { useMemo } from 'react';
import { formatMoment } from '../../../domain/format';
import { customersMessages } from '../../../domain/messages/customers';
import { companyPageSchema, type CompanyRow, type CompanySortColumn } from '../../../domain/schemas/customers';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { ListRows } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { AppLink } from '../../ui/app-link';
import { useConfirmSheet } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { getErrorMessage } from '../../lib/api';
import { customerListQuery, type CustomerFilters } from './customer-list';
import { customerHref, customerRowKey } from './customer-rows';
import { customerKeys, useCustomerWrites } from '../../ui/company-writes';
import './customers.css';

const text = customersMessages.unverifiedList;
const columns = customersMessages.list.columns;
const UNVERIFIED: CustomerFilters = { search: '', verified: '0' };

/**
 * `/unverified_clients`: the customers sellers entered at the counter that the
 * office has not checked yet, newest first. 'Verificar' asks first; a verified customer
 * leaves the list with a toast that says so.
 */
export default function UnverifiedCustomersPage() {
  const paging = useListPaging<CompanySortColumn>();
  const list = usePagedList({
    queryKey: customerKeys.unverified,
    path: '/api/v2/companies',
    // Newest first unless another order is chosen: the latest counter customers are the ones to check.
    search: (page, total) =>
      customerListQuery({ ...page, sort: page.sort ?? { column: 'created_at', descending: true } }, UNVERIFIED, total),
    paging,
    schema: companyPageSchema,
  });
  const { verify } = useCustomerWrites();
  const [notify, toast] = useToast();

  const confirm = (row: CompanyRow) =>
    verify.mutate(row.id, {
      onSuccess: () => notify(customersMessages.page.verified(row.name), 'success'),
      onError: (error) => notify(getErrorMessage(error), 'danger'),
    });
  const { ask: setConfirming, sheet: confirmSheet } = useConfirmSheet((row: CompanyRow) => ({
    header: customersMessages.page.verifyConfirm(row.name),
    confirm: text.verify,
    onConfirm: () => confirm(row),
  }));
  const pending = verify.isPending ? verify.variables : null;

  const tableColumns = useMemo<ListColumn<CompanyRow, CompanySortColumn>[]>(
    () => [
      {
        key: 'name',
        sort: 'name',
        label: columns.name,
        cell: (row) => (
          <AppLink href={customerHref(row.id)} title={customersMessages.list.open(row.name)}>
            {row.name}
          </AppLink>
        ),
      },
      { key: 'razon_social', label: columns.legalName, cell: (row) => row.razon_social },
      { key: 'rfc', label: columns.rfc, cell: (row) => row.rfc ?? '—', nowrap: true },
      { key: 'created_by', label: text.createdBy, cell: (row) => row.created_by ?? '—' },
      { key: 'created_at', sort: 'created_at', label: text.createdAt, cell: (row) => formatMoment(row.created_at), nowrap: true },
      {
        key: 'verify',
        label: text.verify,
        cell: (row) => <VerifyButton row={row} busy={pending === row.id} onVerify={setConfirming} />,
      },
    ],
    [pending, setConfirming],
  );

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={null}
      overlays={
        <>
          {confirmSheet}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={customerRowKey}
        columns={tableColumns}
        estimateSize={120}
        card={(row) => (
          <div className="list-card">
            <AppLink href={customerHref(row.id)} className="list-card__main">
              <span className="list-card__title">{row.name}</span>
              <span>
                {row.razon_social}
                {row.rfc ? ` · ${row.rfc}` : ''}
              </span>
              <span>
                {formatMoment(row.created_at)}
                {row.created_by ? ` · ${row.created_by}` : ''}
              </span>
            </AppLink>
            <VerifyButton row={row} busy={pending === row.id} onVerify={setConfirming} />
          </div>
        )}
      />
    </ListScreen>
  );
}

function VerifyButton({ row, busy, onVerify }: { row: CompanyRow; busy: boolean; onVerify: (row: CompanyRow) => void }) {
  return (
    <button type="button" className="outline-button" aria-label={text.verifyFor(row.name)} disabled={busy} onClick={() => onVerify(row)}>
      {busy ? customersMessages.page.verifying : text.verify}
    </button>
  );
}
