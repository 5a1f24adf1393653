/**
 * The cadena original of a CFDI 4.0 and of its Timbre Fiscal Digital 1.1, built by the SAT's own
 * stylesheets (server/cfdi/sat/cfd/, the SAT's XSLT 2.0) run by saxon-js. The stylesheets are
 * compiled once to SEF by scripts/compile-cadena-xslt.mjs and committed; each is loaded the first
 * time it is needed and kept for the life of the process (a module import is evaluated once).
 *
 * The cadena is what the seal signs: any difference from the SAT's (a space, an accent, the order
 * of a complement's attributes) makes the PAC refuse the document, hence the SAT's XSLT and not a
 * hand-written walk of the attributes.
 */
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import SaxonJS from 'saxon-js';

const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';

/** The stylesheets, parsed from their SEF on first use (esbuild bundles each as a chunk of its own). */
const comprobanteStylesheet = () =>
  import('./sat/cadenaoriginal_4_0.sef.json', { with: { type: 'json' } }).then((module) => module.default);
const timbreStylesheet = () => import('./sat/cadenaoriginal_TFD_1_1.sef.json', { with: { type: 'json' } }).then((module) => module.default);

function transform(stylesheet: unknown, xml: string): string {
  return SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
}

/**
 * The cadena original of a CFDI 4.0 ('||4.0|Serie|Folio|…||'), including its Pagos 2.0
 * complement's part. The Sello attribute is not part of it, so the XML may carry it or not.
 */
export async function cadenaOriginal(xml: string): Promise<string> {
  const cadena = transform(await comprobanteStylesheet(), xml);
  // The SAT's stylesheet prints just its '|' and '||' for a root that is not a CFDI 4.0 Comprobante.
  if (cadena === '|||') throw new Error('cadenaOriginal: the document is not a CFDI 4.0 (cfdi:Comprobante of http://www.sat.gob.mx/cfd/4)');
  return cadena;
}

/**
 * The cadena original of a Timbre Fiscal Digital 1.1 ('||1.1|UUID|FechaTimbrado|RfcProvCertif|…||'),
 * the one the SAT's seal (SelloSAT) signs and the printed invoice shows. Takes the TFD element alone,
 * or a stamped CFDI that carries it.
 */
export async function tfdCadenaOriginal(tfdXml: string): Promise<string> {
  const cadena = transform(await timbreStylesheet(), timbreElement(tfdXml));
  if (cadena === '|||') throw new Error('tfdCadenaOriginal: no tfd:TimbreFiscalDigital in the document');
  return cadena;
}

/** The TFD element as a document of its own: the SAT's stylesheet matches it only as the root. */
function timbreElement(xml: string): string {
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (!root || (root.namespaceURI === TFD_NAMESPACE && root.localName === 'TimbreFiscalDigital')) return xml;
  const timbre = document.getElementsByTagNameNS(TFD_NAMESPACE, 'TimbreFiscalDigital').item(0);
  return timbre ? new XMLSerializer().serializeToString(timbre) : xml;
}
