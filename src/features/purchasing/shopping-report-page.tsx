import { useId, useState, type FormEvent } from 'react';
import { formatCalendarDate, formatMoney, formatQuantity, formatQuantityOf } from '../../../domain/format';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { currentMonth, type DateRange } from '../../../domain/office-list';
import { hasPermission } from '../../../domain/permissions';
import type { ShoppingReport } from '../../../domain/schemas/purchasing';
import { writeSheet, type SheetCell } from '../../ui/office-list/export-sheet';
import { ExportButton } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { PageSection } from '../../ui/record-page';
import { useShell } from '../../ui/shell-context';
import { useShoppingReport } from './queries';
import '../../ui/office-list/office-list.css';
import './purchasing.css';
import { ScreenPage } from '../../ui/screen-chrome';
import { Field } from '../../ui/form-fields';

const text = purchasingMessages.report;

/** The report as one Excel sheet: the providers' rows, then the items', each saying which grouping it is. */
export function reportExportRows(report: ShoppingReport): Record<string, SheetCell>[] {
  return [
    ...report.providers.map((row) => ({
      [text.group]: text.provider,
      [text.name]: row.name,
      [text.unit]: '',
      [text.orders]: row.orders,
      [text.quantity]: null,
      [text.received]: null,
      [text.amount]: row.total,
    })),
    ...report.items.map((row) => ({
      [text.group]: text.item,
      [text.name]: row.name,
      [text.unit]: row.unit,
      [text.orders]: null,
      [text.quantity]: row.quantity,
      [text.received]: row.received_quantity,
      [text.amount]: row.total,
    })),
  ];
}

/**
 * `/shopping-report` ('Reporte de Compras'): the purchase orders created in a period
 * (this month until another is chosen), by provider (orders and amount) and by item (quantity
 * ordered, received so far, amount), totals as the server added them, and the Excel export.
 */
export default function ShoppingReportPage() {
  const { user } = useShell();
  const [range, setRange] = useState<DateRange>(() => currentMonth(new Date()));
  const [from, setFrom] = useState(range[0]);
  const [to, setTo] = useState(range[1]);
  const report = useShoppingReport(range);
  const [notify, toast] = useToast();
  const ids = { from: useId(), to: useId() };
  const data = report.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to) setRange([from, to].sort() as DateRange);
  };

  return (
    <ScreenPage title={text.title} overlays={<>{toast}</>}>
      <div className="purchasing-page">
        <h1 className="visually-hidden">{text.title}</h1>
        <form className="purchasing-report__period" onSubmit={submit} aria-label={text.period}>
          <Field id={ids.from} label={text.from}>
            <input id={ids.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
          </Field>
          <Field id={ids.to} label={text.to}>
            <input id={ids.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
          </Field>
          <button type="submit" className="outline-button">
            {text.show}
          </button>
          {hasPermission(user, 'download') && (
            <ExportButton
              run={() =>
                data ? writeSheet({ file: text.exportFile, sheet: text.exportSheet, rows: reportExportRows(data) }) : Promise.resolve()
              }
              disabled={!data || data.providers.length === 0}
              onError={(message) => notify(message, 'danger')}
            />
          )}
        </form>
        <QueryStatus query={report} loading={text.loading} />
        {data && (
          <>
            <p className="purchasing-report__summary" aria-live="polite">
              {text.range(formatCalendarDate(data.from), formatCalendarDate(data.to))} · {text.total}:{' '}
              <strong>{formatMoney(data.total)}</strong>
            </p>
            {data.providers.length === 0 ? (
              <p className="empty-state">{text.empty}</p>
            ) : (
              <div className="purchasing-page__grid">
                <PageSection title={text.byProvider} className="purchasing-page__section">
                  {/* A table wider than its half of the page scrolls: with no link inside, the region itself takes the keyboard. */}
                  <div className="office-list__scroll" tabIndex={0} role="region" aria-label={text.byProvider}>
                    <table className="data-table">
                      <thead>
                        <tr>
                          <th scope="col">{text.provider}</th>
                          <th scope="col" className="numeric">
                            {text.orders}
                          </th>
                          <th scope="col" className="numeric">
                            {text.amount}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.providers.map((row) => (
                          <tr key={row.provider_id}>
                            <th scope="row">{row.name}</th>
                            <td className="numeric">{row.orders}</td>
                            <td className="numeric">{formatMoney(row.total)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </PageSection>
                <PageSection title={text.byItem} className="purchasing-page__section">
                  <div className="office-list__scroll" tabIndex={0} role="region" aria-label={text.byItem}>
                    <table className="data-table">
                      <thead>
                        <tr>
                          <th scope="col">{text.item}</th>
                          <th scope="col" className="numeric">
                            {text.quantity}
                          </th>
                          <th scope="col" className="numeric">
                            {text.received}
                          </th>
                          <th scope="col" className="numeric">
                            {text.amount}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.items.map((row) => (
                          <tr key={row.item_id}>
                            <th scope="row">{row.name}</th>
                            <td className="numeric">{formatQuantityOf(row.quantity, row.unit)}</td>
                            <td className="numeric">{formatQuantity(row.received_quantity)}</td>
                            <td className="numeric">{formatMoney(row.total)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </PageSection>
              </div>
            )}
          </>
        )}
      </div>
    </ScreenPage>
  );
}
