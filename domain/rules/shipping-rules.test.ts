import { describe, expect, it } from 'vitest';
import { deliveryStatus, shippingWeight, timelineColour } from './delivery-status';
import { routeKilometres, shippingProgress } from './shipping-progress';

describe('shipping progress', () => {
  it('offers Iniciar, then Terminar, then nothing', () => {
    expect(shippingProgress({ initial_km: null, final_km: null })).toBe('not-started');
    expect(shippingProgress({ initial_km: 1200, final_km: null })).toBe('on-route');
    expect(shippingProgress({ initial_km: 1200, final_km: 1290 })).toBe('finished');
  });

  it('counts kilometres travelled only when the final reading is not below the initial one', () => {
    expect(routeKilometres({ initial_km: 1200, final_km: 1290 })).toBe(90);
    expect(routeKilometres({ initial_km: 1200, final_km: 1200 })).toBe(0);
    expect(routeKilometres({ initial_km: 1200, final_km: 1100 })).toBeNull();
    expect(routeKilometres({ initial_km: null, final_km: 1100 })).toBeNull();
  });
});

describe('delivery status', () => {
  it('reads the two flags as the spec names them, with the timeline colour', () => {
    expect([deliveryStatus({ completed: false, is_delivered: false }), timelineColour({ completed: false, is_delivered: false })]).toEqual([
      'Pendiente',
      'warning',
    ]);
    expect([deliveryStatus({ completed: true, is_delivered: true }), timelineColour({ completed: true, is_delivered: true })]).toEqual([
      'Entregado',
      'success',
    ]);
    expect([deliveryStatus({ completed: true, is_delivered: false }), timelineColour({ completed: true, is_delivered: false })]).toEqual([
      'No Entregado',
      'danger',
    ]);
  });

  it('weighs a route by its delivered sales only, to two decimals', () => {
    expect(
      shippingWeight([
        { completed: true, is_delivered: true, sale: { sale_weight: 10.005 } },
        { completed: true, is_delivered: true, sale: { sale_weight: 2.1 } },
        { completed: true, is_delivered: false, sale: { sale_weight: 50 } },
        { completed: false, is_delivered: false, sale: { sale_weight: 7 } },
      ]),
    ).toBe(12.11);
  });

  it('marks a stop whose sale was cancelled as Cancelada, grey, and weighs it no more', () => {
    const cancelled = { completed: true, is_delivered: true, sale: { sale_weight: 40, canceled: true } };
    expect([deliveryStatus(cancelled), timelineColour(cancelled)]).toEqual(['Cancelada', 'neutral']);
    expect(shippingWeight([cancelled, { completed: true, is_delivered: true, sale: { sale_weight: 2.5, canceled: false } }])).toBe(2.5);
  });
});
