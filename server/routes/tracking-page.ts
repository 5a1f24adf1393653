import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { trackingMessages as text } from '../../domain/messages/tracking';
import { distanceMetres } from '../../domain/rules/eta';
import { etaWindow } from '../../domain/rules/eta-window';
import { publicTrackingSchema, type PublicTracking } from '../../domain/schemas/tracking';
import { addDays, monterreyDate, monterreyDateTime } from '../../domain/time';
import type { BusinessProfile } from '../business/profile';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { escapeHtml } from '../html-text';
import { HttpError } from '../http-errors';
import { guardedRoutes, type RouteTable } from '../http/route-table';
import { everyone } from '../plugins/auth';
import { loadMapRoutes } from '../repositories/route-map';
import type { RoutingEngine } from '../routing/engine';

/**
 * The customer's tracking page (issue 47), reached by the link they were sent: the business,
 * the stop's state and ETA, and whether the truck is within the last kilometre — nothing else
 * (not even whose order it is: no customer, no other stop, no driver, no position, no amount).
 * The token is the only key: 32 random bytes, so the page needs no sign-in; it answers until a
 * while after the stop was completed, or its route finished without it, and never past the
 * day after the route's date. The page is the server's own HTML, without a script (the house's CSP allows none
 * inline, and a customer's phone need not load the app), refreshing itself every minute.
 */

/** A tracking token's shape (newTrackingToken): anything else is answered 404 without a lookup. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** How long after the stop was completed (or its route finished without it) its link still answers. */
export const TRACKING_KEPT_HOURS = 12;
/** A link of a route this many days before today (Monterrey) no longer answers, whatever happened to the stop. */
export const TRACKING_KEPT_DAYS = 2;
/** Within this distance of the stop the page says the truck is near. */
export const NEAR_METRES = 1_000;
/**
 * Views per minute from one address: a page refreshing every minute is one; a carrier's shared
 * address carries many customers; guessing tokens is hopeless anyway, this only bounds the cost.
 */
const VIEWS_PER_MINUTE = 120;

