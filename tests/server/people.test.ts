import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissions } from '../../domain/people';
import { eventTicketSchema } from '../../domain/schemas/events';
import { personPageSchema, personSchema, temporaryPasswordSchema, type Person } from '../../domain/schemas/people';
import { roleListSchema } from '../../domain/schemas/reads';
import { rows } from '../../server/db/sql-rows';
import { openEventStream } from './sse-client';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let roleId: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
  roleId = await roles();
});
afterAll(() => t.close());

async function roles(): Promise<Map<string, number>> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/v2/roles', headers: bearer(admin) });
  return new Map(roleListSchema.parse(answer.json()).data.map((role) => [role.name, role.id]));
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

let serial = 0;
/** A new person made by `by`, signed in with their own password (the temporary one changed). */
async function newPerson(by: string, role: string, permissions: string[] = []): Promise<{ person: Person; token: string }> {
  serial += 1;
  const email = `persona${serial}@negocio.mx`;
  const created = await call(by, 'POST', '/api/v2/users', {
    name: 'Persona',
    last: `Número ${serial}`,
    email,
    role_id: roleId.get(role),
    permissions,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { person, temporary_password } = temporaryPasswordSchema.parse(created.json());
  const first = await loginAs(t.app, email, temporary_password);
  // Each from its own device's address: the password change is limited to 10 a minute per address.
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/v2/user/password',
    headers: bearer(first),
    remoteAddress: `10.0.${Math.floor(serial / 250)}.${serial % 250}`,
    payload: { current_password: temporary_password, new_password: 'una-clave-propia' },
  });
  expect(changed.statusCode).toBe(204);
  return { person, token: first };
}

async function makeRole(name: string, permissions: string[]): Promise<number> {
  const created = await call(admin, 'POST', '/api/v2/roles', { name, permissions });
  expect(created.statusCode, created.body).toBe(201);
  roleId = await roles();
  return roleId.get(name)!;
}

const personInput = (person: Person, changes: Partial<Record<string, unknown>> = {}) => ({
  name: person.name,
  last: person.last,
  email: person.email,
  role_id: person.role_id,
  job_position_id: person.job_position_id,
  sub_job_position: person.sub_job_position,
  branch_id: person.branch_id,
  permissions: person.permissions,
  ...changes,
});

