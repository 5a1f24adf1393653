/**
 * Sealing a CFDI 4.0: the cadena original (the SAT's XSLT, cadena.ts) signed with the business's
 * CSD (csd.ts), the signature put in the Comprobante's Sello attribute. The XML writer already put
 * NoCertificado and Certificado and an empty Sello; the Sello is not part of the cadena, so the
 * cadena of the sealed document is the one that was signed — which is what verifyXmlSeal checks,
 * as the PAC and the SAT do.
 */
import { X509Certificate } from 'node:crypto';
import { DOMParser, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';
import { cadenaOriginal } from './cadena';
import { verifySello, type Csd } from './csd';

const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';

/** The document's cfdi:Comprobante (the root), or an error for anything else. */
function comprobante(xml: string): { document: Document; root: Element } {
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (!root || root.namespaceURI !== CFDI_NAMESPACE || root.localName !== 'Comprobante') {
    throw new Error('seal: the document is not a CFDI 4.0 (cfdi:Comprobante of http://www.sat.gob.mx/cfd/4)');
  }
  return { document, root };
}

/** Seals a CFDI written for this CSD: returns the sealed XML, the cadena that was signed and the seal. */
export async function sealXml(unsealedXml: string, csd: Csd): Promise<{ xml: string; cadena: string; sello: string }> {
  const { document, root } = comprobante(unsealedXml);
  // A seal by one certificate on a document naming another is refused by the PAC: catch it here, where the cause is known.
  if (root.getAttribute('NoCertificado') !== csd.noCertificado || root.getAttribute('Certificado') !== csd.certificadoBase64) {
    throw new Error(
      `seal: the document names certificate ${root.getAttribute('NoCertificado') ?? '(none)'}, the CSD is ${csd.noCertificado}`,
    );
  }
  const cadena = await cadenaOriginal(unsealedXml);
  const sello = csd.sign(cadena);
  root.setAttribute('Sello', sello);
  const xml = new XMLSerializer().serializeToString(document);
  return { xml, cadena, sello };
}

/**
 * Whether a CFDI's Sello is the signature of its cadena original by the certificate it carries,
 * and that certificate is the one its NoCertificado names. The fake PAC's check, and the SAT's.
 */
export async function verifyXmlSeal(xml: string): Promise<boolean> {
  const { root } = comprobante(xml);
  const sello = root.getAttribute('Sello') ?? '';
  const certificado = root.getAttribute('Certificado') ?? '';
  if (!sello || !certificado || !namesCertificate(root.getAttribute('NoCertificado') ?? '', certificado)) return false;
  return verifySello(await cadenaOriginal(xml), sello, certificado);
}

/** Whether the 20-digit NoCertificado is the serial of the certificate (its bytes are those ASCII digits). */
function namesCertificate(noCertificado: string, certificadoBase64: string): boolean {
  try {
    const serial = new X509Certificate(Buffer.from(certificadoBase64, 'base64')).serialNumber;
    return Buffer.from(serial, 'hex').toString('latin1') === noCertificado;
  } catch {
    return false;
  }
}
