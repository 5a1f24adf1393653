import { describe, expect, it } from 'vitest';
import { ordersMessages } from '../domain/messages/orders';
import { shippingMessages } from '../domain/messages/shipping';
import { syncMessages } from '../domain/messages/sync';
import { applyPending, COMMANDS, type LocalRecord, type RecordKey } from './commands';
import type { LocalDetail, LocalOrder, LocalShipping } from './db';

const shipping = { id: 5, initial_km: null, final_km: null, km_capture_time_start: null, km_capture_time: null, route: null } as unknown as LocalShipping;
const detail = { id: 9, shipping_id: 5, completed: false, is_delivered: false, delivered_at: null, delivery_rejection_comment: null } as unknown as LocalDetail;
const order = { id: 3, is_in_production: false } as unknown as LocalOrder;
const records = (...entries: [RecordKey, LocalRecord][]) => new Map(entries);

describe('commands', () => {
  it('startRoute and finishRoute set the odometer with the time of the action, and the route length', () => {
    const startedRoute = COMMANDS.startRoute.apply('shipping:5', shipping, { shippingId: 5, initial_km: 100, km_capture_time_start: '2026-11-22 08:01' });
    expect(startedRoute).toMatchObject({ initial_km: 100, km_capture_time_start: '2026-11-22 08:01' });
    const finished = COMMANDS.finishRoute.apply('shipping:5', startedRoute, { shippingId: 5, final_km: 180, km_capture_time: '2026-11-22 17:30' });
    expect(finished).toMatchObject({ final_km: 180, km_capture_time: '2026-11-22 17:30', route: 80 });
    expect(COMMANDS.finishRoute.request({ shippingId: 5, final_km: 180, km_capture_time: '2026-11-22 17:30' }, null)).toEqual({
      method: 'PUT',
      path: '/api/v1/shipping/update',
      body: { id: 5, final_km: 180, km_capture_time: '2026-11-22 17:30' },
    });
  });

  it('finishRoute is refused below the initial reading or before the start', () => {
    const payload = { shippingId: 5, final_km: 90, km_capture_time: '2026-11-22 17:30' };
    expect(COMMANDS.finishRoute.refuse!(records(['shipping:5', shipping]), payload)).toBe(shippingMessages.finalWithoutInitial);
    expect(COMMANDS.finishRoute.refuse!(records(['shipping:5', { ...shipping, initial_km: 100 }]), payload)).toBe(shippingMessages.finalBelowInitial);
    expect(COMMANDS.finishRoute.refuse!(records(['shipping:5', { ...shipping, initial_km: 90 }]), payload)).toBeNull();
    expect(COMMANDS.finishRoute.refuse!(records(['shipping:5', { ...shipping, initial_km: 90, final_km: 95 }]), payload)).toBe(syncMessages.routeAlreadyFinished);
    expect(COMMANDS.startRoute.refuse!(records(['shipping:5', { ...shipping, initial_km: 90 }]), { shippingId: 5, initial_km: 1, km_capture_time_start: '2026-11-22 08:00' })).toBe(
      syncMessages.routeAlreadyStarted,
    );
  });

  it('completeDelivery carries the uploaded file’s name and the position when there is one', () => {
    const payload = { detailId: 9, shippingId: 5, delivered_at: '2026-11-22 10:15', evidenceId: 'e1', position: { latitude: 25.67, longitude: -100.31 } };
    expect(COMMANDS.completeDelivery.apply('detail:9', detail, payload)).toMatchObject({ completed: true, is_delivered: true, delivered_at: '2026-11-22 10:15', evidence_id: 'e1' });
    expect(COMMANDS.completeDelivery.request(payload, 'abc.jpg')).toEqual({
      method: 'PATCH',
      path: '/api/v2/shipping_details/9',
      body: { completed: true, is_delivered: true, delivered_at: '2026-11-22 10:15', pdf: 'abc.jpg', latitude: 25.67, longitude: -100.31 },
    });
    expect(COMMANDS.completeDelivery.lane(payload)).toBe('route:5');
  });

  it('completeDelivery carries who received, the signature and what came back; the stop is partial, the signature stays off it', () => {
    const signature = 'data:image/png;base64,iVBORw0KGgo=';
    const returned = [{ item_id: 31, quantity: 2, reason: 'Dañado' as const }];
    const payload = {
      detailId: 9,
      shippingId: 5,
      delivered_at: '2026-11-22 10:15',
      evidenceId: 'e1',
      position: null,
      received_by: 'Ana Treviño',
      signature,
      returned,
    };
    const applied = COMMANDS.completeDelivery.apply('detail:9', detail, payload) as LocalDetail;
    expect(applied).toMatchObject({ completed: true, is_delivered: true, received_by: 'Ana Treviño', partial: true, returned });
    expect(JSON.stringify(applied)).not.toContain(signature);
    expect(COMMANDS.completeDelivery.request(payload, 'abc.jpg').body).toEqual({
      completed: true,
      is_delivered: true,
      delivered_at: '2026-11-22 10:15',
      pdf: 'abc.jpg',
      received_by: 'Ana Treviño',
      signature,
      returned,
    });
    // Delivered whole, unsigned: nothing of the new evidence is sent, and the stop is not partial.
    const whole = { ...payload, received_by: null, signature: null, returned: [] };
    expect(COMMANDS.completeDelivery.apply('detail:9', detail, whole)).toMatchObject({ partial: false, received_by: null });
    expect(COMMANDS.completeDelivery.request(whole, 'abc.jpg').body).toEqual({ completed: true, is_delivered: true, delivered_at: '2026-11-22 10:15', pdf: 'abc.jpg' });
  });

  it('a completeDelivery queued before issue 47 (no receiver, signature or lines) still applies and sends as before', () => {
    const old = { detailId: 9, shippingId: 5, delivered_at: '2026-11-22 10:15', evidenceId: 'e1', position: null };
    expect(COMMANDS.completeDelivery.apply('detail:9', detail, old)).toMatchObject({ completed: true, partial: false, received_by: null });
    expect(COMMANDS.completeDelivery.request(old, 'abc.jpg').body).toEqual({ completed: true, is_delivered: true, delivered_at: '2026-11-22 10:15', pdf: 'abc.jpg' });
  });

  it('rejectDelivery needs a reason and a delivery not yet completed', () => {
    const payload = { detailId: 9, shippingId: 5, delivered_at: '2026-11-22 10:15', delivery_rejection_comment: '  ', position: null };
    expect(COMMANDS.rejectDelivery.refuse!(records(['detail:9', detail]), payload)).toBe(shippingMessages.rejectionRequired);
    expect(COMMANDS.rejectDelivery.refuse!(records(['detail:9', { ...detail, completed: true }]), { ...payload, delivery_rejection_comment: 'Cerrado' })).toBe(
      syncMessages.alreadyCompleted,
    );
    expect(COMMANDS.rejectDelivery.request({ ...payload, delivery_rejection_comment: ' Cerrado ' }, null).body).toEqual({
      completed: true,
      is_delivered: false,
      delivered_at: '2026-11-22 10:15',
      delivery_rejection_comment: 'Cerrado',
    });
  });

  it('startProduction and dispatchOrder act on the order in its own lane', () => {
    const lines = { orderId: 3, quotation_items: [{ item_id: 1, quantity: 2 }] };
    expect(COMMANDS.startProduction.apply('order:3', order, lines)).toMatchObject({ is_in_production: true });
    expect(COMMANDS.startProduction.refuse!(records(['order:3', { ...order, is_in_production: true }]), lines)).toBe(ordersMessages.alreadyInProduction);
    expect(COMMANDS.dispatchOrder.apply('order:3', order, lines)).toMatchObject({ dispatched: true });
    expect(COMMANDS.dispatchOrder.request(lines, null)).toEqual({ method: 'POST', path: '/api/v2/orders/dispatch_sale_order', body: { id: 3, quotation_items: [{ item_id: 1, quantity: 2 }] } });
    expect(COMMANDS.dispatchOrder.lane(lines)).toBe('order:3');
  });

  it('applyPending replays commands in order on the server’s version', () => {
    const rows = [
      { command: 'startRoute', payload: { shippingId: 5, initial_km: 10, km_capture_time_start: '2026-11-22 08:00' } },
      { command: 'finishRoute', payload: { shippingId: 5, final_km: 25, km_capture_time: '2026-11-22 12:00' } },
    ];
    expect(applyPending('shipping:5', { ...shipping, note: 'de la oficina' } as LocalShipping, rows)).toMatchObject({ initial_km: 10, final_km: 25, route: 15, note: 'de la oficina' });
  });
});
