/**
 * Deterministic demo data: a Monterrey produce wholesaler with customers, products,
 * staff of every role, sales from 60 days ago to 7 days ahead, delivery routes with
 * deliveries in every status, payroll, purchase orders and inventory movements.
 *
 * The random choices come from a fixed seed, so two databases seeded on the same day
 * hold the same rows; dates are relative to the day of seeding so "today" always has work.
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hash } from '@node-rs/argon2';
import { CheckSum } from '@nodecfdi/rfc';
import { taxObjectCarriesTaxes } from '../../domain/cfdi/product-keys';
import { movementSign, type InventoryMovementType, type MovementSource } from '../../domain/inventory';
import { JOB_POSITIONS } from '../../domain/job-positions';
import { PERMISSIONS, type Permission } from '../../domain/permissions';
import { STARTING_ROLES } from '../../domain/roles';
import { roundCents, VAT_RATE } from '../../domain/sales';
import { demoProductKeys } from './demo-product-keys';
import { monterreyDateOffset, monterreyWallClock } from '../../domain/time';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { ARGON2_OPTIONS } from '../auth/passwords';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';
import { DEMO_BUSINESSES, type DemoBusiness } from './demo-businesses';
import { DEPLOYMENTS, type DeploymentId } from '../../domain/deployment';
import { seedCrm } from './demo-crm';
import { seedInventoryMoves } from './demo-inventory-moves';
import { seedProduction } from './demo-production';
import { seedPhysicalInventory } from './demo-physical-inventory';

/** Small, fast, well-distributed PRNG (mulberry32): same seed, same sequence. */
/** 'José Pérez' → 'jose.perez': an address part without accents or spaces. */
function mailbox(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/** The demo's customers are around Monterrey's centre (issue 47: the map and 'Optimizar' need places). */
export const DEMO_CENTRE = { latitude: 25.67, longitude: -100.31 };
/** How far from the centre a demo branch may be. */
export const DEMO_RADIUS_KM = 12;

/**
 * A branch's place spread evenly over the disc of DEMO_RADIUS_KM around DEMO_CENTRE (√ of the
 * draw for the distance, so the outskirts are not emptier than the centre), to 6 decimals (~10 cm).
 */
function demoPlace(random: ReturnType<typeof createRandom>): { latitude: number; longitude: number } {
  const km = DEMO_RADIUS_KM * Math.sqrt(random.next());
  const angle = 2 * Math.PI * random.next();
  const kmPerDegreeLatitude = 111.32;
  const kmPerDegreeLongitude = kmPerDegreeLatitude * Math.cos((DEMO_CENTRE.latitude * Math.PI) / 180);
  const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    latitude: round6(DEMO_CENTRE.latitude + (km * Math.sin(angle)) / kmPerDegreeLatitude),
    longitude: round6(DEMO_CENTRE.longitude + (km * Math.cos(angle)) / kmPerDegreeLongitude),
  };
}

