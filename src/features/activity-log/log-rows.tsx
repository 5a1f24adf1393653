import { actionLabel, describeDevice, entityLabel, fieldChanges, logValue } from '../../../domain/activity-log';
import { formatMoment } from '../../../domain/format';
import { activityLogMessages } from '../../../domain/messages/activity-log';
import type { ActivityLogRow, ActivityLogSortColumn } from '../../../domain/schemas/activity-log';
import type { SheetCell } from '../../ui/office-list/export-sheet';
import type { ListColumn } from '../../ui/office-list/list-rows';

const text = activityLogMessages;
const columns = text.columns;

export const logRowKey = (row: ActivityLogRow) => row.id;
const userOf = (row: ActivityLogRow) => row.user_name ?? text.system;

/** /activity-log: the columns of the table on wide screens; the date sorts on the server. */
export const LOG_COLUMNS: ListColumn<ActivityLogRow, ActivityLogSortColumn>[] = [
  { key: 'when', sort: 'created_at', label: columns.when, cell: (row) => formatMoment(row.created_at), nowrap: true },
  { key: 'user', label: columns.user, cell: userOf },
  { key: 'action', label: columns.action, cell: (row) => actionLabel(row.action) },
  { key: 'entity', label: columns.entity, cell: (row) => entityLabel(row.entity) },
  { key: 'entity_id', label: columns.entityId, cell: (row) => row.entity_id ?? '—', numeric: true },
  { key: 'device', label: columns.device, cell: (row) => describeDevice(row.device) },
];

/**
 * What an entry changed: each field with its value before and after (an update lists only
 * the fields that changed; a creation has no 'Antes', a deletion no 'Después'), and where the
 * change came from.
 */
export function LogChanges({ row }: { row: ActivityLogRow }) {
  const changes = fieldChanges(row.before, row.after);
  if (changes.length === 0) return <p>{text.noDetail}</p>;
  const showBefore = row.before !== null;
  const showAfter = row.after !== null;
  return (
    <div className="log-changes">
      <table className="log-changes__table">
        <thead>
          <tr>
            <th scope="col">{text.field}</th>
            {showBefore && <th scope="col">{showAfter ? text.before : text.value}</th>}
            {showAfter && <th scope="col">{showBefore ? text.after : text.value}</th>}
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row">{change.field}</th>
              {showBefore && <td>{logValue(change.before)}</td>}
              {showAfter && <td>{logValue(change.after)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {row.route && <p className="log-changes__origin">{text.origin(row.route, row.ip ?? '—', row.request_id ?? '—')}</p>}
    </div>
  );
}

/** An entry on a phone: who did what to which record, when, and its changes folded. */
export function LogCard({ row }: { row: ActivityLogRow }) {
  const count = fieldChanges(row.before, row.after).length;
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          {actionLabel(row.action)} · {entityLabel(row.entity)} {row.entity_id ?? ''}
        </span>
        <span>
          {formatMoment(row.created_at)} · {userOf(row)}
        </span>
        <span>{describeDevice(row.device)}</span>
        {count > 0 && (
          <details className="log-card__changes">
            <summary>
              {text.detailsHeader} ({text.changesSummary(count)})
            </summary>
            <LogChanges row={row} />
          </details>
        )}
      </div>
    </div>
  );
}

/** The Excel rows of the page on screen, with the changed fields as one text column. */
export function logExportRows(rows: readonly ActivityLogRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.when]: formatMoment(row.created_at),
    [columns.user]: userOf(row),
    [columns.action]: actionLabel(row.action),
    [columns.entity]: entityLabel(row.entity),
    [columns.entityId]: row.entity_id,
    [columns.device]: describeDevice(row.device),
    [columns.changes]: fieldChanges(row.before, row.after)
      .map((change) => `${change.field}: ${logValue(change.before)} → ${logValue(change.after)}`)
      .join('; '),
  }));
}
