import { describe, expect, it } from 'vitest';
import type { CfdiConcepto, CfdiPago } from './comprobante';
import { comprobanteTotals, conceptTaxes, pagosTotales, prorateTaxes, roundSix } from './taxes';

function line(importe: number, ivaRate: number | null, iepsRate?: number): CfdiConcepto {
  return {
    claveProdServ: '01010101',
    cantidad: 1,
    claveUnidad: 'H87',
    descripcion: 'Línea',
    valorUnitario: importe,
    importe,
    objetoImp: '02',
    traslados: conceptTaxes({ importe, objetoImp: '02', ivaRate, iepsRate }),
  };
}

describe('a line’s taxes', () => {
  it('keeps six decimals of IVA instead of rounding the line to the cent', () => {
    expect(conceptTaxes({ importe: 10.03, objetoImp: '02', ivaRate: 0.16 })).toEqual([
      { base: 10.03, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 1.6048 },
    ]);
  });

  it('states an exempt line with its base and no rate or amount', () => {
    expect(conceptTaxes({ importe: 250, objetoImp: '02', ivaRate: null })).toEqual([
      { base: 250, impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null, importe: null },
    ]);
  });

  it('puts IEPS first and counts it in IVA’s base', () => {
    expect(conceptTaxes({ importe: 100, objetoImp: '02', ivaRate: 0.16, iepsRate: 0.08 })).toEqual([
      { base: 100, impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08, importe: 8 },
      { base: 108, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 17.28 },
    ]);
  });

  it('carries no taxes when the line is not subject (01) or need not break them down (03)', () => {
    expect(conceptTaxes({ importe: 100, objetoImp: '01', ivaRate: 0.16 })).toEqual([]);
    expect(conceptTaxes({ importe: 100, objetoImp: '03', ivaRate: 0.16 })).toEqual([]);
  });

  it('rounds six decimals half away from zero without binary noise', () => {
    expect(roundSix(0.0000005)).toBe(0.000001);
    expect(roundSix(1.0000045)).toBe(1.000005);
    expect(roundSix(2.9749995)).toBe(2.975);
  });
});

