import { DateTime } from 'luxon';

/** The business runs on Monterrey time (spec §9); every timestamp is trimmed to the minute. */
export const BUSINESS_TIME_ZONE = 'America/Monterrey';

/** 'YYYY-MM-DD HH:mm' in Monterrey for an instant: the format of delivered_at and km capture times. */
export function monterreyMinute(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: BUSINESS_TIME_ZONE }).toFormat('yyyy-MM-dd HH:mm');
}

/** 'YYYY-MM-DD' in Monterrey for an instant. */
export function monterreyDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: BUSINESS_TIME_ZONE }).toFormat('yyyy-MM-dd');
}

/** The Monterrey calendar date `days` away from the one containing `instant`. */
export function monterreyDateOffset(instant: Date, days: number): string {
  return DateTime.fromJSDate(instant, { zone: BUSINESS_TIME_ZONE }).plus({ days }).toFormat('yyyy-MM-dd');
}

/** A Monterrey wall-clock time on a date, as 'YYYY-MM-DD HH:mm'. */
export function monterreyWallClock(date: string, hour: number, minute: number): string {
  return `${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
