import { describe, expect, it } from 'vitest';
import { cfdiDocument } from '../../ui/cfdi/test-fixtures';
import { cfdiFilterParams, EMPTY_CFDI_FILTERS, parseStoredCfdiFilters } from './cfdi-filters';
import { cfdiExportRows } from './cfdi-rows';
import { viewOf } from './invoices-page';

describe("/invoices' comprobantes", () => {
  it('asks GET /api/v2/cfdi for the kind, state, dates, customer and folio fiscal chosen', () => {
    const params = cfdiFilterParams({
      date: ['2026-11-01', '2026-11-30'],
      kind: 'factura',
      status: 'error',
      company: ' Ancira ',
      uuid: '5FB2822E',
    });
    expect(Object.fromEntries(params)).toEqual({
      'filter[date_between]': '2026-11-01,2026-11-30',
      'filter[kind]': 'factura',
      'filter[status]': 'error',
      'filter[company]': 'Ancira',
      'filter[uuid]': '5FB2822E',
    });
    expect(cfdiFilterParams(EMPTY_CFDI_FILTERS).toString()).toBe('');
  });

  it('keeps only well-formed stored filters', () => {
    expect(parseStoredCfdiFilters(JSON.stringify({ kind: 'factura', status: 'perdido', company: 'Ancira', date: ['x', 'y'] }))).toEqual({
      date: null,
      kind: 'factura',
      status: '',
      company: 'Ancira',
      uuid: '',
    });
    expect(parseStoredCfdiFilters('no es json')).toBeNull();
  });

  it('exports each document with its Spanish kind and state, its sale and the PAC message of an error', () => {
    const [stamped, failed] = cfdiExportRows([
      cfdiDocument(),
      cfdiDocument({ id: 9, kind: 'pago', serie: 'P', folio: 2, sale_id: null, status: 'error', uuid: null, last_error: 'CFDI40999' }),
    ]);
    expect(stamped).toMatchObject({
      'Serie y folio': 'A-7',
      Tipo: 'Factura',
      Estado: 'Timbrado',
      Venta: 'V-41',
      Total: 1160,
      'Error del PAC': '',
    });
    expect(failed).toMatchObject({
      'Serie y folio': 'P-2',
      Tipo: 'Recibo de pago',
      Estado: 'Error',
      Venta: '',
      'Error del PAC': 'CFDI40999',
    });
  });

  it("opens on the comprobantes, and on the hand-typed 'Ventas facturadas' when the address asks for them", () => {
    expect(viewOf('')).toBe('documents');
    expect(viewOf('?vista=ventas')).toBe('invoicedSales');
  });
});
