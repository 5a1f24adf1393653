import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { crmMessages } from '../../../domain/messages/crm';
import { driverMessages } from '../../../domain/messages/driver';
import { hasPermission } from '../../../domain/permissions';
import { activityPageSchema, type ActivityRow } from '../../../domain/schemas/crm';
import { QueryStatus } from '../../ui/query-status';
import { useShell } from '../../ui/shell-context';
import { apiRequest } from '../../lib/api';
import { AppLink } from '../../ui/app-link';
import { CalendarToolbar, DayGrid, useCalendarRange } from '../../ui/calendar/day-grid';
import { calendarQueryOptions, type CalendarSale } from '../../ui/calendar/calendar-sales';
import { crmKeys } from './queries';
import '../../ui/calendar/calendar.css';
import './crm.css';
import { ScreenPage } from '../../ui/screen-chrome';

const text = crmMessages.calendar;
const RANGE_PAGE = 500;

type Entry = { key: string; date: string } & ({ kind: 'activity'; activity: ActivityRow } | { kind: 'sale'; sale: CalendarSale });

/**
 * `/calendar` ('Calendario'): the month or week with the CRM's activities (time,
 * subject, with whom; done ones struck through) and, for people who may see sales, the
 * scheduled sales, each linked to its page; the chosen day lists them all.
 */
export default function CrmCalendarPage() {
  const { user } = useShell();
  const calendar = useCalendarRange();
  const { days, view, anchor, today, selected, setSelected } = calendar;
  const [from, to] = [days[0]!, days.at(-1)!];
  const seesSales = hasPermission(user, 'scheduled_sales') || hasPermission(user, 'sales');
  const activities = useQuery({
    queryKey: [...crmKeys.activities, 'calendar', from, to],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/v2/activities?${new URLSearchParams({ 'filter[date_between]': `${from},${to}`, itemsPerPage: String(RANGE_PAGE) })}`,
        { schema: activityPageSchema, signal },
      ),
    placeholderData: keepPreviousData,
  });
  const sales = useQuery({ ...calendarQueryOptions(from, to), enabled: seesSales, placeholderData: keepPreviousData });
  const entries = useMemo<Entry[]>(() => {
    const fromActivities: Entry[] = (activities.data?.data ?? []).map((activity) => ({
      key: `a${activity.id}`,
      date: activity.date,
      kind: 'activity',
      activity,
    }));
    const fromSales: Entry[] = (sales.data ?? []).map((sale) => ({ key: `s${sale.id}`, date: sale.date, kind: 'sale', sale }));
    // Activities in their time order first, then the day's deliveries in the order taken.
    return [...fromActivities, ...fromSales];
  }, [activities.data, sales.data]);
  const ready = activities.data && (!seesSales || sales.data);

  return (
    <ScreenPage title={text.title}>
      <div className="sales-calendar">
        <CalendarToolbar {...calendar.toolbar} />
        <p className="crm-calendar__legend">
          <span className="crm-calendar__key crm-calendar__key--activity">{text.legendActivities}</span>
          {seesSales && <span className="crm-calendar__key crm-calendar__key--sale">{text.legendSales}</span>}
        </p>
        {ready ? (
          <DayGrid
            view={view}
            days={days}
            month={anchor.slice(0, 7)}
            today={today}
            selected={selected}
            entries={entries}
            busy={activities.isPlaceholderData || sales.isPlaceholderData}
            onSelect={setSelected}
            renderEntry={(entry) => <CalendarEntryView entry={entry} linkSales={hasPermission(user, 'sales')} />}
            texts={{ count: text.count, empty: text.empty }}
          />
        ) : (
          <QueryStatus query={activities.data ? sales : activities} loading={text.loading} />
        )}
      </div>
    </ScreenPage>
  );
}

function CalendarEntryView({ entry, linkSales }: { entry: Entry; linkSales: boolean }) {
  if (entry.kind === 'activity') {
    const { activity } = entry;
    return (
      <span className={`calendar-sale crm-calendar__activity${activity.done ? ' crm-calendar__activity--done' : ''}`}>
        {text.activity(activity.time, activity.title, activity.company_name ?? activity.lead_name)}
      </span>
    );
  }
  const label = text.sale(driverMessages.saleFolio(entry.sale.id), entry.sale.company_name);
  return linkSales ? (
    <AppLink href={`/sales/${entry.sale.id}`} className="calendar-sale crm-calendar__sale">
      {label}
    </AppLink>
  ) : (
    <span className="calendar-sale crm-calendar__sale">{label}</span>
  );
}
