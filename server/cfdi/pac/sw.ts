import { createHash } from 'node:crypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { pacMessages } from '../../../domain/messages/pac';
import {
  PacError,
  type CancelRequest,
  type CancelResult,
  type CancelState,
  type Pac,
  type StampResult,
  type StatusQuery,
  type StatusResult,
} from './pac';

/**
 * SW sapien (SW Smarter Web, LunaSoft, PAC 16543) over its documented REST API
 * (developers.sw.com.mx; docs/decisions/017). The product seals the CFDI with the business's CSD;
 * SW only stamps it:
 *
 * - Authentication: POST /v2/security/authenticate {user, password} → data.token, data.expires_in
 *   (a Unix time); or an "infinite" token from SW's portal, used as is.
 * - Stamp: POST /v4/cfdi33/stamp/v4, multipart field `xml`, header `customid` (≤ 100 characters, kept
 *   72 h): the same customid with the same XML answers "307. El comprobante contiene un timbre previo."
 *   with the first stamp in `data`; the same customid with another XML is refused (CFDI3307). Response
 *   version v4 gives cfdi, uuid, fechaTimbrado, noCertificadoSAT, selloSAT (the path says cfdi33 for
 *   compatibility; it takes CFDI 4.0).
 * - Cancel: POST /cfdi33/cancel/csd {uuid, password, rfc, motivo, folioSustitucion, b64Cer, b64Key} →
 *   data.acuse and data.uuid {UUID: '201' | '202'}; 201 says the SAT received the request, not that the
 *   CFDI is cancelled (the receiver may have to accept), so the SAT's state is asked right after.
 * - Status: SW's libraries ask the SAT's own ConsultaCFDIService (SOAP, expresionImpresa
 *   ?re=…&rr=…&tt=…&id=…); SW runs a copy of it for its test environment.
 */

export interface SwPacOptions {
  /** SW's service: https://services.test.sw.com.mx (tests) or https://services.sw.com.mx (production). */
  url: string;
  user?: string;
  password?: string;
  /** A long-lived token from SW's portal, instead of user and password. */
  token?: string;
  /**
   * The SAT's CFDI status service. By default: the SAT's for SW's production host, SW's copy for its
   * test host, and `${url}/ConsultaCFDIService.svc` for any other address (a fake PAC in tests).
   */
  statusUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Milliseconds since the epoch; tests move the clock to expire a token. */
  now?: () => number;
}

const PROVIDER = 'SW sapien';
const DEFAULT_TIMEOUT_MS = 30_000;
/** A cached token is renewed this long before SW says it expires, so a request never carries one that lapses on the way. */
const TOKEN_MARGIN_MS = 60_000;
const SAT_STATUS_URL = 'https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc';
const SW_TEST_STATUS_URL = 'https://consultaqrfacturaelectronicatest.sw.com.mx/ConsultaCFDIService.svc';
const DUPLICATE_STAMP = /^307\b/;
const CUSTOM_ID_MAX = 100;

interface SwAnswer {
  status?: string;
  message?: string | null;
  messageDetail?: string | null;
  data?: unknown;
}

interface SwStampData {
  cfdi?: string;
  uuid?: string;
  fechaTimbrado?: string;
  noCertificadoSAT?: string;
  selloSAT?: string;
}

interface HttpAnswer {
  status: number;
  text: string;
}

export function defaultStatusUrl(url: string): string {
  const host = new URL(url).hostname;
  if (host === 'services.sw.com.mx') return SAT_STATUS_URL;
  if (host === 'services.test.sw.com.mx') return SW_TEST_STATUS_URL;
  return `${url.replace(/\/+$/, '')}/ConsultaCFDIService.svc`;
}

