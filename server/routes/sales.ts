import type { FastifyInstance } from 'fastify';
import type { Deployment } from '../../domain/deployment';
import { newSaleSchema } from '../../domain/schemas/new-sale';
import { monterreyDate } from '../../domain/time';
import type { Db } from '../db/client';
import { parseInput } from '../http-errors';
import { currentUser } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { priceCart } from '../repositories/pricing';
import { insertSale } from '../repositories/sales';
import { guardedRoute } from '../route-access';

export function saleRoutes(app: FastifyInstance, db: Db, deployment: Deployment): void {
  guardedRoute(app, 'POST /api/v2/sales', async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(newSaleSchema, request.body);
    return runMutation(db, request, reply, async (tx) => {
      // Prices are the server's: the list price, with the series rules of the deployment.
      const { company, lines, totals, weight } = await priceCart(tx, body, deployment.flags, monterreyDate(new Date()));
      const id = await insertSale(tx, {
        company,
        company_branch_id: body.company_branch_id,
        contact_id: null,
        user_id: user.id,
        created_by_user_id: user.id,
        date: body.date,
        type: body.type,
        note: body.note,
        internal_note: body.internal_note,
        purchase_order: body.purchase_order,
        bar: body.bar,
        quotation_id: null,
        lines,
        totals,
        weight,
      });
      return { status: 201, body: { id, date: body.date, type: body.type, ...totals, items: lines } };
    });
  });
}
