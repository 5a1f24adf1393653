import type { FastifyInstance } from 'fastify';
import { crmMessages } from '../../domain/messages/crm';
import { rentalMessages } from '../../domain/messages/rentals';
import type { Deployment } from '../../domain/deployment';
import { addDays } from '../../domain/time';
import {
  rentalPickupAnswerSchema,
  rentalPickupInputSchema,
  rentalPiecesQuerySchema,
  rentalPiecesSchema,
} from '../../domain/schemas/rentals';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { currentUser, permission } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { loadPickup, recordPickup, rentalPieces } from '../repositories/rentals';

/** The calendar reads two months at most: a month view with the days of its neighbours. */
const MAX_CALENDAR_DAYS = 62;

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const RENTALS_ROUTES = {
  'GET /api/v2/rentals/pieces': {
    access: permission('sales', 'scheduled_sales'),
    summary: 'Piezas rentadas por día y producto, y las que tiene el negocio (renta de mobiliario); ?from=&to=[&sale_id=]',
    response: rentalPiecesSchema,
    query: ['from', 'to', 'sale_id'],
  },
  'GET /api/v2/sales/:id/pickup': {
    access: permission('sales', 'editShippingDetails', 'orders'),
    summary: 'Recolección de una renta: lo que regresó y los cargos contra el depósito, o lo que falta por recoger',
    response: rentalPickupAnswerSchema,
  },
  'POST /api/v2/sales/:id/pickup': {
    access: permission('editShippingDetails', 'orders'),
    summary:
      "Registrar la recolección de una renta en una ruta de recolección: lo que regresó vuelve al inventario ('Devolución'), faltantes y dañadas se cargan contra el depósito",
    body: rentalPickupInputSchema,
    response: rentalPickupAnswerSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(RENTALS_ROUTES);

export function rentalRoutes(app: FastifyInstance, db: Db, deployment: Deployment): void {
  /** A produce business rents nothing: its people never reach these (404, as a hidden screen's routes answer). */
  const onlyWhenRenting = () => {
    if (!deployment.flags.rentsGoods) throw new HttpError(404, crmMessages.hiddenHere);
  };

  guardedRoute(
    app,
    'GET /api/v2/rentals/pieces',
    async (request) => {
      onlyWhenRenting();
      const query = parseInput(rentalPiecesQuerySchema, request.query, 400);
      if (query.to < query.from || addDays(query.from, MAX_CALENDAR_DAYS) <= query.to)
        throw new HttpError(400, rentalMessages.rangeTooLong);
      return rentalPieces(db, query.from, query.to, query.sale_id);
    },
    { acceptsQuery: true },
  );

  guardedRoute(app, 'GET /api/v2/sales/:id/pickup', async (request) => {
    onlyWhenRenting();
    const { id } = parseInput(idParamSchema, request.params, 404);
    return loadPickup(db, id);
  });

  guardedRoute(app, 'POST /api/v2/sales/:id/pickup', async (request, reply) => {
    onlyWhenRenting();
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(rentalPickupInputSchema, request.body);
    const user = currentUser(request);
    return runMutation(db, request, reply, async (tx) => {
      await recordPickup(tx, id, body, user.id);
      return { status: 201, body: await loadPickup(tx, id) };
    });
  });
}
