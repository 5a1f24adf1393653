/** 'YYYY-MM-DD HH:mm' from a stored wall-clock timestamp (Monterrey, no zone), or null. */
export function toMinute(value: string | null): string | null {
  return value === null ? null : value.slice(0, 16);
}

/** ISO 8601 from a stored instant (timestamptz). */
export function toIso(value: string): string {
  return new Date(value.includes('T') ? value : value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}
