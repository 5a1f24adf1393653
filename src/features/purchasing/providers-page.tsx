import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { providerPageSchema, type ProviderRow, type ProviderSortColumn } from '../../../domain/schemas/purchasing';
import { Dialog } from '../../ui/dialog';
import { useScreenChrome } from '../../ui/screen-chrome';
import { ListRows } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { useStoredFilters } from '../../ui/office-list/use-stored-filters';
import { useSettled } from '../../lib/use-settled';
import { ProviderForm } from './provider-form';
import { EMPTY_PROVIDER_FILTERS, parseStoredProviderFilters, providerListQuery } from './purchasing-filters';
import { PROVIDER_COLUMNS, ProviderCard, providerExportRows, providerHref, rowKey } from './purchasing-rows';
import { purchasingKeys } from './queries';
import './purchasing.css';

const text = purchasingMessages.providers;
const noFilters = () => EMPTY_PROVIDER_FILTERS;
const menuLabel = (row: ProviderRow) => text.actionsFor(row.name);
const menuHeader = (row: ProviderRow) => row.name;

/**
 * `/providers` ('Proveedores'): the providers with their credit days and the balance
 * owed to each, searched by name as one types (kept until cleared), server paged and sorted,
 * Excel export of the page, 'Nuevo proveedor' and each one's 'Editar' in a dialog. A name
 * opens the provider's page.
 */
export default function ProvidersPage() {
  const { navigate } = useScreenChrome();
  const paging = useListPaging<ProviderSortColumn>();
  const { setPage } = paging;
  const [filters, save] = useStoredFilters('providers-filters', parseStoredProviderFilters, noFilters);
  const [typed, setTyped] = useState(filters.search);
  const settled = useSettled(typed);
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    save(settled.trim() ? { search: settled } : null);
    setPage(1);
  }, [settled, save, setPage]);
  const list = usePagedList({
    queryKey: purchasingKeys.providers(filters),
    path: '/api/v2/providers',
    search: (page, total) => providerListQuery(filters, page, total),
    paging,
    schema: providerPageSchema,
  });
  const [form, setForm] = useState<ProviderRow | 'new' | null>(null);
  const [notify, toast] = useToast();
  const searchId = useId();
  const providers = list.rows;

  const rowMenu = useCallback(
    (row: ProviderRow) => [
      { text: text.open, handler: () => navigate(providerHref(row.id)) },
      { text: text.edit, handler: () => setForm(row) },
    ],
    [navigate],
  );
  const menu = useRowMenu(menuHeader, rowMenu);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setForm('new')}>
            {text.add}
          </button>
          <div className="purchasing-search" role="search">
            <label htmlFor={searchId} className="visually-hidden">
              {text.search}
            </label>
            <input
              id={searchId}
              type="search"
              autoComplete="off"
              placeholder={text.search}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <PageExport rows={providers} file={text.exportFile} sheet={text.exportSheet} toRows={providerExportRows} notify={notify} />
        </>
      }
      overlays={
        <>
          {form && (
            <Dialog label={form === 'new' ? text.newTitle : text.editTitle(form.name)} onClose={() => setForm(null)}>
              {(close) => (
                <ProviderForm
                  provider={form === 'new' ? null : form}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.saved(saved.name), 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {menu.sheet}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={PROVIDER_COLUMNS}
        menuLabel={menuLabel}
        onMenu={menu.open}
        estimateSize={100}
        card={(row) => <ProviderCard row={row} onMenu={menu.open} />}
      />
    </ListScreen>
  );
}
