import { IonContent, IonPage } from '@ionic/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatMoney } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { hasPermission } from '../../../domain/permissions';
import type { SalePageRow } from '../../../domain/schemas/reads';
import { AppHeader } from '../../app/app-header';
import { QueryStatus } from '../../app/query-status';
import { useShell } from '../../app/shell-context';
import { AppLink } from './app-link';
import { CalendarToolbar, DayGrid, useCalendarRange, type DayGridProps } from './day-grid';
import { calendarQueryOptions } from './sale-queries';
import './sales-calendar.css';

const text = messages.sales.calendar;

export type CalendarSale = Pick<SalePageRow, 'id' | 'date' | 'company_name' | 'total' | 'order_status'>;

/** `/sales/calendar` (spec §2 'scheduled orders'): the sales by their scheduled day, a month or a week at a time. */
export default function SalesCalendarPage() {
  const { user } = useShell();
  const calendar = useCalendarRange();
  const { days, view, anchor, today, selected, setSelected } = calendar;
  const sales = useQuery({ ...calendarQueryOptions(days[0]!, days.at(-1)!), placeholderData: keepPreviousData });

  return (
    <IonPage>
      <AppHeader title={text.title} />
      <IonContent className="ion-padding">
        <div className="sales-calendar">
          <CalendarToolbar {...calendar.toolbar} />
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
 * The sales of the visible days on the day grid: each a link to its page (when the person may
 * open sales), and under the chosen day their count and the day's total.
 */
export function CalendarGrid({
  sales,
  linkSales,
  ...grid
}: Omit<DayGridProps<CalendarSale & { key: string }>, 'entries' | 'renderEntry' | 'texts'> & {
  sales: readonly CalendarSale[];
  linkSales: boolean;
}) {
  // Within a day, in the order they were taken.
  const entries = useMemo(() => [...sales].sort((a, b) => a.id - b.id).map((sale) => ({ ...sale, key: String(sale.id) })), [sales]);
  return (
    <DayGrid
      {...grid}
      entries={entries}
      renderEntry={(sale, compact) => <SaleEntry sale={sale} link={linkSales} compact={compact} />}
      texts={{
        dayLabel: text.dayLabel,
        count: text.salesCount,
        empty: text.noSales,
        summary: (chosen) => (
          <p className="calendar-panel__total">
            {text.dayTotal}: <strong>{formatMoney(chosen.reduce((sum, sale) => sum + sale.total, 0))}</strong>
          </p>
        ),
      }}
    />
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
