import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { CASH_PAYMENT_METHOD, cashDifference, expectedCash } from '../../domain/caja';
import { cajaMessages } from '../../domain/messages/caja';
import {
  cashCutInputSchema,
  cashMovementInputSchema,
  cashCutRowSchema,
  cajaDaySchema,
  cashMovementRowSchema,
} from '../../domain/schemas/caja';
import { monterreyDate } from '../../domain/time';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../http-errors';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { iso } from '../repositories/sales';
import { rows } from '../db/sql-rows';
import { guardedRoutes, type RouteTable } from '../http/route-table';

const text = cajaMessages;

/**
 * A person's counter day, read in one transaction so that the cut stores what the screen
 * showed: the counter sales they made ('mostrador', spec §2 /pos; one made offline on the day it
 * was made), the payments they took by method, the cash they put in or took out, and the cash
 * the drawer should hold. A payment a driver took on a route is not their drawer's: it reaches
 * a drawer when the office receives the route's cut (an 'entrada' of the receiver).
 */
async function counterDay(db: Db, userId: number, date: string) {
  const [person] = await rows<{ name: string }>(db, sql`SELECT name || ' ' || last AS name FROM users WHERE id = ${userId}`);
  const sales = await rows<{ id: number; company_name: string; total: number; payment_status: string; created_at: string }>(
    db,
    sql`SELECT s.id, c.name AS company_name, s.total::float8 AS total, s.payment_status, ${iso(sql`s.created_at`)} AS created_at
        FROM sales s JOIN companies c ON c.id = s.company_id
        WHERE s.kind = 'sale' AND s.bar AND s.canceled_at IS NULL AND s.deleted_at IS NULL AND s.created_by_user_id = ${userId}
          AND (coalesce(s.offline_made_at, s.created_at) AT TIME ZONE 'America/Monterrey')::date = ${date}::date
        ORDER BY coalesce(s.offline_made_at, s.created_at), s.id`,
  );
  const byMethod = await rows<{ method: string; count: number; total: number }>(
    db,
    sql`SELECT coalesce(m.name, '—') AS method, count(*)::int AS count, sum(k.amount)::float8 AS total
        FROM collections k LEFT JOIN payment_methods m ON m.id = k.payment_method_id
        WHERE k.user_id = ${userId} AND k.date = ${date} AND k.canceled_at IS NULL AND k.shipping_id IS NULL
        GROUP BY m.name ORDER BY m.name`,
  );
  const movements = await rows<{ id: number; kind: 'entrada' | 'salida'; amount: number; reason: string; created_at: string }>(
    db,
    sql`SELECT id, kind, amount::float8 AS amount, reason, ${iso(sql`created_at`)} AS created_at FROM cash_movements
        WHERE user_id = ${userId} AND date = ${date} ORDER BY created_at, id`,
  );
  const [cut] = await rows(
    db,
    sql`SELECT id, expected::float8 AS expected, counted::float8 AS counted, difference::float8 AS difference, note, ${iso(sql`created_at`)} AS created_at
        FROM cash_cuts WHERE user_id = ${userId} AND date = ${date}`,
  );
  const cents = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
  const cashPayments = cents(byMethod.filter((row) => row.method === CASH_PAYMENT_METHOD).map((row) => row.total));
  const cashIn = cents(movements.filter((m) => m.kind === 'entrada').map((m) => m.amount));
  const cashOut = cents(movements.filter((m) => m.kind === 'salida').map((m) => m.amount));
  return {
    date,
    user_name: person?.name ?? '',
    counter_sales: { count: sales.length, total: cents(sales.map((sale) => sale.total)), rows: sales },
    payments: { by_method: byMethod, total: cents(byMethod.map((row) => row.total)), cash: cashPayments },
    movements,
    cash_in: cashIn,
    cash_out: cashOut,
    expected_cash: expectedCash({ cashPayments, cashIn, cashOut }),
    cut: cut ?? null,
  };
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const CAJA_ROUTES = {
  /** The counter's day of the signed-in person (/caja): their own sales, payments, cash and cut only. */
  'GET /api/v2/caja': {
    access: permission('sales'),
    summary: 'Caja del día de quien consulta: ventas de mostrador, cobros, entradas y salidas, efectivo esperado y corte',
    response: cajaDaySchema,
  },
  'POST /api/v2/cash_movements': {
    access: permission('sales'),
    summary: 'Registrar entrada o salida de efectivo de hoy',
    body: cashMovementInputSchema,
    response: cashMovementRowSchema,
  },
  /** Once per person and day; after it, no more cash movements that day. */
  'POST /api/v2/cash_cuts': {
    access: permission('sales'),
    summary: 'Corte de caja de hoy: efectivo contado contra el esperado',
    body: cashCutInputSchema,
    response: cashCutRowSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(CAJA_ROUTES);

/**
 * Caja (spec §2 /caja, the top bar's shortcut; permission 'sales'): the signed-in
 * person's counter day (GET /api/v2/caja), cash put in or taken out (POST /api/v2/cash_movements),
 * and the day's cut with the cash counted against the cash expected (POST /api/v2/cash_cuts),
 * once per person and day; after the cut the drawer takes no more movements that day.
 */
export function cajaRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v2/caja', async (request) => ({
    data: await counterDay(db, currentUser(request).id, monterreyDate(new Date())),
  }));

  guardedRoute(app, 'POST /api/v2/cash_movements', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(cashMovementInputSchema, request.body);
    const date = monterreyDate(new Date());
    return runMutation(db, request, reply, async (tx) => {
      // The person's cut row, if any, is locked so a cut and a movement cannot cross.
      const [cut] = await rows(tx, sql`SELECT id FROM cash_cuts WHERE user_id = ${user.id} AND date = ${date} FOR UPDATE`);
      if (cut) throw new HttpError(409, text.alreadyCut);
      const [created] = await rows(
        tx,
        sql`INSERT INTO cash_movements (user_id, date, kind, amount, reason) VALUES (${user.id}, ${date}, ${input.kind}, ${input.amount}, ${input.reason})
            RETURNING id, kind, amount::float8 AS amount, reason, ${iso(sql`created_at`)} AS created_at`,
      );
      return { status: 201, body: created };
    });
  });

  guardedRoute(app, 'POST /api/v2/cash_cuts', async (request, reply) => {
    const user = currentUser(request);
    const input = parseInput(cashCutInputSchema, request.body);
    const date = monterreyDate(new Date());
    return runMutation(db, request, reply, async (tx) => {
      const day = await counterDay(tx, user.id, date);
      if (day.cut) throw new HttpError(409, text.alreadyCut);
      const [created] = await rows(
        tx,
        sql`INSERT INTO cash_cuts (user_id, date, expected, counted, difference, note)
            VALUES (${user.id}, ${date}, ${day.expected_cash}, ${input.counted}, ${cashDifference(input.counted, day.expected_cash)}, ${input.note || null})
            ON CONFLICT (user_id, date) DO NOTHING
            RETURNING id, expected::float8 AS expected, counted::float8 AS counted, difference::float8 AS difference, note, ${iso(sql`created_at`)} AS created_at`,
      );
      if (!created) throw new HttpError(409, text.alreadyCut);
      return { status: 201, body: created };
    });
  });
}
