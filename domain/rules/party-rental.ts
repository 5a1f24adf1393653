import { roundCents } from '../sales';
import { addDays } from '../time';

/**
 * The terms of a party-rental quotation (spec §9, the `eventos` deployment): half paid in
 * advance, the balance 7 days before the event, a deposit of 10 % of the total (1,000 pesos
 * when the total is under 10,000; 30 % for events outside the city), refunded 5 business
 * days after the event and claimable within 3 months.
 *
 * Amounts are computed in whole cents so advance + balance is exactly the total; dates are
 * calendar dates 'YYYY-MM-DD' (the event is the quotation's scheduled `date`). Business days
 * are Monday to Friday: the product keeps no calendar of holidays.
 */

export const RENTAL_ADVANCE_RATE = 0.5;
export const RENTAL_BALANCE_DAYS_BEFORE = 7;
export const RENTAL_DEPOSIT_RATE = 0.1;
export const RENTAL_DEPOSIT_OUTSIDE_CITY_RATE = 0.3;
/** Below this total the deposit is the flat minimum instead of a share of the total. */
export const RENTAL_DEPOSIT_THRESHOLD = 10_000;
export const RENTAL_DEPOSIT_FLAT = 1_000;
export const RENTAL_REFUND_BUSINESS_DAYS = 5;
export const RENTAL_COLLECTION_MONTHS = 3;

export interface PartyRentalTerms {
  /** Paid to confirm the event. */
  advance: number;
  /** The rest of the total, due by `balanceDueDate`. */
  balance: number;
  balanceDueDate: string;
  /** Made less than 7 days before the event: the balance is due when the event is confirmed, not on a day already past. */
  balanceDueOnConfirming: boolean;
  /** Deposit for an event in the city. */
  deposit: number;
  /** Deposit for an event outside the city. */
  depositOutsideCity: number;
  /** When the deposit is given back. */
  refundDate: string;
  /** The last day the deposit can be claimed. */
  collectionDeadline: string;
}

const toCents = (pesos: number) => Math.round(roundCents(pesos) * 100);
const toPesos = (cents: number) => roundCents(cents / 100);

/** `madeOn`: the day the quotation was made, when known ('YYYY-MM-DD', Monterrey). */
export function partyRentalTerms(total: number, eventDate: string, madeOn?: string): PartyRentalTerms {
  const sevenDaysBefore = addDays(eventDate, -RENTAL_BALANCE_DAYS_BEFORE);
  const late = madeOn !== undefined && sevenDaysBefore < madeOn;
  const totalCents = toCents(total);
  const advanceCents = Math.round(totalCents * RENTAL_ADVANCE_RATE);
  const depositCents =
    totalCents < RENTAL_DEPOSIT_THRESHOLD * 100 ? RENTAL_DEPOSIT_FLAT * 100 : Math.round(totalCents * RENTAL_DEPOSIT_RATE);
  return {
    advance: toPesos(advanceCents),
    balance: toPesos(totalCents - advanceCents),
    balanceDueDate: late ? madeOn : sevenDaysBefore,
    balanceDueOnConfirming: late,
    deposit: toPesos(depositCents),
    depositOutsideCity: toPesos(Math.round(totalCents * RENTAL_DEPOSIT_OUTSIDE_CITY_RATE)),
    refundDate: addBusinessDays(eventDate, RENTAL_REFUND_BUSINESS_DAYS),
    collectionDeadline: addMonths(eventDate, RENTAL_COLLECTION_MONTHS),
  };
}

/** `days` working days (Monday to Friday) after `date`. */
export function addBusinessDays(date: string, days: number): string {
  let day = date;
  for (let counted = 0; counted < days;) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return day;
}

/** The same day `months` later, or the last day of that month when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}
