/**
 * A sample CFDI (cfdi-samples.ts) as a PAC hands it back: written by server/cfdi/xml.ts, its Sello
 * set and a TimbreFiscalDigital 1.1 added (withStamp). The seals are not computed over a cadena:
 * readers and the printed representation only carry them, so they are deterministic stand-ins of
 * a real seal's shape (256 bytes, 344 characters of base64), different for each voucher and seal.
 */
import { createHash } from 'node:crypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { create } from 'xmlbuilder2';
import type { CfdiComprobante } from '../../domain/cfdi/comprobante';
import { comprobanteXml, TFD_NAMESPACE, withStamp } from '../../server/cfdi/xml';

export const sampleNoCertificado = '30001000000500003416';
export const sampleNoCertificadoSat = '30001000000500003456';
export const sampleRfcProvCertif = 'SPR190613I52';

/** 256 bytes in base64, the size of a seal made with a 2048-bit key, from `seed`. */
export function fakeSeal(seed: string): string {
  const bytes: Buffer[] = [];
  let block = createHash('sha256').update(seed).digest();
  while (bytes.length < 8) {
    bytes.push(block);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat(bytes).toString('base64');
}

export interface SampleStamp {
  uuid: string;
  fechaTimbrado: string;
  leyenda?: string;
}

/** The voucher sealed (a stand-in seal) and stamped with `stamp`; unstamped when `stamp` is null. */
export function stampedSampleXml(comprobante: CfdiComprobante, stamp: SampleStamp | null): string {
  const unsealed = comprobanteXml(comprobante, {
    noCertificado: sampleNoCertificado,
    certificadoBase64: Buffer.from('certificado de prueba').toString('base64'),
  });
  const document = new DOMParser().parseFromString(unsealed, 'text/xml');
  const sello = fakeSeal(`${comprobante.serie}-${comprobante.folio}`);
  document.documentElement!.setAttribute('Sello', sello);
  const sealed = new XMLSerializer().serializeToString(document);
  if (!stamp) return sealed;
  const tfd = create().ele(TFD_NAMESPACE, 'tfd:TimbreFiscalDigital', {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation':
      'http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
    Version: '1.1',
    UUID: stamp.uuid,
    FechaTimbrado: stamp.fechaTimbrado,
    RfcProvCertif: sampleRfcProvCertif,
    ...(stamp.leyenda ? { Leyenda: stamp.leyenda } : {}),
    SelloCFD: sello,
    NoCertificadoSAT: sampleNoCertificadoSat,
    SelloSAT: fakeSeal(`SAT ${stamp.uuid}`),
  });
  return withStamp(sealed, tfd.end());
}
