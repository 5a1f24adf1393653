import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentSchema } from '../../domain/deployment';
import { businessIdentityAnswerSchema } from '../../domain/schemas/setup';
import { noteListSchema } from '../../domain/schemas/notes';
import { rows } from '../../server/db/sql-rows';
import { users } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
});
afterAll(() => t.close());

/** Gives a demo person a permission of their own (as 'Usuarios' would), before they sign in. */
async function grant(email: string, permission: string): Promise<void> {
  const [person] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await t.database.db.execute(
    sql`INSERT INTO user_permissions (user_id, permission_id) SELECT ${person!.id}, id FROM permissions WHERE name = ${permission}`,
  );
}

const read = (token: string) => t.app.inject({ method: 'GET', url: '/api/v2/business', headers: bearer(token) });
const change = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v2/business', headers: bearer(token), payload });
const formOf = async (token: string) => {
  const { logo_url: _logo, ...fields } = businessIdentityAnswerSchema.parse((await read(token)).json());
  return fields;
};
/**
 * User 1's notices of a CLABE change, the latest first (by id: the demo's notes may be dated later
 * in the day than the moment the test runs).
 */
const clabeNotices = async () =>
  noteListSchema
    .parse((await t.app.inject({ method: 'GET', url: '/api/v1/note/all', headers: bearer(admin) })).json())
    .data.filter((note) => note.title === 'Cambió la CLABE del negocio')
    .sort((a, b) => b.id - a.id);

describe("'Datos del negocio' and its own permission", () => {
  it('is opened by the business permission, not by the catalogues’ settings, and held by no demo role but the administrator’s', async () => {
    await grant('oficina@demo.mx', 'settings');
    const catalogues = await loginAs(t.app, 'oficina@demo.mx');
    // The catalogues open; the business's RFC and CLABE do not.
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/lists/vehicles', headers: bearer(catalogues) })).statusCode).toBe(200);
    expect((await read(catalogues)).statusCode).toBe(403);
    expect((await change(catalogues, await formOf(admin))).statusCode).toBe(403);

    expect((await read(admin)).statusCode).toBe(200);
    const holders = await rows<{ name: string }>(
      t.database.db,
      sql`SELECT r.name FROM roles r JOIN role_permissions rp ON rp.role_id = r.id JOIN permissions p ON p.id = rp.permission_id
        WHERE p.name = 'business' ORDER BY r.name`,
    );
    expect(holders.map((role) => role.name)).toEqual(['Administrador']);
  });

  it('tells user 1 who changed the CLABE, from which to which, masked but its last 4 digits', async () => {
    await grant('ventas2@demo.mx', 'business');
    const bookkeeper = await loginAs(t.app, 'ventas2@demo.mx');
    const before = await formOf(bookkeeper);
    expect(before.clabe).toBe('012580001234567891');
    const seen = (await clabeNotices()).length;

    const changed = await change(bookkeeper, { ...before, clabe: '002010077777777771' });
    expect(changed.statusCode, changed.body).toBe(200);
    const notes = await clabeNotices();
    expect(notes).toHaveLength(seen + 1);
    const [told] = notes;
    expect(told).toMatchObject({ title: 'Cambió la CLABE del negocio', seen: false, author: null });
    expect(told!.body).toBe(
      'Ana Cantú cambió la CLABE donde pagan los clientes de ••••••••••••••7891 a ••••••••••••••7771. Si no lo acordaron, revísalo en Datos del negocio y en Bitácora.',
    );
    expect(told!.body).not.toContain('012580001234567891');
    expect(told!.body).not.toContain('002010077777777771');

    // Another field changed, the CLABE left as it was: nothing to tell.
    expect((await change(bookkeeper, { ...before, clabe: '002010077777777771', phone: '81 8000 0000' })).statusCode).toBe(200);
    expect(await clabeNotices()).toHaveLength(seen + 1);

    // User 1's own change is told too: a session of theirs in other hands changes it as well.
    expect((await change(admin, { ...before, clabe: '032180000118359719' })).statusCode).toBe(200);
    const [own] = await clabeNotices();
    expect(own!.body).toMatch(/^Alejandra Garza Treviño cambió la CLABE donde pagan los clientes de •+7771 a •+9719\./);
  });
});

describe("the quotation's terms in 'Datos del negocio'", () => {
  const pdfText = async (id: number, token: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/quotations/${id}/pdf`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  };
  const aQuotation = async () => {
    const [row] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM sales WHERE kind = 'quotation' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    return row!.id;
  };

  it("start as the product's (2,000 plus tax, and today's conditions) and are changed, printed on the quotation's PDF and its print view", async () => {
    const stored = await formOf(admin);
    expect(stored.free_delivery_minimum).toBe(2000);
    expect(stored.quotation_terms.split('\n')).toEqual([
      'Las maniobras adicionales y las rutas fuera del área metropolitana tienen un costo extra.',
      'Los precios pueden cambiar sin previo aviso.',
      'Toda devolución o cambio sin justificación tiene un cargo del 10 % y los gastos de envío corren por cuenta del cliente.',
    ]);
    const seller = await loginAs(t.app, 'ventas@demo.mx');
    const id = await aQuotation();
    expect(await pdfText(id, seller)).toContain('Entrega sin costo en el área metropolitana en compras mayores a $2,000.00 más IVA.');

    const changed = await change(admin, {
      ...stored,
      free_delivery_minimum: 3500.5,
      quotation_terms: '  Pedidos después de las 14:00 se entregan al día siguiente.\n\nPrecios en pesos mexicanos.  ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      free_delivery_minimum: 3500.5,
      quotation_terms: 'Pedidos después de las 14:00 se entregan al día siguiente.\nPrecios en pesos mexicanos.',
    });
    // The print view draws from the profile the app keeps.
    const { identity } = deploymentSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v2/deployment' })).json());
    expect(identity).toMatchObject({
      freeDeliveryMinimum: 3500.5,
      quotationTerms: ['Pedidos después de las 14:00 se entregan al día siguiente.', 'Precios en pesos mexicanos.'],
    });
    const text = await pdfText(id, seller);
    expect(text).toContain('Entrega sin costo en el área metropolitana en compras mayores a $3,500.50 más IVA.');
    expect(text).toContain('Pedidos después de las 14:00 se entregan al día siguiente.');
    expect(text).toContain('Precios en pesos mexicanos.');
    expect(text).not.toContain('Los precios pueden cambiar sin previo aviso.');

    // Left out, they stay; a minimum of null offers no free delivery.
    const { quotation_terms: _terms, free_delivery_minimum: _minimum, ...identityOnly } = stored;
    expect((await change(admin, { ...identityOnly, phone: '81 8000 1111' })).json()).toMatchObject({ free_delivery_minimum: 3500.5 });
    expect((await change(admin, { ...identityOnly, free_delivery_minimum: null })).statusCode).toBe(200);
    const without = await pdfText(id, seller);
    expect(without).not.toContain('Entrega sin costo');
    expect(without).toContain('Precios en pesos mexicanos.');
  });

  it('refuses a minimum below zero or with fractions of a centavo, in Spanish', async () => {
    const stored = await formOf(admin);
    for (const free_delivery_minimum of [-1, 10.005, '2000']) {
      const refused = await change(admin, { ...stored, free_delivery_minimum });
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain('Escribe un importe en pesos de 0 o más, con hasta 2 decimales.');
    }
  });
});
