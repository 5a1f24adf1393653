// Invoicing (issue 45) at 1,000 invoices: the real app in this process (buildApp, listening on
// loopback) on a fresh demo database — the embedded PGlite by default, a new PostgreSQL database
// beside DATABASE_URL's when it is set (dropped at the end) — stamping through the fake PAC
// (bench/cfdi-fake-pac.ts, a process of its own, its SAT schema check off). The business is set up
// as tests/server/invoicing.test.ts does it (identity, 'Facturación', the SAT's test CSD
// EKU9003173C9), one customer with complete fiscal data, and 1,000 Serie A sales made through
// POST /api/v2/sales (every other one paid, so half go PUE and half PPD). Then each sale is invoiced
// with POST /api/v2/sales/:id/cfdi, `BENCH_CONCURRENCY` (4) requests in flight, while the process's
// one stamping queue seals and stamps them.
//
// Prints: the invoice request's answers per second, p50 and p99; the time until all are 'timbrado'
// and the documents per second through the queue (overall, and once the requests had all been
// answered); stamps per document at the fake (must be exactly 1 each) and its logins; the sealing
// of the same documents redone here, split into writing the XML, the cadena original (the SAT's
// XSLT) and the signature; and /healthz's latency, asked 20 ms after each answer, while the
// requests and the queue worked. Asserts nothing by timing; a count that is not exactly one stamp
// per document is printed as FAIL and ends with exit code 1.
// Usage: npm run bench:cfdi   (DATABASE_URL for PostgreSQL; BENCH_INVOICES, BENCH_CONCURRENCY)
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CfdiComprobante } from '../domain/cfdi/comprobante';
import { monterreyDate } from '../domain/time';
import { buildApp } from '../server/app';
import { cadenaOriginal } from '../server/cfdi/cadena';
import { openCsd } from '../server/cfdi/csd';
import { sealXml } from '../server/cfdi/seal';
import { comprobanteXml } from '../server/cfdi/xml';
import { openDatabase, type Database } from '../server/db/client';
import { rows } from '../server/db/sql-rows';
import { keepEvidenceBytes } from '../server/evidence-storage';
import { parseEnv } from '../server/env';
import { prepareDatabase } from '../server/prepare-database';
import type { FakePacReady, FakePacStats } from './cfdi-fake-pac';
import { root } from './processes';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** How long the queue may go without stamping one more document before the bench gives up waiting. */
const STALL_MS = 60_000;
/** /healthz is asked this long after its previous answer (a stall longer than this shows whole in its latency). */
const HEALTH_PAUSE_MS = 20;
const CSD_DIR = path.join(root, 'tests/fixtures/csd');
const CSD_PASSWORD = '12345678a';
/** The SAT's test receiver (a moral person whose RFC, régimen and postal code the SAT publishes together). */
const RECEIVER = { rfc: 'XIA190128J61', razonSocial: 'XENON INDUSTRIAL ARTICLES', regimen: '601', cp: '76343' };

// ---------------------------------------------------------------------------------------------
// Figures

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const table: [string, string][] = [];
const figure = (label: string, value: string) => table.push([label, value]);
const printTable = (title: string) => {
  const width = Math.max(...table.map(([label]) => label.length));
  console.log(`\n${title}`);
  for (const [label, value] of table) console.log(`  ${label.padEnd(width)}  ${value}`);
};

// ---------------------------------------------------------------------------------------------
// The fake PAC's process

async function startFakePacProcess(): Promise<{ ready: FakePacReady; stats: () => Promise<FakePacStats>; stop: () => Promise<void> }> {
  const child: ChildProcess = fork(path.join(root, 'bench/cfdi-fake-pac.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends { kind: string }>(kind: T['kind']) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: T) => {
        if (message.kind !== kind) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`the fake PAC's process ended (${code}) before answering '${kind}'`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next<FakePacReady>('ready');
  return {
    ready,
    stats: () => {
      const answer = next<FakePacStats>('stats');
      child.send('stats');
      return answer;
    },
    stop: () =>
      child.exitCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.send('stop');
          }),
  };
}

