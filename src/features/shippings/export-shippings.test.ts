import { describe, expect, it } from 'vitest';
import { shippingFixture } from '../../../sync/test-fixtures';
import { exportRows } from './export-shippings';

describe('the Excel rows of the shippings page', () => {
  it('carry the visible columns with real values: numbers as numbers, dates as dates', () => {
    const [row] = exportRows([
      shippingFixture(41, {
        initial_km: 1000,
        final_km: 1066,
        route: 66,
        weight: 120.5,
        note: 'Refrigerado',
        created_at: '2026-11-21T16:05:00.000Z',
      }),
    ]);
    expect(Object.keys(row!)).toEqual([
      'Folio',
      'Chofer',
      'Fecha de Entrega',
      'Unidad',
      'Peso',
      'Kilometraje Inicial',
      'Kilometraje Final',
      'Nota',
      'Recorrido',
      'Creación',
      'Edición',
    ]);
    expect(row).toMatchObject({
      Folio: 41,
      Chofer: 'Miguel Reyes',
      Unidad: 'Nissan NP300',
      Peso: 120.5,
      'Kilometraje Inicial': 1000,
      'Kilometraje Final': 1066,
      Recorrido: 66,
      Nota: 'Refrigerado',
    });
    const date = row!['Fecha de Entrega'] as Date;
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate()]).toEqual([2026, 11, 22]);
    expect((row!['Creación'] as Date).toISOString()).toBe('2026-11-21T16:05:00.000Z');
  });

  it('leaves odometer cells empty, not zero, when nothing was captured', () => {
    const [row] = exportRows([shippingFixture(7, { driver: null, driver_id: null, vehicle: null, vehicle_id: null })]);
    expect(row).toMatchObject({ Chofer: '', Unidad: '', 'Kilometraje Inicial': null, 'Kilometraje Final': null, Recorrido: null });
  });
});
