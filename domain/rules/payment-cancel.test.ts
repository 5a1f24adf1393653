import { describe, expect, it } from 'vitest';
import { mayCancelPayment } from './payment-cancel';

const recorder = { id: 7, permissions: ['collections'] };
const canceller = { id: 9, permissions: ['collections', 'cancelations'] };
const payment = { user_id: 7, recordedOn: '2026-11-27' };

describe('who may cancel a payment', () => {
  it('is its recorder on the day they recorded it', () => {
    expect(mayCancelPayment(recorder, payment, '2026-11-27')).toBe(true);
    expect(mayCancelPayment(recorder, payment, '2026-11-28')).toBe(false);
    expect(mayCancelPayment({ ...recorder, id: 8 }, payment, '2026-11-27')).toBe(false);
  });

  it('is anyone who may cancel, any day', () => {
    expect(mayCancelPayment(canceller, payment, '2027-01-15')).toBe(true);
  });
});
