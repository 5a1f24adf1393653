import { sql } from 'drizzle-orm';
import { receiverProblems } from '../../domain/cfdi/receiver';
import { fiscalMessages } from '../../domain/messages/fiscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySearchSchema } from '../../domain/schemas/orders';
import { companyListSchema } from '../../domain/schemas/reads';
import {
  companyDeliveryPageSchema,
  companyDetailAnswerSchema,
  companyPageSchema,
  type CompanyDetail,
} from '../../domain/schemas/customers';
import { addDays, monterreyDate, monterreyDateOffset } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ROLES = ['admin@demo.mx', 'ventas@demo.mx', 'oficina@demo.mx', 'consulta@demo.mx'] as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ROLES) tokens[email] = await loginAs(t.app, email);
});
afterAll(() => t.close());

/** The office (oficina@demo.mx holds companies) and a seller at the counter (ventas@demo.mx holds sales only). */
const office = () => tokens['oficina@demo.mx']!;
const seller = () => tokens['ventas@demo.mx']!;
const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload }) });
const detailOf = (response: { json(): unknown }): CompanyDetail => companyDetailAnswerSchema.parse(response.json()).data;
const list = async (query: string, token = office()) => {
  const response = await call('GET', `/api/v2/companies?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return companyPageSchema.parse(response.json());
};

let unique = 0;
/** A company body with one branch and one contact; names are unique per call so searches find only it. */
function companyBody(overrides: Record<string, unknown> = {}) {
  unique++;
  return {
    name: `Verdulería Prueba ${unique}`,
    macro: 'Verdulería',
    razon_social: `Verduras Prueba ${unique}, S.A. de C.V.`,
    rfc: null,
    credit_days: 15,
    delivery_address: 'Av. Constitución 100, Centro, Monterrey, N.L.',
    delivery_references: 'Portón azul',
    delivery_time: '08:00 a 11:00',
    branches: [{ name: 'Matriz', address: 'Av. Constitución 100, Centro' }],
    contacts: [{ name: 'Rosa', last: 'Elizondo', phone: '81 1234 5678', email: 'rosa@verduras.mx' }],
    ...overrides,
  };
}

async function createCompany(token = office(), overrides: Record<string, unknown> = {}): Promise<CompanyDetail> {
  const response = await call('POST', '/api/v2/companies', token, companyBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return detailOf(response);
}

/** The editable body of a saved company: its fields and its lists with their ids. */
function editBody(company: CompanyDetail) {
  return {
    name: company.name,
    macro: company.macro,
    razon_social: company.razon_social,
    rfc: company.rfc,
    credit_days: company.credit_days,
    delivery_address: company.delivery_address,
    delivery_references: company.delivery_references,
    delivery_time: company.delivery_time,
    cfdi_id: company.cfdi_id,
    regimen_fiscal: company.regimen_fiscal,
    cp_fiscal: company.cp_fiscal,
    branches: company.branches.map(({ id, name, address }) => ({ id, name, address })),
    contacts: company.contacts.map(({ id, name, last, phone, email }) => ({ id, name, last, phone, email })),
  };
}

describe('creating a customer', () => {
  it('by the office saves it verified, with its branches and contacts, the RFC in capitals', async () => {
    const body = companyBody({
      rfc: ' vpr010203ab3 ',
      cfdi_id: 101,
      branches: [
        { name: 'Matriz', address: 'Av. Constitución 100, Centro' },
        { name: 'Sucursal Cumbres', address: 'Paseo de los Leones 2000, Cumbres' },
      ],
    });
    const response = await call('POST', '/api/v2/companies', office(), body);
    expect(response.statusCode, response.body).toBe(201);
    const company = detailOf(response);
    expect(company).toMatchObject({
      name: body.name,
      razon_social: body.razon_social,
      rfc: 'VPR010203AB3',
      credit_days: 15,
      delivery_references: 'Portón azul',
      cfdi_id: 101,
      cfdi: 'G01 Adquisición de mercancías',
      created_by: 'Jorge Treviño Leal',
      verified_by: 'Jorge Treviño Leal',
    });
    expect(company.verified_at).not.toBeNull();
    expect(company.branches.map((b) => [b.name, b.in_use])).toEqual([
      ['Matriz', false],
      ['Sucursal Cumbres', false],
    ]);
    expect(company.contacts).toEqual([
      { id: expect.any(Number), name: 'Rosa', last: 'Elizondo', phone: '81 1234 5678', email: 'rosa@verduras.mx', in_use: false },
    ]);
    expect(company.balance).toMatchObject({ due: 0, overdue: 0, credit: 0, open_sales: 0 });
  });

  it('at the counter by a seller saves it unverified, and it waits on the unverified list', async () => {
    const company = await createCompany(seller(), { branches: [], contacts: [{ name: 'Beto', phone: '8112345678' }] });
    expect(company.verified_at).toBeNull();
    expect(company.verified_by).toBeNull();
    expect(company.created_by).toBe('Laura Villarreal');
    // Credit terms are the office's to give: the seller's 15 days are not kept.
    expect(company.credit_days).toBe(0);
    expect(company.contacts).toMatchObject([{ name: 'Beto', last: '', phone: '8112345678', email: null }]);
    const unverified = await list('filter[verified]=0&itemsPerPage=100');
    expect(unverified.data.map((row) => row.id)).toContain(company.id);
    expect(unverified.data.every((row) => row.verified_at === null)).toBe(true);
    const verified = await list('filter[verified]=1&itemsPerPage=100');
    expect(verified.data.map((row) => row.id)).not.toContain(company.id);
  });

  it('happens once per Idempotency-Key: a repeat answers the same customer', async () => {
    const body = companyBody();
    const headers = { 'idempotency-key': `customer-${unique}-once` };
    const first = await call('POST', '/api/v2/companies', office(), body, headers);
    const again = await call('POST', '/api/v2/companies', office(), body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(detailOf(again).id).toBe(detailOf(first).id);
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies WHERE name = ${body.name}`);
    expect(count!.n).toBe(1);
  });

  it('is refused to someone who neither keeps customers nor sells', async () => {
    const response = await call('POST', '/api/v2/companies', tokens['consulta@demo.mx']!, companyBody());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'No tienes permiso para realizar esta acción.' });
  });
});

