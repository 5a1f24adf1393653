/**
 * Sealed vouchers for the PAC's tests: the sample invoice (tests/server/cfdi-samples.ts) dated now at
 * Mexico City's time, written by the product's XML writer and sealed with the SAT's test CSD, as
 * the stamping queue hands them to a PAC. `total` writes a wrong Total before sealing, for a
 * document whose seal is good and whose amounts do not add up.
 */
import { readFile } from 'node:fs/promises';
import { DOMParser, XMLSerializer, type Document } from '@xmldom/xmldom';
import type { CfdiComprobante } from '../../domain/cfdi/comprobante';
import { openCsd, type Csd } from '../../server/cfdi/csd';
import { sealXml } from '../../server/cfdi/seal';
import { comprobanteXml } from '../../server/cfdi/xml';
import { sampleIngresoPue, sampleReceptorPruebas } from './cfdi-samples';

let testCsd: Promise<Csd> | null = null;

/** The SAT's published test CSD (EKU9003173C9, password 12345678a). */
export function sampleCsd(): Promise<Csd> {
  testCsd ??= (async () =>
    openCsd(await readFile('tests/fixtures/csd/EKU9003173C9.cer'), await readFile('tests/fixtures/csd/EKU9003173C9.key'), '12345678a'))();
  return testCsd;
}

/** Now as Fecha is written: local time at UTC−6 (Mexico City), without zone. */
export function mexicoCityNow(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs - 6 * 3_600_000).toISOString().slice(0, 19);
}

export interface SealedSample {
  xml: string;
  sello: string;
  total: number;
}

export interface SampleOptions {
  folio: string;
  /** A Total that does not add up, written before sealing. */
  total?: number;
  fecha?: string;
  change?: Partial<CfdiComprobante>;
  /** Any other edit of the written XML before it is sealed. */
  edit?: (document: Document) => void;
}

export async function sealedSample(options: SampleOptions): Promise<SealedSample> {
  const csd = await sampleCsd();
  const comprobante: CfdiComprobante = {
    ...sampleIngresoPue,
    receptor: sampleReceptorPruebas,
    folio: options.folio,
    fecha: options.fecha ?? mexicoCityNow(),
    ...options.change,
  };
  let xml = comprobanteXml(comprobante, { noCertificado: csd.noCertificado, certificadoBase64: csd.certificadoBase64 });
  if (options.total !== undefined || options.edit) {
    const document = new DOMParser().parseFromString(xml, 'text/xml');
    if (options.total !== undefined) document.documentElement!.setAttribute('Total', options.total.toFixed(2));
    options.edit?.(document);
    xml = new XMLSerializer().serializeToString(document);
  }
  const sealed = await sealXml(xml, csd);
  const root = new DOMParser().parseFromString(sealed.xml, 'text/xml').documentElement!;
  return { xml: sealed.xml, sello: root.getAttribute('Sello') ?? '', total: Number(root.getAttribute('Total')) };
}
