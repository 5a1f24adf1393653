/**
 * A fake PAC for tests: an HTTP server on 127.0.0.1 that speaks SW sapien's endpoints and JSON as
 * server/cfdi/pac/sw.ts does (docs/decisions/017), and checks before stamping what a real PAC checks:
 *
 * - the XML is valid against the SAT's schemas (cfdv40.xsd, Pagos20.xsd; tests/server/sat-schemas.ts);
 * - the seal verifies with the certificate the XML carries (server/cfdi/seal.ts), that certificate is
 *   a CSD of the issuer's RFC and was valid on the voucher's Fecha;
 * - Fecha is within the last 72 hours and not ahead of the clock (read at UTC−6, Mexico City's time;
 *   a tolerance of 65 minutes lets the south-east's UTC−5 through);
 * - RFCs are well formed with their check digit (generic RFCs excepted), catalogue keys are the
 *   SAT's (régimen, uso CFDI and the uso the régimen admits, forma and método de pago, ObjetoImp,
 *   ClaveUnidad among the keys the product offers, ClaveProdServ of 8 digits) and 'Público en
 *   general' has régimen 616, uso S01 and the issuer's postal code;
 * - amounts add up: each Importe is Cantidad × ValorUnitario, SubTotal = Σ Importe, each line
 *   tax = Base × rate, the voucher's Traslados = the lines' by tax and rate, TotalImpuestosTrasladados
 *   = their sum, Total = SubTotal − Descuento + TotalImpuestosTrasladados.
 *
 * Refusals answer like SW: HTTP 400 {status: 'error', message: '<code> - <text>'}. The codes are the
 * SAT's (301–305 of the PAC's validation, 401 for the 72 hours) or CFDI40xxx-style ones of the SAT's
 * error matrix; the numbers of the latter are the fake's approximation, not a copy of the matrix.
 * A stamp adds a TimbreFiscalDigital 1.1 signed with the fake's own key. The same XML stamped again
 * (same Sello) answers 307 with the first stamp, as SW does; the same customid with another XML is
 * refused (CFDI3307). Every answer to a stamp is counted per UUID (`stamps`), so a test can say
 * "stamped once". Cancellation is immediate unless setCancelPending(true): then it stays 'En proceso'
 * until acceptCancellation or rejectCancellation. The SAT's status service answers at
 * /ConsultaCFDIService.svc (SOAP, as the SAT's). setDown(true) answers 503; setDown('reset') drops the
 * connection.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { create } from 'xmlbuilder2';
import { Certificate, Credential } from '@nodecfdi/credentials/node';
import { Rfc } from '@nodecfdi/rfc';
import { formaPago, metodoPago, objetoImp, regimenFiscal, usoAdmits, usoCfdi } from '../../domain/cfdi/catalogs';
import { isProductKeyFormat, isUnitKey } from '../../domain/cfdi/product-keys';
import { CFDI_NAMESPACE, TFD_NAMESPACE, withStamp } from '../../server/cfdi/xml';
import { verifyXmlSeal } from '../../server/cfdi/seal';
import { validateAgainstSat } from './sat-schemas';

export interface FakePacOptions {
  user?: string;
  password?: string;
  /** Seconds a login's token lives (SW: 2 hours). */
  tokenLifetimeSeconds?: number;
  /** The clock the fake judges Fecha by and writes FechaTimbrado with. */
  now?: () => Date;
  /**
   * Validate against the SAT's schemas (default true). xmllint takes some 300 ms a document: a
   * benchmark of a thousand stamps may turn it off and say so with its figure.
   */
  validateSchemas?: boolean;
  /**
   * The port to listen on (default: a free one). The end-to-end web server is started apart with
   * PAC_URL fixed in playwright.config.ts, so its fake must be found there.
   */
  port?: number;
}

/** One document the fake stamped, as a test inspects it. */
export interface FakeStamp {
  uuid: string;
  xml: string;
  customId: string | null;
  serie: string;
  folio: string;
  tipoDeComprobante: string;
  rfcEmisor: string;
  rfcReceptor: string;
  total: number;
  /** 'vigente' until a cancellation; 'en_proceso' while the receiver may answer; 'rechazada' when they refused. */
  state: 'vigente' | 'en_proceso' | 'cancelado' | 'rechazada';
  motivo?: string;
  folioSustitucion?: string;
}