/** EAN-13 with its check digit, from a 12-digit body. */
export function ean13(body: string): string {
  const digits = body.split('').map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

const referenceLists = (business: DemoBusiness): [PgTable & { name: unknown }, string[]][] => [
  [t.funnels, ['Prospección', 'Mayoreo', 'Restaurantes']],
  [t.types, business.customerTypes],
  [t.frequencies, ['Diaria', 'Semanal', 'Quincenal', 'Mensual']],
  [t.contactModes, ['Teléfono', 'WhatsApp', 'Correo', 'Visita']],
  [t.specialConditions, ['Entrega antes de las 9:00', 'Requiere factura', 'Pago contra entrega']],
  [t.activityTypes, ['Llamada', 'Visita', 'Cotización', 'Seguimiento']],
  [t.origins, ['Recomendación', 'Redes sociales', 'Visita en frío', 'Sitio web']],
  [t.statuses, ['Activo', 'Inactivo', 'Prospecto']],
  [t.phases, ['Contacto', 'Cotización', 'Negociación', 'Cierre']],
  [t.priceLists, ['Público', 'Mayoreo', 'Restaurantes']],
  [t.paymentMethods, ['Efectivo', 'Transferencia', 'Tarjeta', 'Cheque']],
  [t.categories, business.categories],
  [t.rejections, business.rejections],
  [t.adjustments, ['Merma', 'Conteo físico', 'Error de captura']],
  [t.zones, ['Centro', 'San Pedro', 'Guadalupe', 'Apodaca', 'Escobedo', 'Santa Catarina']],
  [t.expenseTypes, business.expenseTypes],
];

/** How many of the demo customers are counter customers the office has not verified yet. */
const UNVERIFIED_COMPANIES = 3;
const pad2 = (n: number) => String(n).padStart(2, '0');
/** An RFC's first 11 or 12 characters with the SAT's check digit after them (@nodecfdi/rfc's CheckSum). */
const withCheckDigit = (rfcWithoutDigit: string) => {
  const rfc = `${rfcWithoutDigit}0`;
  return `${rfcWithoutDigit}${new CheckSum().calculate(rfc)}`;
};

const NEIGHBOURHOODS = [
  ['Centro', 'Monterrey', '64000'],
  ['Obispado', 'Monterrey', '64060'],
  ['Mitras Centro', 'Monterrey', '64460'],
  ['Del Valle', 'San Pedro Garza García', '66220'],
  ['Valle Oriente', 'San Pedro Garza García', '66269'],
  ['Linda Vista', 'Guadalupe', '67130'],
  ['Contry', 'Monterrey', '64860'],
  ['Cumbres', 'Monterrey', '64610'],
  ['Anáhuac', 'San Nicolás de los Garza', '66450'],
  ['Apodaca Centro', 'Apodaca', '66600'],
  ['Santa Catarina Centro', 'Santa Catarina', '66350'],
  ['Escobedo Centro', 'General Escobedo', '66050'],
] as const;

const STREETS = [
  'Av. Constitución',
  'Av. Gonzalitos',
  'Calz. del Valle',
  'Av. Eugenio Garza Sada',
  'Av. Lincoln',
  'Av. Ruiz Cortines',
  'Calle Padre Mier',
  'Av. Benito Juárez',
  'Av. Revolución',
  'Calle Zaragoza',
  'Av. Vasconcelos',
  'Av. Universidad',
  'Calle Hidalgo',
  'Av. Fidel Velázquez',
];

const FIRST_NAMES = ['María', 'Juan', 'Guadalupe', 'Roberto', 'Patricia', 'Luis', 'Sofía', 'Héctor', 'Claudia', 'Fernando'];
const LAST_NAMES = ['Garza', 'Treviño', 'Villarreal', 'González', 'Rodríguez', 'Cantú', 'Salinas', 'De la Garza', 'Elizondo', 'Leal'];

export interface SeedSummary {
  users: number;
  companies: number;
  items: number;
  sales: number;
  shippings: number;
  shippingDetails: number;
}

/** The taxes a demo sale's line keeps: its product's, as a sale priced now keeps them (server/repositories/pricing.ts). */
function soldTaxes(item: typeof t.items.$inferSelect) {
  const taxed = taxObjectCarriesTaxes(item.objeto_imp);
  return { objeto_imp: item.objeto_imp, iva_rate: taxed ? item.iva_rate : null, ieps_rate: taxed ? item.ieps_rate : null };
}
type SoldTaxes = ReturnType<typeof soldTaxes>;

async function insertInChunks<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(table).values(rows.slice(i, i + 500));
  }
}

