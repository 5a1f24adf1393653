/**
 * The business runs on Monterrey time (spec §9); every timestamp is trimmed to the minute.
 * Written on the platform's Intl rather than a date library: these run at every start of a
 * driver's phone, and the library's code would be loaded for them alone.
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

const parts = onFirstUse(
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

function wallClock(instant: Date): { date: string; time: string } {
  const part: Record<string, string> = {};
  for (const { type, value } of parts().formatToParts(instant)) part[type] = value;
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
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

/** The Monterrey calendar date `days` away from the one containing `instant`. */
export function monterreyDateOffset(instant: Date, days: number): string {
  return addDays(monterreyDate(instant), days);
}

/** A Monterrey wall-clock time on a date, as 'YYYY-MM-DD HH:mm'. */
export function monterreyWallClock(date: string, hour: number, minute: number): string {
  return `${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const longDate = onFirstUse(
  () => new Intl.DateTimeFormat('es-MX', { timeZone: BUSINESS_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
);

/** Today as people read it on the home screens: 'domingo, 22 de noviembre de 2026'. */
export function longMonterreyDate(instant: Date): string {
  return longDate().format(instant);
}
