import { reportsMessages } from '../../../domain/messages/reports';
import { addDays, longDate, weekdayName } from '../../../domain/time';

/**
 * Calendar arithmetic on 'YYYY-MM-DD' days (the scheduled date of a sale is a day, not an
 * instant): weeks start on Monday, as calendars in Mexico print them. Plain functions over
 * strings, so the month grid needs no date library.
 */

export type CalendarView = 'month' | 'week';

function weekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  // 0 = Monday … 6 = Sunday.
  return (new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7;
}

export function startOfWeek(day: string): string {
  return addDays(day, -weekday(day));
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month `months` away from the one holding `day`. */
export function addMonths(day: string, months: number): string {
  const [y, m] = day.split('-').map(Number);
  const index = y! * 12 + (m! - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The days on screen, whole weeks: a week view shows Monday to Sunday around `anchor`; a
 * month view shows every week that holds a day of `anchor`'s month (4 to 6 rows).
 */
export function visibleDays(view: CalendarView, anchor: string): string[] {
  const first = view === 'week' ? startOfWeek(anchor) : startOfWeek(startOfMonth(anchor));
  const last = view === 'week' ? addDays(first, 6) : addDays(startOfWeek(addDays(addMonths(anchor, 1), -1)), 6);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The anchor one step back or forward: a month or a week. */
export function stepAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  return view === 'week' ? addDays(startOfWeek(anchor), 7 * step) : addMonths(anchor, step);
}

// Names are written, not asked of Intl: a phone's first Spanish date formatter costs 30–40 ms,
// and the calendar's start paid it twice before drawing a day.
const MONTHS = reportsMessages.monthNames;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** 'Noviembre de 2026'. */
export function formatMonth(day: string): string {
  const [year, month] = parts(day);
  return `${MONTHS[month - 1]} de ${year}`;
}

/** 'martes, 24 de noviembre de 2026': what a day's label reads. */
export function formatLongDay(day: string): string {
  return longDate(day);
}

/** '24 nov 2026': a day in a list or a fact. */
export function formatDay(day: string): string {
  const [year, month, dayOfMonth] = parts(day);
  return `${dayOfMonth} ${MONTHS[month - 1]!.slice(0, 3).toLowerCase()} ${year}`;
}

/** '24 nov 2026 – 30 nov 2026': the title of a week. */
export function formatWeek(anchor: string): string {
  const first = startOfWeek(anchor);
  return `${formatDay(first)} – ${formatDay(addDays(first, 6))}`;
}

/** Column headings Monday to Sunday: short on screen ('Mié'), long for screen readers ('miércoles'). */
export const WEEKDAYS: readonly { short: string; long: string }[] = Array.from({ length: 7 }, (_, i) => {
  // 2024-01-01 was a Monday.
  const long = weekdayName(addDays('2024-01-01', i));
  return { short: capitalized(long.slice(0, 3)), long };
});
