import * as z from 'zod/mini';

/** Sales made in one Monterrey day (created that day, not cancelled). */
const daySalesSchema = z.object({ count: z.int(), total: z.number() });

/** Today's route and where it stands: its deliveries by outcome and its kilometres so far. */
export const homeRouteSchema = z.object({
  id: z.int(),
  driver_name: z.nullable(z.string()),
  vehicle: z.nullable(z.string()),
  delivered: z.int(),
  rejected: z.int(),
  pending: z.int(),
  initial_km: z.nullable(z.int()),
  final_km: z.nullable(z.int()),
  route: z.nullable(z.int()),
});
export type HomeRoute = z.infer<typeof homeRouteSchema>;

/**
 * GET /api/v2/home: the office's day in one read. Each section is there only for whoever may
 * open its screen (sales, pedidos, shippings, balances); notes are everyone's.
 */
export const homeSchema = z.object({
  data: z.object({
    date: z.string(),
    /** The same weekday a week before: its sales up to this time are what today's are compared with. */
    last_week_date: z.string(),
    sales: z.optional(z.object({ today: daySalesSchema, last_week: daySalesSchema })),
    orders: z.optional(z.object({ nuevo: z.int(), en_produccion: z.int(), surtido: z.int() })),
    routes: z.optional(z.array(homeRouteSchema)),
    overdue: z.optional(z.object({ total: z.number(), customers: z.int() })),
    unseen_notes: z.int(),
  }),
});
export type Home = z.infer<typeof homeSchema>['data'];
