import { describe, expect, it } from 'vitest';
import { customerExportRows } from './export-customers';
import { customerRow } from './test-fixtures';

describe('the Excel rows of /clients', () => {
  it('carry the customer’s columns with real values: numbers as numbers, the creation as a date', () => {
    const [row] = customerExportRows([customerRow(12)]);
    expect(Object.keys(row!)).toEqual([
      'Id',
      'Cliente',
      'Macro',
      'Razón social',
      'RFC',
      'Régimen fiscal',
      'CP fiscal',
      'Días de crédito',
      'Dirección de entrega',
      'Horario de entrega',
      'Saldo',
      'Saldo vencido',
      'Alta',
      'Dio de alta',
      'Estado',
    ]);
    expect(row).toMatchObject({
      Id: 12,
      Cliente: 'Hotel Ancira Centro',
      'Régimen fiscal': '601',
      'CP fiscal': '64000',
      'Días de crédito': 30,
      Saldo: 1500.5,
      'Saldo vencido': 300,
      Estado: 'Verificado',
    });
    expect((row!['Alta'] as Date).toISOString()).toBe('2026-01-10T15:00:00.000Z');
  });

  it('say which customers the office has not verified, and leave missing values empty', () => {
    const [row] = customerExportRows([customerRow(3, { verified_at: null, rfc: null, macro: null, created_by: null })]);
    expect(row).toMatchObject({ Estado: 'Sin verificar', RFC: '', Macro: '', 'Dio de alta': '' });
  });
});