// ---------------------------------------------------------------------------------------------
// The database: PGlite in a temporary directory, or a new PostgreSQL database beside DATABASE_URL's

async function freshDatabase(dataDir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }), drop: async () => undefined };
  const name = `bench_cfdi_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  return {
    database: await openDatabase({ kind: 'postgres', url: benchUrl.toString() }),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Run

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-cfdi-'));
const fake = await startFakePacProcess();
const { database, drop } = await freshDatabase(dataDir);
const databaseName = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const env = parseEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIR: '/nonexistent',
  DEMO_SEED: 'true',
  PAC_PROVIDER: 'sw',
  PAC_URL: fake.ready.url,
  FISCAL_KEY: randomBytes(32).toString('hex'),
});
let exitCode = 0;
try {
  const setupStarted = performance.now();
  await prepareDatabase(database, { demoSeed: true, keepSampleEvidence: (name, bytes) => keepEvidenceBytes(env, name, bytes) });
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const db = database.db;
  try {
    const login = await fetch(`${baseUrl}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.mx', password: 'demo1234' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    let keys = 0;
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload !== undefined && { 'content-type': 'application/json' }),
          ...(method !== 'GET' && { 'idempotency-key': `bench-cfdi-${(keys += 1)}-${Date.now()}` }),
        },
        ...(payload !== undefined && { body: JSON.stringify(payload) }),
      });
      return { status: response.status, body: await response.text() };
    };
    const expectStatus = (answer: { status: number; body: string }, status: number, what: string) => {
      if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.body}`);
      return JSON.parse(answer.body) as Record<string, unknown>;
    };

    // The business, as tests/server/invoicing.test.ts sets it up: identity, 'Facturación', the CSD.
    const business = expectStatus(await call('GET', '/api/v2/business'), 200, 'GET /api/v2/business');
    delete business.logo_url;
    expectStatus(
      await call('PUT', '/api/v2/business', {
        ...business,
        clabe: '002010077777777771',
        tax_id: 'EKU9003173C9',
        legal_name: 'ESCUELA KEMPER URGATE',
      }),
      200,
      'PUT /api/v2/business',
    );
    expectStatus(
      await call('PUT', '/api/v2/fiscal', {
        regimen_fiscal: '601',
        lugar_expedicion: '42501',
        pac_user: fake.ready.user,
        pac_password: fake.ready.password,
      }),
      200,
      'PUT /api/v2/fiscal',
    );
    const cer = await readFile(path.join(CSD_DIR, 'EKU9003173C9.cer'));
    const key = await readFile(path.join(CSD_DIR, 'EKU9003173C9.key'));
    const fiscal = expectStatus(
      await call('POST', '/api/v2/fiscal/csd', { cer: cer.toString('base64'), key: key.toString('base64'), password: CSD_PASSWORD }),
      200,
      'POST /api/v2/fiscal/csd',
    );
    if ((fiscal.missing as unknown[]).length > 0) throw new Error(`'Facturación' still misses: ${JSON.stringify(fiscal.missing)}`);

    // One customer with complete fiscal data (the test inserts it the same way) and two products with their SAT keys.
    const [customer] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO companies (name, razon_social, rfc, regimen_fiscal, cp_fiscal, cfdi_id, credit_days)
        VALUES ('Cliente de la prueba de timbrado', ${RECEIVER.razonSocial}, ${RECEIVER.rfc}, ${RECEIVER.regimen}, ${RECEIVER.cp},
          (SELECT id FROM cfdis WHERE clave = 'G01' AND id > 100 ORDER BY id LIMIT 1), 15) RETURNING id`,
    );
    const products = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM items WHERE deleted_at IS NULL AND is_published AND clave_prod_serv IS NOT NULL AND clave_unidad IS NOT NULL
        ORDER BY id LIMIT 2`,
    );
    const [transfer] = await rows<{ id: number }>(db, sql`SELECT id FROM payment_methods WHERE name = 'Transferencia'`);
    if (!customer || products.length < 2 || !transfer)
      throw new Error('the demo data lacks products with SAT keys or the Transferencia method');

    const today = monterreyDate(new Date());
    const saleIds: number[] = [];
    for (let n = 0; n < INVOICES; n += 1) {
      const sale = expectStatus(
        await call('POST', '/api/v2/sales', {
          company_id: customer.id,
          company_branch_id: null,
          date: today,
          type: 'Serie A',
          note: null,
          internal_note: null,
          purchase_order: null,
          bar: false,
          items: products.map((product, index) => ({ item_id: product.id, quantity: 1 + ((n + index) % 5) })),
        }),
        201,
        'POST /api/v2/sales',
      ) as { id: number; total: number };
      saleIds.push(sale.id);
      if (n % 2 === 0) {
        expectStatus(
          await call('POST', '/api/v2/collections', {
            company_id: customer.id,
            date: today,
            amount: sale.total,
            payment_method_id: transfer.id,
            lines: [{ sale_id: sale.id, amount: sale.total }],
          }),
          201,
          'POST /api/v2/collections',
        );
      }
    }
    console.log(
      `${databaseName}: set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s ` +
        `(demo data, the business's fiscal setup and CSD, ${INVOICES} Serie A sales, ${Math.ceil(INVOICES / 2)} of them paid)`,
    );

    // /healthz asked HEALTH_PAUSE_MS after each answer, from now until every document is settled.
    let probing = true;
    const health: { at: number; latency: number }[] = [];
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await fetch(`${baseUrl}/healthz`).then((response) => response.arrayBuffer());
        health.push({ at: started, latency: performance.now() - started });
        // A pause between questions: asked back to back, the probe would take the event loop it shares with the server.
        await new Promise((resolve) => setTimeout(resolve, HEALTH_PAUSE_MS));
      }
    })();

    // How long the event loop (the server's and this bench's) was held, apart from waits on the database that /healthz also counts.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const loopLine = (histogram: IntervalHistogram) => `max ${ms(histogram.max / 1e6)}, p99 ${ms(histogram.percentile(99) / 1e6)}`;
    loopDelay.enable();

    // The invoice requests, CONCURRENCY in flight.
    const latencies: number[] = [];
    const refusals = new Map<string, number>();
    const requestsStarted = performance.now();
    const requestsStartedAt = new Date();
    let nextSale = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (nextSale < saleIds.length) {
          const saleId = saleIds[nextSale++]!;
          const started = performance.now();
          const answer = await call('POST', `/api/v2/sales/${saleId}/cfdi`, {});
          latencies.push(performance.now() - started);
          if (answer.status !== 201) {
            const reason = `${answer.status} ${answer.body.slice(0, 160)}`;
            refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
          }
        }
      }),
    );
    const requestsEnded = performance.now();
    const requestsEndedAt = new Date();
    const loopDuringRequests = loopLine(loopDelay);
    loopDelay.reset();

    // Until the queue has settled every invoice (or stamps nothing more for STALL_MS).
    type Progress = { stamped: number; failed: number; pending: number };
    let progress: Progress = { stamped: 0, failed: 0, pending: 0 };
    let lastProgressAt = performance.now();
    for (;;) {
      const [now] = await rows<Progress>(
        db,
        sql`SELECT count(*) FILTER (WHERE status = 'timbrado')::int AS stamped, count(*) FILTER (WHERE status = 'error')::int AS failed,
            count(*) FILTER (WHERE pending IS NOT NULL)::int AS pending FROM cfdi_documents WHERE kind = 'factura'`,
      );
      if (now!.stamped + now!.failed !== progress.stamped + progress.failed) lastProgressAt = performance.now();
      progress = now!;
      if (progress.pending === 0 && progress.stamped + progress.failed >= INVOICES - [...refusals.values()].reduce((a, b) => a + b, 0))
        break;
      if (performance.now() - lastProgressAt > STALL_MS) {
        console.log(`the queue stamped nothing for ${STALL_MS / 1000} s; stopped waiting`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    probing = false;
    await probe;
    loopDelay.disable();
    const loopQueueAlone = loopLine(loopDelay);

    // The queue's pace from the database's own clock: first request to last stamp, and the stamps after the last answer.
    const [timing] = await rows<{
      first_created: string;
      last_stamped: string;
      after_requests: number;
      wait_p50: number;
      wait_max: number;
    }>(
      db,
      sql`SELECT min(created_at)::text AS first_created, max(stamped_at)::text AS last_stamped,
          count(*) FILTER (WHERE stamped_at > ${requestsEndedAt.toISOString()}::timestamptz)::int AS after_requests,
          (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM stamped_at - created_at)))::float8 * 1000 AS wait_p50,
          (max(extract(epoch FROM stamped_at - created_at)))::float8 * 1000 AS wait_max
        FROM cfdi_documents WHERE kind = 'factura' AND status = 'timbrado'`,
    );
    const lastStamped = new Date(timing!.last_stamped).getTime();
    const stampingSeconds = (lastStamped - requestsStartedAt.getTime()) / 1000;
    const tailSeconds = (lastStamped - requestsEndedAt.getTime()) / 1000;

    // Stamped exactly once each: every UUID we hold was answered once by the fake, and it stamped nothing else.
    const stats = await fake.stats();
    const ours = await rows<{ uuid: string; metodo: string }>(
      db,
      sql`SELECT uuid, comprobante->>'metodoPago' AS metodo FROM cfdi_documents WHERE kind = 'factura' AND status = 'timbrado'`,
    );
    const perUuid = new Map(Object.entries(stats.stamps).map(([uuid, count]) => [uuid.toLowerCase(), count]));
    const notOnce = ours.filter((document) => perUuid.get(document.uuid.toLowerCase()) !== 1).length;
    const exactlyOnce =
      notOnce === 0 && stats.documents === ours.length && stats.distinctCustomIds === ours.length && ours.length === INVOICES;
    if (!exactlyOnce) exitCode = 1;

    // Sealing redone here on the same documents, step by step (the queue does not time its steps): the queue opens the
    // stored CSD for each document, writes the XML, then sealXml takes its cadena original and signs it.
    const opening: number[] = [];
    const writing: number[] = [];
    const cadenas: number[] = [];
    const signing: number[] = [];
    const sealing: number[] = [];
    const stored = await rows<{ comprobante: CfdiComprobante }>(
      db,
      sql`SELECT comprobante FROM cfdi_documents WHERE kind = 'factura' ORDER BY id`,
    );
    for (const { comprobante } of stored) {
      const t0 = performance.now();
      const csd = openCsd(cer, key, CSD_PASSWORD);
      const t1 = performance.now();
      const unsealed = comprobanteXml(comprobante, { noCertificado: csd.noCertificado, certificadoBase64: csd.certificadoBase64 });
      const t2 = performance.now();
      const cadena = await cadenaOriginal(unsealed);
      const t3 = performance.now();
      csd.sign(cadena);
      const t4 = performance.now();
      // What the queue calls: the cadena and the signature again, with the parse and serialization around them.
      await sealXml(unsealed, csd);
      const t5 = performance.now();
      opening.push(t1 - t0);
      writing.push(t2 - t1);
      cadenas.push(t3 - t2);
      signing.push(t4 - t3);
      sealing.push(t1 - t0 + (t2 - t1) + (t5 - t4));
    }

    const healthDuringRequests = health.filter((probeAnswer) => probeAnswer.at < requestsEnded).map((probeAnswer) => probeAnswer.latency);
    const healthAfterRequests = health.filter((probeAnswer) => probeAnswer.at >= requestsEnded).map((probeAnswer) => probeAnswer.latency);
    const answered = latencies.length;
    const requestSeconds = (requestsEnded - requestsStarted) / 1000;
    const pue = ours.filter((document) => document.metodo === 'PUE').length;

    figure('database', `${databaseName}, the server in this process (buildApp); the fake PAC in its own, its XSD schema check off`);
    figure(
      'invoices asked',
      `${INVOICES} Serie A sales (stamped: ${pue} PUE, ${ours.length - pue} PPD), ${CONCURRENCY} requests in flight`,
    );
    figure(
      'POST /api/v2/sales/:id/cfdi',
      `${(answered / requestSeconds).toFixed(0)} answers/s over ${requestSeconds.toFixed(1)} s; p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
    );
    figure('  first and last 100', `p50 ${ms(percentile(latencies.slice(0, 100), 50))} then ${ms(percentile(latencies.slice(-100), 50))}`);
    figure('  not 201', refusals.size === 0 ? '0' : [...refusals].map(([reason, count]) => `${count} × ${reason}`).join('; '));
    figure(
      'until all timbrado',
      `${stampingSeconds.toFixed(1)} s from the first request (${progress.stamped} timbrado, ${progress.failed} error, ${progress.pending} pending)`,
    );
    figure(
      'queue (one process)',
      `${(progress.stamped / stampingSeconds).toFixed(1)} documents/s overall; ${tailSeconds > 0 ? (timing!.after_requests / tailSeconds).toFixed(1) : '—'} documents/s once the requests were answered (${timing!.after_requests} in ${tailSeconds.toFixed(1)} s)`,
    );
    figure('  request to stamp', `p50 ${ms(timing!.wait_p50)}, max ${ms(timing!.wait_max)}`);
    figure(
      'stamps per document',
      `${exactlyOnce ? 'exactly 1 each' : `FAIL: ${notOnce} documents without exactly one stamp`} (the fake stamped ${stats.documents}, ${stats.distinctCustomIds} distinct customids, ${stats.stampRequests} stamp requests)`,
    );
    figure('logins at the PAC', `${stats.logins} (${(stats.logins / Math.max(1, stats.documents)).toFixed(2)} per document)`);
    figure(
      'sealing per document',
      `p50 ${ms(percentile(sealing, 50))}, p95 ${ms(percentile(sealing, 95))} (each redone here from a cold start: CSD opened, XML written, sealXml; the queue opens the CSD once while it stays the same)`,
    );
    figure('  open the stored CSD', `p50 ${ms(percentile(opening, 50))}, p95 ${ms(percentile(opening, 95))}`);
    figure('  write the XML', `p50 ${ms(percentile(writing, 50))}, p95 ${ms(percentile(writing, 95))}`);
    figure('  cadena original (XSLT)', `p50 ${ms(percentile(cadenas, 50))}, p95 ${ms(percentile(cadenas, 95))}`);
    figure('  sign (SHA256withRSA)', `p50 ${ms(percentile(signing, 50))}, p95 ${ms(percentile(signing, 95))}`);
    figure(
      '/healthz during requests',
      `max ${ms(Math.max(...healthDuringRequests))}, p99 ${ms(percentile(healthDuringRequests, 99))} (${healthDuringRequests.length} asked)`,
    );
    figure(
      '/healthz queue alone',
      healthAfterRequests.length === 0
        ? '—'
        : `max ${ms(Math.max(...healthAfterRequests))}, p99 ${ms(percentile(healthAfterRequests, 99))} (${healthAfterRequests.length} asked)`,
    );
    figure('event loop held, requests', loopDuringRequests);
    figure('event loop held, queue alone', loopQueueAlone);
    printTable(`Stamping ${INVOICES} invoices (${databaseName}, Node ${process.version}, ${cpus().length} cores)`);
  } finally {
    await app.close();
  }
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  await database.close();
  await drop();
  await fake.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
