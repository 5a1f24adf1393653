import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { isDeliveryDriver } from '../../domain/app-routes';
import { hasPermission } from '../../domain/permissions';
import type { Home, HomeRoute } from '../../domain/schemas/home';
import { addDays, monterreyDate, monterreyDayBounds } from '../../domain/time';
import type { Db } from '../db/client';
import { currentUser, signedIn } from '../plugins/auth';
import { LIVE_SALE_SQL, NET_TOTAL_SQL, OPEN_SALE_SQL, ORDER_STATUS_SQL } from '../repositories/sales';
import { rows } from '../db/sql-rows';
import { homeSchema } from '../../domain/schemas/home';
import { guardedRoutes, type RouteTable } from '../http/route-table';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const HOME_ROUTES = {
  /** Each section only for whoever may open its screen (sales, pedidos, shippings, balances). */
  'GET /api/v2/home': {
    access: signedIn,
    summary: 'Inicio de la oficina: ventas, pedidos, rutas y saldos del día',
    response: homeSchema,
    recordRule:
      'Sales with sales, orders with pedidos, the day’s routes with shippings (not to a Chofer Repartidor), overdue balances with balances or collections; unseen notes are the person’s own.',
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(HOME_ROUTES);

/**
 * The office's Inicio: the day's figures in one read, each section computed only
 * for whoever may open the screen it links to, the sections' queries run side by side.
 */
export function homeRoutes(app: FastifyInstance, db: Db): void {
  guardedRoute(app, 'GET /api/v2/home', async (request) => {
    const user = currentUser(request);
    const now = new Date();
    const today = monterreyDate(now);
    const lastWeek = addDays(today, -7);

    // Last week's day up to this same time: a morning is compared with a morning, not a whole day.
    const daySales = async (date: string, until: Date) => {
      const [from, end] = monterreyDayBounds(date);
      const to = until < end ? until : end;
      const [row] = await rows<{ count: number; total: number }>(
        db,
        sql`SELECT count(*)::int AS count, coalesce(sum(${NET_TOTAL_SQL}), 0)::float8 AS total FROM sales s
          WHERE ${LIVE_SALE_SQL} AND s.created_at >= ${from.toISOString()} AND s.created_at < ${to.toISOString()}`,
      );
      return row ?? { count: 0, total: 0 };
    };

    const sales = hasPermission(user, 'sales')
      ? Promise.all([daySales(today, now), daySales(lastWeek, new Date(now.getTime() - WEEK_MS))]).then(([todaySales, lastWeekSales]) => ({
          today: todaySales,
          last_week: lastWeekSales,
        }))
      : undefined;

    const orders = hasPermission(user, 'pedidos')
      ? rows<{ status: 'nuevo' | 'en_produccion' | 'surtido'; count: number }>(
          db,
          sql`SELECT ${ORDER_STATUS_SQL} AS status, count(*)::int AS count FROM sales s WHERE ${LIVE_SALE_SQL} AND s.date = ${today} GROUP BY 1`,
        ).then((counted) => {
          const byStatus = { nuevo: 0, en_produccion: 0, surtido: 0 };
          for (const { status, count } of counted) byStatus[status] = count;
          return byStatus;
        })
      : undefined;

    // A driver holds shippings for their own routes; the day's routes are the office's.
    const routes =
      hasPermission(user, 'shippings') && !isDeliveryDriver(user)
        ? rows<HomeRoute>(
            db,
            sql`SELECT sh.id, nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.last, '')), '') AS driver_name, v.name AS vehicle,
              count(d.id) FILTER (WHERE d.completed AND d.is_delivered)::int AS delivered,
              count(d.id) FILTER (WHERE d.completed AND NOT d.is_delivered)::int AS rejected,
              count(d.id) FILTER (WHERE NOT d.completed)::int AS pending,
              sh.initial_km, sh.final_km, sh.route
            FROM shippings sh
            LEFT JOIN users u ON u.id = sh.driver_id
            LEFT JOIN vehicles v ON v.id = sh.vehicle_id
            LEFT JOIN shipping_details d ON d.shipping_id = sh.id AND d.deleted_at IS NULL
            WHERE sh.deleted_at IS NULL AND sh.date = ${today}
            GROUP BY sh.id, u.name, u.last, v.name
            ORDER BY sh.id`,
          )
        : undefined;

    const overdue =
      hasPermission(user, 'balances') || hasPermission(user, 'collections')
        ? rows<{ total: number; customers: number }>(
            db,
            sql`SELECT coalesce(sum(s.due_balance), 0)::float8 AS total, count(DISTINCT s.company_id)::int AS customers
              FROM sales s WHERE ${OPEN_SALE_SQL} AND s.due_date < ${today}`,
          ).then(([row]) => row ?? { total: 0, customers: 0 })
        : undefined;

    const unseenNotes = rows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM notes WHERE user_id = ${user.id} AND seen = 0`,
    ).then(([row]) => row?.count ?? 0);

    const [salesFigures, orderCounts, todayRoutes, overdueTotal, unseen] = await Promise.all([sales, orders, routes, overdue, unseenNotes]);
    const data: Home = {
      date: today,
      last_week_date: lastWeek,
      sales: salesFigures,
      orders: orderCounts,
      routes: todayRoutes,
      overdue: overdueTotal,
      unseen_notes: unseen,
    };
    return { data };
  });
}
