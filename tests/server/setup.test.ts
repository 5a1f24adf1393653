import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../domain/brand';
import { PERMISSIONS } from '../../domain/permissions';
import { runAdminCommand } from '../../server/auth/admin-command';
import { issueSetupCode } from '../../server/auth/setup-codes';
import { rows } from '../../server/db/sql-rows';
import { bearer, createEmptyTestApp, createTestApp, loginAs, type TestApp } from './test-app';

// A 1×1 transparent PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const business = {
  brand: 'Abarrotes La Esperanza',
  legal_name: 'Abarrotes La Esperanza, S.A. de C.V.',
  tax_id: 'ale150601kp3',
  address: 'Av. Morones Prieto 2110, Monterrey, N.L.',
  phone: '81 8000 1234',
  whatsapp: '81 1111 2222',
  website: 'www.laesperanza.mx',
  bank: 'Banorte',
  bank_account: '0412345678',
  clabe: '032180000118359719',
  theme_color: '#F5A623',
  logo: PNG,
};
const admin = { name: 'Lucía', last: 'Garza', email: 'Lucia@LaEsperanza.mx', password: 'una-clave-larga' };

describe('Configuración inicial on an empty database', () => {
  let t: TestApp;
  let code: string;
  beforeAll(async () => {
    t = await createEmptyTestApp();
    code = (await issueSetupCode(t.database.db))!;
  });
  afterAll(async () => t?.close());
  const setup = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/v2/setup', payload });

  it('waits for its setup, with a code the server prints', async () => {
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/setup' })).json()).toEqual({ needed: true });
    // Nobody can sign in yet.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email: admin.email, password: admin.password } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a wrong code, and a CLABE or RFC that are not valid, each with its Spanish reason', async () => {
    const wrong = await setup({ code: 'AAAA-AAAA', business, admin });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('El código de configuración no es válido. Cópialo del registro del servidor.');
    const clabe = await setup({ code, business: { ...business, clabe: '032180000118359710' }, admin });
    expect(clabe.statusCode).toBe(422);
    expect(clabe.body).toContain('CLABE inválida: el dígito de control no corresponde.');
    const rfc = await setup({ code, business: { ...business, tax_id: 'XYZ' }, admin });
    expect(rfc.statusCode).toBe(422);
    expect(rfc.body).toContain('RFC inválido');
    const short = await setup({ code, business, admin: { ...admin, password: 'corta' } });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('La contraseña debe tener al menos 10 caracteres.');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/setup' })).json()).toEqual({ needed: true });
  });

  it('takes the business and its administrator, who is user 1 with every permission and is signed in', async () => {
    // The code as someone might type it: lower case, without its dash.
    const done = await setup({ code: code.replace('-', '').toLowerCase(), business, admin });
    expect(done.statusCode).toBe(201);
    const token = done.json<{ access_token: string }>().access_token;
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) })).json();
    expect(me).toMatchObject({ id: 1, name: 'Lucía', email: 'lucia@laesperanza.mx', branch: { name: 'Matriz', rfc: 'ALE150601KP3' } });
    expect([...me.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(await loginAs(t.app, 'lucia@laesperanza.mx', admin.password)).toBeTruthy();
  });

  it("shows the business's identity from then on: the profile, the logo, the manifest", async () => {
    const { identity } = (await t.app.inject({ method: 'GET', url: '/api/v2/deployment' })).json();
    expect(identity).toMatchObject({
      brand: 'Abarrotes La Esperanza',
      legalName: 'Abarrotes La Esperanza, S.A. de C.V.',
      taxId: 'ALE150601KP3',
      bankAccount: 'Banorte 0412345678',
      clabe: '032180000118359719',
      themeColor: '#f5a623',
    });
    expect(contrastRatio(identity.primaryColor, '#ffffff')).toBeGreaterThanOrEqual(7);
    const logo = await t.app.inject({ method: 'GET', url: identity.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const manifest = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json();
    expect(manifest).toMatchObject({ name: 'Abarrotes La Esperanza', theme_color: '#f5a623' });
    // Its home-screen icons are drawn from its logo, not the deployment's shipped ones.
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => [icon.src.replace(/\?v=\d+$/, ''), icon.sizes, icon.purpose])).toEqual([
      ['/brand/icon/192.png', '192x192', 'any'],
      ['/brand/icon/512.png', '512x512', 'any'],
      ['/brand/icon/maskable-512.png', '512x512', 'maskable'],
    ]);
    for (const icon of icons) {
      const png = await t.app.inject({ method: 'GET', url: icon.src });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const side = Number(icon.sizes.split('x')[0]);
      // The PNG header: signature, then the IHDR chunk's width and height.
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)]).toEqual([side, side]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/brand/icon/64.png' })).statusCode).toBe(404);
  });

  it("is changed in 'Datos del negocio': the logo kept when left out, the change shown at once and in Bitácora", async () => {
    const token = await loginAs(t.app, 'lucia@laesperanza.mx', admin.password);
    const before = (await t.app.inject({ method: 'GET', url: '/api/v2/business', headers: bearer(token) })).json();
    expect(before).toMatchObject({ brand: 'Abarrotes La Esperanza', bank: 'Banorte', bank_account: '0412345678', theme_color: '#f5a623' });
    expect(before.logo_url).toMatch(/^\/brand\/logo\?v=\d+$/);
    const { logo_url: _logo, ...fields } = before;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/business',
      headers: bearer(token),
      payload: { ...fields, legal_name: 'La Esperanza Comercial, S.A. de C.V.', clabe: '002010077777777771' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ legal_name: 'La Esperanza Comercial, S.A. de C.V.' });
    const kept = await t.app.inject({ method: 'GET', url: changed.json().logo_url });
    expect(kept.headers['content-type']).toBe('image/png');
    const { identity } = (await t.app.inject({ method: 'GET', url: '/api/v2/deployment' })).json();
    expect(identity).toMatchObject({ legalName: 'La Esperanza Comercial, S.A. de C.V.', clabe: '002010077777777771' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/business',
      headers: bearer(token),
      payload: { ...fields, clabe: '123' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('La CLABE tiene 18 dígitos.');
    const log = (
      await t.app.inject({ method: 'GET', url: '/api/v2/logs?filter[entity]=business_identity', headers: bearer(token) })
    ).json();
    expect(log.data[0]).toMatchObject({ action: 'update', entity: 'business_identity', user_id: 1 });
  });

  it('logs a new logo by a fingerprint, not by copying the image into Bitácora', async () => {
    const token = await loginAs(t.app, 'lucia@laesperanza.mx', admin.password);
    const { logo_url: _logo, ...fields } = (await t.app.inject({ method: 'GET', url: '/api/v2/business', headers: bearer(token) })).json();
    const otherLogo = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>').toString('base64')}`;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/business',
      headers: bearer(token),
      payload: { ...fields, logo: otherLogo },
    });
    expect(changed.statusCode).toBe(200);
    const [entry] = await rows<{ before: { logo: string }; after: { logo: string } }>(
      t.database.db,
      sql`SELECT before, after FROM logs WHERE entity = 'business_identity' AND after ? 'logo' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry?.before.logo).toMatch(/^imagen [0-9a-f]{8}$/);
    expect(entry?.after.logo).toMatch(/^imagen [0-9a-f]{8}$/);
    expect(entry?.after.logo).not.toBe(entry?.before.logo);
  });

  it('never shows again: the installation is set up, a second setup is refused and no code is issued', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/setup' })).json()).toEqual({ needed: false });
    const again = await setup({ code, business: { ...business, brand: 'Otro' }, admin: { ...admin, email: 'otro@x.mx' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este sistema ya está configurado: inicia sesión.');
    expect(await issueSetupCode(t.database.db)).toBeNull();
  });
});

describe('the setup code', () => {
  let t: TestApp;
  const written: string[] = [];
  beforeAll(async () => {
    t = await createEmptyTestApp({ LOG_LEVEL: 'warn' }, { log: { write: (line) => void written.push(line) } });
  });
  afterAll(async () => t?.close());
  /** The codes the server printed in its log since `from` lines, newest last. */
  const printed = (from = 0) =>
    written
      .slice(from)
      .flatMap((line) => [...line.matchAll(/Código de configuración inicial: ([0-9A-Z]{4}-[0-9A-Z]{4})/g)].map((m) => m[1]!));
  const setup = (code: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v2/setup', remoteAddress, payload: { code, business, admin } });
  const age = (hours: number) => t.database.db.execute(sql`UPDATE setup_codes SET created_at = now() - ${hours} * interval '1 hour'`);

  it('runs out after 24 hours; opening the first-run page then prints a new one, once', async () => {
    const first = (await issueSetupCode(t.database.db))!;
    await age(25);
    const expired = await setup(first);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(
      'Ese código de configuración venció (dura 24 horas). Copia el más reciente del registro del servidor.',
    );
    const [renewed] = printed();
    expect(renewed).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(written.join('')).toContain('Los códigos de configuración anteriores vencieron (duran 24 horas).');
    // A good code is there: asking again prints nothing new.
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/setup' })).json()).toEqual({ needed: true });
    expect(printed()).toEqual([renewed]);
    // Once that one runs out too, the page asks, and the log has the next one.
    await age(24);
    const before = written.length;
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/setup' })).json()).toEqual({ needed: true });
    const [next] = printed(before);
    expect(next).toBeDefined();
    expect(next).not.toBe(renewed);
    expect(printed(before)).toEqual([next]);
  });

  it('takes 10 wrong codes from every address together, then voids the printed one and prints a new one', async () => {
    // The last code printed, 23 hours old: good until the wrong tries below void it.
    const good = printed().at(-1)!;
    await age(23);
    for (let i = 1; i <= 9; i++) {
      const wrong = await setup('AAAA-AAAA', `10.9.0.${i}`);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe('El código de configuración no es válido. Cópialo del registro del servidor.');
    }
    const before = written.length;
    const tenth = await setup('BBBB-BBBB', '10.9.0.10');
    expect(tenth.json().message).toBe(
      'Demasiados intentos con un código equivocado: los códigos anteriores ya no valen. Copia el nuevo del registro del servidor.',
    );
    const [fresh] = printed(before);
    expect(fresh).toBeDefined();
    expect(written.slice(before).join('')).toContain('Demasiados intentos con un código de configuración equivocado');
    // The code that was good is no longer, even from the operator's own address.
    expect((await setup(good, '192.168.1.5')).statusCode).toBe(403);
    const done = await setup(fresh!, '192.168.1.5');
    expect(done.statusCode, done.body).toBe(201);
    expect(await rows(t.database.db, sql`SELECT 1 FROM setup_codes`)).toEqual([]);
  });
});

describe('npm run admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createEmptyTestApp();
  });
  afterAll(async () => t?.close());

  it('creates the first administrator from the shell as user 1, then refuses the same e-mail', async () => {
    const created = await runAdminCommand(t.database.db, [
      'create-admin',
      '--email',
      'ops@negocio.mx',
      '--name',
      'Ana',
      '--last',
      'Ruiz',
      '--password',
      'clave-de-operador',
    ]);
    expect(created).toEqual({ output: 'Administrador ops@negocio.mx creado.', exitCode: 0 });
    const token = await loginAs(t.app, 'ops@negocio.mx', 'clave-de-operador');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) })).json()).toMatchObject({ id: 1 });
    expect(
      (
        await runAdminCommand(t.database.db, [
          'create-admin',
          '--email',
          'OPS@negocio.mx',
          '--name',
          'A',
          '--last',
          'B',
          '--password',
          'otra-clave-larga',
        ])
      ).exitCode,
    ).toBe(1);
  });

  it('gives a temporary password when none is given, and resets a forgotten one, ending the sessions', async () => {
    const created = await runAdminCommand(t.database.db, [
      'create-admin',
      '--email',
      'segundo@negocio.mx',
      '--name',
      'Beto',
      '--last',
      'Lara',
    ]);
    expect(created.exitCode).toBe(0);
    const first = /Contraseña temporal de segundo@negocio.mx: (\S+)/.exec(created.output)![1]!;
    const token = await loginAs(t.app, 'segundo@negocio.mx', first);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) })).json()).toMatchObject({ id: 2 });

    const reset = await runAdminCommand(t.database.db, ['reset-password', 'Segundo@Negocio.mx']);
    expect(reset.exitCode).toBe(0);
    const second = /: (\S+)$/.exec(reset.output)![1]!;
    expect(second).not.toBe(first);
    // The server hears of the ended sessions from the database (a notice, on PostgreSQL): soon, not at once.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) })).statusCode)
      .toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email: 'segundo@negocio.mx', password: first } }))
        .statusCode,
    ).toBe(401);
    expect(await loginAs(t.app, 'segundo@negocio.mx', second)).toBeTruthy();
  });

  it('says how to use it, and that an unknown e-mail has no account', async () => {
    expect(await runAdminCommand(t.database.db, ['reset-password', 'nadie@negocio.mx'])).toEqual({
      output: 'No existe un usuario con el correo nadie@negocio.mx.',
      exitCode: 1,
    });
    const usage = await runAdminCommand(t.database.db, []);
    expect(usage.exitCode).toBe(2);
    expect(usage.output).toContain('npm run admin -- reset-password <correo>');
  });
});

describe('an installation with people', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("issues no setup code, says it is set up, and keeps the deployment's identity (the demo)", async () => {
    expect(await issueSetupCode(t.database.db)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/setup' })).json()).toEqual({ needed: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/deployment' })).json().identity.brand).toBe('Frutas del Norte');
  });

  it("opens 'Datos del negocio' to whoever holds business (user 1), from the deployment's defaults, and to no one else", async () => {
    const business = await t.app.inject({ method: 'GET', url: '/api/v2/business', headers: bearer(await loginAs(t.app, 'admin@demo.mx')) });
    expect(business.json()).toMatchObject({ brand: 'Frutas del Norte', bank: 'BBVA', bank_account: '0123456789', logo_url: null });
    const seller = await loginAs(t.app, 'ventas@demo.mx');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/business', headers: bearer(seller) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v2/business', headers: bearer(seller), payload: {} })).statusCode).toBe(403);
  });
});

describe("'Cambiar contraseña' in Ajustes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  const change = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v2/user/password', headers: bearer(token), payload });

  it('needs the current password and a new one of 10 characters at least, and ends the other sessions', async () => {
    const here = await loginAs(t.app, 'ventas@demo.mx');
    const phone = await loginAs(t.app, 'ventas@demo.mx');
    const wrong = await change(here, { current_password: 'otra-cosa', new_password: 'nueva-clave-larga' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('La contraseña actual no es correcta.');
    const same = await change(here, { current_password: 'demo1234', new_password: 'demo1234' });
    expect(same.statusCode).toBe(422);
    expect(same.body).toContain('La contraseña debe tener al menos 10 caracteres.');
    const short = await change(here, { current_password: 'demo1234', new_password: 'corta' });
    expect(short.statusCode).toBe(422);

    expect((await change(here, { current_password: 'demo1234', new_password: 'nueva-clave-larga' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(here) })).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(phone) })).statusCode)
      .toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email: 'ventas@demo.mx', password: 'demo1234' } }))
        .statusCode,
    ).toBe(401);
    expect(await loginAs(t.app, 'ventas@demo.mx', 'nueva-clave-larga')).toBeTruthy();
  });
});
