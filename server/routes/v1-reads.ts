import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { parseInput } from '../http-errors';
import { guardedRoute } from '../route-access';
import { idParamSchema } from '../http/params';
import { rows } from '../db/sql-rows';

/**
 * The remaining v1 `…/all` reads of spec §7, each `{ data: [...] }` straight from its
 * table, newest first where rows have a date. Amounts are numbers, dates 'YYYY-MM-DD'.
 */
const SALE_COLUMNS = sql`s.id, s.kind, s.company_id, c.name AS company_name, s.company_branch_id, s.user_id, s.created_by_user_id, s.date, s.due_date, s.type,
  s.subtotal::float8 AS subtotal, s.iva::float8 AS iva, s.total::float8 AS total, s.due_balance::float8 AS due_balance, s.payment_status,
  s.sale_weight::float8 AS sale_weight, s.note, s.purchase_order, s.bar, s.canceled_at IS NOT NULL AS canceled`;

export function v1ReadRoutes(app: FastifyInstance, db: Db): void {
  const list = (query: ReturnType<typeof sql>) => async () => ({ data: await rows(db, query) });

  guardedRoute(
    app,
    'GET /api/v1/quotation/all',
    list(sql`SELECT ${SALE_COLUMNS} FROM sales s JOIN companies c ON c.id = s.company_id WHERE s.deleted_at IS NULL ORDER BY s.id DESC`),
  );
  guardedRoute(
    app,
    'GET /api/v1/quotation/quotations',
    list(
      sql`SELECT ${SALE_COLUMNS} FROM sales s JOIN companies c ON c.id = s.company_id WHERE s.kind = 'quotation' AND s.deleted_at IS NULL ORDER BY s.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/quotation/cancellations',
    list(
      sql`SELECT ${SALE_COLUMNS}, s.canceled_at FROM sales s JOIN companies c ON c.id = s.company_id WHERE s.canceled_at IS NOT NULL ORDER BY s.canceled_at DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/qi',
    list(
      sql`SELECT si.id, si.sale_id, si.item_id, i.name AS item_name, u.name AS unit, si.quantity::float8 AS quantity, si.price::float8 AS price FROM sale_items si JOIN items i ON i.id = si.item_id JOIN units u ON u.id = i.unit_id ORDER BY si.sale_id DESC, si.id`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/log/all',
    list(
      sql`SELECT l.id, l.user_id, u.name, u.last, l.action, l.entity, l.entity_id, l.created_at FROM logs l LEFT JOIN users u ON u.id = l.user_id ORDER BY l.created_at DESC, l.id DESC`,
    ),
  );
  const activityQuery = sql`SELECT a.id, a.activity_type_id, t.name AS type, a.user_id, a.company_id, c.name AS company_name, a.lead_id, a.title, a.note, a.date, a.time, a.done, a.result_id
    FROM activities a LEFT JOIN activity_types t ON t.id = a.activity_type_id LEFT JOIN companies c ON c.id = a.company_id ORDER BY a.date DESC, a.time DESC NULLS LAST`;
  guardedRoute(app, 'GET /api/v1/calendar/all', list(activityQuery));
  guardedRoute(app, 'GET /api/v1/activity/all', list(activityQuery));
  guardedRoute(
    app,
    'GET /api/v1/call/all',
    list(
      sql`SELECT k.id, k.user_id, k.company_id, c.name AS company_name, k.contact_id, k.date, k.duration_minutes, k.note, k.result_id, r.name AS result FROM calls k LEFT JOIN companies c ON c.id = k.company_id LEFT JOIN results r ON r.id = k.result_id ORDER BY k.date DESC, k.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/conversation/all',
    list(
      sql`SELECT v.id, v.company_id, c.name AS company_name, v.contact_id, v.channel, v.created_at FROM conversations v LEFT JOIN companies c ON c.id = v.company_id ORDER BY v.id DESC`,
    ),
  );
  guardedRoute(app, 'GET /api/v1/message/all/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return {
      data: await rows(
        db,
        sql`SELECT id, conversation_id, user_id, direction, body, created_at FROM messages WHERE conversation_id = ${id} ORDER BY created_at, id`,
      ),
    };
  });
  guardedRoute(app, 'GET /api/v1/message_status/all/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    return {
      data: await rows(
        db,
        sql`SELECT ms.id, ms.message_id, ms.status, ms.created_at FROM message_statuses ms JOIN messages m ON m.id = ms.message_id WHERE m.conversation_id = ${id} ORDER BY ms.id`,
      ),
    };
  });
  guardedRoute(
    app,
    'GET /api/v1/collection/all',
    list(
      sql`SELECT k.id, k.company_id, c.name AS company_name, k.user_id, k.date, k.amount::float8 AS amount, k.payment_method_id, k.reference FROM collections k JOIN companies c ON c.id = k.company_id WHERE k.canceled_at IS NULL ORDER BY k.date DESC, k.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/shipping/all',
    list(
      sql`SELECT id, date, driver_id, vehicle_id, initial_km, final_km, route, weight::float8 AS weight, note FROM shippings WHERE deleted_at IS NULL ORDER BY id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/shipping_detail/all',
    list(
      sql`SELECT id, shipping_id, sale_id, company_id, completed, is_delivered, delivered_at, invoice, pdf FROM shipping_details WHERE deleted_at IS NULL ORDER BY id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/expense/all',
    list(
      sql`SELECT e.id, e.expense_type_id, t.name AS type, e.user_id, e.date, e.amount::float8 AS amount, e.description FROM expenses e JOIN expense_types t ON t.id = e.expense_type_id WHERE e.deleted_at IS NULL ORDER BY e.date DESC, e.id DESC`,
    ),
  );
  guardedRoute(app, 'GET /api/v1/result/all', list(sql`SELECT id, name FROM results ORDER BY name`));
  guardedRoute(
    app,
    'GET /api/v1/production/all',
    list(sql`SELECT p.id, p.sale_id, p.status, p.created_by_user_id, p.created_at, p.finished_at FROM productions p ORDER BY p.id DESC`),
  );
  guardedRoute(
    app,
    'GET /api/v1/production_detail/all',
    list(
      sql`SELECT d.id, d.production_id, d.item_id, i.name AS item_name, d.quantity::float8 AS quantity FROM production_details d JOIN items i ON i.id = d.item_id ORDER BY d.production_id DESC, d.id`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/supply/all',
    list(
      sql`SELECT s.id, s.item_id, i.name AS item_name, s.provider_id, s.date, s.quantity::float8 AS quantity, s.cost::float8 AS cost FROM supplies s JOIN items i ON i.id = s.item_id ORDER BY s.date DESC, s.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/shopping/all',
    list(
      sql`SELECT o.id, o.provider_id, p.name AS provider_name, o.total::float8 AS total, o.due_date, o.created_at FROM purchase_orders o JOIN providers p ON p.id = o.provider_id WHERE o.deleted_at IS NULL ORDER BY o.id DESC`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/shopping_detail/all',
    list(
      sql`SELECT d.id, d.purchase_order_id, d.item_id, i.name AS item_name, d.quantity::float8 AS quantity, d.unit_cost::float8 AS unit_cost, d.total::float8 AS total FROM purchase_order_items d JOIN items i ON i.id = d.item_id ORDER BY d.purchase_order_id DESC, d.id`,
    ),
  );
  guardedRoute(
    app,
    'GET /api/v1/provider_payment/all',
    list(
      sql`SELECT pp.id, pp.provider_id, p.name AS provider_name, pp.purchase_order_id, pp.date, pp.amount::float8 AS amount, pp.payment_method_id, pp.reference FROM provider_payments pp JOIN providers p ON p.id = pp.provider_id WHERE pp.deleted_at IS NULL ORDER BY pp.date DESC, pp.id DESC`,
    ),
  );
}
