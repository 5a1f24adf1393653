import { useId, useState, type FormEvent } from 'react';
import { formatCalendarDate, formatMoment, formatQuantityOf } from '../../../domain/format';
import { productionMessages } from '../../../domain/messages/production';
import { currentMonth, type DateRange } from '../../../domain/office-list';
import type { ProductionLog } from '../../../domain/schemas/production';
import { type SheetCell } from '../../ui/office-list/export-sheet';
import { AppLink } from '../../ui/app-link';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { QueryStatus } from '../../ui/query-status';
import { PageSection } from '../../ui/record-page';
import { originOf, StatusChip } from './production-rows';
import { useProductionLog } from './queries';
import './production.css';
import { ScreenPage } from '../../ui/screen-chrome';
import { Field } from '../../ui/form-fields';

const text = productionMessages;
const log = text.log;
type Line = ProductionLog['produced'][number];
const lineText = (lines: readonly Line[]) => lines.map((line) => `${line.name} ${formatQuantityOf(line.quantity, line.unit)}`).join(', ');

function Totals({ title, label, lines }: { title: string; label: string; lines: readonly Line[] }) {
  return (
    <PageSection title={title} className="production-section">
      {lines.length === 0 ? (
        <p>{log.empty}</p>
      ) : (
        <table className="production-table">
          <thead>
            <tr>
              <th scope="col">{label}</th>
              <th scope="col" className="numeric">
                {log.quantity}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.item_id}>
                <th scope="row">{line.name}</th>
                <td className="numeric">{formatQuantityOf(line.quantity, line.unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PageSection>
  );
}

function exportRows(rows: readonly ProductionLog['productions'][number][]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [log.columns.id]: text.folio(row.id),
    [log.columns.status]: row.status,
    [log.columns.origin]: originOf(row),
    [log.columns.startedAt]: row.started_at ? new Date(row.started_at) : null,
    [log.columns.finishedAt]: row.finished_at ? new Date(row.finished_at) : null,
    [log.columns.consumed]: lineText(row.consumed),
    [log.columns.produced]: lineText(row.produced),
  }));
}

/**
 * `/mfproductions` ('Producciones MF'): the manufacturing log of a period (this
 * month unless chosen): what production produced and what raw material it consumed, in
 * total and per production (in process or finished), by the movements recorded in it.
 */
export default function MfProductionsPage() {
  const [range, setRange] = useState<DateRange>(() => currentMonth(new Date()));
  const [from, setFrom] = useState(range[0]);
  const [to, setTo] = useState(range[1]);
  const [error, setError] = useState<string | null>(null);
  const [notify, toast] = useToast();
  const data = useProductionLog(range);
  const ids = { from: useId(), to: useId(), error: useId() };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) {
      setError(log.rangeInvalid);
      return;
    }
    setError(null);
    setRange([from, to].sort() as DateRange);
  };

  return (
    <ScreenPage title={log.title}>
      <article className="production-page">
        <h1 className="visually-hidden">{log.title}</h1>
        <form className="production-log__period" onSubmit={apply} aria-describedby={error ? ids.error : undefined}>
          <Field id={ids.from} label={log.from}>
            <input id={ids.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field id={ids.to} label={log.to}>
            <input id={ids.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
          <button type="submit" className="outline-button">
            {log.apply}
          </button>
          {data.data && (
            <PageExport
              rows={data.data.productions}
              file={log.exportFile}
              sheet={log.exportSheet}
              toRows={exportRows}
              moments={[log.columns.startedAt, log.columns.finishedAt]}
              notify={notify}
            />
          )}
        </form>
        {error && (
          <p id={ids.error} role="alert" className="field-error">
            {error}
          </p>
        )}
        <p>
          <strong>{log.period}</strong> · {log.range(formatCalendarDate(range[0]), formatCalendarDate(range[1]))}
          {data.data && ` · ${log.count(data.data.productions.length)}`}
        </p>
        <QueryStatus query={data} loading={log.loading} />
        {data.data && (
          <>
            <div className="production-log__grid">
              <Totals title={log.produced} label={log.item} lines={data.data.produced} />
              <Totals title={log.consumed} label={log.component} lines={data.data.consumed} />
            </div>
            <PageSection title={log.productions} className="production-section">
              {data.data.productions.length === 0 ? (
                <p>{log.empty}</p>
              ) : (
                <div className="production-scroll">
                  <table className="production-table">
                    <thead>
                      <tr>
                        <th scope="col">{log.columns.id}</th>
                        <th scope="col">{log.columns.status}</th>
                        <th scope="col">{log.columns.origin}</th>
                        <th scope="col">{log.columns.startedAt}</th>
                        <th scope="col">{log.columns.finishedAt}</th>
                        <th scope="col">{log.columns.consumed}</th>
                        <th scope="col">{log.columns.produced}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.data.productions.map((row) => (
                        <tr key={row.id}>
                          <th scope="row">
                            <AppLink href={`/productions/${row.id}`} title={text.open(row.id)}>
                              {text.folio(row.id)}
                            </AppLink>
                          </th>
                          <td>
                            <StatusChip status={row.status} />
                          </td>
                          <td>{originOf(row)}</td>
                          <td>{row.started_at ? formatMoment(row.started_at) : '—'}</td>
                          <td>{row.finished_at ? formatMoment(row.finished_at) : '—'}</td>
                          <td>{lineText(row.consumed) || '—'}</td>
                          <td>{lineText(row.produced) || '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </PageSection>
          </>
        )}
      </article>
      {toast}
    </ScreenPage>
  );
}