export interface FakePac {
  url: string;
  user: string;
  password: string;
  /** The key SelloSAT verifies with (PEM), the fake's stand-in for the SAT's certificate. */
  publicKeyPem: string;
  /** Stamp requests answered per UUID: the first stamp and every 307 that gave it back. */
  stamps: Map<string, number>;
  /** Every document stamped, in order. */
  documents(): FakeStamp[];
  stampedXml(uuid: string): string | undefined;
  /** How many times someone logged in. */
  readonly logins: number;
  /** Requests refused or answered per path, for tests that count calls. */
  readonly calls: Map<string, number>;
  setDown(down: boolean | 'reset'): void;
  setCancelPending(pending: boolean): void;
  /** Delay every answer (a PAC that is slow, for timeouts). */
  setLatency(ms: number): void;
  acceptCancellation(uuid: string): void;
  rejectCancellation(uuid: string): void;
  /** Forget issued tokens (a token SW revoked): the next call with one gets 401. */
  revokeTokens(): void;
  stop(): Promise<void>;
}

interface StoredStamp extends FakeStamp {
  /** What SW's v4 answers for this stamp, again on a 307. */
  answer: Record<string, string>;
}

interface Refusal {
  code: string;
  text: string;
}

const refuse = (code: string, text: string): Refusal => ({ code, text });

/** The fake's own identity as a PAC: the TFD's RfcProvCertif and NoCertificadoSAT (not the SAT's). */
const FAKE_RFC_PROV_CERTIF = 'AAA010101AAA';
const FAKE_NO_CERTIFICADO_SAT = '00001000000000000001';
const MEXICO_CITY_OFFSET_MS = -6 * 3_600_000;
const FUTURE_TOLERANCE_MS = 65 * 60_000;
const SEVENTY_TWO_HOURS_MS = 72 * 3_600_000;
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const CONSULTA_NS = 'http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

/** A local date-time without zone (as Fecha is written), read at Mexico City's UTC−6. */
function mexicoCityInstant(local: string): number {
  return Date.parse(`${local}Z`) - MEXICO_CITY_OFFSET_MS;
}

function mexicoCityLocal(instant: Date): string {
  return new Date(instant.getTime() + MEXICO_CITY_OFFSET_MS).toISOString().slice(0, 19);
}

const near = (a: number, b: number, tolerance = 0.01) => Math.abs(a - b) <= tolerance + 1e-9;
const num = (element: Element, name: string) => Number(element.getAttribute(name) ?? 'NaN');

function children(parent: Element | null | undefined, localName: string): Element[] {
  if (!parent) return [];
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === localName && (node as Element).namespaceURI === CFDI_NAMESPACE) {
      found.push(node as Element);
    }
  }
  return found;
}

const child = (parent: Element | null | undefined, localName: string) => children(parent, localName)[0] ?? null;

function rfcRefusal(rfc: string, who: 'emisor' | 'receptor'): Refusal | null {
  const code = who === 'emisor' ? 'CFDI40131' : 'CFDI40143';
  const parsed = Rfc.parseOrNull(rfc);
  if (!parsed) return refuse(code, `El RFC del ${who} (${rfc}) no tiene la forma de un RFC.`);
  if (!parsed.isGeneric() && !parsed.isForeign() && !parsed.doesCheckSumMatch()) {
    return refuse(code, `El dígito verificador del RFC del ${who} (${rfc}) no corresponde.`);
  }
  return null;
}

