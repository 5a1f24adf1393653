import { IonContent, IonPage } from '@ionic/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { formatMoney } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { hasPermission } from '../../../domain/permissions';
import type { SalePageRow } from '../../../domain/schemas/reads';
import { monterreyDate } from '../../../domain/time';
import { AppHeader } from '../../app/app-header';
import { QueryStatus } from '../../app/query-status';
import { useShell } from '../../app/shell-context';
import { AppLink } from './app-link';
import { formatLongDay, formatMonth, formatWeek, stepAnchor, visibleDays, WEEKDAYS, type CalendarView } from './calendar-days';
import { calendarQueryOptions } from './sale-queries';
import './sales-calendar.css';

const text = messages.sales.calendar;
/** Sales a month cell lists before 'y N más': the day's panel lists them all. */
const MONTH_CELL_SALES = 3;

export type CalendarSale = Pick<SalePageRow, 'id' | 'date' | 'company_name' | 'total' | 'order_status'>;

/** `/sales/calendar` (spec §2 'scheduled orders'): the sales by their scheduled day, a month or a week at a time. */
export default function SalesCalendarPage() {
  const { user } = useShell();
  const today = monterreyDate(new Date());
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(today);
  const [selected, setSelected] = useState(today);
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const sales = useQuery({ ...calendarQueryOptions(days[0]!, days.at(-1)!), placeholderData: keepPreviousData });

  const step = (direction: -1 | 1) => {
    const next = stepAnchor(view, anchor, direction);
    setAnchor(next);
    setSelected(next);
  };
  const week = view === 'week';

  return (
    <IonPage>
      <AppHeader title={text.title} />
      <IonContent className="ion-padding">
        <div className="sales-calendar">
          <div className="sales-calendar__toolbar">
            <div className="sales-calendar__nav">
              <button type="button" className="calendar-button" onClick={() => step(-1)} aria-label={week ? text.previousWeek : text.previousMonth}>
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className="calendar-button"
                onClick={() => {
                  setAnchor(today);
                  setSelected(today);
                }}
              >
                {text.today}
              </button>
              <button type="button" className="calendar-button" onClick={() => step(1)} aria-label={week ? text.nextWeek : text.nextMonth}>
                <span aria-hidden="true">›</span>
              </button>
            </div>
            <h1 className="sales-calendar__title" aria-live="polite">
              {week ? formatWeek(anchor) : formatMonth(anchor)}
            </h1>
            <div className="segmented" role="group" aria-label={text.view}>
              {(['month', 'week'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className="segmented__option"
                  aria-pressed={view === option}
                  onClick={() => {
                    setView(option);
                    // The week shown is the one of the day looked at.
                    setAnchor(selected);
                  }}
                >
                  {option === 'month' ? text.month : text.week}
                </button>
              ))}
            </div>
          </div>
          {sales.data ? (
            <CalendarGrid
              view={view}
              days={days}
              month={anchor.slice(0, 7)}
              today={today}
              selected={selected}
              sales={sales.data}
              busy={sales.isPlaceholderData}
              linkSales={hasPermission(user, 'sales')}
              onSelect={setSelected}
            />
          ) : (
            <QueryStatus query={sales} loading={text.loadingRange} />
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}

/**
 * The grid of days (7 columns) and the chosen day's sales. A day is a button that chooses
 * it; a sale is a link to its page. On a phone the month shows counts and the list below.
 */
export function CalendarGrid({
  view,
  days,
  month,
  today,
  selected,
  sales,
  busy,
  linkSales,
  onSelect,
}: {
  view: CalendarView;
  days: readonly string[];
  /** 'YYYY-MM': days of other months are shown dimmed. */
  month: string;
  today: string;
  selected: string;
  sales: readonly CalendarSale[];
  busy: boolean;
  linkSales: boolean;
  onSelect: (day: string) => void;
}) {
  const byDay = useMemo(() => {
    const grouped = new Map<string, CalendarSale[]>();
    // Within a day, in the order they were taken.
    for (const sale of [...sales].sort((a, b) => a.id - b.id)) grouped.set(sale.date, [...(grouped.get(sale.date) ?? []), sale]);
    return grouped;
  }, [sales]);
  const chosen = byDay.get(selected) ?? [];
  const chosenTotal = chosen.reduce((sum, sale) => sum + sale.total, 0);
  const limit = view === 'month' ? MONTH_CELL_SALES : Infinity;
  const panelTitle = useId();

  return (
    <>
      <div className={`calendar-grid calendar-grid--${view}`} aria-busy={busy}>
        {WEEKDAYS.map((weekday) => (
          <div key={weekday.long} className="calendar-grid__weekday" aria-hidden="true">
            {weekday.short}
          </div>
        ))}
        {days.map((day, index) => {
          const daySales = byDay.get(day) ?? [];
          const label = text.dayLabel(formatLongDay(day), daySales.length);
          const outside = view === 'month' && !day.startsWith(month);
          return (
            <div
              key={day}
              className={`calendar-day${outside ? ' calendar-day--outside' : ''}${day === selected ? ' calendar-day--selected' : ''}`}
            >
              <button
                type="button"
                className="calendar-day__number"
                aria-label={label}
                aria-pressed={day === selected}
                aria-current={day === today ? 'date' : undefined}
                onClick={() => onSelect(day)}
              >
                <span className="calendar-day__weekday" aria-hidden="true">
                  {WEEKDAYS[index % 7]!.short}
                </span>
                {Number(day.slice(8))}
                {daySales.length > 0 && (
                  <span className="calendar-day__count" aria-hidden="true">
                    {daySales.length}
                  </span>
                )}
              </button>
              {daySales.length > 0 && (
                <ul className="calendar-day__sales">
                  {daySales.slice(0, limit).map((sale) => (
                    <li key={sale.id}>
                      <SaleEntry sale={sale} link={linkSales} compact={view === 'month'} />
                    </li>
                  ))}
                  {daySales.length > limit && (
                    <li>
                      <button type="button" className="calendar-day__more" onClick={() => onSelect(day)} aria-label={text.showDay(formatLongDay(day))}>
                        {text.more(daySales.length - limit)}
                      </button>
                    </li>
                  )}
                </ul>
              )}
            </div>
          );
        })}
      </div>

      <section className="calendar-panel" aria-labelledby={panelTitle} aria-live="polite">
        <h2 id={panelTitle} className="section-heading">
          {formatLongDay(selected)}
          {!busy && ` · ${text.salesCount(chosen.length)}`}
        </h2>
        {/* While another range loads, the day's sales are not known yet: no "Sin ventas" meanwhile. */}
        {busy ? (
          <p className="empty-state" role="status">
            {text.loadingRange}
          </p>
        ) : chosen.length === 0 ? (
          <p className="empty-state">{text.noSales}</p>
        ) : (
          <>
            <ul className="calendar-panel__sales">
              {chosen.map((sale) => (
                <li key={sale.id}>
                  <SaleEntry sale={sale} link={linkSales} compact={false} />
                </li>
              ))}
            </ul>
            <p className="calendar-panel__total">
              {text.dayTotal}: <strong>{formatMoney(chosenTotal)}</strong>
            </p>
          </>
        )}
      </section>
    </>
  );
}

/** A sale in a day: folio, company, total and where its order stands. */
function SaleEntry({ sale, link, compact }: { sale: CalendarSale; link: boolean; compact: boolean }) {
  const status = sale.order_status ? messages.sales.orderStatus[sale.order_status] : null;
  const content = (
    <>
      <span className="calendar-sale__folio">{messages.driver.saleFolio(sale.id)}</span>
      <span className="calendar-sale__company">{sale.company_name}</span>
      {!compact && <span className="calendar-sale__total">{formatMoney(sale.total)}</span>}
      {status && <span className={`calendar-sale__status calendar-sale__status--${sale.order_status}`}>{status}</span>}
    </>
  );
  return link ? (
    <AppLink to={`/sales/${sale.id}`} className="calendar-sale">
      {content}
    </AppLink>
  ) : (
    <span className="calendar-sale">{content}</span>
  );
}
