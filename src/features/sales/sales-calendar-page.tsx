import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatMoney } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { salesMessages } from '../../../domain/messages/sales';
import { hasPermission } from '../../../domain/permissions';
import { QueryStatus } from '../../ui/query-status';
import { useShell } from '../../ui/shell-context';
import { AppLink } from '../../ui/app-link';
import { CalendarToolbar, DayGrid, useCalendarRange, type DayGridProps } from '../../ui/calendar/day-grid';
import { calendarQueryOptions, type CalendarSale } from '../../ui/calendar/calendar-sales';
import '../../ui/calendar/calendar.css';
import { ScreenPage } from '../../ui/screen-chrome';
import { fillsOrders } from '../../../domain/deployment';

const text = salesMessages.calendar;

/** `/sales/calendar` (spec §2 'scheduled orders'): the sales by their scheduled day, a month or a week at a time. */
export default function SalesCalendarPage() {
  const { user, deployment } = useShell();
  const showOrder = fillsOrders(deployment);
  const calendar = useCalendarRange();
  const { days, view, anchor, today, selected, setSelected } = calendar;
  const sales = useQuery({ ...calendarQueryOptions(days[0]!, days.at(-1)!), placeholderData: keepPreviousData });

  return (
    <ScreenPage title={text.title}>
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
            showOrder={showOrder}
            onSelect={setSelected}
          />
        ) : (
          <QueryStatus query={sales} loading={text.loadingRange} />
        )}
      </div>
    </ScreenPage>
  );
}

/**
 * The sales of the visible days on the day grid: each a link to its page (when the person may
 * open sales), and under the chosen day their count and the day's total.
 */
export function CalendarGrid({
  sales,
  linkSales,
  showOrder = true,
  ...grid
}: Omit<DayGridProps<CalendarSale & { key: string }>, 'entries' | 'renderEntry' | 'texts'> & {
  sales: readonly CalendarSale[];
  linkSales: boolean;
  /** The business fills orders: where each sale's order stands. */
  showOrder?: boolean;
}) {
  // Within a day, in the order they were taken.
  const entries = useMemo(() => [...sales].sort((a, b) => a.id - b.id).map((sale) => ({ ...sale, key: String(sale.id) })), [sales]);
  return (
    <DayGrid
      {...grid}
      entries={entries}
      renderEntry={(sale, compact) => <SaleEntry sale={sale} link={linkSales} compact={compact} showOrder={showOrder} />}
      texts={{
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
function SaleEntry({ sale, link, compact, showOrder }: { sale: CalendarSale; link: boolean; compact: boolean; showOrder: boolean }) {
  const status = showOrder && sale.order_status ? salesMessages.orderStatus[sale.order_status] : null;
  const content = (
    <>
      <span className="calendar-sale__folio">{driverMessages.saleFolio(sale.id)}</span>
      <span className="calendar-sale__company">{sale.company_name}</span>
      {!compact && <span className="calendar-sale__total">{formatMoney(sale.total)}</span>}
      {status && <span className={`calendar-sale__status calendar-sale__status--${sale.order_status}`}>{status}</span>}
    </>
  );
  return link ? (
    <AppLink href={`/sales/${sale.id}`} className="calendar-sale">
      {content}
    </AppLink>
  ) : (
    <span className="calendar-sale">{content}</span>
  );
}