export function createSwPac(options: SwPacOptions): Pac {
  const baseUrl = options.url.replace(/\/+$/, '');
  const statusUrl = options.statusUrl ?? defaultStatusUrl(baseUrl);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | null = null;
  let pendingLogin: Promise<string> | null = null;

  /** One HTTP exchange; what cannot reach SW or hear it back is transient, in words that carry no secret. */
  async function send(target: string, init: RequestInit): Promise<HttpAnswer> {
    let answer: Response;
    try {
      answer = await doFetch(target, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      const text = await answer.text();
      if (answer.status >= 500 || answer.status === 429 || answer.status === 408) {
        throw new PacError(pacMessages.unavailable(PROVIDER, answer.status), true, String(answer.status));
      }
      return { status: answer.status, text };
    } catch (error) {
      if (error instanceof PacError) throw error;
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new PacError(pacMessages.timeout(PROVIDER, Math.round(timeoutMs / 1000)), true);
      const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
      throw new PacError(
        pacMessages.unreachable(PROVIDER, cause?.code ?? cause?.message ?? (error as Error)?.message ?? 'error de red'),
        true,
      );
    }
  }

  function parse(answer: HttpAnswer): SwAnswer | null {
    try {
      const body = JSON.parse(answer.text) as unknown;
      return body && typeof body === 'object' ? (body as SwAnswer) : null;
    } catch {
      return null;
    }
  }

  /** SW's refusal as its own words: message, then messageDetail when it adds something. */
  function refusal(answer: HttpAnswer, body: SwAnswer | null): PacError {
    const message = body?.message?.trim();
    if (!message) return new PacError(pacMessages.refused(PROVIDER, answer.status), false, String(answer.status));
    const detail = body?.messageDetail?.trim();
    const text = detail && detail !== message ? `${message} — ${detail}` : message;
    return new PacError(text, false, /^([A-Z]*\d+)/.exec(message)?.[1]);
  }

  async function login(): Promise<string> {
    if (!options.user || !options.password) throw new PacError(pacMessages.noAccount(PROVIDER), false);
    const answer = await send(`${baseUrl}/v2/security/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: options.user, password: options.password }),
    });
    const body = parse(answer);
    const data = body?.data as { token?: string; expires_in?: number | string } | undefined;
    if (answer.status !== 200 || body?.status !== 'success' || !data?.token) {
      if (answer.status === 200) throw new PacError(pacMessages.unreadable(PROVIDER), true);
      throw new PacError(
        pacMessages.authentication(PROVIDER, body?.message?.trim() || `HTTP ${answer.status}`),
        false,
        String(answer.status),
      );
    }
    // SW gives a Unix time in seconds; a small number would be a lifetime, read as such.
    const expires = Number(data.expires_in);
    const expiresAt = !Number.isFinite(expires) ? now() + 3_600_000 : expires > 1e9 ? expires * 1000 : now() + expires * 1000;
    cached = { token: data.token, expiresAt };
    return data.token;
  }

  async function token(): Promise<string> {
    if (options.token) return options.token;
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > now()) return cached.token;
    // Requests that need a token at once share one login.
    pendingLogin ??= login().finally(() => {
      pendingLogin = null;
    });
    return pendingLogin;
  }

  /** A request with SW's bearer token; a 401 with a cached login logs in again once (the token may have been revoked). */
  async function authorized(target: string, init: RequestInit & { headers: Record<string, string> }): Promise<HttpAnswer> {
    const first = await send(target, { ...init, headers: { ...init.headers, authorization: `bearer ${await token()}` } });
    if (first.status !== 401 || options.token) return first;
    cached = null;
    return send(target, { ...init, headers: { ...init.headers, authorization: `bearer ${await token()}` } });
  }

  function stampResult(data: SwStampData | undefined): StampResult {
    if (!data?.cfdi || !data.uuid) throw new PacError(pacMessages.unreadable(PROVIDER), true);
    const document = new DOMParser().parseFromString(data.cfdi, 'text/xml');
    const tfd = document.getElementsByTagNameNS('http://www.sat.gob.mx/TimbreFiscalDigital', 'TimbreFiscalDigital')[0];
    if (!tfd) throw new PacError(pacMessages.unreadable(PROVIDER), true);
    return {
      uuid: data.uuid.toUpperCase(),
      xml: data.cfdi,
      stampedAt: data.fechaTimbrado ?? tfd.getAttribute('FechaTimbrado') ?? '',
      noCertificadoSat: data.noCertificadoSAT ?? tfd.getAttribute('NoCertificadoSAT') ?? '',
      selloSat: data.selloSAT ?? tfd.getAttribute('SelloSAT') ?? '',
      tfdXml: new XMLSerializer().serializeToString(tfd),
    };
  }

  async function stamp(sealedXml: string, idempotencyKey: string): Promise<StampResult> {
    // customid takes up to 100 characters; a longer key is shortened the same way every time.
    const customId = idempotencyKey.length <= CUSTOM_ID_MAX ? idempotencyKey : createHash('sha256').update(idempotencyKey).digest('hex');
    const form = new FormData();
    form.append('xml', new Blob([sealedXml], { type: 'text/xml' }), 'xml');
    const answer = await authorized(`${baseUrl}/v4/cfdi33/stamp/v4`, { method: 'POST', headers: { customid: customId }, body: form });
    const body = parse(answer);
    if (answer.status === 200 && body?.status === 'success') return stampResult(body.data as SwStampData);
    // A document stamped before (a retry after a crash): SW answers 307 with the first stamp.
    if (body && DUPLICATE_STAMP.test(body.message ?? '') && body.data) return stampResult(body.data as SwStampData);
    if (answer.status === 200) throw new PacError(pacMessages.unreadable(PROVIDER), true);
    if (answer.status === 401) throw new PacError(pacMessages.authentication(PROVIDER, body?.message?.trim() || 'HTTP 401'), false, '401');
    throw refusal(answer, body);
  }

  async function status(query: StatusQuery): Promise<StatusResult> {
    const expression = `?re=${query.rfcEmisor}&rr=${query.rfcReceptor}&tt=${query.total.toFixed(2)}&id=${query.uuid}`;
    const envelope = new XMLSerializer().serializeToString(soapConsulta(expression));
    const answer = await send(statusUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'http://tempuri.org/IConsultaCFDIService/Consulta' },
      body: envelope,
    });
    if (answer.status !== 200) throw new PacError(pacMessages.statusUnknown(`HTTP ${answer.status}`), false, String(answer.status));
    return readConsulta(answer.text);
  }

  async function cancel(request: CancelRequest): Promise<CancelResult> {
    const answer = await authorized(`${baseUrl}/cfdi33/cancel/csd`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        uuid: request.uuid,
        password: request.csd.password,
        rfc: request.rfcEmisor,
        motivo: request.motivo,
        folioSustitucion: request.folioSustitucion ?? '',
        b64Cer: request.csd.cerDer.toString('base64'),
        b64Key: request.csd.keyDer.toString('base64'),
      }),
    });
    const body = parse(answer);
    if (answer.status !== 200 || body?.status !== 'success') {
      if (answer.status === 200) throw new PacError(pacMessages.unreadable(PROVIDER), true);
      if (answer.status === 401)
        throw new PacError(pacMessages.authentication(PROVIDER, body?.message?.trim() || 'HTTP 401'), false, '401');
      throw refusal(answer, body);
    }
    const data = body.data as { acuse?: string; uuid?: Record<string, string> } | undefined;
    const codes = data?.uuid ?? {};
    const code = codes[request.uuid.toUpperCase()] ?? codes[request.uuid] ?? Object.values(codes)[0];
    const acuse = data?.acuse;
    // 202: the SAT had it cancelled already.
    if (code === '202') return { state: 'cancelado', acuse };
    if (code !== '201') throw new PacError(pacMessages.cancelUnknown(code ?? '—'), false, code);
    // 201: received. Whether it is cancelled or waits for the receiver is the SAT's state of the CFDI.
    try {
      const state = await status(request);
      const cancelState: CancelState =
        state.state === 'cancelado' ? 'cancelado' : state.cancellation === 'rechazada' ? 'rechazada' : 'en_proceso';
      return { state: cancelState, acuse, message: state.message };
    } catch (error) {
      if (error instanceof PacError && error.transient) return { state: 'en_proceso', acuse, message: error.message };
      throw error;
    }
  }

  return { name: PROVIDER, stamp, cancel, status };
}

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const TEMPURI = 'http://tempuri.org/';

/** The SAT's Consulta request, built as a document so the expression is escaped by the serializer. */
function soapConsulta(expression: string) {
  const document = new DOMParser().parseFromString(`<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:tem="${TEMPURI}"/>`, 'text/xml');
  const envelope = document.documentElement!;
  envelope.appendChild(document.createElementNS(SOAP_NS, 'soapenv:Header'));
  const body = envelope.appendChild(document.createElementNS(SOAP_NS, 'soapenv:Body'));
  const consulta = body.appendChild(document.createElementNS(TEMPURI, 'tem:Consulta'));
  consulta.appendChild(document.createElementNS(TEMPURI, 'tem:expresionImpresa')).appendChild(document.createTextNode(expression));
  return document;
}

/** The SAT's answer: CodigoEstatus ('S - …' found, 'N - 602 …' not), Estado, EsCancelable, EstatusCancelacion. */
export function readConsulta(xml: string): StatusResult {
  let document;
  try {
    document = new DOMParser().parseFromString(xml, 'text/xml');
  } catch {
    throw new PacError(pacMessages.statusUnknown('XML ilegible'), true);
  }
  const field = (name: string) => document.getElementsByTagNameNS('*', name)[0]?.textContent?.trim() ?? '';
  const codigo = field('CodigoEstatus');
  const estado = field('Estado');
  const cancelacion = field('EstatusCancelacion');
  const cancelable = field('EsCancelable');
  if (!codigo && !estado) throw new PacError(pacMessages.statusUnknown('sin CodigoEstatus'), true);
  const message = [estado, cancelable, cancelacion].filter(Boolean).join(' · ') || codigo;
  if (codigo.startsWith('N') || /no encontrado/i.test(estado)) return { state: 'no_encontrado', message: codigo || estado };
  if (/^cancelado$/i.test(estado)) return { state: 'cancelado', message, cancellation: 'cancelado' };
  if (/en proceso/i.test(cancelacion)) return { state: 'en_proceso', message, cancellation: 'en_proceso' };
  if (/rechazada/i.test(cancelacion)) return { state: 'vigente', message, cancellation: 'rechazada' };
  if (/^vigente$/i.test(estado)) return { state: 'vigente', message };
  throw new PacError(pacMessages.statusUnknown(message), false);
}
