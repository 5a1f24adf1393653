import { addDays } from './time';

/**
 * Aging of what customers owe: a sale with a balance is 'current' until its due
 * date has passed, then falls in the bucket of how many days it is overdue. The balances
 * screen, a customer's page and the server's balances read all use these buckets.
 */
export const AGING_BUCKETS = ['current', 'days_0_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Por vencer',
  days_0_30: '0–30 días',
  days_31_60: '31–60 días',
  days_61_90: '61–90 días',
  days_over_90: 'Más de 90 días',
};

/** Whole calendar days from due_date to today ('YYYY-MM-DD' both); negative before it is due. */
export function daysOverdue(dueDate: string, today: string): number {
  const [dy, dm, dd] = dueDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return Math.round((Date.UTC(ty!, tm! - 1, td!) - Date.UTC(dy!, dm! - 1, dd!)) / 86_400_000);
}

/** Due today is not yet overdue; the day after it is day 1 of '0–30 días'. */
export function agingBucket(dueDate: string, today: string): AgingBucket {
  const days = daysOverdue(dueDate, today);
  if (days <= 0) return 'current';
  if (days <= 30) return 'days_0_30';
  if (days <= 60) return 'days_31_60';
  if (days <= 90) return 'days_61_90';
  return 'days_over_90';
}

/**
 * Due dates that split the buckets as seen from `today`, for SQL that groups with plain date
 * comparisons: a sale is overdue when due_date < overdue, more than 30 days overdue when
 * due_date < over30, and so on. A boundary itself belongs to the younger bucket.
 */
export function agingBoundaries(today: string): { overdue: string; over30: string; over60: string; over90: string } {
  return { overdue: today, over30: addDays(today, -30), over60: addDays(today, -60), over90: addDays(today, -90) };
}