describe('the voucher’s totals', () => {
  it('rounds the sum of three lines’ IVA, not each line (4.81, where the lines rounded would give 4.80)', () => {
    const totals = comprobanteTotals([line(10.03, 0.16), line(10.03, 0.16), line(10.03, 0.16)]);
    expect(totals.subTotal).toBe(30.09);
    expect(totals.traslados).toEqual([{ base: 30.09, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 4.81 }]);
    expect(totals.totalImpuestosTrasladados).toBe(4.81);
    expect(totals.total).toBe(34.9);
  });

  it('groups produce at 0 % apart from a box at 16 %', () => {
    const totals = comprobanteTotals([line(292.5, 0), line(135, 0.16)]);
    expect(totals.subTotal).toBe(427.5);
    expect(totals.traslados).toEqual([
      { base: 292.5, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
      { base: 135, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 21.6 },
    ]);
    expect(totals.totalImpuestosTrasladados).toBe(21.6);
    expect(totals.total).toBe(449.1);
  });

  it('leaves TotalImpuestosTrasladados out when every tax is exempt', () => {
    const totals = comprobanteTotals([line(100, null), line(50.25, null)]);
    expect(totals.traslados).toEqual([{ base: 150.25, impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null, importe: null }]);
    expect(totals.totalImpuestosTrasladados).toBeNull();
    expect(totals.total).toBe(150.25);
  });

  it('adds a line’s IEPS to the total besides its IVA', () => {
    const totals = comprobanteTotals([line(100, 0.16, 0.08), line(33.33, 0.16)]);
    expect(totals.traslados).toEqual([
      { base: 100, impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08, importe: 8 },
      { base: 141.33, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 22.61 },
    ]);
    expect(totals.totalImpuestosTrasladados).toBe(30.61);
    expect(totals.total).toBe(163.94);
  });

  it('has no taxes at all when no line is subject to them', () => {
    const free = { ...line(80, 0.16), objetoImp: '01' as const, traslados: [] };
    expect(comprobanteTotals([free])).toEqual({
      subTotal: 80,
      traslados: [],
      totalImpuestosTrasladados: null,
      total: 80,
    });
  });
});

describe('a payment’s share of the taxes (Pagos 2.0)', () => {
  const invoice = comprobanteTotals([line(292.5, 0), line(135, 0.16)]);

  it('takes 40 % of each of the invoice’s bases and amounts when 40 % of the total is paid', () => {
    expect(prorateTaxes(invoice.traslados, invoice.total, 179.64)).toEqual([
      { base: 117, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
      { base: 54, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 8.64 },
    ]);
  });

  it('keeps six decimals of a share that does not fall on a cent', () => {
    const [, atSixteen] = prorateTaxes(invoice.traslados, invoice.total, 100);
    // 100 / 449.10 of 135 and of 21.60.
    expect(atSixteen).toEqual({
      base: 30.06012,
      impuesto: '002',
      tipoFactor: 'Tasa',
      tasaOCuota: 0.16,
      importe: 4.809619,
    });
  });

  it('computes the share’s tax from its base, not from the invoice’s tax rounded to the cent', () => {
    // Three lines of 10.03 at 16 %: the invoice's IVA is 4.81 (4.8144 before rounding), its total 34.90.
    const rounded = comprobanteTotals([line(10.03, 0.16), line(10.03, 0.16), line(10.03, 0.16)]);
    expect(prorateTaxes(rounded.traslados, rounded.total, 20)).toEqual([
      // 30.09 × 20 / 34.90 = 17.243553; × 0.16 = 2.758968 (4.81 × 20 / 34.90 would be 2.756447).
      { base: 17.243553, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 2.758968 },
    ]);
  });

  it('sums the documents’ taxes into TrasladosP and the Totales in MXN to the cent', () => {
    const pago: CfdiPago = {
      fechaPago: '2026-11-20T12:00:00',
      formaDePagoP: '03',
      monto: 279.64,
      documentos: [
        {
          idDocumento: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
          numParcialidad: 1,
          impSaldoAnt: 449.1,
          impPagado: 179.64,
          impSaldoInsoluto: 269.46,
          objetoImpDR: '02',
          traslados: prorateTaxes(invoice.traslados, invoice.total, 179.64),
        },
        {
          idDocumento: '6A1F9C1B-0E5D-4B3A-9C2E-7D8F1A2B3C4D',
          numParcialidad: 2,
          impSaldoAnt: 100,
          impPagado: 100,
          impSaldoInsoluto: 0,
          objetoImpDR: '02',
          traslados: prorateTaxes(invoice.traslados, invoice.total, 100),
        },
      ],
    };
    const { totales, trasladosP } = pagosTotales(pago);
    expect(trasladosP).toEqual([
      { base: 182.130261, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
      { base: 84.06012, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 13.449619 },
    ]);
    expect(totales).toEqual({
      montoTotalPagos: 279.64,
      totalTrasladosBaseIVA0: 182.13,
      totalTrasladosImpuestoIVA0: 0,
      totalTrasladosBaseIVA16: 84.06,
      totalTrasladosImpuestoIVA16: 13.45,
    });
  });

  it('reports an exempt base in TotalTrasladosBaseIVAExento', () => {
    const exempt = comprobanteTotals([line(200, null)]);
    const { totales, trasladosP } = pagosTotales({
      fechaPago: '2026-11-20T12:00:00',
      formaDePagoP: '01',
      monto: 50,
      documentos: [
        {
          idDocumento: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
          numParcialidad: 1,
          impSaldoAnt: 200,
          impPagado: 50,
          impSaldoInsoluto: 150,
          objetoImpDR: '02',
          traslados: prorateTaxes(exempt.traslados, exempt.total, 50),
        },
      ],
    });
    expect(trasladosP).toEqual([{ base: 50, impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null, importe: null }]);
    expect(totales).toEqual({ montoTotalPagos: 50, totalTrasladosBaseIVAExento: 50 });
  });
});