describe('validation of a customer', () => {
  const refusal = async (overrides: Record<string, unknown>) => {
    const response = await call('POST', '/api/v2/companies', office(), companyBody(overrides));
    expect(response.statusCode).toBe(400);
    return (response.json() as { message: string }).message;
  };

  it('requires the name and the razón social', async () => {
    expect(await refusal({ name: '   ' })).toBe('Nombre (name): Campo requerido');
    expect(await refusal({ razon_social: '' })).toBe('Razón social (razon_social): Campo requerido');
    expect(await refusal({ name: undefined })).toBe('Nombre (name): Campo requerido');
  });

  it('takes an RFC of 3 or 4 letters (Ñ and & included), a YYMMDD date and a 3-character homoclave', async () => {
    const message = 'RFC inválido: 3 o 4 letras, la fecha en 6 dígitos (AAMMDD) y 3 caracteres de homoclave.';
    expect(await refusal({ rfc: 'ABC12345' })).toBe(message);
    expect(await refusal({ rfc: 'ABC011301XY1' })).toBe(message);
    expect(await refusal({ rfc: 'AB010203XY1' })).toBe(message);
    expect(await refusal({ rfc: 'ABC010203XY' })).toBe(message);
    const persona = await createCompany(office(), { rfc: 'ñaña900101ab1' });
    expect(persona.rfc).toBe('ÑAÑA900101AB1');
    const ampersand = await createCompany(office(), { rfc: 'A&B991231Z96' });
    expect(ampersand.rfc).toBe('A&B991231Z96');
    const none = await createCompany(office(), { rfc: '' });
    expect(none.rfc).toBeNull();
  });

  it('says "E-mail inavlido." of a contact’s bad e-mail, as spec §5 words it', async () => {
    expect(await refusal({ contacts: [{ name: 'Rosa', email: 'rosa@' }] })).toBe('E-mail inavlido.');
  });

  it('takes credit days as a whole number from 0 to 365', async () => {
    const message = 'Los días de crédito deben ser un número entero de 0 a 365.';
    expect(await refusal({ credit_days: 366 })).toBe(message);
    expect(await refusal({ credit_days: -1 })).toBe(message);
    expect(await refusal({ credit_days: 1.5 })).toBe(message);
    expect((await createCompany(office(), { credit_days: '30' })).credit_days).toBe(30);
  });

  it('bounds lengths as the columns do, and needs a branch’s name and address', async () => {
    expect(await refusal({ name: 'x'.repeat(201) })).toBe('Máximo 200 caracteres.');
    expect(await refusal({ delivery_time: 'x'.repeat(61) })).toBe('Máximo 60 caracteres.');
    expect(await refusal({ branches: [{ name: 'Matriz', address: ' ' }] })).toBe(
      'Sucursales 1 · Dirección (branches.0.address): Campo requerido',
    );
    expect(await refusal({ contacts: [{ name: '', last: 'Elizondo' }] })).toBe('Contactos 1 · Nombre (contacts.0.name): Campo requerido');
  });

  it('refuses control characters (a NUL cannot be stored) with a message, not a server error', async () => {
    expect(await refusal({ name: 'Fonda\u0000Lupe' })).toBe('El texto tiene caracteres no válidos.');
    expect(await refusal({ contacts: [{ name: 'Rosa', email: 'rosa\u0000@fonda.mx' }] })).toBe('El texto tiene caracteres no válidos.');
    const search = await call('GET', `/api/v2/companies?filter[search]=${encodeURIComponent('a\u0000b')}`, office());
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ message: 'El texto tiene caracteres no válidos.' });
  });

  it('refuses a CFDI use the product no longer keeps (id 100 or below)', async () => {
    expect(await refusal({ cfdi_id: 3 })).toBe('El uso de CFDI no existe.');
  });
});