/** The catalogue and RFC checks the SAT's matrix makes on the issuer, the receiver and the lines. */
function catalogueRefusal(root: Element): Refusal | null {
  const emisor = child(root, 'Emisor');
  const receptor = child(root, 'Receptor');
  if (!emisor || !receptor) return refuse('301', 'XML mal formado: faltan Emisor o Receptor.');
  const rfcEmisor = emisor.getAttribute('Rfc') ?? '';
  const rfcReceptor = receptor.getAttribute('Rfc') ?? '';
  const bad = rfcRefusal(rfcEmisor, 'emisor') ?? rfcRefusal(rfcReceptor, 'receptor');
  if (bad) return bad;
  const kindOf = (rfc: string) => (rfc.length === 12 ? 'moral' : 'fisica');
  const regimenEmisor = emisor.getAttribute('RegimenFiscal') ?? '';
  const regimen = regimenFiscal(regimenEmisor);
  if (!regimen || !regimen[kindOf(rfcEmisor)]) {
    return refuse(
      'CFDI40134',
      `El RegimenFiscal del emisor (${regimenEmisor}) no es una clave de c_RegimenFiscal que corresponda a su RFC.`,
    );
  }
  const regimenReceptor = receptor.getAttribute('RegimenFiscalReceptor') ?? '';
  const uso = receptor.getAttribute('UsoCFDI') ?? '';
  const generic = rfcReceptor === 'XAXX010101000' || rfcReceptor === 'XEXX010101000';
  if (!regimenFiscal(regimenReceptor) || (!generic && !regimenFiscal(regimenReceptor)?.[kindOf(rfcReceptor)])) {
    return refuse(
      'CFDI40158',
      `El RegimenFiscalReceptor (${regimenReceptor}) no es una clave de c_RegimenFiscal que corresponda a su RFC.`,
    );
  }
  if (!usoCfdi(uso)) return refuse('CFDI40157', `El UsoCFDI (${uso}) no es una clave de c_UsoCFDI.`);
  if (!usoAdmits(uso, regimenReceptor, generic ? undefined : kindOf(rfcReceptor))) {
    return refuse('CFDI40161', `El UsoCFDI (${uso}) no aplica al régimen fiscal del receptor (${regimenReceptor}).`);
  }
  if (rfcReceptor === 'XAXX010101000') {
    if (regimenReceptor !== '616' || uso !== 'S01') {
      return refuse('CFDI40147', 'Con el RFC genérico XAXX010101000 el régimen del receptor debe ser 616 y el uso S01.');
    }
    if (receptor.getAttribute('DomicilioFiscalReceptor') !== root.getAttribute('LugarExpedicion')) {
      return refuse('CFDI40149', 'Con el RFC genérico XAXX010101000 el DomicilioFiscalReceptor debe ser el LugarExpedicion.');
    }
  }
  const forma = root.getAttribute('FormaPago');
  if (forma !== null && !formaPago(forma)) return refuse('CFDI40103', `La FormaPago (${forma}) no es una clave de c_FormaPago.`);
  const metodo = root.getAttribute('MetodoPago');
  if (metodo !== null && !metodoPago(metodo)) return refuse('CFDI40123', `El MetodoPago (${metodo}) no es una clave de c_MetodoPago.`);
  if (metodo === 'PPD' && forma !== '99') return refuse('CFDI40124', 'Con MetodoPago PPD la FormaPago debe ser 99 (Por definir).');
  for (const concepto of children(child(root, 'Conceptos'), 'Concepto')) {
    const clave = concepto.getAttribute('ClaveProdServ') ?? '';
    if (!isProductKeyFormat(clave)) return refuse('CFDI40162', `La ClaveProdServ (${clave}) no es una clave de c_ClaveProdServ.`);
    const unidad = concepto.getAttribute('ClaveUnidad') ?? '';
    if (!isUnitKey(unidad)) return refuse('CFDI40163', `La ClaveUnidad (${unidad}) no es una clave de c_ClaveUnidad.`);
    const objeto = concepto.getAttribute('ObjetoImp') ?? '';
    if (!objetoImp(objeto)) return refuse('CFDI40164', `El ObjetoImp (${objeto}) no es una clave de c_ObjetoImp.`);
  }
  return null;
}

