/**
 * The taxes of a CFDI 4.0, as Anexo 20 and the Pagos 2.0 guide count them.
 *
 * - A line's taxes keep six decimals (what the XML carries), never rounded to the cent: the voucher's
 *   totals are the cents of their sum, and rounding each line first would make them disagree (three
 *   lines of 0.0549 IVA are 0.16 in total, not 0.15).
 * - The voucher groups its lines' taxes by (impuesto, tipoFactor, tasaOCuota); each group's Base and
 *   Importe are the sum of the lines rounded to the cent, and TotalImpuestosTrasladados is the sum of the
 *   rounded groups (the SAT's checks compare exactly those figures).
 * - IEPS at a rate is part of IVA's base (Ley del IVA art. 18, Anexo 20): a line's IEPS is computed first.
 * - A payment (Pagos 2.0) carries the share of the invoice's taxes it pays: base × paid/total and that
 *   base's tax at its rate, six decimals; the Pago's TrasladosP are the sum of its documents' (truncated to six decimals, as the
 *   field's reference implementation, phpcfdi's CfdiUtils SumasPagos20, does); the Totales node is those
 *   sums in MXN rounded to the cent.
 * Amounts are MXN numbers; rounding is half away from zero after reading at 15 significant digits, as
 * roundCents does, so binary noise (2.9749999…) never decides a cent.
 */
import { roundCents } from '../sales';
import type { CfdiConcepto, CfdiPago, CfdiTraslado } from './comprobante';

export const IVA = '002';
export const IEPS = '003';

/** Six decimals, half away from zero: a line tax or a payment's share as the XML writes it. */
export function roundSix(value: number): number {
  const millionths = Number((Math.abs(value) * 1_000_000).toPrecision(15));
  return (Math.sign(value) * Math.round(millionths)) / 1_000_000;
}

/** Six decimals, towards zero (the Pagos 2.0 payment-level sums). */
function truncateSix(value: number): number {
  const millionths = Number((Math.abs(value) * 1_000_000).toPrecision(15));
  return (Math.sign(value) * Math.trunc(millionths)) / 1_000_000;
}

export interface ConceptTaxInput {
  /** The line's amount before taxes (cantidad × valorUnitario, to the cent). */
  importe: number;
  objetoImp: '01' | '02' | '03';
  /** IVA as a fraction (0.16, 0.08, 0); null when the line is exempt. */
  ivaRate: number | null;
  /** IEPS at a rate (e.g. 0.08 for high-calorie food); absent or null when it does not apply. */
  iepsRate?: number | null;
}

/**
 * The traslados of one line: IEPS first when it applies (its importe joins IVA's base), then IVA at its
 * rate or exempt. A line not subject to tax ('01') or not obliged to break it down ('03') carries none.
 */
export function conceptTaxes(line: ConceptTaxInput): CfdiTraslado[] {
  if (line.objetoImp !== '02') return [];
  const traslados: CfdiTraslado[] = [];
  let ivaBase = line.importe;
  if (line.iepsRate != null) {
    const iepsImporte = roundSix(line.importe * line.iepsRate);
    traslados.push({
      base: roundSix(line.importe),
      impuesto: IEPS,
      tipoFactor: 'Tasa',
      tasaOCuota: line.iepsRate,
      importe: iepsImporte,
    });
    ivaBase = roundSix(line.importe + iepsImporte);
  }
  traslados.push(
    line.ivaRate === null
      ? { base: roundSix(ivaBase), impuesto: IVA, tipoFactor: 'Exento', tasaOCuota: null, importe: null }
      : {
          base: roundSix(ivaBase),
          impuesto: IVA,
          tipoFactor: 'Tasa',
          tasaOCuota: line.ivaRate,
          importe: roundSix(ivaBase * line.ivaRate),
        },
  );
  return traslados;
}

export interface ComprobanteTotals {
  /** The sum of the lines' importes, to the cent. */
  subTotal: number;
  /** The voucher's Impuestos/Traslados: one per (impuesto, tipoFactor, tasaOCuota), Base and Importe to the cent. */
  traslados: CfdiTraslado[];
  /** The sum of the non-exempt groups' importes; null when every tax is exempt or there is none (the node's attribute is then left out). */
  totalImpuestosTrasladados: number | null;
  /** SubTotal + TotalImpuestosTrasladados (this product gives no discounts and withholds nothing). */
  total: number;
}

function groupKey(traslado: Pick<CfdiTraslado, 'impuesto' | 'tipoFactor' | 'tasaOCuota'>): string {
  return `${traslado.impuesto}|${traslado.tipoFactor}|${traslado.tasaOCuota ?? ''}`;
}

/**
 * Adds traslados of the same (impuesto, tipoFactor, tasaOCuota), in the order each group first appears,
 * leaving the sums unrounded for the caller to round as its node asks.
 */