describe('a customer’s fiscal data', () => {
  const cfdiId = async (clave: string) =>
    (await rows<{ id: number }>(sql`SELECT id FROM cfdis WHERE clave = ${clave} AND id > 100`))[0]!.id;
  const refused = async (overrides: Record<string, unknown>) => {
    const response = await call('POST', '/api/v2/companies', office(), companyBody(overrides));
    expect(response.statusCode, response.body).toBe(422);
    return response.json() as { message: string; errors?: { field: string; message: string }[] };
  };

  it('lists every current uso CFDI of the SAT with its key, above id 100', async () => {
    const usos = await rows<{ id: number; clave: string; name: string }>(sql`SELECT id, clave, name FROM cfdis WHERE id > 100 ORDER BY id`);
    expect(usos.map((u) => u.clave)).toEqual(expect.arrayContaining(['G01', 'G02', 'G03', 'I01', 'D10', 'S01', 'CP01', 'CN01']));
    expect(usos).toContainEqual({ id: 101, clave: 'G01', name: 'G01 Adquisición de mercancías' });
    expect(new Set(usos.map((u) => u.clave)).size).toBe(usos.length);
  });

  it('refuses a uso its régimen does not admit with a 422 naming the uso', async () => {
    const answer = await refused({ rfc: 'GODE561231GR8', regimen_fiscal: '616', cp_fiscal: '64000', cfdi_id: await cfdiId('G03') });
    expect(answer.message).toBe('Uso de CFDI: el G03 no se admite con el régimen fiscal 616.');
  });

  it('names each field that fails: a persona física’s régimen on a moral RFC, a CP of 4 digits, a wrong check digit', async () => {
    const answer = await refused({ rfc: 'EKU9003173C9', regimen_fiscal: '612', cp_fiscal: '6400' });
    expect(answer.errors).toEqual([
      { field: 'regimen_fiscal', message: fiscalMessages.regimenNotForKind('612', 'moral') },
      { field: 'cp_fiscal', message: fiscalMessages.cpFiscal },
    ]);
    expect((await refused({ rfc: 'EKU9003173C8' })).message).toBe(fiscalMessages.rfcCheckDigit);
    expect((await refused({ rfc: 'XAXX010101000', regimen_fiscal: '601' })).message).toBe(fiscalMessages.publicoEnGeneralRegimen);
  });

  it('saves coherent fiscal data and reads it back, and an edit keeps or changes it', async () => {
    const created = await createCompany(office(), {
      rfc: 'eku9003173c9',
      regimen_fiscal: '601',
      cp_fiscal: '42501',
      cfdi_id: await cfdiId('G03'),
    });
    expect(created).toMatchObject({
      rfc: 'EKU9003173C9',
      regimen_fiscal: '601',
      cp_fiscal: '42501',
      uso_cfdi: 'G03',
      cfdi: 'G03 Gastos en general',
    });
    const read = detailOf(await call('GET', `/api/v2/companies/${created.id}`, office()));
    expect(read).toMatchObject({ regimen_fiscal: '601', cp_fiscal: '42501', uso_cfdi: 'G03' });
    const edited = await call('PUT', `/api/v2/companies/${created.id}`, office(), {
      ...editBody(read),
      regimen_fiscal: '626',
      cfdi_id: await cfdiId('S01'),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(detailOf(edited)).toMatchObject({ regimen_fiscal: '626', uso_cfdi: 'S01' });
    const wrong = await call('PUT', `/api/v2/companies/${created.id}`, office(), { ...editBody(read), regimen_fiscal: '605' });
    expect([wrong.statusCode, wrong.json()]).toEqual([422, { message: fiscalMessages.regimenNotForKind('605', 'moral') }]);
  });

  it('still saves a customer without fiscal data (they are asked for at invoicing)', async () => {
    const company = await createCompany(office(), { rfc: null, regimen_fiscal: null, cp_fiscal: null, cfdi_id: null });
    expect(company).toMatchObject({ regimen_fiscal: null, cp_fiscal: null, uso_cfdi: null });
  });
});

describe('editing a customer', () => {
  it('changes its fields, edits branches and contacts by id, adds new ones and removes the unused', async () => {
    const company = await createCompany(office(), {
      branches: [
        { name: 'Matriz', address: 'Calle 1' },
        { name: 'Bodega', address: 'Calle 2' },
      ],
      contacts: [
        { name: 'Rosa', last: 'Elizondo' },
        { name: 'Pedro', last: 'Garza' },
      ],
    });
    const [matriz, bodega] = company.branches;
    const [rosa] = company.contacts;
    const body = {
      ...editBody(company),
      name: `${company.name} (nuevo)`,
      credit_days: 30,
      branches: [
        { id: matriz!.id, name: 'Matriz Centro', address: 'Calle 1 #10' },
        { name: 'Sucursal Valle', address: 'Calzada del Valle 400' },
      ],
      contacts: [{ id: rosa!.id, name: 'Rosa María', last: 'Elizondo', phone: null, email: 'rosa@nuevo.mx' }, { name: 'Luis' }],
    };
    const response = await call('PUT', `/api/v2/companies/${company.id}`, office(), body);
    expect(response.statusCode, response.body).toBe(200);
    const saved = detailOf(response);
    expect(saved).toMatchObject({ name: body.name, credit_days: 30 });
    expect(saved.branches.map((b) => [b.id === matriz!.id, b.name, b.address])).toEqual([
      [true, 'Matriz Centro', 'Calle 1 #10'],
      [false, 'Sucursal Valle', 'Calzada del Valle 400'],
    ]);
    expect(saved.branches.some((b) => b.id === bodega!.id)).toBe(false);
    expect(saved.contacts.map((c) => [c.id === rosa!.id, c.name, c.email])).toEqual([
      [true, 'Rosa María', 'rosa@nuevo.mx'],
      [false, 'Luis', null],
    ]);
    // The read answers the same as the write.
    expect(detailOf(await call('GET', `/api/v2/companies/${company.id}`, office()))).toEqual(saved);
  });

  it('refuses to remove a branch or a contact a quotation names, says which, and changes nothing', async () => {
    const company = await createCompany(office(), {
      branches: [
        { name: 'Matriz', address: 'Calle 1' },
        { name: 'Sucursal Norte', address: 'Calle 2' },
      ],
      contacts: [
        { name: 'Rosa', last: 'Elizondo' },
        { name: 'Pedro', last: 'Garza' },
      ],
    });
    const north = company.branches[1]!;
    const pedro = company.contacts[1]!;
    const [item] = await rows<{ id: number }>(sql`SELECT id FROM items WHERE is_published AND deleted_at IS NULL ORDER BY id LIMIT 1`);
    const quoted = await call('POST', '/api/v2/quotations', seller(), {
      company_id: company.id,
      company_branch_id: north.id,
      contact_id: pedro.id,
      date: monterreyDateOffset(new Date(), 2),
      due_date: monterreyDateOffset(new Date(), 10),
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      items: [{ item_id: item!.id, quantity: 2 }],
    });
    expect(quoted.statusCode, quoted.body).toBe(201);

    const current = detailOf(await call('GET', `/api/v2/companies/${company.id}`, office()));
    expect(current.branches.find((b) => b.id === north.id)!.in_use).toBe(true);
    expect(current.contacts.find((c) => c.id === pedro.id)!.in_use).toBe(true);

    const withoutBranch = {
      ...editBody(current),
      name: 'No se guarda',
      branches: editBody(current).branches.filter((b) => b.id !== north.id),
    };
    const refused = await call('PUT', `/api/v2/companies/${company.id}`, office(), withoutBranch);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'No se puede quitar la sucursal «Sucursal Norte»: la usa 1 venta o cotización.' });

    const withoutContact = {
      ...editBody(current),
      name: 'No se guarda',
      contacts: editBody(current).contacts.filter((c) => c.id !== pedro.id),
    };
    const refusedContact = await call('PUT', `/api/v2/companies/${company.id}`, office(), withoutContact);
    expect(refusedContact.statusCode).toBe(409);
    expect(refusedContact.json()).toEqual({ message: 'No se puede quitar el contacto «Pedro Garza»: lo usa 1 venta o cotización.' });

    expect(detailOf(await call('GET', `/api/v2/companies/${company.id}`, office()))).toEqual(current);
  });

  it('refuses a branch or contact id of another customer', async () => {
    const mine = await createCompany();
    const other = await createCompany();
    const stolenBranch = { ...editBody(mine), branches: [{ id: other.branches[0]!.id, name: 'Ajena', address: 'Calle 3' }] };
    const response = await call('PUT', `/api/v2/companies/${mine.id}`, office(), stolenBranch);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `La sucursal ${other.branches[0]!.id} no es de este cliente.` });
    const stolenContact = { ...editBody(mine), contacts: [{ id: other.contacts[0]!.id, name: 'Ajeno' }] };
    const refused = await call('PUT', `/api/v2/companies/${mine.id}`, office(), stolenContact);
    expect(refused.json()).toEqual({ message: `El contacto ${other.contacts[0]!.id} no es de este cliente.` });
  });

  it('applies concurrent edits one after the other, never a mix of the two', async () => {
    const company = await createCompany();
    const a = { ...editBody(company), name: `${company.name} A`, credit_days: 7, branches: [{ name: 'Sucursal A', address: 'Calle A' }] };
    const b = { ...editBody(company), name: `${company.name} B`, credit_days: 30, branches: [{ name: 'Sucursal B', address: 'Calle B' }] };
    const answers = await Promise.all([
      call('PUT', `/api/v2/companies/${company.id}`, office(), a),
      call('PUT', `/api/v2/companies/${company.id}`, office(), b),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const final = detailOf(await call('GET', `/api/v2/companies/${company.id}`, office()));
    const shape = [final.name, final.credit_days, final.branches.map((x) => x.name)];
    expect([
      [a.name, 7, ['Sucursal A']],
      [b.name, 30, ['Sucursal B']],
    ]).toContainEqual(shape);
  });

  it('is only for the office, and an unknown customer is a 404 in Spanish', async () => {
    const company = await createCompany();
    expect((await call('PUT', `/api/v2/companies/${company.id}`, seller(), editBody(company))).statusCode).toBe(403);
    const missing = await call('PUT', '/api/v2/companies/99999', office(), editBody(company));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'El cliente no existe.' });
  });
});

