import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { startFakePac, timbreOf, type FakePac } from '../../../tests/server/fake-pac';
import { sealedSample } from '../../../tests/server/fake-pac-samples';
import { PacError, type Pac } from './pac';
import { createSwPac, defaultStatusUrl, readConsulta } from './sw';
import { pacFromConfig } from './index';

let fake: FakePac;
let pac: Pac;
let csd: { cerDer: Buffer; keyDer: Buffer; password: string };

beforeAll(async () => {
  fake = await startFakePac();
  pac = createSwPac({ url: fake.url, user: fake.user, password: fake.password });
  csd = {
    cerDer: await readFile('tests/fixtures/csd/EKU9003173C9.cer'),
    keyDer: await readFile('tests/fixtures/csd/EKU9003173C9.key'),
    password: '12345678a',
  };
});

afterAll(async () => {
  await fake.stop();
});

afterEach(() => {
  fake.setDown(false);
  fake.setCancelPending(false);
  fake.setLatency(0);
});

/** The PacError a call rejected with (the test fails if it resolved). */
async function pacError(call: Promise<unknown>): Promise<PacError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PacError);
  return error as PacError;
}

describe('SW sapien against the fake PAC', () => {
  it('stamps a sealed invoice: the UUID, the TFD in the XML and the SAT seal come back', async () => {
    const { xml, sello } = await sealedSample({ folio: 'SW-1' });
    const stamped = await pac.stamp(xml, 'sale-1');
    expect(stamped.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    const tfd = timbreOf(stamped.xml);
    expect(tfd?.getAttribute('UUID')).toBe(stamped.uuid);
    expect(tfd?.getAttribute('SelloCFD')).toBe(sello);
    expect(stamped.selloSat).toBe(tfd?.getAttribute('SelloSAT'));
    expect(stamped.noCertificadoSat).toBe(tfd?.getAttribute('NoCertificadoSAT'));
    expect(stamped.stampedAt).toBe(tfd?.getAttribute('FechaTimbrado'));
    expect(stamped.tfdXml).toContain(`UUID="${stamped.uuid}"`);
    expect(fake.stamps.get(stamped.uuid)).toBe(1);
    expect(fake.stampedXml(stamped.uuid)).toBe(stamped.xml);
  });

  it('answers a retry of the same document with the first stamp (307), not a second UUID', async () => {
    const { xml } = await sealedSample({ folio: 'SW-2' });
    const first = await pac.stamp(xml, 'sale-2');
    const again = await pac.stamp(xml, 'sale-2');
    expect(again.uuid).toBe(first.uuid);
    expect(again.xml).toBe(first.xml);
    expect(fake.documents().filter((document) => document.folio === 'SW-2')).toHaveLength(1);
    expect(fake.stamps.get(first.uuid)).toBe(2);
  });

  it("refuses another XML under a customid already used, with SW's code", async () => {
    await pac.stamp((await sealedSample({ folio: 'SW-3' })).xml, 'sale-3');
    const error = await pacError(pac.stamp((await sealedSample({ folio: 'SW-3b' })).xml, 'sale-3'));
    expect(error.transient).toBe(false);
    expect(error.code).toBe('CFDI3307');
  });

  it("turns a refused document (totals that do not add up) into a permanent PacError with the PAC's code and words", async () => {
    const { xml } = await sealedSample({ folio: 'SW-4', total: 999.99 });
    const error = await pacError(pac.stamp(xml, 'sale-4'));
    expect(error.transient).toBe(false);
    expect(error.code).toBe('CFDI40119');
    expect(error.message).toMatch(/^CFDI40119 - El Total \(999\.99\)/);
    expect(fake.documents().some((document) => document.folio === 'SW-4')).toBe(false);
  });

  it('says a PAC that answers 503 is down for now (transient), and stamps once when it is back', async () => {
    const { xml } = await sealedSample({ folio: 'SW-5' });
    fake.setDown(true);
    const error = await pacError(pac.stamp(xml, 'sale-5'));
    expect(error.transient).toBe(true);
    expect(error.message).toContain('HTTP 503');
    fake.setDown(false);
    const stamped = await pac.stamp(xml, 'sale-5');
    expect(fake.stamps.get(stamped.uuid)).toBe(1);
  });

  it('says a dropped connection and a PAC slower than the timeout are transient', async () => {
    const { xml } = await sealedSample({ folio: 'SW-6' });
    fake.setDown('reset');
    expect((await pacError(pac.stamp(xml, 'sale-6'))).transient).toBe(true);
    fake.setDown(false);
    fake.setLatency(300);
    const impatient = createSwPac({ url: fake.url, user: fake.user, password: fake.password, timeoutMs: 100 });
    const error = await pacError(impatient.stamp(xml, 'sale-6'));
    expect(error.transient).toBe(true);
    expect(error.message).toContain('no respondió');
    // The fake still answers the abandoned login after its latency; let it, so later tests count their own logins.
    await new Promise((resolve) => setTimeout(resolve, 400));
  });

  it('logs in once and reuses the token, and logs in again when SW no longer takes it', async () => {
    const counting = createSwPac({ url: fake.url, user: fake.user, password: fake.password });
    const before = fake.logins;
    await counting.stamp((await sealedSample({ folio: 'SW-7' })).xml, 'sale-7');
    await counting.stamp((await sealedSample({ folio: 'SW-8' })).xml, 'sale-8');
    expect(fake.logins - before).toBe(1);
    fake.revokeTokens();
    await counting.stamp((await sealedSample({ folio: 'SW-9' })).xml, 'sale-9');
    expect(fake.logins - before).toBe(2);
  });

  it('logs in again when the token has expired by the clock', async () => {
    let clock = Date.now();
    const counting = createSwPac({ url: fake.url, user: fake.user, password: fake.password, now: () => clock });
    const before = fake.logins;
    await counting.stamp((await sealedSample({ folio: 'SW-10' })).xml, 'sale-10');
    clock += 3 * 3_600_000;
    await counting.stamp((await sealedSample({ folio: 'SW-11' })).xml, 'sale-11');
    expect(fake.logins - before).toBe(2);
  });

  it('refuses a wrong account permanently, without the password in the message', async () => {
    const wrong = createSwPac({ url: fake.url, user: fake.user, password: 'not-the-password' });
    const error = await pacError(wrong.stamp((await sealedSample({ folio: 'SW-12' })).xml, 'sale-12'));
    expect(error.transient).toBe(false);
    expect(error.message).toContain('AU2000');
    expect(error.message).not.toContain('not-the-password');
  });

  it('cancels with motive 02 at once and the SAT then reports it cancelled', async () => {
    const { xml, total } = await sealedSample({ folio: 'SW-13' });
    const stamped = await pac.stamp(xml, 'sale-13');
    const query = { uuid: stamped.uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'URE180429TM6', total };
    expect((await pac.status(query)).state).toBe('vigente');
    const result = await pac.cancel({ ...query, motivo: '02', csd });
    expect(result.state).toBe('cancelado');
    expect(result.acuse).toContain(stamped.uuid);
    expect((await pac.status(query)).state).toBe('cancelado');
  });

  it('refuses motive 01 without the substitute, and cancels with it', async () => {
    const { xml, total } = await sealedSample({ folio: 'SW-14' });
    const original = await pac.stamp(xml, 'sale-14');
    const request = { uuid: original.uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'URE180429TM6', total, motivo: '01' as const, csd };
    const error = await pacError(pac.cancel(request));
    expect(error.transient).toBe(false);
    expect(error.message).toContain('folioSustitucion');
    const substitute = await pac.stamp((await sealedSample({ folio: 'SW-14-S' })).xml, 'sale-14-substitute');
    const result = await pac.cancel({ ...request, folioSustitucion: substitute.uuid });
    expect(result.state).toBe('cancelado');
    expect(fake.documents().find((document) => document.uuid === original.uuid)?.folioSustitucion).toBe(substitute.uuid);
  });

  it('reports a cancellation that waits for the receiver as en proceso, then cancelled once accepted', async () => {
    const { xml, total } = await sealedSample({ folio: 'SW-15' });
    const stamped = await pac.stamp(xml, 'sale-15');
    const query = { uuid: stamped.uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'URE180429TM6', total };
    fake.setCancelPending(true);
    const result = await pac.cancel({ ...query, motivo: '02', csd });
    expect(result.state).toBe('en_proceso');
    expect(await pac.status(query)).toMatchObject({ state: 'en_proceso', cancellation: 'en_proceso' });
    fake.acceptCancellation(stamped.uuid);
    expect(await pac.status(query)).toMatchObject({ state: 'cancelado', cancellation: 'cancelado' });
  });

  it('reports a cancellation the receiver refused: the CFDI stays vigente', async () => {
    const { xml, total } = await sealedSample({ folio: 'SW-16' });
    const stamped = await pac.stamp(xml, 'sale-16');
    const query = { uuid: stamped.uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'URE180429TM6', total };
    fake.setCancelPending(true);
    await pac.cancel({ ...query, motivo: '03', csd });
    fake.rejectCancellation(stamped.uuid);
    expect(await pac.status(query)).toMatchObject({ state: 'vigente', cancellation: 'rechazada' });
  });

  it('reports a UUID the SAT does not know as no encontrado', async () => {
    const status = await pac.status({
      uuid: '6F0D2F4C-3B4B-4C1A-9D7E-1234567890AB',
      rfcEmisor: 'EKU9003173C9',
      rfcReceptor: 'URE180429TM6',
      total: 1,
    });
    expect(status.state).toBe('no_encontrado');
  });
});

describe('SW sapien configuration', () => {
  it('is off without a provider or an address', () => {
    expect(pacFromConfig({ provider: null, url: null })).toBeNull();
    expect(pacFromConfig({ provider: 'sw', url: null })).toBeNull();
    expect(pacFromConfig({ provider: 'sw', url: 'https://services.test.sw.com.mx', token: 't' })?.name).toBe('SW sapien');
  });

  it("asks the SAT's status service for production, SW's copy for its test host, and the PAC's address otherwise", () => {
    expect(defaultStatusUrl('https://services.sw.com.mx')).toBe('https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc');
    expect(defaultStatusUrl('https://services.test.sw.com.mx/')).toBe(
      'https://consultaqrfacturaelectronicatest.sw.com.mx/ConsultaCFDIService.svc',
    );
    expect(defaultStatusUrl('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000/ConsultaCFDIService.svc');
  });

  it('refuses to stamp without an account, saying what is missing', async () => {
    const error = await pacError(createSwPac({ url: fake.url }).stamp('<x/>', 'k'));
    expect(error.transient).toBe(false);
    expect(error.message).toContain('Facturación');
  });

  it("reads the SAT's answer for a cancellation in process and for one the receiver refused", () => {
    const answer = (estado: string, cancelacion: string) =>
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><ConsultaResponse xmlns="http://tempuri.org/"><ConsultaResult xmlns:a="http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio"><a:CodigoEstatus>S - Comprobante obtenido satisfactoriamente.</a:CodigoEstatus><a:EsCancelable>Cancelable con aceptación</a:EsCancelable><a:Estado>${estado}</a:Estado><a:EstatusCancelacion>${cancelacion}</a:EstatusCancelacion></ConsultaResult></ConsultaResponse></s:Body></s:Envelope>`;
    expect(readConsulta(answer('Vigente', 'En proceso'))).toMatchObject({ state: 'en_proceso', cancellation: 'en_proceso' });
    expect(readConsulta(answer('Vigente', 'Solicitud rechazada'))).toMatchObject({ state: 'vigente', cancellation: 'rechazada' });
    expect(readConsulta(answer('Cancelado', 'Plazo vencido'))).toMatchObject({ state: 'cancelado' });
  });
});