/** The amounts add up, line by line and for the voucher (Ingreso and Egreso; a Pago carries zeros). */
function totalsRefusal(root: Element): Refusal | null {
  const tipo = root.getAttribute('TipoDeComprobante');
  if (tipo !== 'I' && tipo !== 'E') return null;
  const conceptos = children(child(root, 'Conceptos'), 'Concepto');
  let sumImportes = 0;
  let sumDescuentos = 0;
  const lineTaxes = new Map<string, { base: number; importe: number }>();
  for (const [index, concepto] of conceptos.entries()) {
    const importe = num(concepto, 'Importe');
    if (!near(importe, num(concepto, 'Cantidad') * num(concepto, 'ValorUnitario'))) {
      return refuse('CFDI40152', `El Importe del concepto ${index + 1} (${importe}) no es Cantidad × ValorUnitario.`);
    }
    sumImportes += importe;
    sumDescuentos += Number(concepto.getAttribute('Descuento') ?? 0);
    const traslados = children(child(child(concepto, 'Impuestos'), 'Traslados'), 'Traslado');
    if (concepto.getAttribute('ObjetoImp') === '02' && traslados.length === 0) {
      return refuse('CFDI40166', `El concepto ${index + 1} es objeto de impuesto (02) y no trae sus impuestos.`);
    }
    for (const traslado of traslados) {
      const factor = traslado.getAttribute('TipoFactor') ?? '';
      const rate = traslado.getAttribute('TasaOCuota') ?? '';
      const base = num(traslado, 'Base');
      const amount = factor === 'Exento' ? 0 : num(traslado, 'Importe');
      if (factor !== 'Exento' && !near(amount, base * Number(rate))) {
        return refuse('CFDI40175', `El Importe del traslado del concepto ${index + 1} (${amount}) no es Base × TasaOCuota.`);
      }
      const key = `${traslado.getAttribute('Impuesto')}|${factor}|${factor === 'Exento' ? '' : Number(rate).toFixed(6)}`;
      const group = lineTaxes.get(key) ?? { base: 0, importe: 0 };
      lineTaxes.set(key, { base: group.base + base, importe: group.importe + amount });
    }
  }
  const subTotal = num(root, 'SubTotal');
  if (!near(subTotal, sumImportes)) {
    return refuse(
      'CFDI40108',
      `El SubTotal (${subTotal}) no es igual a la suma de los importes de los conceptos (${sumImportes.toFixed(2)}).`,
    );
  }
  const impuestos = child(root, 'Impuestos');
  const voucherTraslados = children(child(impuestos, 'Traslados'), 'Traslado');
  let sumVoucher = 0;
  const seen = new Set<string>();
  for (const traslado of voucherTraslados) {
    const factor = traslado.getAttribute('TipoFactor') ?? '';
    const rate = traslado.getAttribute('TasaOCuota') ?? '';
    const key = `${traslado.getAttribute('Impuesto')}|${factor}|${factor === 'Exento' ? '' : Number(rate).toFixed(6)}`;
    const lines = lineTaxes.get(key);
    const amount = factor === 'Exento' ? 0 : num(traslado, 'Importe');
    if (!lines || !near(num(traslado, 'Base'), lines.base) || !near(amount, lines.importe)) {
      return refuse(
        'CFDI40195',
        `El traslado ${key.replaceAll('|', ' ')} del comprobante no es la suma de los traslados de los conceptos.`,
      );
    }
    seen.add(key);
    sumVoucher += amount;
  }
  if (seen.size !== lineTaxes.size) return refuse('CFDI40195', 'Los traslados del comprobante no incluyen todos los de los conceptos.');
  const declared = impuestos?.getAttribute('TotalImpuestosTrasladados');
  const hasTaxed = [...lineTaxes.keys()].some((key) => !key.includes('|Exento|'));
  if ((declared === null || declared === undefined) && hasTaxed) {
    return refuse('CFDI40183', 'Falta TotalImpuestosTrasladados habiendo traslados con tasa.');
  }
  const totalTraslados = Number(declared ?? 0);
  if (!near(totalTraslados, sumVoucher)) {
    return refuse('CFDI40183', `TotalImpuestosTrasladados (${totalTraslados}) no es la suma de los traslados (${sumVoucher.toFixed(2)}).`);
  }
  const retenidos = Number(impuestos?.getAttribute('TotalImpuestosRetenidos') ?? 0);
  const descuento = Number(root.getAttribute('Descuento') ?? 0);
  if (!near(descuento, sumDescuentos)) return refuse('CFDI40111', 'El Descuento no es la suma de los descuentos de los conceptos.');
  const expected = subTotal - descuento + totalTraslados - retenidos;
  const total = num(root, 'Total');
  if (!near(total, expected)) {
    return refuse(
      'CFDI40119',
      `El Total (${total}) no es SubTotal − Descuento + impuestos trasladados − retenidos (${expected.toFixed(2)}).`,
    );
  }
  return null;
}

