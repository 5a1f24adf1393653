import { useId, useMemo, useState } from 'react';
import { formatMoney } from '../../../domain/format';
import { listMessages } from '../../../domain/messages/office-list';
import { reportScreensMessages } from '../../../domain/messages/report-screens';
import { reportsMessages } from '../../../domain/messages/reports';
import { monterreyDate } from '../../../domain/time';
import { writeSheet } from '../../ui/office-list/export-sheet';
import { QueryStatus } from '../../ui/query-status';
import {
  filterHuecos,
  huecosExportRows,
  huecosYears,
  monthCell,
  nextHuecosSort,
  sortHuecos,
  type HuecosRow,
  type HuecosSort,
} from './huecos';
import { useHuecos } from './queries';
import { ReportExportButton, ReportScreen, useCanDownload } from './report-parts';
import { Field } from '../../ui/form-fields';

const text = reportScreensMessages.huecos;
const listText = listMessages;

/**
 * `/huecos` (spec §2, §7 huecos?year, §9 Spanish month names): per customer that bought in the
 * year, what it bought each month; a month without purchases is a gap ('Hueco', marked with a
 * sign and a word, not only a colour), a month still to come is no gap. Sorted by huecos,
 * filtered by name, exported to Excel.
 */
export default function HuecosPage() {
  const thisYear = Number(monterreyDate(new Date()).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<HuecosSort>({ column: 'huecos', descending: true });
  const huecos = useHuecos(year);
  const canDownload = useCanDownload();
  const ids = { year: useId(), search: useId(), heading: useId() };
  const months = huecos.data?.meta.months ?? reportsMessages.monthNames;
  const shown = useMemo(() => sortHuecos(filterHuecos(huecos.data?.data ?? [], search), sort), [huecos.data, search, sort]);

  return (
    <ReportScreen title={text.title}>
      {(notify) => (
        <>
          <div className="report-toolbar">
            <Field id={ids.year} label={text.year}>
              <select id={ids.year} value={year} onChange={(event) => setYear(Number(event.target.value))}>
                {huecosYears(thisYear).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={ids.search} label={text.search}>
              <input id={ids.search} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
            </Field>
            {canDownload && (
              <ReportExportButton
                section={text.title}
                onError={notify}
                disabled={shown.length === 0}
                run={() =>
                  writeSheet({
                    file: text.exportFile(year),
                    sheet: text.exportSheet,
                    rows: huecosExportRows(shown, months, {
                      customer: text.customer,
                      huecos: text.huecos,
                      gap: text.gap,
                      later: text.notYet,
                    }),
                  })
                }
              />
            )}
          </div>
          <p className="chart-figure__note">{text.legend}</p>
          {/* Always there, so the table does not push it when the answer comes. */}
          <p className="office-list__status huecos-summary" role="status">
            {huecos.data ? text.summary(shown.length) : ''}
          </p>
          <QueryStatus query={huecos} loading={text.loading} />
          {huecos.data && huecos.data.data.length === 0 && <p className="empty-state">{text.empty}</p>}
          {huecos.data && huecos.data.data.length > 0 && shown.length === 0 && <p className="empty-state">{text.noMatch}</p>}
          {shown.length > 0 && (
            <div className="huecos-scroll" tabIndex={0} role="region" aria-labelledby={ids.heading} aria-busy={huecos.isFetching}>
              <table className="data-table huecos-table">
                <caption id={ids.heading} className="visually-hidden">
                  {`${text.title} ${year}`}
                </caption>
                <thead>
                  <tr>
                    <SortHeader label={text.customer} column="name" sort={sort} onSort={setSort} />
                    {months.map((month) => (
                      <th key={month} scope="col">
                        {month}
                      </th>
                    ))}
                    <SortHeader label={text.huecos} column="huecos" sort={sort} onSort={setSort} />
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row) => (
                    <CustomerRow key={row.company_id} row={row} months={months} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </ReportScreen>
  );
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: HuecosSort['column'];
  sort: HuecosSort;
  onSort: (sort: HuecosSort) => void;
}) {
  const state = sort.column === column ? (sort.descending ? 'desc' : 'asc') : 'none';
  return (
    <th scope="col" aria-sort={state === 'none' ? 'none' : state === 'asc' ? 'ascending' : 'descending'}>
      <button
        type="button"
        className="sort-button"
        title={listText.sortBy(label, state)}
        onClick={() => onSort(nextHuecosSort(sort, column))}
      >
        {label}
        <span aria-hidden="true">{state === 'asc' ? ' ▲' : state === 'desc' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

function CustomerRow({ row, months }: { row: HuecosRow; months: readonly string[] }) {
  return (
    <tr>
      <th scope="row">{row.name}</th>
      {months.map((month) => {
        const cell = monthCell(row.months[month]);
        if (cell.kind === 'bought')
          return (
            <td key={month} className="numeric">
              {formatMoney(cell.total)}
            </td>
          );
        if (cell.kind === 'gap')
          return (
            <td key={month} className="huecos-gap">
              <span className="huecos-gap__mark" aria-hidden="true" title={text.gap}>
                ✕
              </span>
              <span className="visually-hidden">{text.gap}</span>
            </td>
          );
        return (
          <td key={month} className="huecos-later">
            <span aria-hidden="true" title={text.notYet}>
              ·
            </span>
            <span className="visually-hidden">{text.notYet}</span>
          </td>
        );
      })}
      <td className="numeric">{row.huecos}</td>
    </tr>
  );
}