function sumByGroup(traslados: readonly CfdiTraslado[]): CfdiTraslado[] {
  const groups = new Map<string, CfdiTraslado>();
  for (const traslado of traslados) {
    const key = groupKey(traslado);
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { ...traslado });
    } else {
      group.base += traslado.base;
      if (group.importe !== null && traslado.importe !== null) group.importe += traslado.importe;
    }
  }
  return [...groups.values()];
}

export function comprobanteTotals(conceptos: readonly CfdiConcepto[]): ComprobanteTotals {
  const subTotal = roundCents(conceptos.reduce((sum, concepto) => sum + concepto.importe, 0));
  const traslados = sumByGroup(conceptos.flatMap((concepto) => concepto.traslados)).map((group) => ({
    ...group,
    base: roundCents(group.base),
    importe: group.importe === null ? null : roundCents(group.importe),
  }));
  const taxed = traslados.filter((traslado) => traslado.tipoFactor !== 'Exento');
  const totalImpuestosTrasladados =
    taxed.length === 0 ? null : roundCents(taxed.reduce((sum, traslado) => sum + (traslado.importe ?? 0), 0));
  return {
    subTotal,
    traslados,
    totalImpuestosTrasladados,
    total: roundCents(subTotal + (totalImpuestosTrasladados ?? 0)),
  };
}

/**
 * A payment's share of an invoice's taxes (Pagos 2.0 ImpuestosDR/TrasladosDR): each of the invoice's
 * grouped traslados (comprobanteTotals().traslados) with its base × paid/total, six decimals, and the
 * tax of that base at its rate. The tax is not the invoice's importe × paid/total: that importe was
 * rounded to the cent, so its share would differ from BaseDR × TasaOCuotaDR, the product a PAC can
 * check from the XML alone (on 500 of the 897.59 sample: 4.81 × 500/897.59 is 2.679397, 16.761550 × 0.16 is 2.681848).
 */
export function prorateTaxes(invoiceTraslados: readonly CfdiTraslado[], invoiceTotal: number, paid: number): CfdiTraslado[] {
  const share = paid / invoiceTotal;
  return invoiceTraslados.map((traslado) => {
    const base = roundSix(traslado.base * share);
    return {
      ...traslado,
      base,
      importe: traslado.tasaOCuota === null ? null : roundSix(base * traslado.tasaOCuota),
    };
  });
}

/** The Pagos 2.0 Totales node's figures, in MXN to the cent; a figure is absent when no tax of its kind was paid. */
export interface PagosTotales {
  totalTrasladosBaseIVA16?: number;
  totalTrasladosImpuestoIVA16?: number;
  totalTrasladosBaseIVA8?: number;
  totalTrasladosImpuestoIVA8?: number;
  totalTrasladosBaseIVA0?: number;
  totalTrasladosImpuestoIVA0?: number;
  totalTrasladosBaseIVAExento?: number;
  montoTotalPagos: number;
}

export interface PagoTaxes {
  totales: PagosTotales;
  /** The Pago's ImpuestosP/TrasladosP: its documents' TrasladosDR grouped, six decimals. */
  trasladosP: CfdiTraslado[];
}

/**
 * The figures of a Pagos 2.0 complement with one Pago in MXN (TipoCambioP 1, EquivalenciaDR 1, so no
 * conversion): TrasladosP sum the documents' TrasladosDR by group, and Totales are those sums to the cent.
 */
export function pagosTotales(pago: CfdiPago): PagoTaxes {
  const trasladosP = sumByGroup(pago.documentos.flatMap((documento) => documento.traslados)).map((group) => ({
    ...group,
    base: truncateSix(group.base),
    importe: group.importe === null ? null : truncateSix(group.importe),
  }));
  const totales: PagosTotales = { montoTotalPagos: roundCents(pago.monto) };
  for (const traslado of trasladosP) {
    if (traslado.impuesto !== IVA) continue;
    const base = roundCents(traslado.base);
    const importe = roundCents(traslado.importe ?? 0);
    if (traslado.tipoFactor === 'Exento') totales.totalTrasladosBaseIVAExento = base;
    else if (traslado.tasaOCuota === 0.16) {
      totales.totalTrasladosBaseIVA16 = base;
      totales.totalTrasladosImpuestoIVA16 = importe;
    } else if (traslado.tasaOCuota === 0.08) {
      totales.totalTrasladosBaseIVA8 = base;
      totales.totalTrasladosImpuestoIVA8 = importe;
    } else if (traslado.tasaOCuota === 0) {
      totales.totalTrasladosBaseIVA0 = base;
      totales.totalTrasladosImpuestoIVA0 = importe;
    }
  }
  return { totales, trasladosP };
}
