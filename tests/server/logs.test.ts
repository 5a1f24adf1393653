import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/** What the server writes to its log, line by line, as an operator (or whoever gets the file) reads it. */
const written: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { log: { write: (line) => void written.push(line) } });
});
afterAll(() => t.close());

const logged = () => written.join('');

describe('the server log', () => {
  it('writes each request without the secrets its query or headers carry', async () => {
    const token = await loginAs(t.app, 'oficina@demo.mx');
    const cookie = 'sesion=galleta-secreta';
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verifica-esto&hub.challenge=4242',
    });
    await t.app.inject({ method: 'GET', url: `/api/v2/events?access_token=${token}` });
    await t.app.inject({
      method: 'GET',
      url: `/api/v2/shippings?token=ficha-secreta&filter%5Bdriver_id%5D=3&pass=pase-secreto&hub%2Everify_token=otra-vez&accessToken=camello`,
      headers: { ...bearer(token), cookie },
    });
    await t.app.inject({ method: 'GET', url: '/files/no-existe.pdf?ticket=boleto-secreto', headers: { cookie } });
    // Whatever code logs a request's headers or a URL in its words, the secrets stay out too.
    t.app.log.warn({ headers: { authorization: `Bearer ${token}`, cookie } }, 'llamó /api/v2/events?access_token=en-el-mensaje');
    t.app.log.warn(`reenvió con Authorization: Basic ${Buffer.from('correo:clave-del-buzon').toString('base64')}`);

    const text = logged();
    expect(text).toContain('/api/v2/whatsapp/webhook');
    expect(text).toContain('filter%5Bdriver_id%5D=3');
    expect(text).toContain('hub.challenge=4242');
    expect(text).toContain('hub.verify_token=…');
    for (const secret of [
      'verifica-esto',
      token,
      'ficha-secreta',
      'pase-secreto',
      'otra-vez',
      'camello',
      'boleto-secreto',
      'galleta-secreta',
      'en-el-mensaje',
      Buffer.from('correo:clave-del-buzon').toString('base64'),
    ])
      expect(text, secret).not.toContain(secret);
  });
});
