/**
 * Demo data for the CRM and finance areas: leads in funnel phases, activities and calls,
 * conversations, collections paying the sales' settled amounts, expenses, supplies,
 * provider payments and an activity log. Deterministic like the rest of the seed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { roundCents } from '../../domain/sales';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { DemoBusiness } from './demo-businesses';

type Random = { next(): number; int(min: number, max: number): number; pick<T>(list: readonly T[]): T; chance(p: number): boolean };

export async function seedCrm(db: Db, random: Random, day: (offset: number) => string, crm: DemoBusiness['crm']): Promise<void> {
  const people = await db.select({ id: t.users.id, email: t.users.email }).from(t.users);
  const sellers = people.filter((p) => p.email.startsWith('ventas')).map((p) => p.id);
  const admin = people.find((p) => p.email === 'admin@demo.mx')!.id;
  const companyRows = await db.select({ id: t.companies.id, name: t.companies.name }).from(t.companies);
  const contactRows = await db.select({ id: t.contacts.id, company_id: t.contacts.company_id }).from(t.contacts);
  const funnelRows = await db.select().from(t.funnels);
  const originRows = await db.select().from(t.origins);
  const typeRows = await db.select().from(t.activityTypes);
  const methodRows = await db.select().from(t.paymentMethods);
  const expenseTypeRows = await db.select().from(t.expenseTypes);

  const resultRows = await db
    .insert(t.results)
    .values(['Interesado', 'Sin respuesta', 'Pedido levantado', 'Volver a llamar'].map((name) => ({ name })))
    .returning();
  const phaseRows = await db
    .insert(t.funnelPhases)
    .values(
      funnelRows.flatMap((funnel) =>
        ['Contacto', 'Cotización', 'Negociación', 'Cierre'].map((name, position) => ({ funnel_id: funnel.id, name, position })),
      ),
    )
    .returning();
  const leadNames = crm.leads;
  const leadRows = await db
    .insert(t.leads)
    .values(
      leadNames.map((name, index) => {
        const funnel = random.pick(funnelRows);
        return {
          name: `Encargado de compras ${index + 1}`,
          company_name: name,
          phone: `81 ${2100 + index * 17} ${3000 + index * 11}`,
          email: `compras${index + 1}@prospecto.mx`,
          funnel_id: funnel.id,
          funnel_phase_id: random.pick(phaseRows.filter((p) => p.funnel_id === funnel.id)).id,
          origin_id: random.pick(originRows).id,
          user_id: random.pick(sellers),
        };
      }),
    )
    .returning();

  await db.insert(t.activities).values(
    Array.from({ length: 60 }, (_, n) => {
      const offset = random.int(-20, 14);
      const company = random.pick(companyRows);
      return {
        activity_type_id: random.pick(typeRows).id,
        user_id: random.pick(sellers),
        company_id: n % 4 === 0 ? null : company.id,
        lead_id: n % 4 === 0 ? random.pick(leadRows).id : null,
        title: `${random.pick(['Visita a', 'Llamar a', 'Enviar cotización a', 'Seguimiento con'])} ${n % 4 === 0 ? 'prospecto' : company.name}`,
        note: random.pick(crm.activityNotes),
        date: day(offset),
        time: `${String(random.int(8, 17)).padStart(2, '0')}:${random.pick(['00', '30'])}`,
        done: offset < 0 && random.chance(0.8),
        result_id: offset < 0 ? random.pick(resultRows).id : null,
      };
    }),
  );
  await db.insert(t.calls).values(
    Array.from({ length: 50 }, () => {
      const contact = random.pick(contactRows);
      return {
        user_id: random.pick(sellers),
        company_id: contact.company_id,
        contact_id: contact.id,
        date: day(-random.int(0, 30)),
        duration_minutes: random.int(1, 25),
        note: random.pick(crm.callNotes),
        result_id: random.pick(resultRows).id,
      };
    }),
  );
  const conversationRows = await db
    .insert(t.conversations)
    .values(
      contactRows
        .slice(0, 15)
        .map((contact) => ({ company_id: contact.company_id, contact_id: contact.id, channel: random.pick(['WhatsApp', 'Correo']) })),
    )
    .returning();
  const messageRows = await db
    .insert(t.messages)
    .values(
      conversationRows.flatMap((conversation) =>
        ['Buen día, ¿me comparte la lista de precios?', 'Claro, se la envío en un momento.', 'Gracias, pido mañana temprano.'].map(
          (body, n) => ({
            conversation_id: conversation.id,
            user_id: n % 2 === 1 ? random.pick(sellers) : null,
            direction: n % 2 === 1 ? 'saliente' : 'entrante',
            body,
          }),
        ),
      ),
    )
    .returning();
  await db
    .insert(t.messageStatuses)
    .values(messageRows.map((message) => ({ message_id: message.id, status: message.direction === 'saliente' ? 'leído' : 'recibido' })));

  // Collections pay what each paid or partly paid sale has settled; an order paid ahead was paid today.
  const settled = await db
    .select({
      id: t.sales.id,
      company_id: t.sales.company_id,
      user_id: t.sales.user_id,
      date: t.sales.date,
      total: t.sales.total,
      due_balance: t.sales.due_balance,
    })
    .from(t.sales)
    .where(and(eq(t.sales.kind, 'sale'), isNull(t.sales.canceled_at), sql`${t.sales.due_balance} < ${t.sales.total}`));
  for (let i = 0; i < settled.length; i += 200) {
    const batch = settled.slice(i, i + 200);
    const created = await db
      .insert(t.collections)
      .values(
        batch.map((sale) => ({
          company_id: sale.company_id,
          user_id: sale.user_id,
          date: sale.date > day(0) ? day(0) : sale.date,
          amount: roundCents(sale.total - sale.due_balance),
          payment_method_id: random.pick(methodRows).id,
          reference: `REF-${sale.id}`,
        })),
      )
      .returning({ id: t.collections.id });
    await db.insert(t.collectionDetails).values(
      created.map((collection, n) => ({
        collection_id: collection.id,
        sale_id: batch[n]!.id,
        amount: roundCents(batch[n]!.total - batch[n]!.due_balance),
      })),
    );
  }

  await db.insert(t.expenses).values(
    Array.from({ length: 45 }, () => {
      const type = random.pick(expenseTypeRows);
      return {
        expense_type_id: type.id,
        user_id: admin,
        date: day(-random.int(0, 58)),
        amount: random.int(200, 9000),
        description: `${type.name} ${random.pick(['semanal', 'de la unidad', 'de bodega'])}`,
      };
    }),
  );
  const rawMaterials = await db.select({ id: t.items.id, cost: t.items.cost }).from(t.items).where(eq(t.items.is_raw_material, true));
  const providerRows = await db.select({ id: t.providers.id }).from(t.providers);
  if (rawMaterials.length > 0) {
    await db.insert(t.supplies).values(
      Array.from({ length: 12 }, () => {
        const item = random.pick(rawMaterials);
        const quantity = random.int(5, 40);
        return {
          item_id: item.id,
          provider_id: random.pick(providerRows).id,
          date: day(-random.int(0, 50)),
          quantity,
          cost: roundCents(quantity * item.cost),
        };
      }),
    );
  }
  const orders = await db
    .select({
      id: t.purchaseOrders.id,
      provider_id: t.purchaseOrders.provider_id,
      total: t.purchaseOrders.total,
      created_at: t.purchaseOrders.created_at,
    })
    .from(t.purchaseOrders);
  await db.insert(t.providerPayments).values(
    orders
      .filter((_, n) => n % 3 !== 2)
      .map((order) => ({
        provider_id: order.provider_id,
        purchase_order_id: order.id,
        date: order.created_at.slice(0, 10),
        amount: order.total,
        payment_method_id: random.pick(methodRows).id,
        reference: `TRF-${order.id}`,
        created_by_user_id: admin,
      })),
  );
}
