import { monterreyMinute } from '../time';

/**
 * An ETA as people are told it: a window of Monterrey wall-clock times around the estimate,
 * on five-minute marks ('10:40–11:00'). An estimate from straight lines (no routing engine)
 * gets a wider window: it is rougher, and a window that is missed teaches customers to ignore it.
 */

const STEP_MS = 5 * 60_000;
/** Minutes either side of the estimate. */
export const ETA_HALF_WINDOW_MINUTES = { engine: 10, approximate: 15 } as const;

export function etaWindow(etaMs: number, approximate: boolean): { from: string; to: string } {
  const half = (approximate ? ETA_HALF_WINDOW_MINUTES.approximate : ETA_HALF_WINDOW_MINUTES.engine) * 60_000;
  const from = Math.floor((etaMs - half) / STEP_MS) * STEP_MS;
  const to = Math.ceil((etaMs + half) / STEP_MS) * STEP_MS;
  const clock = (ms: number) => monterreyMinute(new Date(ms)).slice(11, 16);
  return { from: clock(from), to: clock(to) };
}
