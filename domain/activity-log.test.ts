import { describe, expect, it } from 'vitest';
import { actionLabel, describeDevice, entityLabel, fieldChanges, logValue } from './activity-log';

describe('reading the activity log', () => {
  it('lists the fields of an update with both values, without the id and creation time', () => {
    expect(fieldChanges({ status: 'Abierto', note: null }, { status: 'Cerrado', note: 'listo' })).toEqual([
      { field: 'note', before: null, after: 'listo' },
      { field: 'status', before: 'Abierto', after: 'Cerrado' },
    ]);
    expect(fieldChanges(null, { id: 4, created_at: '2026-11-25T10:00:00Z', amount: 10 })).toEqual([
      { field: 'amount', before: null, after: 10 },
    ]);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it('shows values as text a person reads', () => {
    expect(logValue(null)).toBe('—');
    expect(logValue('')).toBe('—');
    expect(logValue(true)).toBe('sí');
    expect(logValue(false)).toBe('no');
    expect(logValue(812.4)).toBe('812.4');
    expect(logValue(['a@b.mx'])).toBe('["a@b.mx"]');
  });

  it('names the record and the action in Spanish, keeping the words of older entries', () => {
    expect(entityLabel('shipping_details')).toBe('Entrega');
    expect(actionLabel('delete')).toBe('Eliminó');
    expect(entityLabel('venta')).toBe('venta');
    expect(actionLabel('imprimió')).toBe('imprimió');
    // Not an own property: no prototype name passes for an entity.
    expect(entityLabel('constructor')).toBe('constructor');
  });

  it('describes the device as browser and system, or as the outbox device it is', () => {
    expect(
      describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'),
    ).toBe('Chrome · Android');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge · Windows');
    expect(describeDevice('6f1c2a9e-3b4d-4c5e-8f70-112233445566')).toBe('Dispositivo 6f1c2a9e');
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeDevice(null)).toBe('—');
  });
});