describe("'Usuarios'", () => {
  it('lists people with their role, job position, branch, last sign-in and state, searched and filtered, to holders of users only', async () => {
    const all = await call(admin, 'GET', '/api/v2/users?filter[search]=villarreal');
    expect(all.statusCode).toBe(200);
    const [laura] = personPageSchema.parse(all.json()).data;
    expect(laura).toMatchObject({ email: 'ventas@demo.mx', role: 'Ventas', job_position: 'Ventas', active: true });
    const signedIn = personPageSchema.parse((await call(admin, 'GET', '/api/v2/users?filter[search]=admin@demo')).json()).data[0];
    expect(signedIn?.last_sign_in_at).not.toBeNull();
    const inactive = personPageSchema.parse((await call(admin, 'GET', '/api/v2/users?filter[active]=false')).json());
    expect(inactive.data.every((person) => !person.active)).toBe(true);
    const seller = await loginAs(t.app, 'ventas@demo.mx');
    expect((await call(seller, 'GET', '/api/v2/users')).statusCode).toBe(403);
  });

  it('creates a person with a temporary password that opens only the password change, and logs it without the password', async () => {
    const created = await call(admin, 'POST', '/api/v2/users', {
      name: 'Rosa',
      last: 'Elizondo',
      email: 'Rosa@Negocio.mx',
      role_id: roleId.get('Ventas'),
      permissions: ['reports', 'expenses'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { person, temporary_password } = temporaryPasswordSchema.parse(created.json());
    expect(person).toMatchObject({ email: 'rosa@negocio.mx', role: 'Ventas', temporary_credentials: true, last_sign_in_at: null });
    // 'reports' comes with Ventas: only 'expenses' is her own.
    expect(person.permissions).toEqual(['expenses']);
    expect(temporary_password).toMatch(/^[A-Za-z0-9]{12}$/);

    const token = await loginAs(t.app, 'rosa@negocio.mx', temporary_password);
    const current = await call(token, 'GET', '/api/v1/user/current');
    expect(current.json()).toMatchObject({ temporary_credentials: true });
    expect(current.json().permissions).toContain('expenses');
    const sales = await call(token, 'GET', '/api/v2/sales');
    expect(sales.statusCode).toBe(403);
    expect(sales.json().message).toBe('Cambia tu contraseña temporal para continuar.');
    await call(token, 'POST', '/api/v2/user/password', { current_password: temporary_password, new_password: 'rosa-elizondo-2026' });
    expect((await call(token, 'GET', '/api/v2/sales')).statusCode).toBe(200);

    const [logged] = await rows<{ after: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT after FROM logs WHERE entity = 'users' AND action = 'create' AND entity_id = ${person.id}`,
    );
    expect(logged?.after).toMatchObject({ email: 'rosa@negocio.mx' });
    expect(JSON.stringify(logged)).not.toContain('password_hash');
    const taken = await call(admin, 'POST', '/api/v2/users', {
      name: 'Otra',
      last: 'Rosa',
      email: 'rosa@negocio.mx',
      role_id: roleId.get('Ventas'),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe('Ya existe un usuario con ese correo.');
  });

  it('checks the form with the Spanish messages of the schema', async () => {
    const valid = { name: 'Ana', last: 'Ruiz', email: 'ana.ruiz@negocio.mx', role_id: roleId.get('Ventas'), permissions: [] };
    for (const [wrong, message] of [
      [{ name: ' ' }, 'Requerido.'],
      [{ email: 'no-es-correo' }, 'E-mail inavlido.'],
      [{ permissions: ['volar'] }, 'Permiso desconocido.'],
    ] as const) {
      const refused = await call(admin, 'POST', '/api/v2/users', { ...valid, ...wrong });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toContain(message);
    }
    const none = personPageSchema.parse((await call(admin, 'GET', '/api/v2/users?filter[search]=ana.ruiz@negocio')).json());
    expect(none.data).toEqual([]);
  });

  it("gives a change of someone's permissions on their next request, and the person's own beyond the role", async () => {
    const { person, token } = await newPerson(admin, 'Consulta');
    expect((await call(token, 'GET', '/api/v2/expenses')).statusCode).toBe(403);
    const edited = await call(admin, 'PUT', `/api/v2/users/${person.id}`, personInput(person, { permissions: ['expenses'] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(token, 'GET', '/api/v2/expenses')).statusCode).toBe(200);
    const roleChanged = await call(admin, 'PUT', `/api/v2/roles/${roleId.get('Consulta')}`, {
      name: 'Consulta',
      permissions: ['shippings', 'reports'],
    });
    expect(roleChanged.statusCode, roleChanged.body).toBe(200);
    expect((await call(token, 'GET', '/api/v1/user/current')).json().permissions).toEqual(['expenses', 'reports', 'shippings']);
  });

  it('deactivates someone: every session ends at once, sign-in is refused with the reason, the stream closes; reactivated, they sign in again', async () => {
    const { person, token } = await newPerson(admin, 'Ventas');
    const phone = await loginAs(t.app, person.email, 'una-clave-propia');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = eventTicketSchema.parse((await call(token, 'POST', '/api/v2/events/ticket')).json()).ticket;
    const stream = await openEventStream(`${base}/api/v2/events?ticket=${ticket}`);
    try {
      await stream.waitFor((text) => text.includes(': conectado'));
      const off = await call(admin, 'POST', `/api/v2/users/${person.id}/deactivate`);
      expect(off.statusCode, off.body).toBe(200);
      expect(personSchema.parse(off.json()).active).toBe(false);
      expect((await call(token, 'GET', '/api/v1/user/current')).statusCode).toBe(401);
      expect((await call(phone, 'GET', '/api/v1/user/current')).statusCode).toBe(401);
      for (let i = 0; i < 100 && !stream.ended(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stream.ended()).toBe(true);
    } finally {
      stream.close();
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: person.email, password: 'una-clave-propia' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Tu cuenta está desactivada. Pide a quien administra los usuarios que la reactive.');
    // Still named where they worked: the people list keeps them.
    const listed = personPageSchema.parse((await call(admin, 'GET', '/api/v2/users?filter[active]=false')).json()).data;
    expect(listed.map((p) => p.id)).toContain(person.id);
    expect((await call(admin, 'POST', `/api/v2/users/${person.id}/reactivate`)).statusCode).toBe(200);
    expect(await loginAs(t.app, person.email, 'una-clave-propia')).toBeTruthy();
  });

  it('resets a password to a temporary one, ending the sessions', async () => {
    const { person, token } = await newPerson(admin, 'Ventas');
    const reset = await call(admin, 'POST', `/api/v2/users/${person.id}/password-reset`);
    expect(reset.statusCode).toBe(200);
    const { temporary_password } = temporaryPasswordSchema.parse(reset.json());
    expect((await call(token, 'GET', '/api/v1/user/current')).statusCode).toBe(401);
    const again = await loginAs(t.app, person.email, temporary_password);
    expect((await call(again, 'GET', '/api/v1/user/current')).json().temporary_credentials).toBe(true);
    // Not kept for a retry: the temporary password is nowhere in the database in clear.
    const kept = await rows(t.database.db, sql`SELECT 1 FROM idempotency_keys WHERE response::text LIKE ${'%' + temporary_password + '%'}`);
    expect(kept).toEqual([]);
  });

  it('keeps user 1 whole: never deactivated, never without a permission', async () => {
    const me = personSchema.parse((await call(admin, 'GET', '/api/v2/users/1')).json());
    const off = await call(admin, 'POST', '/api/v2/users/1/deactivate');
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('El usuario 1 es el administrador: no se desactiva ni pierde permisos.');
    const demoted = await call(admin, 'PUT', '/api/v2/users/1', personInput(me, { role_id: roleId.get('Ventas') }));
    expect(demoted.statusCode).toBe(409);
    const renamed = await call(admin, 'PUT', '/api/v2/users/1', personInput(me, { sub_job_position: 'Dirección' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const self = await loginAs(t.app, 'oficina@demo.mx');
    expect((await call(self, 'POST', '/api/v2/users/1/deactivate')).statusCode).toBe(403);
  });

  it('lets nobody grant, take or manage beyond what they hold', async () => {
    await makeRole('Encargado de mostrador', ['users', 'sales', 'companies']);
    const { person: manager, token } = await newPerson(admin, 'Encargado de mostrador');
    const tooMuch = await call(token, 'POST', '/api/v2/users', {
      name: 'A',
      last: 'B',
      email: 'ab@negocio.mx',
      role_id: roleId.get('Administrador'),
    });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().message).toMatch(/^No puedes dar ni quitar permisos que tú no tienes: .*Bitácora/);
    const extra = await call(token, 'POST', '/api/v2/users', {
      name: 'A',
      last: 'B',
      email: 'ab@negocio.mx',
      role_id: roleId.get('Encargado de mostrador'),
      permissions: ['expenses'],
    });
    expect(extra.statusCode).toBe(403);
    expect(extra.json().message).toBe('No puedes dar ni quitar permisos que tú no tienes: Gastos.');
    const fine = await call(token, 'POST', '/api/v2/users', {
      name: 'A',
      last: 'B',
      email: 'ab@negocio.mx',
      role_id: roleId.get('Encargado de mostrador'),
    });
    expect(fine.statusCode).toBe(201);
    // A fuller person is out of reach: neither edited, nor deactivated, nor their password reset.
    const seller = personPageSchema.parse((await call(admin, 'GET', '/api/v2/users?filter[search]=ventas2@demo')).json()).data[0]!;
    expect((await call(token, 'POST', `/api/v2/users/${seller.id}/password-reset`)).statusCode).toBe(403);
    expect((await call(token, 'POST', `/api/v2/users/${seller.id}/deactivate`)).statusCode).toBe(403);
    // A role: only what they hold is added or removed.
    const widen = await call(token, 'PUT', `/api/v2/roles/${roleId.get('Encargado de mostrador')}`, {
      name: 'Encargado de mostrador',
      permissions: ['users', 'sales', 'companies', 'reports'],
    });
    expect(widen.statusCode).toBe(403);
    expect((await call(token, 'POST', `/api/v2/users/${manager.id}/deactivate`)).json().message).toBe('No puedes desactivarte a ti mismo.');
  });

  it('lets nobody edit a role held by someone with a permission they lack; user 1 always may', async () => {
    const counter = await makeRole('Mostrador compartido', ['sales']);
    await makeRole('Jefe de mostrador', ['users', 'sales', 'companies']);
    const { token: boss } = await newPerson(admin, 'Jefe de mostrador');
    const { person: cashier } = await newPerson(admin, 'Mostrador compartido', ['expenses']);
    const cashierHolds = async () => personSchema.parse((await call(admin, 'GET', `/api/v2/users/${cashier.id}`)).json());

    // Taking away sales, which the boss holds, would still change what someone with Gastos can do.
    const narrow = await call(boss, 'PUT', `/api/v2/roles/${counter}`, { name: 'Mostrador compartido', permissions: [] });
    expect(narrow.statusCode).toBe(403);
    expect(narrow.json().message).toBe(
      'No puedes editar este rol: lo tiene alguien con permisos que tú no tienes (Gastos). Cambiarlo cambiaría lo que esa persona puede hacer.',
    );
    const widen = await call(boss, 'PUT', `/api/v2/roles/${counter}`, {
      name: 'Mostrador compartido',
      permissions: ['sales', 'companies'],
    });
    expect(widen.statusCode).toBe(403);
    expect((await cashierHolds()).role_permissions).toEqual(['sales']);

    // Once its holders are within the boss's reach, the boss may change it.
    const person = await cashierHolds();
    expect((await call(admin, 'PUT', `/api/v2/users/${cashier.id}`, personInput(person, { permissions: [] }))).statusCode).toBe(200);
    const allowed = await call(boss, 'PUT', `/api/v2/roles/${counter}`, {
      name: 'Mostrador compartido',
      permissions: ['sales', 'companies'],
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect([...(await cashierHolds()).role_permissions].sort()).toEqual(['companies', 'sales']);

    // User 1 holds every permission: no holder outranks them.
    expect(
      (await call(admin, 'PUT', `/api/v2/roles/${counter}`, { name: 'Mostrador compartido', permissions: ['sales'] })).statusCode,
    ).toBe(200);
  });

  it('keeps at least one active holder of users', async () => {
    const roleOnly = await makeRole('Solo usuarios', ['users']);
    const { person: first, token: firstToken } = await newPerson(admin, 'Solo usuarios');
    // An installation whose user 1 is deactivated (brought in from elsewhere): the holders are
    // the people with users, and here only `first` is left.
    await t.database.db.execute(sql`UPDATE users SET active = false WHERE id <> ${first.id}`);
    try {
      const left = await call(firstToken, 'PUT', `/api/v2/roles/${roleOnly}`, { name: 'Solo usuarios', permissions: [] });
      expect(left.statusCode).toBe(409);
      expect(left.json().message).toBe('Debe quedar al menos una persona activa con el permiso Usuarios.');
    } finally {
      await t.database.db.execute(sql`UPDATE users SET active = true`);
      admin = await loginAs(t.app, 'admin@demo.mx');
    }
  });
});

describe('the grant rules, over any sequence of changes', () => {
  it('never gives or takes a permission the person who made the change lacks', async () => {
    const pool = ['users', 'sales', 'companies', 'reports', 'expenses', 'collections', 'inventory', 'settings'] as const;
    const actors: { token: string; id: number }[] = [{ token: admin, id: 1 }];
    for (const [index, held] of [
      ['users', 'sales', 'reports'],
      ['users', 'companies', 'expenses', 'reports'],
    ].entries()) {
      await makeRole(`Gestor ${index}`, held);
      const { person, token } = await newPerson(admin, `Gestor ${index}`);
      actors.push({ token, id: person.id });
    }
    const targets: number[] = [];
    for (let i = 0; i < 3; i++) targets.push((await newPerson(admin, 'Consulta')).person.id);
    const playRoles = [await makeRole('Juego A', ['sales']), await makeRole('Juego B', ['reports'])];

    const snapshot = async () => {
      const people = personPageSchema.parse((await call(admin, 'GET', '/api/v2/users?itemsPerPage=1000')).json()).data;
      return new Map(people.map((p) => [p.id, effectivePermissions(p.id, p.role_permissions, p.permissions)]));
    };
    const permissionSet = fc.subarray([...pool]);
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('person' as const),
        target: fc.constantFrom(...targets),
        role: fc.constantFrom(...playRoles),
        own: permissionSet,
      }),
      fc.record({ kind: fc.constant('role' as const), role: fc.constantFrom(...playRoles), permissions: permissionSet }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ actor: fc.integer({ min: 0, max: actors.length - 1 }), change }), { minLength: 1, maxLength: 5 }),
        async (steps) => {
          for (const { actor, change: step } of steps) {
            const who = actors[actor]!;
            const holds = new Set((await call(who.token, 'GET', '/api/v1/user/current')).json().permissions as string[]);
            const before = await snapshot();
            let answer;
            if (step.kind === 'person') {
              const person = personSchema.parse((await call(admin, 'GET', `/api/v2/users/${step.target}`)).json());
              answer = await call(
                who.token,
                'PUT',
                `/api/v2/users/${step.target}`,
                personInput(person, { role_id: step.role, permissions: step.own }),
              );
            } else {
              answer = await call(who.token, 'PUT', `/api/v2/roles/${step.role}`, {
                name: step.role === playRoles[0] ? 'Juego A' : 'Juego B',
                permissions: step.permissions,
              });
            }
            expect([200, 403, 409]).toContain(answer.statusCode);
            const after = await snapshot();
            for (const [id, now] of after) {
              const was = before.get(id) ?? [];
              const moved = [...now.filter((p) => !was.includes(p)), ...was.filter((p) => !now.includes(p))];
              if (who.id !== 1) expect(moved.filter((p) => !holds.has(p))).toEqual([]);
            }
            if (answer.statusCode !== 200) expect(after).toEqual(before);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
