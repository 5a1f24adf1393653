import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { registerMetrics } from './plugins/metrics';
import { registerBackupControl } from './backup-control';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { es } from 'zod/locales';
import { fieldLabel } from '../domain/messages/fields';
import { DEPLOYMENTS, type Deployment } from '../domain/deployment';
import { apiMessages } from '../domain/messages/api';
import type { Database } from './db/client';
import type { Env } from './env';
import { registerAuth } from './plugins/auth';
import { holdSessions } from './auth/session-cache';
import { ROUTE_ACCESS } from './route-access';
import { openApiDocument } from './openapi';
import { docsRoutes } from './routes/docs';
import { registerErrorHandling } from './plugins/errors';
import { boundJsonDepth, refuseNulInText } from './plugins/text-input';
import { securityHeaders } from './plugins/security-headers';
import { logRedaction, redactSecrets } from './plugins/log-redaction';
import { deploymentRoutes } from './routes/deployment';
import { rentalRoutes } from './routes/rentals';
import { pushRoutes } from './routes/push';
import { conversationRoutes } from './routes/conversations';
import { startWhatsAppSender, whatsAppConfig } from './messaging/whatsapp';
import { registerCustomerNotices } from './tracking/notify';
import { trackingPageRoutes } from './routes/tracking-page';
import { osrmEngine } from './routing/engine';
import { mapConfig, routeMapRoutes, tilesSource } from './routes/route-map';
import { startPositionRetention } from './tracking/retention';
import { startPushSender } from './push/push';
import { setupRoutes } from './routes/setup';
import { businessRoutes } from './routes/business';
import { businessProfile, NEUTRAL_LOGO, type BusinessProfile } from './business/profile';
import { homeScreenIcons, type HomeScreenIcons } from './business/icons';
import { saleRoutes } from './routes/sales';
import { quotationRoutes } from './routes/quotations';
import { quotationEmailRoutes } from './routes/quotation-email';
import { quotationDocumentRoutes } from './routes/quotation-documents';
import { startEmailSender } from './email/sender';
import { invoicingHooks } from './cfdi/hooks';
import { startStampingQueue } from './cfdi/start';
import { fiscalSecretBox } from './cfdi/secrets';
import { invoicingRoutes } from './routes/invoicing';
import { deliveryInvoiceRoutes } from './routes/delivery-invoice';
import { routeMoneyRoutes } from './routes/route-money';
import { inventoryRoutes } from './routes/inventory';
import { inventoryMoveRoutes } from './routes/inventory-moves';
import { healthRoutes } from './routes/health';
import { homeRoutes } from './routes/home';
import { noteRoutes } from './routes/notes';
import { supportRoutes } from './routes/support';
import { orderRoutes } from './routes/orders';
import { referenceListRoutes } from './routes/reference-lists';
import { messageRoutes } from './routes/messages';
import { roleRoutes } from './routes/roles';
import { peopleRoutes } from './routes/people';
import { businessListRoutes } from './routes/business-lists';
import { collectionRoutes } from './routes/collections';
import { purchasingRoutes } from './routes/purchasing';
import { providerRoutes } from './routes/providers';
import { physicalInventoryRoutes } from './routes/physical-inventory';
import { expenseRoutes } from './routes/expenses';
import { catalogueRoutes } from './routes/catalogue';
import { productionRoutes } from './routes/productions';
import { activityLogRoutes } from './routes/activity-log';
import { payrollRoutes } from './routes/payroll';
import { invoiceRoutes } from './routes/invoices';
import { importRoutes } from './routes/imports';
import { crmRoutes } from './routes/crm';
import { cajaRoutes } from './routes/caja';
import { reportRoutes } from './routes/reports';
import { eventRoutes } from './routes/events';
import { shippingDetailRoutes } from './routes/shipping-details';
import { evidenceUploadRoutes } from './routes/evidence-uploads';
import { deploymentHtml } from './pwa-html';
import { shippingRoutes } from './routes/shippings';
import { stopOrderRoutes } from './routes/stop-order';
import { customerRoutes } from './routes/customers';
import { FileStore, MAX_UPLOAD_BYTES } from './files';
import { openEvidenceStorage } from './evidence-storage';
import { userRoutes } from './routes/users';
import { syncRoutes } from './routes/sync';
import { syncPushRoutes } from './routes/sync-push';