/** Tables with explicit ids need their sequences moved past them. */
async function syncSequences(db: Db, tables: string[]): Promise<void> {
  for (const table of tables) {
    await db.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`),
    );
  }
}

const ROLE_PERMISSIONS: Record<string, readonly Permission[]> = {
  Administrador: PERMISSIONS,
  // Sellers add customers at the counter (POST /api/v2/companies with sales); the office (companies) checks them.
  // The demo's sellers may also cancel, which a new installation's Ventas role leaves to the office.
  Ventas: [...STARTING_ROLES.Ventas!, 'cancelations'],
  Despacho: [
    'shippings',
    'shipping_details',
    'editShippings',
    'deleteShippings',
    'printShippings',
    'editShippingDetails',
    'deleteShippingDetails',
    'download',
    'orders_ready',
    'pedidos',
    'sales',
    'companies',
    'reports',
    'collections',
    'balances',
  ],
  /** Reads and prints routes, edits nothing. */
  Consulta: STARTING_ROLES.Consulta!,
  Chofer: STARTING_ROLES['Chofer Repartidor']!,
  // The warehouse tablet also counts the shelves (/physical-inventory).
  Almacén: ['orders', 'orders_ready', 'productions', 'physical_inventories'],
};

export async function seedDemo(
  db: Db,
  options: {
    now: Date;
    /** Keeps the sample evidence the delivered demo deliveries name; null keeps none (tests). */
    keepSampleEvidence: ((name: string, bytes: Buffer) => Promise<void>) | null;
    deployment?: DeploymentId;
  },
): Promise<SeedSummary> {
  const random = createRandom(20_261_122);
  const { now } = options;
  const deployment = options.deployment ?? 'frutas';
  const business = DEMO_BUSINESSES[deployment];
  const { identity } = DEPLOYMENTS[deployment];
  const day = (offset: number) => monterreyDateOffset(now, offset);
  const today = day(0);

  // Reference lists. CFDI ids at or below 100 are legacy entries the product hides (spec §5).
  for (const [table, names] of referenceLists(business)) {
    await db.insert(table).values(names.map((name) => ({ name })) as never);
  }
  // The current ones (101 G01, 102 G03, 103 S01, 104 CP01, then the rest of c_UsoCFDI) come with
  // migration 0043, which runs first on the empty database; the demo adds one of the old catalogue.
  await db.insert(t.cfdis).values([{ id: 3, name: 'P01 Por definir (catálogo anterior)', clave: 'P01' }]);
  const unitRows = await db
    .insert(t.units)
    .values(business.units.map((name) => ({ name })))
    .returning();
  const unitId = new Map(unitRows.map((u) => [u.name, u.id]));

  // People.
  const [branch] = await db
    .insert(t.branches)
    .values({
      ...business.warehouse,
      phone: identity.phone,
      rfc: identity.taxId,
      razon_social: identity.legalName,
    })
    .returning();
  // Migrations add the permissions introduced after the first (0024: settings).
  await db
    .insert(t.permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  const permissionRows = await db.select().from(t.permissions);
  const permissionId = new Map(permissionRows.map((p) => [p.name, p.id]));
  const roleRows = await db
    .insert(t.roles)
    .values(Object.keys(ROLE_PERMISSIONS).map((name) => ({ name })))
    .returning();
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  await db
    .insert(t.rolePermissions)
    .values(
      Object.entries(ROLE_PERMISSIONS).flatMap(([role, granted]) =>
        granted.map((p) => ({ role_id: roleId.get(role)!, permission_id: permissionId.get(p)! })),
      ),
    );
  const positions = [...new Set(DEMO_USERS.map((u) => u.jobPosition))];
  const positionRows = await db
    .insert(t.jobPositions)
    .values(positions.map((name) => ({ name })))
    .returning();
  const positionId = new Map(positionRows.map((p) => [p.name, p.id]));

  // Every demo user shares one password, so one hash serves them all.
  const passwordHash = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  await db.insert(t.users).values(
    DEMO_USERS.map((u, index) => ({
      id: index + 1,
      name: u.name,
      last: u.last,
      email: u.email,
      password_hash: passwordHash,
      job_position_id: positionId.get(u.jobPosition)!,
      sub_job_position: u.subJobPosition ?? null,
      role_id: roleId.get(u.role)!,
      branch_id: branch!.id,
    })),
  );
  await syncSequences(db, ['users', 'cfdis']);
  const userByEmail = new Map(DEMO_USERS.map((u, index) => [u.email, index + 1]));
  const userId = (email: string) => userByEmail.get(email)!;
  const sellers = [userId('ventas@demo.mx'), userId('ventas2@demo.mx')];
  const admin = userId('admin@demo.mx');
  const office = userId('oficina@demo.mx');
  const warehouse = userId('almacen@demo.mx');

  // Catalogue.
  const itemRows = await db
    .insert(t.items)
    .values(
      business.items.map(([name, unit, price, weight], index) => ({
        name,
        unit_id: unitId.get(unit)!,
        macro: name.split(' ')[0],
        ean13: ean13(`750100${String(1000 + index * 7).padStart(6, '0')}`),
        price,
        cost: roundCents(price * 0.72),
        weight,
        pos: index % 3 === 0,
        is_raw_material: business.isRawMaterial(name),
        ...demoProductKeys(name, unit),
      })),
    )
    .returning();
  // Produced from raw material, where the business produces (a kilo of saladette tomato takes a twentieth of a 20 kg box).
  if (business.recipe) {
    const { item, component, quantity } = business.recipe;
    const itemId = (name: string) => itemRows.find((row) => row.name === name)!.id;
    await db.insert(t.itemComponents).values({ item_id: itemId(item), component_id: itemId(component), quantity });
  }
  const vehicleRows = await db
    .insert(t.vehicles)
    .values(business.vehicles.map((name, i) => ({ name, plates: `SR-${1200 + i * 37}-B` })))
    .returning();

  const companyRows = await db
    .insert(t.companies)
    .values(
      business.companies.map((name, index) => {
        const [colonia, city, zip] = random.pick(NEIGHBOURHOODS);
        return {
          name,
          macro: name.split(' ')[0],
          razon_social: `${name.replace(business.tradePrefix, '')} S.A. de C.V.`,
          // The RFC of a persona moral: 3 letters, the founding date as YYMMDD, a homoclave and the
          // check digit the SAT computes (a made-up last character fails it, and invoicing with it).
          rfc: withCheckDigit(
            `${name
              .slice(0, 3)
              .toUpperCase()
              .replace(/[^A-Z]/g, 'X')}${pad2((index * 7) % 100)}${pad2(1 + (index % 12))}${pad2(1 + ((index * 5) % 28))}A${index % 10}`,
          ),
          // Régimen general of a company, or RESICO (both admit G01, G03 and S01); the fiscal CP is its address's.
          regimen_fiscal: index % 5 === 4 ? '626' : '601',
          cp_fiscal: zip,
          credit_days: random.pick([0, 0, 7, 15, 30]),
          delivery_address: `${random.pick(STREETS)} ${random.int(100, 3999)}, ${colonia}, ${city}, N.L., C.P. ${zip}`,
          delivery_references: random.pick(business.deliveryReferences),
          delivery_time: random.pick(business.deliveryTimes),
          cfdi_id: random.pick([101, 102, 103]),
          // The last few were entered at the counter by a seller and wait for the office (/unverified_clients).
          ...(index >= business.companies.length - UNVERIFIED_COMPANIES
            ? {
                created_by_user_id: userId('ventas@demo.mx'),
                created_at: `${day(-2 - (business.companies.length - index))} 12:30:00-06`,
                verified_at: null,
              }
            : {
                created_by_user_id: office,
                created_at: `${day(-90)} 09:00:00-06`,
                verified_at: `${day(-90)} 09:30:00-06`,
                verified_by_user_id: office,
              }),
        };
      }),
    )
    .returning();
  // Places come from a stream of their own, so the rest of the demo's choices stay as they were.
  const places = createRandom(47);
  const branchRows = await db
    .insert(t.companyBranches)
    .values(
      companyRows.flatMap((c, index) => {
        const main = { company_id: c.id, name: 'Matriz', address: c.delivery_address ?? '', ...demoPlace(places) };
        if (index % 4 !== 0) return [main];
        const [colonia, city] = random.pick(NEIGHBOURHOODS);
        return [
          main,
          {
            company_id: c.id,
            name: `Sucursal ${colonia}`,
            address: `${random.pick(STREETS)} ${random.int(100, 2999)}, ${colonia}, ${city}, N.L.`,
            ...demoPlace(places),
          },
        ];
      }),
    )
    .returning();
  const branchesOf = (companyId: number) => branchRows.filter((b) => b.company_id === companyId);
  const contactRows = await db
    .insert(t.contacts)
    .values(
      companyRows.flatMap((c, index) =>
        Array.from({ length: 1 + (index % 2) }, (_, n) => {
          const name = random.pick(FIRST_NAMES);
          const last = random.pick(LAST_NAMES);
          return {
            company_id: c.id,
            name,
            last,
            phone: `81 ${1000 + index * 13 + n} ${2000 + index * 7}`,
            // Quotations go to the contact's e-mail by default; one customer in five has none on file.
            email: index % 5 === 4 ? null : `${mailbox(name)}.${mailbox(last)}@${mailbox(c.macro ?? c.name)}${index + 1}.mx`,
          };
        }),
      ),
    )
    .returning();
  const contactsOf = (companyId: number) => contactRows.filter((contact) => contact.company_id === companyId);

  // Sales from 60 days ago to a week ahead (a month for events); quotations and cancellations among them.
  type SaleDraft = {
    row: typeof t.sales.$inferInsert;
    lines: ({ item_id: number; quantity: number; price: number } & SoldTaxes)[];
    dayOffset: number;
  };
  const drafts: SaleDraft[] = [];
  for (let offset = -60; offset <= business.lastSaleDay; offset++) {
    const count = business.salesOnDay(offset, day(offset), random);
    for (let n = 0; n < count; n++) {
      const company = random.pick(companyRows);
      const lines = Array.from({ length: random.int(2, 6) }, () => {
        const item = random.pick(itemRows);
        return { item_id: item.id, quantity: business.quantity(item.weight, random), price: item.price, ...soldTaxes(item) };
      }).filter((line, i, all) => all.findIndex((l) => l.item_id === line.item_id) === i);
      const weight = roundCents(lines.reduce((sum, l) => sum + l.quantity * itemRows.find((i) => i.id === l.item_id)!.weight, 0));
      const subtotal = roundCents(lines.reduce((sum, l) => sum + l.quantity * l.price, 0));
      const type = random.chance(0.25) ? 'Serie B' : 'Serie A';
      const iva = type === 'Serie A' ? roundCents(subtotal * VAT_RATE) : 0;
      const total = roundCents(subtotal + iva);
      const kind = offset < -3 && random.chance(0.12) ? 'quotation' : 'sale';
      const paid = offset < -20 ? random.chance(0.8) : offset < 0 ? random.chance(0.4) : false;
      const partial = !paid && offset < 0 && random.chance(0.3);
      const dueBalance = kind === 'quotation' ? 0 : paid ? 0 : partial ? roundCents(total / 2) : total;
      const companyBranches = branchesOf(company.id);
      drafts.push({
        dayOffset: offset,
        lines,
        row: {
          kind,
          company_id: company.id,
          company_branch_id: random.pick(companyBranches).id,
          contact_id: random.pick(contactsOf(company.id)).id,
          user_id: random.pick(sellers),
          created_by_user_id: random.pick(sellers),
          date: day(offset),
          due_date: day(offset + Math.max(company.credit_days, 7)),
          type,
          subtotal,
          iva,
          total,
          due_balance: dueBalance,
          payment_status: kind === 'quotation' ? 'Cotización' : paid ? 'Pagada' : partial ? 'Parcial' : 'Pendiente',
          sale_total_weight: weight,
          sale_weight: weight,
          note: random.pick(business.saleNotes),
          internal_note: random.pick(business.internalNotes),
          purchase_order: random.chance(0.3) ? `OC-${random.int(1000, 9999)}` : null,
          bar: random.chance(0.15),
          canceled_at: kind === 'sale' && offset < -5 && random.chance(0.04) ? `${day(offset)} 18:00:00-06` : null,
          created_at: `${day(Math.min(offset, 0) - 1)} 10:00:00-06`,
        },
      });
    }
  }
  // A cancelled sale owes nothing, and what had been paid of it is released (spec: no payment stands on it).
  for (const draft of drafts) {
    if (!draft.row.canceled_at) continue;
    draft.row.due_balance = 0;
    draft.row.payment_status = 'Pendiente';
  }
  const saleRows = await db
    .insert(t.sales)
    .values(drafts.map((d) => d.row))
    .returning();
  await insertInChunks(
    db,
    t.saleItems,
    saleRows.flatMap((sale, index) => drafts[index]!.lines.map((line) => ({ ...line, sale_id: sale.id }))),
  );

  // Orders to fill: today and ahead; some already in production, past ones dispatched.
  const productionRows: (typeof t.productions.$inferInsert)[] = [];
  const orderIndexes = saleRows.map((s, i) => ({ s, i })).filter(({ s }) => s.kind === 'sale' && !s.canceled_at);
  await db
    .update(t.sales)
    .set({ dispatched_at: sql`(${t.sales.date} || ' 06:30:00-06')::timestamptz`, dispatched_by_user_id: warehouse })
    .where(sql`${t.sales.kind} = 'sale' AND ${t.sales.canceled_at} IS NULL AND ${t.sales.date} < ${today}`);
  for (const { s, i } of orderIndexes) {
    if (drafts[i]!.dayOffset >= 0 && drafts[i]!.dayOffset <= 1 && random.chance(0.35)) {
      productionRows.push({ sale_id: s.id, status: 'En proceso', created_by_user_id: warehouse });
    }
  }
  if (productionRows.length > 0) {
    const created = await db.insert(t.productions).values(productionRows).returning();
    for (const production of created) {
      await db
        .update(t.sales)
        .set({ is_in_production: true, production_id: production.id })
        .where(sql`${t.sales.id} = ${production.sale_id}`);
    }
  }

  // Delivery routes: one or two a day for the past three weeks, today and tomorrow (and pick-ups, for rentals).
  const drivers = [userId('chofer@demo.mx'), userId('chofer2@demo.mx'), userId('ejecutivo@demo.mx')];
  let shippingCount = 0;
  let detailCount = 0;
  for (let offset = -21; offset <= 1; offset++) {
    const daySales = saleRows.filter((s, i) => drafts[i]!.dayOffset === offset && s.kind === 'sale' && !s.canceled_at);
    const routeCount = daySales.length === 0 ? 0 : offset >= 0 ? 2 : daySales.length > 3 ? 2 : 1;
    const routes = Array.from({ length: routeCount }, (_, r) => ({
      sales: daySales.filter((_, i) => i % routeCount === r),
      pickUp: false,
    }));
    // Rented goods come back the day after the event: one more route collects them.
    const yesterdaySales = saleRows.filter((s, i) => drafts[i]!.dayOffset === offset - 1 && s.kind === 'sale' && !s.canceled_at);
    if (business.pickUpNote && yesterdaySales.length > 0) routes.push({ sales: yesterdaySales, pickUp: true });
    for (const [r, { sales: routeSales, pickUp }] of routes.entries()) {
      if (routeSales.length === 0) continue;
      const driver = offset >= 0 ? drivers[r % drivers.length]! : random.pick(drivers);
      const date = day(offset);
      const initialKm = random.int(40_000, 90_000);
      const travelled = random.int(25, 140);
      const started = offset < 0 || (offset === 0 && r === 0);
      const finished = offset < 0;
      const [shipping] = await db
        .insert(t.shippings)
        .values({
          date,
          driver_id: driver,
          vehicle_id: vehicleRows[(r + Math.abs(offset)) % vehicleRows.length]!.id,
          initial_km: started ? initialKm : null,
          final_km: finished ? initialKm + travelled : null,
          km_capture_time_start: started ? monterreyWallClock(date, 7, random.int(0, 45)) : null,
          km_capture_time: finished ? monterreyWallClock(date, random.int(14, 18), random.int(0, 59)) : null,
          route: finished ? travelled : null,
          note: pickUp ? business.pickUpNote : random.pick(business.routeNotes),
          kind: pickUp ? 'recoleccion' : 'entrega',
          user_id: office,
          created_by_user_id: office,
          last_updated_by_user_id: office,
          created_at: `${day(offset - 1)} 17:00:00-06`,
        })
        .returning();
      shippingCount++;
      // Today's started route has deliveries in every status: delivered, rejected and pending.
      const details = routeSales.map((sale, index) => {
        const outcome = finished
          ? random.chance(0.88)
            ? 'delivered'
            : 'rejected'
          : started
            ? (['delivered', 'rejected', 'pending'] as const)[Math.min(index, 2)]
            : 'pending';
        const at = monterreyWallClock(date, 8 + index, random.int(0, 59));
        return {
          shipping_id: shipping!.id,
          sale_id: sale.id,
          company_id: sale.company_id,
          completed: outcome !== 'pending',
          is_delivered: outcome === 'delivered',
          delivery_rejection_comment: outcome === 'rejected' ? random.pick(business.rejectionComments) : null,
          delivered_at: outcome === 'pending' ? null : at,
          invoice: random.chance(0.5) ? `F-${random.int(10_000, 99_999)}` : null,
          pdf: outcome === 'delivered' ? DEMO_EVIDENCE_NAME : null,
          created_by_user_id: office,
          last_updated_by_user_id: office,
        };
      });
      // The database weighs the route from its delivered sales (migration 0021).
      await db.insert(t.shippingDetails).values(details);
      detailCount += details.length;
    }
  }

  // Purchasing, inventory, payroll, notes and support tickets.
  const providerRows = await db
    .insert(t.providers)
    .values(
      business.providers.map((name, i) => ({
        name,
        phone: `81 8${300 + i * 11} ${1000 + i * 123}`,
        // Deterministic contact data and credit terms (no draw from the seed's random sequence).
        rfc: `${name
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase()
          .padEnd(3, 'X')}${String(100101 + i * 10203).slice(0, 6)}A${i % 10}${i % 7}`,
        email: `compras${i + 1}@proveedor.mx`,
        contact_name: ['Rosa Elizondo', 'Martín Garza', 'Lucía Cantú', 'Héctor Salinas'][i % 4],
        credit_days: [0, 7, 15, 30][i % 4],
      })),
    )
    .returning();
  // A rental business owns at least what its busiest day rents of each product: its demo days
  // are never overbooked (the point of sale would warn on every rental). No draw is added, so
  // the rest of the demo stays as it was.
  const peakRented = new Map<number, number>();
  if (DEPLOYMENTS[deployment].flags.rentsGoods) {
    const byDay = new Map<string, number>();
    saleRows.forEach((sale, index) => {
      if (sale.kind !== 'sale' || sale.canceled_at) return;
      for (const line of drafts[index]!.lines) {
        const key = `${sale.date}:${line.item_id}`;
        byDay.set(key, (byDay.get(key) ?? 0) + line.quantity);
        peakRented.set(line.item_id, Math.max(peakRented.get(line.item_id) ?? 0, byDay.get(key)!));
      }
    });
  }
  const movements: (typeof t.inventoryMovements.$inferInsert)[] = itemRows.map((item) => ({
    item_id: item.id,
    branch_id: branch!.id,
    type: 'Creación de Producto' satisfies InventoryMovementType,
    source: 'alta',
    quantity: Math.max(random.int(20, 200), Math.ceil((peakRented.get(item.id) ?? 0) * 1.2)),
    created_by_user_id: admin,
    created_at: `${day(-61)} 09:00:00-06`,
  }));
  for (let n = 0; n < 20; n++) {
    const offset = -58 + n * 3;
    const lines = Array.from({ length: random.int(2, 5) }, () => {
      const item = random.pick(itemRows);
      const quantity = random.int(20, 200);
      return { item_id: item.id, quantity, unit_cost: item.cost, total: roundCents(quantity * item.cost) };
    });
    const [order] = await db
      .insert(t.purchaseOrders)
      .values({
        provider_id: random.pick(providerRows).id,
        total: roundCents(lines.reduce((sum, l) => sum + l.total, 0)),
        due_date: day(offset + 15),
        status: n === 19 ? 'Pendiente' : n === 18 ? 'Parcial' : 'Recibida',
        created_by_user_id: admin,
        created_at: `${day(offset)} 11:00:00-06`,
      })
      .returning();
    // The newest order waits for its goods, the one before has its first line in: 'Recibir' has work in the demo.
    const received = n === 19 ? [] : n === 18 ? lines.slice(0, 1) : lines;
    await db
      .insert(t.purchaseOrderItems)
      .values(lines.map((l) => ({ ...l, received_quantity: received.includes(l) ? l.quantity : 0, purchase_order_id: order!.id })));
    for (const l of received) {
      movements.push({
        item_id: l.item_id,
        branch_id: branch!.id,
        type: 'Entrada Compra',
        source: 'compra',
        quantity: l.quantity,
        unit_cost: l.unit_cost,
        purchase_order_id: order!.id,
        created_by_user_id: admin,
        created_at: `${day(offset + 1)} 08:00:00-06`,
      });
    }
  }
  const SEEDED_SOURCE = {
    'Entrada Producción': 'produccion',
    'Salida Producción': 'produccion',
    'Ajuste Manual': 'ajuste',
    'Ajuste Inventario Físico': 'fisico',
    'Corte Ceros': 'fisico',
    'Salida Venta': 'venta',
    Devolución: 'venta',
  } as const satisfies Partial<Record<InventoryMovementType, MovementSource>>;
  const otherTypes: (keyof typeof SEEDED_SOURCE)[] = [
    'Entrada Producción',
    'Ajuste Manual',
    'Ajuste Inventario Físico',
    'Corte Ceros',
    'Salida Producción',
    'Salida Venta',
    'Devolución',
  ];
  for (let n = 0; n < 240; n++) {
    const type = otherTypes[n % otherTypes.length]!;
    movements.push({
      item_id: random.pick(itemRows).id,
      branch_id: branch!.id,
      type,
      source: SEEDED_SOURCE[type],
      quantity: movementSign(type) > 0 ? random.int(1, 30) : random.int(1, 10),
      created_by_user_id: warehouse,
      created_at: `${day(-random.int(0, 58))} 13:00:00-06`,
    });
  }
  await insertInChunks(db, t.inventoryMovements, movements);
  await seedInventoryMoves(db, { branchId: branch!.id, movements, admin, warehouse, day });
  await seedProduction(db, { business, branchId: branch!.id, admin, day });
  await seedPhysicalInventory(db, { branchId: branch!.id, movements, warehouse, day });

  const payrollRows: (typeof t.payrolls.$inferInsert)[] = [];
  DEMO_USERS.forEach((u, index) => {
    const dailySalary = 300 + index * 45;
    for (let period = 0; period < 4; period++) {
      const fixed = dailySalary * 15;
      const awards = {
        extra_time: random.int(0, 4) * 120,
        punctuality_award: 250,
        performance_award: random.pick([0, 300, 500]),
        production_award: u.jobPosition === JOB_POSITIONS.warehouse ? 400 : 0,
      };
      const deductions = {
        imss: roundCents(fixed * 0.03),
        infonavit: roundCents(fixed * 0.02),
        absence: random.pick([0, 0, dailySalary]),
        loan: random.pick([0, 0, 500]),
      };
      const sum = fixed + awards.extra_time + awards.punctuality_award + awards.performance_award + awards.production_award;
      const rest = roundCents(deductions.imss + deductions.infonavit + deductions.absence + deductions.loan);
      payrollRows.push({
        user_id: index + 1,
        date: day(-15 * period - 1),
        job_position: u.jobPosition,
        sub_job_position: u.subJobPosition ?? null,
        amount: fixed,
        daily_salary: dailySalary,
        holidays: 0,
        prima_vacacional: 0,
        benefits: 0,
        ...awards,
        ...deductions,
        sum,
        rest,
        total: roundCents(sum - rest),
      });
    }
  });
  await db.insert(t.payrolls).values(payrollRows);

  await db.insert(t.notes).values(
    DEMO_USERS.flatMap((_, index) =>
      business.notes.slice(0, 3 + (index % 3)).map(([title, body], n) => ({
        user_id: index + 1,
        author_id: admin,
        title,
        body,
        seen: n < 1 ? 1 : 0,
        created_at: `${day(-n)} 08:${String(10 + n).padStart(2, '0')}:00-06`,
      })),
    ),
  );
  await db.insert(t.supportTickets).values(
    business.supportTickets.map(([email, description], index) => ({
      user_id: userId(email),
      description,
      status: index === 0 ? 'Abierto' : 'Cerrado',
    })),
  );

  // Older debts: sales overdue in every aging bucket, before the collections that pay them.
  await seedOverdueHistory(db, {
    demoCustomer: business.collectionsDemoCustomer,
    companies: companyRows,
    items: itemRows,
    sellers,
    warehouse,
    branchesOf,
    contactsOf,
    day,
  });

  await seedCrm(db, random, day, business.crm);

  await options.keepSampleEvidence?.(DEMO_EVIDENCE_NAME, DEMO_EVIDENCE_PDF);

  return {
    users: DEMO_USERS.length,
    companies: companyRows.length,
    items: itemRows.length,
    sales: saleRows.length,
    shippings: shippingCount,
    shippingDetails: detailCount,
  };
}

/** The produce demo's customer that owes exactly three sales, one in each older aging bucket: the collections demo. */
export const COLLECTIONS_DEMO_CUSTOMER = DEMO_BUSINESSES.frutas.collectionsDemoCustomer;

/**
 * Sales from two to four months back that are still unpaid or half paid, so /balances has
 * something in every aging bucket (the 60 days of ordinary sales reach only the first two).
 * Its own random sequence, so the rest of the seed is the same with or without it.
 */
async function seedOverdueHistory(
  db: Db,
  seed: {
    demoCustomer: string;
    companies: (typeof t.companies.$inferSelect)[];
    items: (typeof t.items.$inferSelect)[];
    sellers: number[];
    warehouse: number;
    branchesOf: (companyId: number) => { id: number }[];
    contactsOf: (companyId: number) => { id: number }[];
    day: (offset: number) => string;
  },
): Promise<void> {
  const random = createRandom(20_261_313);
  const { companies, items, day } = seed;
  const demo = companies.find((c) => c.name === seed.demoCustomer)!;
  // Everything the demo customer bought in the last 60 days is paid: what it owes is the three below.
  await db
    .update(t.sales)
    .set({ due_balance: 0, payment_status: 'Pagada' })
    .where(sql`${t.sales.company_id} = ${demo.id} AND ${t.sales.kind} = 'sale' AND ${t.sales.canceled_at} IS NULL`);
  // Days past due: the demo customer's three, then one or two old ones for every fourth customer.
  const debts: { company: (typeof companies)[number]; overdue: number; half: boolean }[] = [
    { company: demo, overdue: 100, half: false },
    { company: demo, overdue: 75, half: false },
    { company: demo, overdue: 45, half: false },
  ];
  companies.forEach((company, index) => {
    if (company.id === demo.id || index % 4 !== 1) return;
    debts.push({ company, overdue: random.int(61, 130), half: random.chance(0.4) });
    if (random.chance(0.5)) debts.push({ company, overdue: random.int(31, 60), half: false });
  });
  const drafts = debts.map(({ company, overdue, half }) => {
    const lines = Array.from({ length: random.int(2, 4) }, () => {
      const item = random.pick(items);
      return { item_id: item.id, quantity: random.int(3, 25), price: item.price, weight: item.weight, ...soldTaxes(item) };
    }).filter((line, i, all) => all.findIndex((l) => l.item_id === line.item_id) === i);
    const subtotal = roundCents(lines.reduce((sum, l) => sum + l.quantity * l.price, 0));
    const iva = roundCents(subtotal * VAT_RATE);
    const total = roundCents(subtotal + iva);
    const weight = roundCents(lines.reduce((sum, l) => sum + l.quantity * l.weight, 0));
    const date = day(-overdue - Math.max(company.credit_days, 7));
    const dueBalance = half ? roundCents(total / 2) : total;
    return {
      lines,
      row: {
        kind: 'sale',
        company_id: company.id,
        company_branch_id: random.pick(seed.branchesOf(company.id)).id,
        contact_id: random.pick(seed.contactsOf(company.id)).id,
        user_id: random.pick(seed.sellers),
        created_by_user_id: random.pick(seed.sellers),
        date,
        due_date: day(-overdue),
        type: 'Serie A',
        subtotal,
        iva,
        total,
        due_balance: dueBalance,
        payment_status: half ? 'Parcial' : 'Pendiente',
        sale_total_weight: weight,
        sale_weight: weight,
        dispatched_at: `${date} 06:30:00-06`,
        dispatched_by_user_id: seed.warehouse,
        created_at: `${day(-overdue - Math.max(company.credit_days, 7) - 1)} 10:00:00-06`,
      } satisfies typeof t.sales.$inferInsert,
    };
  });
  const saleRows = await db
    .insert(t.sales)
    .values(drafts.map((d) => d.row))
    .returning({ id: t.sales.id });
  await insertInChunks(
    db,
    t.saleItems,
    saleRows.flatMap((sale, index) => drafts[index]!.lines.map(({ weight: _weight, ...line }) => ({ ...line, sale_id: sale.id }))),
  );
}

/** A one-page PDF that says it is demo evidence; seeded deliveries point at it. */
const DEMO_EVIDENCE_NAME = 'evidencia-demo.pdf';
const DEMO_EVIDENCE_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    '4 0 obj << /Length 58 >> stream',
    'BT /F1 18 Tf 24 70 Td (Evidencia de entrega demo) Tj ET',
    'endstream endobj',
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);
