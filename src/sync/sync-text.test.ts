import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../sync/commands';
import { describeRow, formatAge, indicatorLabel, indicatorText } from './sync-text';

describe('the sync indicator’s texts', () => {
  it('says connection, queue and last error in its accessible name', () => {
    expect(indicatorLabel({ online: true, pending: 0, lastError: null })).toBe('Sincronización: En línea, Todo sincronizado');
    expect(indicatorLabel({ online: false, pending: 1, lastError: null })).toBe('Sincronización: Sin conexión, 1 cambio pendiente');
    expect(indicatorLabel({ online: false, pending: 3, lastError: { message: 'Sin conexión con el servidor.' } })).toBe(
      'Sincronización: Sin conexión, 3 cambios pendientes, Último error: Sin conexión con el servidor.',
    );
  });

  it('says how many changes the server refused or keeps failing on, and never that all is synced while one is refused', () => {
    const row = {};
    expect(indicatorLabel({ online: true, pending: 0, lastError: null, rejected: [row], stuck: [] })).toBe(
      'Sincronización: En línea, 1 cambio rechazado',
    );
    expect(indicatorLabel({ online: true, pending: 2, lastError: null, rejected: [row, row], stuck: [row] })).toBe(
      'Sincronización: En línea, 2 cambios rechazados, 1 cambio atascado, 2 cambios pendientes',
    );
    expect(indicatorText({ online: true, rejected: [row, row], stuck: [] })).toBe('2 cambios rechazados');
    expect(indicatorText({ online: false, rejected: [], stuck: [row] })).toBe('1 cambio atascado');
    expect(indicatorText({ online: false, rejected: [], stuck: [] })).toBe('Sin conexión');
  });

  it('names a rejected change by its command and route', () => {
    expect(describeRow({ command: 'startRoute', payload: { shippingId: 12 } })).toBe('Iniciar ruta · E-12');
    expect(describeRow({ command: 'rejectDelivery', payload: { detailId: 40, shippingId: 12 } })).toBe('Entrega rechazada · E-12');
    expect(describeRow({ command: 'dispatchOrder', payload: { orderId: 7 } })).toBe('Pedido surtido · 7');
  });

  it('names every command in Spanish, a written note included, never by its code name', () => {
    expect(describeRow({ command: 'writeNote', payload: { body: 'Llego tarde', user_ids: [1] } })).toBe('Enviar nota');
    for (const command of Object.keys(COMMANDS)) {
      expect(describeRow({ command, payload: {} })).not.toBe(command);
    }
  });

  it('gives ages in Spanish', () => {
    const now = Date.UTC(2025, 2, 10, 15, 0);
    expect(formatAge(now - 5 * 60_000, now)).toBe('hace 5 minutos');
    expect(formatAge(now - 3 * 3_600_000, now)).toBe('hace 3 horas');
    expect(formatAge(now - 8 * 86_400_000, now)).toBe('hace 8 días');
    expect(formatAge(now - 86_400_000, now)).toBe('ayer');
    // A device clock that jumped back never shows an age in the future.
    expect(formatAge(now + 60_000, now)).toBe('ahora');
  });
});