// Validation messages that our schemas do not word themselves still reach people in Spanish,
// naming the field they are about ('Fecha de vencimiento (due_date): Entrada inválida: …').
const spanish = es().localeError;
z.config({
  ...es(),
  customError: (issue) => {
    const message = spanish(issue);
    const text = typeof message === 'string' ? message : message?.message;
    return text === undefined ? undefined : `${fieldLabel(issue.path ?? [])}: ${text}`;
  },
});

export interface AppOptions {
  env: Env;
  database: Database;
  /** Log to standard output (true), nowhere (false), or to `stream` (a test reading what is written). */
  logger?: boolean | { stream: { write(line: string): void } };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The `hops` proxies nearest the server are believed, as proxy-addr reads a number of hops. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** A request as its log line shows it: no header, and no secret a URL's query may carry (plugins/log-redaction.ts). */
function requestForTheLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Plugins in order: security and limits, then auth, then routes, then the PWA. */
export async function buildApp({ env, database, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: env.LOG_LEVEL,
          serializers: { req: requestForTheLog },
          ...logRedaction,
          ...(typeof logger === 'object' && { stream: logger.stream }),
        }
      : false,
    // The client address (sign-in limits) comes from X-Forwarded-For only as far as the configured proxies vouch for it.
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Every log line of a request carries its id; a proxy's X-Request-Id is kept when well formed.
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
  });
  const behindTls = env.PUBLIC_URL?.startsWith('https://') ?? false;
  // The office's map draws tiles (images) or reads a PMTiles archive (ranged fetches) from MAP_TILES_URL's origin.
  const tiles = tilesSource(env.MAP_TILES_URL);
  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ionic's web components set styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        connectSrc: ["'self'", 'data:', ...(tiles ? [tiles] : [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: behindTls ? [] : null,
      },
    },
    hsts: behindTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(security).header('x-request-id', request.id);
  });
  // Cross-origin calls only from the app's own public address; none when it is not configured.
  await app.register(cors, {
    origin: env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : false,
    allowedHeaders: [
      'authorization',
      'content-type',
      'idempotency-key',
      'x-device-id',
      'x-device-seq',
      'tus-resumable',
      'upload-length',
      'upload-offset',
      'upload-metadata',
    ],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
    maxAge: 600,
  });
  // Counted in the database, so the limit holds however many server processes share the work.
  // Large lists go compressed ('Todos' over months of routes: megabytes of JSON, a tenth on
  // the wire); images and PDFs are not compressible types and the built app's assets are
  // compressed ahead (vite.config.ts), so neither is compressed again.
  await app.register(compress, {
    global: true,
    threshold: 2048,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  await app.register(multipart, {
    // One evidence file per request, at most 100 MB, streamed to disk (spec §5).
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 64 * 1024 },
  });

  // Every API route must declare its access rule: a route without a rule is a route without a guard.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!/^\/(api|files)\//.test(route.url)) return;
    for (const method of methods) {
      if (method !== 'HEAD' && !(`${method} ${route.url}` in ROUTE_ACCESS))
        throw new Error(`${method} ${route.url} declares no access rule (server/routes/<resource>.ts, indexed by server/route-access.ts)`);
    }
  });
  registerErrorHandling(app);
  registerMetrics(app, database, env.METRICS_TOKEN);
  boundJsonDepth(app);
  refuseNulInText(app);
  // Sessions are held per process only once this process hears the database's notices of their changes.
  await holdSessions(database);
  registerAuth(app, database.db, DEPLOYMENTS[env.DEPLOYMENT].flags.hiddenPaths);
  // The deployment's flags are fixed; its identity is the business's, from the database once set up.
  const business = businessProfile(database.db, DEPLOYMENTS[env.DEPLOYMENT]);
  const webDir = path.resolve(env.WEB_DIR);
  const icons = homeScreenIcons(business, () => readFile(path.join(webDir, NEUTRAL_LOGO)));

  healthRoutes(app, database.db);
  deploymentRoutes(app, business, icons);
  setupRoutes(app, database.db, business);
  businessRoutes(app, database.db, business);
  userRoutes(app, database.db);
  noteRoutes(app, database.db);
  homeRoutes(app, database.db);
  supportRoutes(app, database.db);
  shippingRoutes(app, database.db, DEPLOYMENTS[env.DEPLOYMENT]);
  // The routing engine (ROUTING_URL) orders routes and times their stops (issue 47); none: manual order, approximate ETAs.
  const routing = env.ROUTING_URL ? osrmEngine(env.ROUTING_URL) : null;
  stopOrderRoutes(app, database.db, routing);
  syncRoutes(app, database.db, business);
  syncPushRoutes(app);
  const storage = await openEvidenceStorage(env);
  app.addHook('onClose', async () => storage.close());
  const files = new FileStore(storage.filesScratch, storage.files);
  await evidenceUploadRoutes(app, { scratchDir: storage.uploadsScratch, parts: storage.uploadParts, files, db: database.db });
  orderRoutes(app, database.db, DEPLOYMENTS[env.DEPLOYMENT]);
  customerRoutes(app, database.db);
  // Invoicing (CFDI 4.0): off without a PAC; its queue stamps in every process, as e-mail is sent.
  const pacSetting = { provider: env.PAC_PROVIDER ?? null, url: env.PAC_URL ?? null };
  const fiscalBox = await fiscalSecretBox(env.FISCAL_KEY, env.DATA_DIR);
  const identityDefaults = DEPLOYMENTS[env.DEPLOYMENT].identity;
  const stamping = startStampingQueue(app, database.db, { env, defaults: identityDefaults, box: fiscalBox, pacSetting });
  const invoicing = invoicingHooks({ defaults: identityDefaults, pacSetting, wake: () => stamping.wake() });
  // A partial delivery records a sale return, whose credit note invoicing owes.
  shippingDetailRoutes(app, database.db, files, DEPLOYMENTS[env.DEPLOYMENT], invoicing);
  saleRoutes(app, database.db, DEPLOYMENTS[env.DEPLOYMENT], invoicing);
  quotationRoutes(app, database.db, DEPLOYMENTS[env.DEPLOYMENT], invoicing);
  quotationDocumentRoutes(app, database.db, business);
  // The e-mail queue's sender runs in every process when SMTP_URL is set (null otherwise).
  const emailSender = startEmailSender(app, database.db, env, business);
  stamping.emailQueued = () => emailSender?.wake();
  invoicingRoutes(app, database.db, {
    business,
    defaults: identityDefaults,
    pacSetting,
    box: fiscalBox,
    queue: stamping,
    emailQueued: () => emailSender?.wake(),
    emailGiveUpAfterMs: env.EMAIL_GIVE_UP_AFTER_MS,
  });
  deliveryInvoiceRoutes(app, database.db, business);
  quotationEmailRoutes(app, database.db, { business, sender: emailSender, giveUpAfterMs: env.EMAIL_GIVE_UP_AFTER_MS });
  // Mensajes: WhatsApp when configured, e-mail through the same queue.
  const whatsapp = whatsAppConfig(env);
  const whatsappSender = startWhatsAppSender(app, database.db, whatsapp, env);
  conversationRoutes(app, database.db, {
    whatsapp,
    whatsappSender,
    email: emailSender,
    emailGiveUpAfterMs: env.EMAIL_GIVE_UP_AFTER_MS,
    emailInboundSecret: env.EMAIL_INBOUND_SECRET ?? null,
  });
  // Delivery tracking (issue 47): customers told through Mensajes' channels, and their public page.
  registerCustomerNotices(app, {
    whatsapp,
    whatsappSender,
    email: emailSender,
    emailFrom: env.EMAIL_FROM,
    emailGiveUpAfterMs: env.EMAIL_GIVE_UP_AFTER_MS,
    publicUrl: env.PUBLIC_URL ?? null,
    templates: { routeStarted: env.WHATSAPP_TEMPLATE_ROUTE_STARTED, stopNext: env.WHATSAPP_TEMPLATE_STOP_NEXT, language: env.WHATSAPP_TEMPLATE_LANGUAGE },
    defaults: identityDefaults,
  });
  trackingPageRoutes(app, database.db, business, routing);
  // The office's map and the driver's positions (issue 47); positions are kept 90 days.
  routeMapRoutes(app, database.db, { engine: routing, config: mapConfig(env) });
  startPositionRetention(app, database.db);
  inventoryRoutes(app, database.db);
  inventoryMoveRoutes(app, database.db);
  referenceListRoutes(app, database.db);
  messageRoutes(app, database.db);
  roleRoutes(app, database.db);
  peopleRoutes(app, database.db);
  businessListRoutes(app, database.db);
  collectionRoutes(app, database.db, invoicing);
  routeMoneyRoutes(app, database.db, invoicing);
  purchasingRoutes(app, database.db);
  providerRoutes(app, database.db);
  physicalInventoryRoutes(app, database.db);
  expenseRoutes(app, database.db);
  catalogueRoutes(app, database.db);
  productionRoutes(app, database.db);
  activityLogRoutes(app, database.db);
  payrollRoutes(app, database.db);
  invoiceRoutes(app, database.db);
  importRoutes(app, database.db);
  rentalRoutes(app, database.db, DEPLOYMENTS[env.DEPLOYMENT]);
  pushRoutes(app, database.db, env);
  // Notices to phones are sent by every process, as e-mail is.
  startPushSender(app, database.db, {
    ...env,
    PUSH_SUBJECT: env.PUSH_SUBJECT ?? `https://${DEPLOYMENTS[env.DEPLOYMENT].identity.website}`,
  });
  crmRoutes(app, database.db);
  cajaRoutes(app, database.db);
  reportRoutes(app, database.db);
  await eventRoutes(app, database);
  await registerBackupControl(app, database, env.DATA_DIR);
  docsRoutes(app, openApiDocument());

  await servePwa(app, webDir, business, icons);
  return app;
}

