import { useCallback, useId, useState } from 'react';
import { businessList, isBusinessList, type BusinessListName, type ListRow } from '../../../domain/business-lists';
import { businessListMessages as text } from '../../../domain/messages/business-lists';
import { AppLink } from '../../ui/app-link';
import { Dialog } from '../../ui/dialog';
import { useConfirmSheet, useRowMenu } from '../../ui/overlays';
import { QueryStatus } from '../../ui/query-status';
import { RecordNotFound } from '../../ui/record-screen';
import { ScreenPage, useScreenPlace } from '../../ui/screen-chrome';
import { useToast } from '../../ui/toast';
import { getErrorMessage } from '../../lib/api';
import { ListRowForm } from './list-row-form';
import { useBusinessList, useBusinessListMutations } from './queries';
import '../../ui/office-list/office-list.css';
import './business-lists.css';

/** `/catalogues/{list}`: one list of 'Catálogos', or the way back when the address names none. */
export default function BusinessListPage() {
  const { params } = useScreenPlace();
  const list = params.list ?? '';
  if (!isBusinessList(list))
    return (
      <ScreenPage title={text.unknownList}>
        <RecordNotFound message={text.unknownList} back={{ href: '/catalogues', label: text.backToLists }} />
      </ScreenPage>
    );
  return <ListScreen key={list} list={list} />;
}

/**
 * A list's rows in a table, the ones no longer offered hidden until asked for; 'Nueva …' and
 * each row's menu (edit, deactivate or reactivate, delete when nothing names it) open the
 * form in a dialog or a confirmation.
 */
function ListScreen({ list }: { list: BusinessListName }) {
  const definition = businessList(list);
  const rows = useBusinessList(list);
  const { setOffered, remove } = useBusinessListMutations(list);
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<ListRow | 'new' | null>(null);
  const [notify, toast] = useToast();
  const toggleId = useId();
  const failed = useCallback((error: unknown) => notify(getErrorMessage(error), 'danger'), [notify]);

  const deleteSheet = useConfirmSheet((row: ListRow) => ({
    header: text.deleteConfirm(row.name),
    confirm: text.delete,
    destructive: true,
    onConfirm: () => remove.mutate(row.id, { onSuccess: () => notify(text.deleted(row.name), 'success'), onError: failed }),
  }));
  const askDelete = deleteSheet.ask;
  const offer = setOffered.mutate;
  const rowMenu = useCallback(
    (row: ListRow) => [
      { text: text.edit, handler: () => setEditing(row) },
      {
        text: row.active ? text.deactivate : text.reactivate,
        handler: () =>
          offer(
            { id: row.id, offered: !row.active },
            { onSuccess: () => notify(row.active ? text.deactivated(row.name) : text.reactivated(row.name), 'success'), onError: failed },
          ),
      },
      { text: text.delete, role: 'destructive', handler: () => askDelete(row) },
    ],
    [offer, askDelete, notify, failed],
  );
  const menuHeader = useCallback((row: ListRow) => text.actionsFor(row.name), []);
  const menu = useRowMenu(menuHeader, rowMenu);
  const shown = (rows.data ?? []).filter((row) => showInactive || row.active);

  return (
    <ScreenPage
      title={definition.title}
      overlays={
        <>
          {editing && (
            <Dialog label={editing === 'new' ? definition.add : text.formEdit(editing.name)} onClose={() => setEditing(null)}>
              {(close) => (
                <ListRowForm
                  list={list}
                  row={editing === 'new' ? undefined : editing}
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
          {deleteSheet.sheet}
          {toast}
        </>
      }
    >
      <div className="business-list">
        <h1 className="visually-hidden">{definition.title}</h1>
        <div className="office-list__toolbar">
          <AppLink href="/catalogues" className="outline-button">
            {text.backToLists}
          </AppLink>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setEditing('new')}>
            {definition.add}
          </button>
          <label htmlFor={toggleId} className="check-list__option">
            <input id={toggleId} type="checkbox" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
            {text.showInactive}
          </label>
        </div>
        <QueryStatus query={rows} loading={text.loading} />
        {rows.data && shown.length === 0 && <p className="empty-state">{text.empty(definition.title)}</p>}
        {shown.length > 0 && (
          <div className="office-list__scroll">
            <table className="data-table">
              <thead>
                <tr>
                  {definition.fields.map((field) => (
                    <th key={field.key} scope="col">
                      {field.label}
                    </th>
                  ))}
                  {definition.phases && <th scope="col">{text.phases}</th>}
                  <th scope="col">{text.state}</th>
                  <th scope="col">
                    <span className="visually-hidden">{text.actionsFor('')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.id} className={row.active ? undefined : 'business-list__inactive'}>
                    {definition.fields.map((field, index) =>
                      index === 0 ? (
                        <th key={field.key} scope="row">
                          {String(row[field.key] ?? '')}
                        </th>
                      ) : (
                        <td key={field.key}>{String(row[field.key] ?? '') || '—'}</td>
                      ),
                    )}
                    {definition.phases && (
                      <td>
                        {row.phases
                          ?.filter((phase) => phase.active)
                          .map((phase) => phase.name)
                          .join(' → ')}
                      </td>
                    )}
                    <td>{row.active ? text.active : text.inactive}</td>
                    <td>
                      <button type="button" className="icon-button" aria-label={menuHeader(row)} onClick={() => menu.open(row)}>
                        <span aria-hidden="true">⋮</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </ScreenPage>
  );
}
