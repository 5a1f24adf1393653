import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { cartTotals, shownPrice } from '../../domain/cart';
import type { Deployment } from '../../domain/deployment';
import { messages } from '../../domain/messages';
import { newSaleSchema } from '../../domain/schemas/new-sale';
import { roundCents } from '../../domain/sales';
import { monterreyDate } from '../../domain/time';
import type { Db } from '../db/client';
import { companies, companyBranches, items, saleItems, sales, units } from '../db/schema';
import { HttpError, parseInput } from '../http-errors';
import { currentUser } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { guardedRoute } from '../route-access';
import { publishEvent } from './events';

const text = messages.newSale;

export function saleRoutes(app: FastifyInstance, db: Db, deployment: Deployment): void {
  guardedRoute(app, 'POST /api/v2/sales', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(newSaleSchema, request.body);
    if (new Set(body.items.map((line) => line.item_id)).size !== body.items.length) throw new HttpError(422, text.repeatedItem);
    return runMutation(db, request, reply, async (tx) => {
      const [company] = await tx
        .select({ id: companies.id, credit_days: companies.credit_days })
        .from(companies)
        .where(and(eq(companies.id, body.company_id), isNull(companies.deleted_at)));
      if (!company) throw new HttpError(422, text.companyNotFound);
      if (body.company_branch_id !== null) {
        const [branch] = await tx
          .select({ id: companyBranches.id })
          .from(companyBranches)
          .where(and(eq(companyBranches.id, body.company_branch_id), eq(companyBranches.company_id, company.id)));
        if (!branch) throw new HttpError(422, text.branchNotFound);
      }
      const found = await tx
        .select({ id: items.id, name: items.name, price: items.price, weight: items.weight, unit: units.name })
        .from(items)
        .innerJoin(units, eq(units.id, items.unit_id))
        .where(
          and(
            inArray(
              items.id,
              body.items.map((line) => line.item_id),
            ),
            isNull(items.deleted_at),
            eq(items.is_published, true),
          ),
        );
      if (found.length !== body.items.length) throw new HttpError(422, text.itemNotFound);
      const byId = new Map(found.map((item) => [item.id, item]));
      // Prices are the server's: the list price, with the series rules of the deployment.
      const createdOn = monterreyDate(new Date());
      const lines = body.items.map((line) => {
        const item = byId.get(line.item_id)!;
        return { item, quantity: line.quantity, price: shownPrice(Number(item.price), body.type, createdOn, deployment.flags) };
      });
      const totals = cartTotals(
        lines.map((line) => ({
          itemId: line.item.id,
          name: line.item.name,
          unit: '',
          price: Number(line.item.price),
          quantity: line.quantity,
        })),
        body.type,
        createdOn,
        deployment.flags,
      );
      const weight = roundCents(lines.reduce((sum, line) => sum + Number(line.item.weight) * line.quantity, 0));
      const [created] = await tx
        .insert(sales)
        .values({
          kind: 'sale',
          company_id: company.id,
          company_branch_id: body.company_branch_id,
          user_id: user.id,
          created_by_user_id: user.id,
          date: body.date,
          // Due after the customer's credit days, as the balances reports read it.
          due_date: DateTime.fromISO(body.date).plus({ days: company.credit_days }).toFormat('yyyy-MM-dd'),
          type: body.type,
          subtotal: totals.subtotal,
          iva: totals.iva,
          total: totals.total,
          due_balance: totals.total,
          payment_status: 'Pendiente',
          sale_total_weight: weight,
          sale_weight: weight,
          note: body.note,
          internal_note: body.internal_note,
          purchase_order: body.purchase_order,
          bar: body.bar,
        })
        .returning({ id: sales.id });
      await tx
        .insert(saleItems)
        .values(lines.map((line) => ({ sale_id: created!.id, item_id: line.item.id, quantity: line.quantity, price: line.price })));
      // The warehouse tablets hear of it when this commits (spec §4 Order: live event).
      await publishEvent(tx, { type: 'order.created', order_id: created!.id, date: body.date });
      const saved = lines.map((line) => ({
        item_id: line.item.id,
        name: line.item.name,
        unit: line.item.unit,
        quantity: line.quantity,
        price: line.price,
        amount: roundCents(line.price * line.quantity),
      }));
      return { status: 201, body: { id: created!.id, date: body.date, type: body.type, ...totals, items: saved } };
    });
  });
}
