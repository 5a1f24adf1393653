import { reportsMessages } from './messages/reports';

/**
 * The business runs on Monterrey time (spec §9); every timestamp is trimmed to the minute.
 * Written out rather than with a date library: these run at every start of a driver's phone,
 * and the library's code would be loaded for them alone.
 */
export const BUSINESS_TIME_ZONE = 'America/Monterrey';

/**
 * A value built on first use and kept. Intl formatters with a time zone cost tens of
 * milliseconds to create on a phone: built at module load they would lengthen the start of
 * every screen that merely imports this module, whether it formats a date or not.
 */
export function onFirstUse<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

/**
 * Since 2022-10-30 07:00 UTC (Mexico ended daylight saving) Monterrey is UTC−6 all year, with
 * no transition in the time-zone database after it. Instants from then on are read without
 * Intl: its first time-zone formatter costs 20–40 ms of a phone's start, on every screen that
 * shows today. Earlier instants go through Intl. time.test.ts compares both paths with Intl
 * over the years ahead, so a change in the law shows up as a failing test when tzdata learns it.
 */
const FIXED_OFFSET_SINCE = Date.UTC(2022, 9, 30, 7);
const FIXED_OFFSET_MS = -6 * 60 * 60 * 1000;

const historicParts = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: BUSINESS_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday. */
  weekday: number;
}

/** The Monterrey calendar and clock at an instant. */
function wallClockAt(instant: Date): WallClock {
  const time = instant.getTime();
  if (time >= FIXED_OFFSET_SINCE) {
    const local = new Date(time + FIXED_OFFSET_MS);
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      weekday: local.getUTCDay(),
    };
  }
  const part: Record<string, number> = {};
  for (const { type, value } of historicParts().formatToParts(instant)) part[type] = Number(value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = part;
  return { year, month, day, hour, minute, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

function wallClock(instant: Date): { date: string; time: string } {
  const { year, month, day, hour, minute } = wallClockAt(instant);
  return {
    date: `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`,
    time: `${twoDigits(hour)}:${twoDigits(minute)}`,
  };
}

/** 'YYYY-MM-DD HH:mm' in Monterrey for an instant: the format of delivered_at and km capture times. */
export function monterreyMinute(instant: Date): string {
  const { date, time } = wallClock(instant);
  return `${date} ${time}`;
}

/** 'YYYY-MM-DD' in Monterrey for an instant. */
export function monterreyDate(instant: Date): string {
  return wallClock(instant).date;
}

/** A calendar date `days` away from 'YYYY-MM-DD' (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The instants a Monterrey calendar day spans: from its midnight to the next one (excluded). */
export function monterreyDayBounds(date: string): [Date, Date] {
  const midnight = (day: string) => {
    const [year, month, dayOfMonth] = day.split('-').map(Number);
    const utcMidnight = Date.UTC(year!, month! - 1, dayOfMonth!);
    // The offset of that day, read at noon: far from any change of the clock at 2:00.
    const noon = new Date(utcMidnight + 12 * 60 * 60 * 1000);
    const wall = wallClockAt(noon);
    const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - noon.getTime();
    return new Date(utcMidnight - offset);
  };
  return [midnight(date), midnight(addDays(date, 1))];
}

/** The Monterrey calendar date `days` away from the one containing `instant`. */
export function monterreyDateOffset(instant: Date, days: number): string {
  return addDays(monterreyDate(instant), days);
}

/** A Monterrey wall-clock time on a date, as 'YYYY-MM-DD HH:mm'. */
export function monterreyWallClock(date: string, hour: number, minute: number): string {
  return `${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/**
 * A Monterrey wall-clock minute ('YYYY-MM-DD HH:mm') as people read it on the day: '07:34'
 * today, 'ayer 18:10' the day before, '21/11 18:10' before that.
 */
export function readableMinute(minute: string, today: string): string {
  const [date = '', time = ''] = minute.split(' ');
  if (date === today) return time;
  if (date === addDays(today, -1)) return `ayer ${time}`;
  return `${date.slice(8, 10)}/${date.slice(5, 7)} ${time}`;
}

/** The weekday of a calendar date ('YYYY-MM-DD'): 'lunes'. */
export function weekdayName(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay()]!;
}

/** Today as people read it on the home screens: 'domingo, 22 de noviembre de 2026'. */
export function longMonterreyDate(instant: Date): string {
  return longDate(monterreyDate(instant));
}

/** A calendar date ('YYYY-MM-DD') in words: 'martes, 24 de noviembre de 2026'. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${weekdayName(date)}, ${day} de ${reportsMessages.monthNames[month! - 1]!.toLowerCase()} de ${year}`;
}

/** An instant as Monterrey date and time, as lists and records show it: '22/11/2026 14:05'. */
export function monterreyDateTime(instant: Date): string {
  const { year, month, day, hour, minute } = wallClockAt(instant);
  return `${twoDigits(day)}/${twoDigits(month)}/${year} ${twoDigits(hour)}:${twoDigits(minute)}`;
}

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_TEXT = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A real calendar day written 'YYYY-MM-DD' ('2026-02-30' is not one). Every date a person or a
 * device sends is checked by this before it reaches the database, which would refuse it late.
 */
export function isCalendarDay(date: unknown): date is string {
  const match = typeof date === 'string' ? DAY_TEXT.exec(date) : null;
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return y >= 1 && day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** A real wall-clock minute written 'YYYY-MM-DD HH:mm' (the app's delivery and odometer times). */
export function isWallMinute(value: unknown): value is string {
  const match = typeof value === 'string' ? MINUTE_TEXT.exec(value) : null;
  return match !== null && isCalendarDay(match[1]);
}