/** The certificate the XML carries: a CSD of the issuer, valid on Fecha. */
function certificateRefusal(root: Element, fechaInstant: number): Refusal | null {
  let certificate: Certificate;
  try {
    certificate = new Certificate(root.getAttribute('Certificado') ?? '');
  } catch {
    return refuse('302', 'Sello mal formado o inválido: el Certificado no se pudo leer.');
  }
  if (!certificate.satType().isCsd()) return refuse('306', 'El certificado no es de tipo CSD.');
  const rfcEmisor = child(root, 'Emisor')?.getAttribute('Rfc');
  if (certificate.rfc() !== rfcEmisor) return refuse('303', `Sello no corresponde a emisor: el certificado es de ${certificate.rfc()}.`);
  if (root.getAttribute('NoCertificado') !== certificate.serialNumber().bytes()) {
    return refuse('CFDI40104', 'El NoCertificado no es el número de serie del Certificado.');
  }
  if (fechaInstant < certificate.validFrom().getTime() || fechaInstant > certificate.validTo().getTime()) {
    return refuse('305', 'La fecha de emisión no está dentro de la vigencia del CSD del emisor.');
  }
  return null;
}

export async function startFakePac(options: FakePacOptions = {}): Promise<FakePac> {
  const user = options.user ?? 'fake-pac-user';
  const password = options.password ?? 'fake-pac-password';
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? 7200;
  const now = options.now ?? (() => new Date());
  // The fake's own signing key for SelloSAT (1024 bits: stamping a thousand sales stays fast).
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const tokens = new Map<string, number>();
  const stamps = new Map<string, number>();
  const calls = new Map<string, number>();
  const documents: StoredStamp[] = [];
  const byUuid = new Map<string, StoredStamp>();
  const bySello = new Map<string, StoredStamp>();
  const byCustomId = new Map<string, StoredStamp>();
  /** Stamps being checked, by Sello: a second request for the same XML waits for the first. */
  const inFlight = new Map<string, Promise<unknown>>();
  let down: boolean | 'reset' = false;
  let cancelPending = false;
  let latencyMs = 0;
  let logins = 0;

  function json(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }

  const swError = (response: ServerResponse, status: number, refusal: Refusal, data: unknown = null) =>
    json(response, status, { message: `${refusal.code} - ${refusal.text}`, messageDetail: null, data, status: 'error' });

  function authorized(request: IncomingMessage, response: ServerResponse): boolean {
    const header = request.headers.authorization ?? '';
    const token = /^bearer\s+(.+)$/i.exec(header)?.[1];
    const expires = token ? tokens.get(token) : undefined;
    if (expires !== undefined && expires > now().getTime()) return true;
    swError(response, 401, refuse('AU4101', token ? 'El token proporcionado no es válido o ha expirado.' : 'No se proporcionó un token.'));
    return false;
  }

  async function readBody(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  function authenticate(body: Buffer, response: ServerResponse) {
    let credentials: { user?: string; password?: string } = {};
    try {
      credentials = JSON.parse(body.toString('utf8')) as typeof credentials;
    } catch {
      /* refused below */
    }
    if (credentials.user !== user || credentials.password !== password) {
      return swError(response, 401, refuse('AU2000', 'El usuario y/o contraseña son inválidos, no se puede autenticar el servicio.'));
    }
    logins += 1;
    const token = randomBytes(24).toString('base64url');
    const expiresAt = now().getTime() + lifetimeSeconds * 1000;
    tokens.set(token, expiresAt);
    json(response, 200, { data: { token, expires_in: Math.floor(expiresAt / 1000), tokeny_type: 'bearer' }, status: 'success' });
  }

  /** Everything a real PAC checks before it stamps, in the order a refusal is most useful. */
  async function stampRefusal(xml: string, document: Document): Promise<Refusal | null> {
    const root = document.documentElement;
    if (!root || root.namespaceURI !== CFDI_NAMESPACE || root.localName !== 'Comprobante' || root.getAttribute('Version') !== '4.0') {
      return refuse('301', 'XML mal formado: no es un cfdi:Comprobante versión 4.0.');
    }
    const schemaErrors = options.validateSchemas === false ? [] : await validateAgainstSat(xml);
    if (schemaErrors.length > 0) return refuse('301', `XML mal formado: ${schemaErrors[0]}`);
    const fecha = root.getAttribute('Fecha') ?? '';
    const fechaInstant = mexicoCityInstant(fecha);
    const certificate = certificateRefusal(root, fechaInstant);
    if (certificate) return certificate;
    if (!(await verifyXmlSeal(xml))) return refuse('302', 'Sello mal formado o inválido.');
    const clock = now().getTime();
    if (fechaInstant > clock + FUTURE_TOLERANCE_MS) return refuse('401', `La Fecha (${fecha}) es posterior a la fecha de timbrado.`);
    if (clock - fechaInstant > SEVENTY_TWO_HOURS_MS) {
      return refuse('401', 'El rango de la fecha de generación no debe de ser mayor a 72 horas para la emisión del timbre.');
    }
    return catalogueRefusal(root) ?? totalsRefusal(root);
  }

  function timbre(root: Element) {
    const uuid = randomUUID().toUpperCase();
    const fechaTimbrado = mexicoCityLocal(now());
    const selloCfd = root.getAttribute('Sello') ?? '';
    // The TFD's cadena original, as the SAT's cadenaoriginal_TFD_1_1.xslt lays it out.
    const cadena = `||1.1|${uuid}|${fechaTimbrado}|${FAKE_RFC_PROV_CERTIF}|${selloCfd}|${FAKE_NO_CERTIFICADO_SAT}||`;
    const selloSat = createSign('RSA-SHA256').update(cadena, 'utf8').sign(privateKey, 'base64');
    const tfdXml = create()
      .ele(TFD_NAMESPACE, 'tfd:TimbreFiscalDigital')
      .att(
        XSI_NS,
        'xsi:schemaLocation',
        `${TFD_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`,
      )
      .att('Version', '1.1')
      .att('UUID', uuid)
      .att('FechaTimbrado', fechaTimbrado)
      .att('RfcProvCertif', FAKE_RFC_PROV_CERTIF)
      .att('SelloCFD', selloCfd)
      .att('NoCertificadoSAT', FAKE_NO_CERTIFICADO_SAT)
      .att('SelloSAT', selloSat)
      .end({ headless: true });
    return { uuid, fechaTimbrado, selloSat, tfdXml, cadena };
  }

  async function stamp(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    if (!authorized(request, response)) return;
    let xml: string;
    try {
      const form = await new Request('http://fake-pac.local/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
      const field = form.get('xml');
      if (field === null) throw new Error('no xml');
      xml = typeof field === 'string' ? field : await field.text();
    } catch {
      return swError(response, 400, refuse('CFDI33000', 'No se recibió el XML en el campo xml (multipart/form-data).'));
    }
    const customId = (request.headers.customid as string | undefined) ?? null;
    if (customId !== null && customId.length > 100) return swError(response, 400, refuse('CFDI3307', 'El customid excede 100 caracteres.'));
    let document: Document;
    try {
      document = new DOMParser().parseFromString(xml, 'text/xml');
    } catch {
      return swError(response, 400, refuse('301', 'XML mal formado.'));
    }
    const root = document.documentElement;
    const sello = root?.getAttribute('Sello') ?? '';
    // A second request for an XML still being checked waits for the first, so it finds its stamp.
    while (inFlight.has(sello)) await inFlight.get(sello);
    const previous = bySello.get(sello);
    const previousForCustomId = customId === null ? undefined : byCustomId.get(customId);
    if (previousForCustomId && previousForCustomId !== previous) {
      return swError(response, 400, refuse('CFDI3307', 'Timbre duplicado: el customid ya se usó con otro XML.'));
    }
    if (previous) {
      stamps.set(previous.uuid, (stamps.get(previous.uuid) ?? 0) + 1);
      return json(response, 400, {
        message: '307. El comprobante contiene un timbre previo.',
        messageDetail: null,
        data: previous.answer,
        status: 'error',
      });
    }
    let settle = () => {};
    inFlight.set(
      sello,
      new Promise<void>((resolve) => {
        settle = resolve;
      }),
    );
    try {
      const refusal = await stampRefusal(xml, document);
      if (refusal) return swError(response, 400, refusal);
      const stamped = timbre(root!);
      const cfdi = withStamp(xml, stamped.tfdXml);
      const emisor = child(root, 'Emisor');
      const receptor = child(root, 'Receptor');
      const answer = {
        cadenaOriginalSAT: stamped.cadena,
        noCertificadoSAT: FAKE_NO_CERTIFICADO_SAT,
        noCertificadoCFDI: root!.getAttribute('NoCertificado') ?? '',
        uuid: stamped.uuid.toLowerCase(),
        selloSAT: stamped.selloSat,
        selloCFDI: sello,
        fechaTimbrado: stamped.fechaTimbrado,
        // SW sends the QR as a PNG in base64; the product draws its own from the stamp, so the fake leaves it out.
        qrCode: '',
        cfdi,
      };
      const record: StoredStamp = {
        uuid: stamped.uuid,
        xml: cfdi,
        customId,
        serie: root!.getAttribute('Serie') ?? '',
        folio: root!.getAttribute('Folio') ?? '',
        tipoDeComprobante: root!.getAttribute('TipoDeComprobante') ?? '',
        rfcEmisor: emisor?.getAttribute('Rfc') ?? '',
        rfcReceptor: receptor?.getAttribute('Rfc') ?? '',
        total: Number(root!.getAttribute('Total') ?? 0),
        state: 'vigente',
        answer,
      };
      documents.push(record);
      byUuid.set(record.uuid, record);
      bySello.set(sello, record);
      if (customId !== null) byCustomId.set(customId, record);
      stamps.set(record.uuid, 1);
      json(response, 200, { data: answer, status: 'success' });
    } finally {
      inFlight.delete(sello);
      settle();
    }
  }

  function acuse(rfcEmisor: string, uuid: string, code: string): string {
    return create({ version: '1.0', encoding: 'utf-8' })
      .ele('Acuse')
      .att('Fecha', mexicoCityLocal(now()))
      .att('RfcEmisor', rfcEmisor)
      .ele('http://cancelacfd.sat.gob.mx', 'Folios')
      .ele('http://cancelacfd.sat.gob.mx', 'UUID')
      .txt(uuid)
      .up()
      .ele('http://cancelacfd.sat.gob.mx', 'EstatusUUID')
      .txt(code)
      .end();
  }

  function cancel(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    if (!authorized(request, response)) return;
    let input: Record<string, string | undefined>;
    try {
      input = JSON.parse(body.toString('utf8')) as typeof input;
    } catch {
      return swError(response, 400, refuse('CA1000', 'La solicitud no es JSON.'));
    }
    const { uuid, password: csdPassword, rfc, motivo, folioSustitucion, b64Cer, b64Key } = input;
    if (!uuid || !rfc || !b64Cer || !b64Key || csdPassword === undefined || !motivo) {
      return swError(response, 400, refuse('CA1000', 'Faltan datos: uuid, rfc, motivo, b64Cer, b64Key y password son obligatorios.'));
    }
    if (!['01', '02', '03', '04'].includes(motivo))
      return swError(response, 400, refuse('CA1001', `El motivo ${motivo} no es de c_MotivoCancelacion.`));
    let credential: Credential;
    try {
      credential = Credential.create(
        Buffer.from(b64Cer, 'base64').toString('binary'),
        Buffer.from(b64Key, 'base64').toString('binary'),
        csdPassword,
      );
    } catch {
      return swError(response, 400, refuse('CA1002', 'El certificado, la llave o su contraseña no son válidos.'));
    }
    if (!credential.isCsd()) return swError(response, 400, refuse('306', 'El certificado no es de tipo CSD.'));
    if (credential.rfc() !== rfc) return swError(response, 400, refuse('303', 'El CSD no corresponde al RFC emisor.'));
    const document = byUuid.get(uuid.toUpperCase());
    if (!document) return swError(response, 400, refuse('205', 'El UUID no existe.'));
    if (document.rfcEmisor !== rfc) return swError(response, 400, refuse('203', 'El UUID no corresponde al RFC emisor.'));
    if (motivo === '01') {
      if (!folioSustitucion) {
        return swError(response, 400, refuse('CA1003', 'El motivo 01 requiere el folio fiscal que sustituye (folioSustitucion).'));
      }
      const substitute = byUuid.get(folioSustitucion.toUpperCase());
      if (!substitute || substitute === document) {
        return swError(response, 400, refuse('CA1004', 'El folio de sustitución no es un CFDI timbrado distinto del que se cancela.'));
      }
    }
    const key = uuid.toUpperCase();
    if (document.state === 'cancelado') {
      return json(response, 200, { data: { acuse: acuse(rfc, key, '202'), uuid: { [key]: '202' } }, status: 'success' });
    }
    document.motivo = motivo;
    document.folioSustitucion = folioSustitucion || undefined;
    document.state = cancelPending ? 'en_proceso' : 'cancelado';
    json(response, 200, { data: { acuse: acuse(rfc, key, '201'), uuid: { [key]: '201' } }, status: 'success' });
  }

  /** The SAT's ConsultaCFDIService: the expresionImpresa's re, rr, tt and id must match a stamp. */
  function consulta(body: Buffer, response: ServerResponse) {
    let expression = '';
    try {
      const envelope = new DOMParser().parseFromString(body.toString('utf8'), 'text/xml');
      expression = envelope.getElementsByTagNameNS('http://tempuri.org/', 'expresionImpresa')[0]?.textContent?.trim() ?? '';
    } catch {
      /* answered as not found */
    }
    const query = new URLSearchParams(expression.replace(/^[^?]*\?/, ''));
    const document = byUuid.get((query.get('id') ?? '').toUpperCase());
    const found =
      document &&
      document.rfcEmisor === query.get('re') &&
      document.rfcReceptor === query.get('rr') &&
      near(document.total, Number(query.get('tt') ?? 'NaN'));
    const withAcceptance = document ? document.total > 1000 && document.rfcReceptor !== 'XAXX010101000' : false;
    const fields = found
      ? {
          CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
          EsCancelable: withAcceptance ? 'Cancelable con aceptación' : 'Cancelable sin aceptación',
          Estado: document.state === 'cancelado' ? 'Cancelado' : 'Vigente',
          EstatusCancelacion:
            document.state === 'en_proceso'
              ? 'En proceso'
              : document.state === 'rechazada'
                ? 'Solicitud rechazada'
                : document.state === 'cancelado'
                  ? cancelPending
                    ? 'Cancelado con aceptación'
                    : 'Cancelado sin aceptación'
                  : null,
          ValidacionEFOS: '200',
        }
      : {
          CodigoEstatus: 'N - 602: Comprobante no encontrado.',
          EsCancelable: null,
          Estado: 'No Encontrado',
          EstatusCancelacion: null,
          ValidacionEFOS: null,
        };
    const result = create({ version: '1.0', encoding: 'utf-8' })
      .ele(SOAP_NS, 's:Envelope')
      .ele(SOAP_NS, 's:Body')
      .ele('http://tempuri.org/', 'ConsultaResponse')
      .ele('http://tempuri.org/', 'ConsultaResult');
    for (const [name, value] of Object.entries(fields)) {
      const element = result.ele(CONSULTA_NS, `a:${name}`);
      if (value === null) element.att(XSI_NS, 'i:nil', 'true');
      else element.txt(value);
    }
    response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    response.end(result.end());
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!.replace(/\/+$/, '');
    calls.set(path, (calls.get(path) ?? 0) + 1);
    if (down === 'reset') return void request.socket.destroy();
    void (async () => {
      const body = await readBody(request);
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (down) {
        response.writeHead(503, { 'content-type': 'text/plain' });
        return void response.end('Service Unavailable');
      }
      if (request.method !== 'POST') return json(response, 404, { message: 'Not found', status: 'error' });
      if (path === '/v2/security/authenticate') return authenticate(body, response);
      if (path === '/v4/cfdi33/stamp/v4' || path === '/cfdi33/stamp/v4') return stamp(request, body, response);
      if (path === '/cfdi33/cancel/csd') return cancel(request, body, response);
      if (path === '/ConsultaCFDIService.svc') return consulta(body, response);
      json(response, 404, { message: 'Not found', status: 'error' });
    })().catch((error: unknown) => {
      if (!response.headersSent)
        json(response, 500, { message: `Error interno del PAC falso: ${(error as Error).message}`, status: 'error' });
    });
  });
  // A taken fixed port fails the start, rather than leaving it waiting.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    user,
    password,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    stamps,
    // What SW answered is the fake's own bookkeeping, not part of what a test inspects.
    documents: () => documents.map(({ answer: _answer, ...document }) => document),
    stampedXml: (uuid) => byUuid.get(uuid.toUpperCase())?.xml,
    get logins() {
      return logins;
    },
    calls,
    setDown(value) {
      down = value;
    },
    setCancelPending(pending) {
      cancelPending = pending;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    acceptCancellation(uuid) {
      const document = byUuid.get(uuid.toUpperCase());
      if (document?.state === 'en_proceso') document.state = 'cancelado';
    },
    rejectCancellation(uuid) {
      const document = byUuid.get(uuid.toUpperCase());
      if (document?.state === 'en_proceso') document.state = 'rechazada';
    },
    revokeTokens() {
      tokens.clear();
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The TimbreFiscalDigital of a stamped XML, for tests that read it. */
export function timbreOf(xml: string): Element | undefined {
  return new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS(TFD_NAMESPACE, 'TimbreFiscalDigital')[0];
}