/**
 * The built PWA: hashed assets cached for a year, the service worker and the HTML
 * always revalidated (so updates are found), and every app path answered with the
 * app's HTML so deep links and reloads work.
 */
async function servePwa(app: FastifyInstance, webDir: string, business: BusinessProfile, icons: HomeScreenIcons): Promise<void> {
  const notFound = { message: apiMessages.notFound };
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir }, 'PWA not built: run `npm run build` to serve the app');
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));
    return;
  }
  // The page carries the business's name and colours (server/pwa-html.ts): written again only
  // when they change, not per request.
  const template = readFileSync(indexFile, 'utf8');
  let written: { deployment: Deployment; html: string } | null = null;
  const sendHtml = async (reply: FastifyReply) => {
    const deployment = await business.current();
    if (written?.deployment !== deployment)
      written = { deployment, html: deploymentHtml(template, deployment, await icons.address('192.png')) };
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(written.html);
  };
  app.get('/', async (_request, reply) => sendHtml(reply));
  app.get('/index.html', async (_request, reply) => sendHtml(reply));
  // Browsers ask for /favicon.ico and /favicon.svg whatever the page links: the tab shows this business's icon.
  app.get('/favicon.svg', async (_request, reply) => {
    const { id, identity } = await business.current();
    // The business's own logo, served where its headers keep an SVG from running anything.
    if (await business.logo()) return reply.header('cache-control', 'no-cache').redirect(identity.logo);
    const shipped = /^\/brand\/([a-z0-9-]+)\.svg$/.exec(identity.logo)?.[1] ?? id;
    return reply
      .header('cache-control', 'no-cache')
      .type('image/svg+xml')
      .send(await readFile(path.join(webDir, 'brand', `${shipped}.svg`)));
  });
  app.get('/favicon.ico', async (_request, reply) => {
    const { id } = await business.current();
    return reply
      .header('cache-control', 'no-cache')
      .type('image/png')
      .send((await icons.png('192.png')) ?? (await readFile(path.join(webDir, 'icons', `${id}-192.png`))));
  });
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each asset (vite.config.ts).
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isAppPath =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|files|healthz)(\/|$)/.test(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (!isAppPath) return reply.code(404).send(notFound);
    return sendHtml(reply);
  });
}