export const TRACKING_PAGE_ROUTES = {
  'GET /api/v2/tracking/:token': {
    access: everyone,
    summary:
      'Seguimiento público de una entrega por su enlace: negocio, estado y hora aproximada de llegada (sin sesión; 404 con un enlace desconocido o vencido)',
    response: publicTrackingSchema,
    recordRule: `Only the stop the token names; 404 once ${TRACKING_KEPT_HOURS} hours have passed since it was completed or its route finished, or from ${TRACKING_KEPT_DAYS} days after the route's date. Rate-limited per address.`,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(TRACKING_PAGE_ROUTES);

/** The stop a token names, while its link is good; null otherwise (unknown, removed, or too long after completion or its route's end). */
export async function publicTracking(
  db: Db,
  token: string,
  engine: RoutingEngine | null,
  business: string,
  now: Date = new Date(),
): Promise<PublicTracking | null> {
  if (!TOKEN.test(token)) return null;
  const lastLiveDate = addDays(monterreyDate(now), -TRACKING_KEPT_DAYS);
  const [stop] = await rows<{
    id: number;
    shipping_id: number;
    completed: boolean;
    is_delivered: boolean;
    partial: boolean;
    delivered_at: string | null;
    started: boolean;
    finished: boolean;
    expired: boolean;
    next: boolean;
  }>(
    db,
    sql`SELECT d.id, d.shipping_id, d.completed, d.is_delivered, d.partial,
        CASE WHEN d.delivered_at IS NULL THEN NULL
          ELSE to_char((d.delivered_at AT TIME ZONE 'America/Monterrey') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END AS delivered_at,
        s.km_capture_time_start IS NOT NULL AS started, (s.final_km IS NOT NULL OR s.km_capture_time IS NOT NULL) AS finished,
        -- delivered_at and km_capture_time are Monterrey's wall clock; without them, the row's last change.
        ((d.completed AND coalesce(d.delivered_at AT TIME ZONE 'America/Monterrey', d.updated_at)
            < now() - ${TRACKING_KEPT_HOURS} * interval '1 hour')
          OR (NOT d.completed AND (s.final_km IS NOT NULL OR s.km_capture_time IS NOT NULL)
            AND coalesce(s.km_capture_time AT TIME ZONE 'America/Monterrey', s.updated_at) < now() - ${TRACKING_KEPT_HOURS} * interval '1 hour')
          OR s.date <= ${lastLiveDate}) AS expired,
        d.id = (SELECT n.id FROM shipping_details n JOIN sales ns ON ns.id = n.sale_id
          WHERE n.shipping_id = d.shipping_id AND n.deleted_at IS NULL AND NOT n.completed AND ns.canceled_at IS NULL
          ORDER BY n.stop_order ASC NULLS LAST, n.id LIMIT 1) AS next
      FROM shipping_details d
      JOIN shippings s ON s.id = d.shipping_id AND s.deleted_at IS NULL
      JOIN sales sa ON sa.id = d.sale_id AND sa.canceled_at IS NULL
      WHERE d.tracking_token = ${token} AND d.deleted_at IS NULL`,
  );
  if (!stop || stop.expired) return null;
  const onTheRoad = stop.started && !stop.finished;
  const answer: PublicTracking = {
    business,
    state: stop.completed
      ? stop.is_delivered
        ? stop.partial
          ? 'parcial'
          : 'entregado'
        : 'rechazado'
      : stop.finished
        ? 'no_entregado'
        : onTheRoad
          ? stop.next
            ? 'siguiente'
            : 'en_camino'
          : 'programado',
    eta: null,
    eta_approximate: false,
    near: false,
    delivered_at: stop.completed ? stop.delivered_at : null,
  };
  if (stop.completed || !onTheRoad) return answer;
  const [route] = await loadMapRoutes(db, { shippingId: stop.shipping_id }, engine);
  const mapped = route?.stops.find((candidate) => candidate.detail_id === stop.id);
  if (!route || !mapped) return answer;
  const place = mapped.latitude !== null && mapped.longitude !== null ? { latitude: mapped.latitude, longitude: mapped.longitude } : null;
  return {
    ...answer,
    eta: mapped.eta,
    eta_approximate: mapped.eta !== null && mapped.eta_approximate,
    // Only whether it is near: the truck's position itself never leaves the office.
    near: place !== null && route.last_position !== null && distanceMetres(route.last_position, place) <= NEAR_METRES,
  };
}

const PAGE_STYLE = `
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2328;background:#f6f7f9}
  header{display:flex;align-items:center;gap:12px;padding:16px 20px;background:#fff;border-top:6px solid var(--brand)}
  header img{width:40px;height:40px;object-fit:contain}
  header span{font-size:1.15rem;font-weight:700;color:var(--brand-text)}
  main{max-width:32rem;margin:24px auto;padding:0 20px}
  h1{font-size:1.35rem;margin:0 0 20px}
  .card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  .state{font-size:1.5rem;font-weight:700;margin:0 0 8px;color:var(--brand-text)}
  .eta{font-size:1.15rem;margin:8px 0 0}
  .near{margin:12px 0 0;font-weight:600}
  .refresh{margin:20px 0 0;font-size:.85rem;color:#57606a}`;

interface PageBrand {
  brand: string;
  themeColor: string;
  primaryColor: string;
  logo: string;
}

/** CSS colours only (the identity's are '#rrggbb'): anything else falls back, never reaches the style sheet. */
const colour = (value: string, fallback: string) => (/^#[0-9a-fA-F]{3,8}$/.test(value) ? value : fallback);

function page(brand: PageBrand, title: string, content: string, refresh: boolean): string {
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="60">\n' : ''}<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>:root{--brand:${colour(brand.themeColor, '#2e7d32')};--brand-text:${colour(brand.primaryColor, '#1b5e20')}}${PAGE_STYLE}</style>
</head>
<body>
<header><img src="${escapeHtml(brand.logo)}" alt=""><span>${escapeHtml(brand.brand)}</span></header>
<main>
${content}
</main>
</body>
</html>
`;
}

export function trackingPageHtml(tracking: PublicTracking, brand: PageBrand): string {
  const lines = [`<p class="state">${escapeHtml(text.states[tracking.state])}</p>`];
  if (tracking.eta) {
    const window = etaWindow(Date.parse(tracking.eta), tracking.eta_approximate);
    lines.push(`<p class="eta">${escapeHtml(text.eta(text.etaWindow(window.from, window.to)))}</p>`);
  }
  if (tracking.near) lines.push(`<p class="near">${escapeHtml(text.near)}</p>`);
  if (tracking.delivered_at && (tracking.state === 'entregado' || tracking.state === 'parcial'))
    lines.push(`<p class="eta">${escapeHtml(text.deliveredAt(monterreyDateTime(new Date(tracking.delivered_at))))}</p>`);
  return page(
    brand,
    text.pageTitle(tracking.business),
    `<h1>${escapeHtml(text.heading)}</h1>
<section class="card">
${lines.join('\n')}
<p class="refresh">${escapeHtml(text.refreshes)}</p>
</section>`,
    true,
  );
}

export function trackingGoneHtml(brand: PageBrand): string {
  return page(brand, text.goneTitle, `<h1>${escapeHtml(text.goneTitle)}</h1>\n<section class="card"><p>${escapeHtml(text.gone)}</p></section>`, false);
}

/** A tracking answer is the customer's alone: never kept by a cache, never indexed. */
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');

export function trackingPageRoutes(app: FastifyInstance, db: Db, business: BusinessProfile, engine: RoutingEngine | null): void {
  const limited = { config: { rateLimit: { max: VIEWS_PER_MINUTE, timeWindow: '1 minute' } } };

  guardedRoute(
    app,
    'GET /api/v2/tracking/:token',
    async (request, reply) => {
      privateAnswer(reply);
      const { token } = request.params as { token: string };
      const { identity } = await business.current();
      const tracking = await publicTracking(db, token, engine, identity.brand);
      if (!tracking) throw new HttpError(404, text.gone);
      return reply.send(tracking);
    },
    limited,
  );

  // The page the customer's link opens: outside /api, so the app's service worker must let it through (vite.config.ts).
  app.get('/seguimiento/:token', limited, async (request, reply) => {
    privateAnswer(reply).type('text/html; charset=utf-8');
    const { token } = request.params as { token: string };
    const { identity } = await business.current();
    const tracking = await publicTracking(db, token, engine, identity.brand);
    if (!tracking) return reply.code(404).send(trackingGoneHtml(identity));
    return reply.send(trackingPageHtml(tracking, identity));
  });
}
