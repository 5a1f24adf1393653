import { describe, expect, it } from 'vitest';
import { addBusinessDays, addMonths, partyRentalTerms } from './party-rental';

describe('the terms of a party rental', () => {
  it('asks half in advance and the rest 7 days before the event', () => {
    const terms = partyRentalTerms(24_000, '2026-12-19');
    expect(terms.advance).toBe(12_000);
    expect(terms.balance).toBe(12_000);
    expect(terms.balanceDueDate).toBe('2026-12-12');
  });

  it('splits an odd number of cents so advance and balance add up to the total exactly', () => {
    const terms = partyRentalTerms(10_000.01, '2026-12-19');
    expect(terms.advance + terms.balance).toBe(10_000.01);
    expect([terms.advance, terms.balance].sort()).toEqual([5_000, 5_000.01]);
    // 0.1 + 0.2 style float drift never shows: every figure has at most two decimals.
    const odd = partyRentalTerms(1_234.57, '2026-12-19');
    for (const amount of [odd.advance, odd.balance, odd.deposit, odd.depositOutsideCity]) {
      expect(Math.round(amount * 100) / 100).toBe(amount);
    }
  });

  it('keeps a deposit of 10 % of the total from 10,000 pesos on', () => {
    expect(partyRentalTerms(10_000, '2026-12-19').deposit).toBe(1_000);
    expect(partyRentalTerms(18_500.5, '2026-12-19').deposit).toBe(1_850.05);
  });

  it('keeps a flat 1,000 pesos deposit under 10,000 pesos', () => {
    expect(partyRentalTerms(9_999.99, '2026-12-19').deposit).toBe(1_000);
    expect(partyRentalTerms(2_500, '2026-12-19').deposit).toBe(1_000);
  });

  it('asks 30 % of the total as deposit for an event outside the city', () => {
    expect(partyRentalTerms(18_500.5, '2026-12-19').depositOutsideCity).toBe(5_550.15);
    expect(partyRentalTerms(2_500, '2026-12-19').depositOutsideCity).toBe(750);
  });

  it('refunds 5 business days after the event and lets it be claimed for 3 months', () => {
    // Saturday 19 Dec 2026: Mon 21 … Fri 25 is the fifth business day.
    const terms = partyRentalTerms(24_000, '2026-12-19');
    expect(terms.refundDate).toBe('2026-12-25');
    expect(terms.collectionDeadline).toBe('2027-03-19');
  });
});

describe('calendar helpers of the rental terms', () => {
  it('skips weekends when counting business days', () => {
    // Thursday 3 Dec 2026 + 5 business days = Thursday 10 Dec.
    expect(addBusinessDays('2026-12-03', 5)).toBe('2026-12-10');
    expect(addBusinessDays('2026-12-04', 1)).toBe('2026-12-07');
  });

  it('adds months, ending on the last day of a shorter month', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-10-15', 3)).toBe('2027-01-15');
  });

  it('never asks for the balance on a day already past: a quotation made within 7 days of its event is paid on confirming', () => {
    expect(partyRentalTerms(24_000, '2026-12-19', '2026-12-01')).toMatchObject({
      balanceDueDate: '2026-12-12',
      balanceDueOnConfirming: false,
    });
    expect(partyRentalTerms(24_000, '2026-12-19', '2026-12-12')).toMatchObject({
      balanceDueDate: '2026-12-12',
      balanceDueOnConfirming: false,
    });
    expect(partyRentalTerms(24_000, '2026-12-19', '2026-12-18')).toMatchObject({
      balanceDueDate: '2026-12-18',
      balanceDueOnConfirming: true,
    });
  });
});
