import { reportsMessages } from './messages/reports';
import { currentMonth, type DateRange } from './office-list';
import { addDays, isCalendarDay, monterreyDate } from './time';

/**
 * The report screens' periods (spec §9: the current month by default, Monterrey
 * time) and the rules the server and the app share about them: how long a period may be,
 * when a series goes by day or by month, and how a month is named (in Spanish).
 */

/** A series by day is readable up to about two months; beyond it the app asks by month. */
export const DAY_SERIES_UP_TO = 62;
/** The server's limits: a series by day up to a year, any report up to ten years. */
export const MAX_DAY_SERIES = 366;
export const MAX_REPORT_YEARS = 10;

export type SeriesGroup = 'day' | 'month';

/** Days from `from` to `to`, both counted ('2026-01-01' to '2026-01-31' is 31). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** By day for up to about two months, by month beyond. */
export function seriesGroupFor(from: string, to: string): SeriesGroup {
  return daysInRange(from, to) <= DAY_SERIES_UP_TO ? 'day' : 'month';
}

/**
 * What is wrong with a report period, in Spanish, or null. Both dates must be real days,
 * the first not after the second; a period spans at most ten years, and a series by day at
 * most a year.
 */
export function reportRangeError(from: string, to: string, group: SeriesGroup = 'month'): string | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return reportsMessages.invalidDay;
  if (from > to) return reportsMessages.rangeReversed;
  if (group === 'day' && daysInRange(from, to) > MAX_DAY_SERIES) return reportsMessages.rangeTooLongForDays(MAX_DAY_SERIES);
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  if ((ty - fy) * 12 + (tm - fm) + 1 > MAX_REPORT_YEARS * 12) return reportsMessages.rangeTooLong(MAX_REPORT_YEARS);
  return null;
}

/** Every day ('YYYY-MM-DD') or every month ('YYYY-MM') of a period, in order: the rows a series always has. */
export function periodsInRange(from: string, to: string, group: SeriesGroup): string[] {
  const periods: string[] = [];
  if (group === 'day') {
    for (let day = from; day <= to; day = addDays(day, 1)) periods.push(day);
    return periods;
  }
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let current = from.slice(0, 7); current <= last; current = `${year}-${String(month).padStart(2, '0')}`) {
    periods.push(current);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return periods;
}

/** 'Marzo 2026' for '2026-03' (spec §9: months in Spanish). */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${reportsMessages.monthNames[Number(number) - 1] ?? month} ${year}`;
}

export const PERIOD_PRESETS = ['thisMonth', 'lastMonth', 'last90', 'thisYear', 'lastYear'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** A report's period: a preset (recomputed each day) or two chosen dates. */
export type Period = { preset: PeriodPreset } | { preset: 'custom'; range: DateRange };

/** The dates of a period on the Monterrey day of `now`. */
export function periodRange(period: Period, now: Date): DateRange {
  const today = monterreyDate(now);
  const year = Number(today.slice(0, 4));
  switch (period.preset) {
    case 'custom':
      return period.range;
    case 'thisMonth':
      return currentMonth(now);
    case 'lastMonth': {
      const [first] = currentMonth(now);
      const lastOfPrevious = addDays(first, -1);
      return [`${lastOfPrevious.slice(0, 7)}-01`, lastOfPrevious];
    }
    case 'last90':
      return [addDays(today, -89), today];
    case 'thisYear':
      return [`${year}-01-01`, `${year}-12-31`];
    case 'lastYear':
      return [`${year - 1}-01-01`, `${year - 1}-12-31`];
  }
}

/** `filter[date_between]` of a period. */
export function periodFilter(range: DateRange): string {
  return `${range[0]},${range[1]}`;
}