describe('verifying a counter customer', () => {
  it('marks it verified by the office; verifying again answers it unchanged', async () => {
    const counter = await createCompany(seller());
    const first = await call('POST', `/api/v2/companies/${counter.id}/verify`, office(), {});
    expect(first.statusCode, first.body).toBe(200);
    const verified = detailOf(first);
    expect(verified.verified_at).not.toBeNull();
    expect(verified.verified_by).toBe('Jorge Treviño Leal');
    const again = detailOf(await call('POST', `/api/v2/companies/${counter.id}/verify`, tokens['admin@demo.mx']!, {}));
    expect(again.verified_at).toBe(verified.verified_at);
    expect(again.verified_by).toBe('Jorge Treviño Leal');
    expect((await list('filter[verified]=0&itemsPerPage=100')).data.map((row) => row.id)).not.toContain(counter.id);
  });

  it('is not for a seller, and an unknown customer is a 404', async () => {
    const counter = await createCompany(seller());
    expect((await call('POST', `/api/v2/companies/${counter.id}/verify`, seller(), {})).statusCode).toBe(403);
    const missing = await call('POST', '/api/v2/companies/99999/verify', office(), {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'El cliente no existe.' });
  });
});

describe('the customer list', () => {
  it('finds a customer by part of its name, macro, razón social or RFC, in any case', async () => {
    const company = await createCompany(office(), {
      name: 'Frutería Zacatecas Única',
      macro: 'Zacatecana',
      razon_social: 'Comercial Xoconostle, S.A.',
      rfc: 'CXO050607QW7',
    });
    for (const search of ['zacatecas úni', 'ZACATECANA', 'xoconostle', 'cxo0506']) {
      const found = await list(`filter[search]=${encodeURIComponent(search)}`);
      expect(
        found.data.map((row) => row.id),
        search,
      ).toEqual([company.id]);
      expect(found.meta.total).toBe(1);
    }
    const [row] = (await list('filter[search]=xoconostle')).data;
    expect(row).toMatchObject({
      name: 'Frutería Zacatecas Única',
      rfc: 'CXO050607QW7',
      created_by: 'Jorge Treviño Leal',
      due_balance: 0,
      overdue_balance: 0,
    });
  });

  it('pages and sorts on the server, with the total of the filtered rows', async () => {
    const all = await list('itemsPerPage=1000');
    const second = await list('itemsPerPage=5&page=2&sort=id');
    expect(second.meta.total).toBe(all.meta.total);
    const ids = all.data.map((row) => row.id).sort((x, y) => x - y);
    expect(second.data.map((row) => row.id)).toEqual(ids.slice(5, 10));
    // Without case or accents, as people read them.
    const plain = (name: string) =>
      name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '');
    const byName = all.data.map((row) => plain(row.name));
    expect(byName).toEqual([...byName].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const byBalance = (await list('sort=-due_balance&itemsPerPage=10')).data.map((row) => row.due_balance);
    expect(byBalance).toEqual([...byBalance].sort((x, y) => y - x));
    expect(byBalance[0]).toBeGreaterThan(0);
    const byCredit = (await list('sort=credit_days&itemsPerPage=1000')).data.map((row) => row.credit_days);
    expect(byCredit).toEqual([...byCredit].sort((x, y) => x - y));
  });

  it('refuses an unknown sort or filter value in Spanish', async () => {
    expect((await call('GET', '/api/v2/companies?sort=rfc', office())).json()).toEqual({ message: expect.stringContaining('rfc') });
    const verified = await call('GET', '/api/v2/companies?filter[verified]=quizá', office());
    expect(verified.statusCode).toBe(400);
  });

  it('is for the office only', async () => {
    expect((await call('GET', '/api/v2/companies', seller())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/companies' })).statusCode).toBe(401);
  });

  it('leaves the sale cart’s search and the v1 list of companies as they were, new customers included', async () => {
    const company = await createCompany(seller(), { name: 'Mostrador Caña Dulce' });
    const found = companySearchSchema.parse(
      (await call('GET', `/api/v2/company_p?filter[name]=${encodeURIComponent('caña dulce')}`, seller())).json(),
    );
    expect(found.data).toEqual([expect.objectContaining({ id: company.id, branches: [{ id: company.branches[0]!.id, name: 'Matriz' }] })]);
    const all = companyListSchema.parse((await call('GET', '/api/v1/company/all', seller())).json());
    expect(all.data.map((row) => row.id)).toContain(company.id);
  });
});

describe('a customer’s balance', () => {
  /** A sale of the customer due `offset` days from today, owing `balance` of `total`. */
  async function sale(
    companyId: number,
    dueOffset: number | null,
    balance: number,
    changes: { kind?: string; canceled?: boolean; total?: number } = {},
  ) {
    const today = monterreyDate(new Date());
    const total = changes.total ?? balance;
    await rows(sql`INSERT INTO sales (kind, company_id, user_id, date, due_date, type, subtotal, iva, total, due_balance, payment_status,
        sale_total_weight, sale_weight, canceled_at)
      VALUES (${changes.kind ?? 'sale'}, ${companyId}, 2, ${today}, ${dueOffset === null ? null : addDays(today, dueOffset)}, 'Serie B', ${total}, 0, ${total}, ${balance},
        ${balance === 0 ? 'Pagada' : balance < total ? 'Parcial' : 'Pendiente'}, 1, 1, ${changes.canceled ? sql`now()` : null})`);
  }

  it('puts each open sale in its aging bucket around the boundaries, and counts credit from uncancelled payments', async () => {
    const company = await createCompany();
    const id = company.id;
    // Not yet due: due today, later, or with no due date.
    await sale(id, 0, 100);
    await sale(id, 5, 10.5);
    await sale(id, null, 1);
    // 0–30 days overdue: one day and thirty days.
    await sale(id, -1, 200);
    await sale(id, -30, 0.25);
    // 31–60, 61–90 and more than 90 days, each at both of its boundaries.
    await sale(id, -31, 300);
    await sale(id, -60, 3);
    await sale(id, -61, 400, { total: 1000 });
    await sale(id, -90, 4);
    await sale(id, -91, 500);
    // Nothing owed, cancelled, or a quotation: not open.
    await sale(id, -40, 0, { total: 80 });
    await sale(id, -40, 70, { canceled: true });
    await sale(id, -40, 60, { kind: 'quotation' });
    await rows(
      sql`INSERT INTO collections (company_id, user_id, date, amount, unapplied) VALUES (${id}, 1, ${monterreyDate(new Date())}, 150, 49.99)`,
    );
    await rows(
      sql`INSERT INTO collections (company_id, user_id, date, amount, unapplied, canceled_at) VALUES (${id}, 1, ${monterreyDate(new Date())}, 90, 90, now())`,
    );

    const { balance } = detailOf(await call('GET', `/api/v2/companies/${id}`, office()));
    expect(balance.today).toBe(monterreyDate(new Date()));
    expect(balance.buckets).toEqual({
      current: { amount: 111.5, sales: 3 },
      days_0_30: { amount: 200.25, sales: 2 },
      days_31_60: { amount: 303, sales: 2 },
      days_61_90: { amount: 404, sales: 2 },
      days_over_90: { amount: 500, sales: 1 },
    });
    expect(balance).toMatchObject({ due: 1518.75, overdue: 1407.25, credit: 49.99, open_sales: 10 });

    const [row] = (await list(`filter[search]=${encodeURIComponent(company.name)}`)).data;
    expect(row).toMatchObject({ id, due_balance: 1518.75, overdue_balance: 1407.25 });
  });
});

describe('a customer’s page reads', () => {
  it('answer a missing or deleted customer with a Spanish 404', async () => {
    const missing = await call('GET', '/api/v2/companies/99999', office());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'El cliente no existe.' });
    const company = await createCompany();
    await rows(sql`UPDATE companies SET deleted_at = now() WHERE id = ${company.id}`);
    expect((await call('GET', `/api/v2/companies/${company.id}`, office())).statusCode).toBe(404);
    expect((await call('GET', `/api/v2/companies/${company.id}/deliveries`, office())).statusCode).toBe(404);
    expect((await list(`filter[search]=${encodeURIComponent(company.name)}`)).meta.total).toBe(0);
  });

  it('list its deliveries with their status and evidence, newest route first', async () => {
    const [busy] = await rows<{
      company_id: number;
      n: number;
    }>(sql`SELECT s.company_id, count(*)::int AS n FROM shipping_details d JOIN sales s ON s.id = d.sale_id
      GROUP BY s.company_id HAVING bool_or(d.is_delivered) ORDER BY count(*) DESC LIMIT 1`);
    const response = await call('GET', `/api/v2/companies/${busy!.company_id}/deliveries?itemsPerPage=100`, office());
    expect(response.statusCode, response.body).toBe(200);
    const deliveries = companyDeliveryPageSchema.parse(response.json());
    expect(deliveries.meta.total).toBe(busy!.n);
    const dates = deliveries.data.map((d) => d.shipping_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const delivered = deliveries.data.find((d) => d.is_delivered)!;
    expect(delivered).toMatchObject({ completed: true, pdf: 'evidencia-demo.pdf' });
    expect(delivered.delivered_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const [own] = await rows<{ company_id: number }>(sql`SELECT company_id FROM sales WHERE id = ${delivered.sale_id}`);
    expect(own!.company_id).toBe(busy!.company_id);
  });

  it('are for the office only', async () => {
    expect((await call('GET', '/api/v2/companies/1', seller())).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/companies/1/deliveries', seller())).statusCode).toBe(403);
  });
});

describe('the demo customers', () => {
  it('are verified, but for a few counter customers a seller entered', async () => {
    const counter = await rows<{
      name: string;
      created_by: string;
    }>(sql`SELECT c.name, u.email AS created_by FROM companies c JOIN users u ON u.id = c.created_by_user_id
      WHERE c.verified_at IS NULL AND c.id <= 40 ORDER BY c.id`);
    expect(counter.length).toBeGreaterThanOrEqual(2);
    expect(counter.length).toBeLessThanOrEqual(3);
    expect(counter.every((row) => row.created_by === 'ventas@demo.mx')).toBe(true);
    // Their fiscal data is what the SAT takes: RFC with its check digit, régimen of a persona moral, its uso and CP.
    const fiscal = await rows<{
      rfc: string | null;
      razon_social: string;
      regimen_fiscal: string | null;
      cp_fiscal: string | null;
      uso: string | null;
    }>(
      sql`SELECT c.rfc, c.razon_social, c.regimen_fiscal, c.cp_fiscal, f.clave AS uso FROM companies c LEFT JOIN cfdis f ON f.id = c.cfdi_id WHERE c.id <= 40`,
    );
    expect(fiscal.filter((row) => !row.rfc || !row.regimen_fiscal || !row.cp_fiscal || !row.uso)).toEqual([]);
    expect(
      fiscal.filter(
        (row) =>
          Object.keys(
            receiverProblems({
              rfc: row.rfc,
              razon_social: row.razon_social,
              regimen_fiscal: row.regimen_fiscal,
              cp_fiscal: row.cp_fiscal,
              uso_cfdi: row.uso,
            }),
          ).length > 0,
      ),
    ).toEqual([]);
  });
});

describe('text with a NUL character', () => {
  it('is refused with a Spanish 400 on any route, in the query or the body, before the database sees it', async () => {
    const search = await call('GET', '/api/v2/company_p?filter[name]=Fonda%00', office());
    expect([search.statusCode, search.json()]).toEqual([400, { message: 'El texto tiene caracteres no válidos.' }]);
    const created = await call('POST', '/api/v2/companies', office(), { name: 'Nulo\u0000', razon_social: 'Nulo S.A.' });
    expect([created.statusCode, created.json()]).toEqual([400, { message: 'El texto tiene caracteres no válidos.' }]);
    // Other control characters are text PostgreSQL keeps: the route's own rules decide on them.
    expect((await call('GET', '/api/v2/company_p?filter[name]=Fonda%09', office())).statusCode).toBe(200);
  });
});

describe('a branch’s place (issue 47)', () => {
  const place = (company: CompanyDetail) => company.branches.map(({ latitude, longitude }) => ({ latitude, longitude }));

  it('is saved and read back, kept by an edit that leaves it out, and cleared when sent empty', async () => {
    const company = await createCompany(office(), {
      branches: [
        { name: 'Matriz', address: 'Av. Constitución 100, Centro', latitude: 25.6866, longitude: -100.3161 },
        { name: 'Bodega', address: 'Av. Ruiz Cortines 500', latitude: '25.7212', longitude: ' -100.2803 ' },
        { name: 'Sin ubicar', address: 'Calle 5', latitude: '', longitude: '' },
      ],
    });
    expect(place(company)).toEqual([
      { latitude: 25.6866, longitude: -100.3161 },
      { latitude: 25.7212, longitude: -100.2803 },
      { latitude: null, longitude: null },
    ]);
    const read = await call('GET', `/api/v2/companies/${company.id}`, office());
    expect(place(detailOf(read))).toEqual(place(company));

    // A client that knows nothing of places (editBody leaves them out) keeps them.
    const kept = await call('PUT', `/api/v2/companies/${company.id}`, office(), editBody(company));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(place(detailOf(kept))).toEqual(place(company));

    const body = editBody(company);
    const cleared = await call('PUT', `/api/v2/companies/${company.id}`, office(), {
      ...body,
      branches: [
        { ...body.branches[0]!, latitude: null, longitude: null },
        body.branches[1],
        { ...body.branches[2]!, latitude: 25.7, longitude: -100.4 },
      ],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(place(detailOf(cleared))).toEqual([
      { latitude: null, longitude: null },
      { latitude: 25.7212, longitude: -100.2803 },
      { latitude: 25.7, longitude: -100.4 },
    ]);
  });

  it('is refused out of range, as text that is no number, or with one coordinate only, in Spanish, saving nothing', async () => {
    const refused = async (latitude: unknown, longitude: unknown) => {
      const response = await call(
        'POST',
        '/api/v2/companies',
        office(),
        companyBody({ branches: [{ name: 'Matriz', address: 'Calle 1', latitude, longitude }] }),
      );
      expect(response.statusCode).toBe(400);
      return (response.json() as { message: string }).message;
    };
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies`);
    expect(await refused(91, -100.3)).toContain('La latitud debe ser un número entre -90 y 90');
    expect(await refused(25.6, -180.5)).toContain('La longitud debe ser un número entre -180 y 180');
    expect(await refused('25,6', -100.3)).toContain('La latitud debe ser un número');
    expect(await refused(25.6, null)).toBe('Escribe la latitud y la longitud, o deja ambas vacías.');
    expect(await refused(null, -100.3)).toBe('Escribe la latitud y la longitud, o deja ambas vacías.');
    expect(await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies`)).toEqual(before);
  });
});
