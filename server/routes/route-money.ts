import type { FastifyInstance } from 'fastify';
import { shippingMessages } from '../../domain/messages/shipping';
import { collectionAnswerSchema } from '../../domain/schemas/collections';
import {
  driverCutAnswerSchema,
  driverCutInputSchema,
  driverCutReceiveSchema,
  receivedDriverCutsSchema,
  stopPaymentInputSchema,
} from '../../domain/schemas/route-money';
import { monterreyDate } from '../../domain/time';
import type { InvoicingHooks } from '../cfdi/hooks';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../http-errors';
import { idParamSchema } from '../http/params';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { currentUser, permission, signedIn } from '../plugins/auth';
import { runMutation } from '../plugins/idempotency';
import { loadCollection } from '../repositories/collections';
import { loadDriverCut, receiveDriverCut, receivedDriverCuts, recordStopPayment, submitDriverCut } from '../repositories/route-money';

/**
 * The money a route brings back (issue 46): 'Cobrar' at a stop and the driver's cut, both
 * commands of the driver's outbox (domain/rules/command-routes.ts), and the office's side — the
 * cut on the route's page, its receipt into the receiver's Caja, and Caja's list of them.
 */
export const ROUTE_MONEY_ROUTES = {
  /** A command of the driver's outbox: one transaction that locks the customer's open sales; a retry under the same Idempotency-Key answers the same payment. */
  'POST /api/v2/shipping_details/:id/payments': {
    access: signedIn,
    summary:
      'Cobrar en una parada (el chofer, desde su teléfono): el cobro se aplica a las ventas más antiguas del cliente de la parada, como Nueva Cobranza; lo que sobra queda como saldo a favor',
    body: stopPaymentInputSchema,
    response: collectionAnswerSchema,
    recordRule:
      "Only the driver of the stop's route (403; an unknown stop 404), once the route started (422), not on a cancelled sale (422), not after the route's cut was closed (409). A Chofer Repartidor only while the stop's customer owes (422); a Chofer Ejecutivo also when it owes nothing (credit).",
  },
  /** A command of the driver's outbox, after the route's payments. */
  'POST /api/v2/shippings/:id/driver_cut': {
    access: signedIn,
    summary: 'Corte del chofer: lo que el chofer cuenta por forma de pago al cerrar la ruta (una vez por ruta)',
    body: driverCutInputSchema,
    response: driverCutAnswerSchema,
    recordRule: "Only the route's driver (403), once the route started (422), once per route (409; the same Idempotency-Key replays).",
  },
  'GET /api/v2/shippings/:id/driver_cut': {
    access: permission('shippings', 'collections'),
    summary: 'El corte del chofer de una ruta: lo esperado, lo cobrado por forma de pago, lo contado por el chofer y su recepción',
    response: driverCutAnswerSchema,
    recordRule: 'A Chofer Repartidor: only the routes they drive (404 otherwise).',
  },
  /** The cash enters the receiver's Caja today as an 'entrada'. */
  'POST /api/v2/shippings/:id/driver_cut/receive': {
    access: permission('collections'),
    summary:
      'Recibir el corte del chofer: el efectivo entregado, su diferencia contra lo cobrado en efectivo, y una entrada en la caja de quien lo recibe',
    body: driverCutReceiveSchema,
    response: driverCutAnswerSchema,
    status: 200,
    recordRule: "Once, after the driver closed the cut (409 otherwise); not when the receiver's Caja was already cut today (409).",
  },
  'GET /api/v2/caja/driver_cuts': {
    access: permission('sales', 'collections'),
    summary: 'Cortes de chofer que recibió hoy quien consulta (su efectivo está en las entradas de su caja)',
    response: receivedDriverCutsSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(ROUTE_MONEY_ROUTES);

export function routeMoneyRoutes(app: FastifyInstance, db: Db, invoicing: InvoicingHooks): void {
  guardedRoute(app, 'POST /api/v2/shipping_details/:id/payments', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(stopPaymentInputSchema, request.body);
    const user = currentUser(request);
    const answered = await runMutation(
      db,
      request,
      reply,
      async (tx) => {
        const collectionId = await recordStopPayment(tx, id, user, body);
        await invoicing.paymentRecorded(tx, collectionId, user.id);
        return { status: 201, body: { data: await loadCollection(tx, collectionId) } };
      },
      { keyRequired: true },
    );
    invoicing.committed();
    return answered;
  });

  guardedRoute(app, 'POST /api/v2/shippings/:id/driver_cut', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(driverCutInputSchema, request.body);
    const user = currentUser(request);
    return runMutation(
      db,
      request,
      reply,
      async (tx) => {
        await submitDriverCut(tx, id, user, body);
        return { status: 201, body: { data: await loadDriverCut(tx, id, user) } };
      },
      { keyRequired: true },
    );
  });

  guardedRoute(app, 'GET /api/v2/shippings/:id/driver_cut', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const cut = await loadDriverCut(db, id, currentUser(request));
    if (!cut) throw new HttpError(404, shippingMessages.shippingNotFound);
    return { data: cut };
  });

  guardedRoute(app, 'POST /api/v2/shippings/:id/driver_cut/receive', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 404);
    const body = parseInput(driverCutReceiveSchema, request.body);
    const user = currentUser(request);
    return runMutation(
      db,
      request,
      reply,
      async (tx) => {
        await receiveDriverCut(tx, id, user.id, body);
        return { status: 200, body: { data: await loadDriverCut(tx, id, user) } };
      },
      { keyRequired: true },
    );
  });

  guardedRoute(app, 'GET /api/v2/caja/driver_cuts', async (request) => ({
    data: await receivedDriverCuts(db, currentUser(request).id, monterreyDate(new Date())),
  }));
}
