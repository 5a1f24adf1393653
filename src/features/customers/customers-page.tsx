import { useEffect, useId, useRef, useState } from 'react';
import { customersMessages } from '../../../domain/messages/customers';
import { companyPageSchema, type CompanySortColumn } from '../../../domain/schemas/customers';
import { ListRows } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { useStoredFilters } from '../../ui/office-list/use-stored-filters';
import { useSettled } from '../../lib/use-settled';
import {
  customerFilterParams,
  customerListQuery,
  NO_CUSTOMER_FILTERS,
  parseStoredCustomerFilters,
  type CustomerFilters,
} from './customer-list';
import { CUSTOMER_COLUMNS, CustomerCard, customerRowKey } from './customer-rows';
import { CUSTOMER_SHEET } from './export-customers';
import { customerKeys } from '../../ui/company-writes';
import './customers.css';

const text = customersMessages.list;
const noFilters = () => NO_CUSTOMER_FILTERS;
const SHOW: readonly { value: CustomerFilters['verified']; label: string }[] = [
  { value: '', label: text.all },
  { value: '1', label: text.verified },
  { value: '0', label: text.unverified },
];

/**
 * `/clients`: the customers with what they owe and what is overdue, searched by
 * name, macro, razón social or RFC as one types (kept until cleared), server paged and
 * sorted, table on wide screens and cards on phones, Excel export of the page, 'Nuevo
 * cliente'. Each customer opens its page.
 */
export default function CustomersPage() {
  const paging = useListPaging<CompanySortColumn>();
  const { setPage } = paging;
  const [filters, save] = useStoredFilters('clients-filters', parseStoredCustomerFilters, noFilters);
  const [typed, setTyped] = useState(filters.search);
  const settled = useSettled(typed);
  const [notify, toast] = useToast();
  const searchId = useId();

  const apply = (next: CustomerFilters) => {
    // Filters that narrow nothing are forgotten rather than kept.
    save(customerFilterParams(next).size > 0 ? next : null);
    setPage(1);
  };
  // One search per pause in typing; a new search starts at the first page. Only a newly
  // settled text applies: 'Limpiar búsqueda' must not bring back the text it just cleared.
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled.trim() === filters.search.trim()) return;
    save(customerFilterParams({ ...filters, search: settled }).size > 0 ? { ...filters, search: settled } : null);
    setPage(1);
  }, [settled, filters, save, setPage]);

  const list = usePagedList({
    queryKey: customerKeys.list(filters),
    path: '/api/v2/companies',
    search: (page, total) => customerListQuery(page, filters, total),
    paging,
    schema: companyPageSchema,
  });
  const customers = list.rows;
  const narrowed = customerFilterParams(filters).size > 0;

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={narrowed ? text.noMatch : text.empty}
      add={{ href: '/clients/new', label: text.add }}
      toolbar={
        <>
          <div className="customer-search" role="search">
            <label htmlFor={searchId} className="visually-hidden">
              {text.search}
            </label>
            <input
              id={searchId}
              type="search"
              autoComplete="off"
              placeholder={text.searchHint}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            {typed !== '' && (
              <button
                type="button"
                className="icon-button"
                aria-label={text.clearSearch}
                onClick={() => {
                  setTyped('');
                  apply({ ...filters, search: '' });
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          <div role="group" aria-label={text.show} className="segmented">
            {SHOW.map((option) => (
              <button
                key={option.value}
                type="button"
                className="outline-button"
                aria-pressed={filters.verified === option.value}
                onClick={() => apply({ ...filters, search: typed, verified: option.value })}
              >
                {option.label}
              </button>
            ))}
          </div>
          <PageExport rows={customers} {...CUSTOMER_SHEET} notify={notify} />
        </>
      }
      overlays={toast}
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={customerRowKey}
        columns={CUSTOMER_COLUMNS}
        estimateSize={112}
        card={(row) => <CustomerCard row={row} />}
      />
    </ListScreen>
  );
}
