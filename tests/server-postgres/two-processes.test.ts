import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startServer, type ServerProcess } from '../../bench/processes';
import { openEventStream } from '../server/sse-client';
import { createTestApp, type TestApp } from '../server/test-app';

/**
 * Two real server processes (as `npm run server` starts them, each on its own port, as a
 * proxy would put them behind one address) on one PostgreSQL and one data directory: what
 * one process was asked, the other knows. And `WORKERS=2` starts two processes on one port.
 * Runs when DATABASE_URL is set (CI).
 */
const METRICS_TOKEN = randomBytes(24).toString('base64url');
const metrics = (url: string, token = METRICS_TOKEN) =>
  fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } });
let t: TestApp;
let servers: ServerProcess[] = [];
const start = (env: Record<string, string> = {}) =>
  startServer({ DEMO_SEED: 'false', DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir, METRICS_TOKEN, ...env });

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

beforeAll(async () => {
  t = await createTestApp();
  servers = await Promise.all([start(), start()]);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await t.close();
});

describe('two server processes on one PostgreSQL', () => {
  it('signs in on one and is known on the other; signing out on one ends the session on both', async () => {
    const [a, b] = servers;
    const token = await login(a!.url, 'oficina@demo.mx');
    const headers = { authorization: `Bearer ${token}` };
    const me = await fetch(`${b!.url}/api/v1/user/current`, { headers });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('oficina@demo.mx');
    expect((await fetch(`${b!.url}/api/v1/user/logout`, { method: 'POST', headers })).status).toBeLessThan(300);
    expect((await fetch(`${a!.url}/api/v1/user/current`, { headers })).status).toBe(401);
  });

  it('ends a session that both processes hold the moment it signs out on one', async () => {
    const [a, b] = servers;
    const token = await login(a!.url, 'oficina@demo.mx');
    const headers = { authorization: `Bearer ${token}` };
    const current = (url: string) => fetch(`${url}/api/v1/user/current`, { headers }).then((r) => r.status);
    // Both check it, so each holds it (server/auth/session-cache.ts); several times over, as a busy screen does.
    for (let i = 0; i < 3; i++) expect([await current(a!.url), await current(b!.url)]).toEqual([200, 200]);
    expect((await fetch(`${a!.url}/api/v1/user/logout`, { method: 'POST', headers })).status).toBe(204);
    // The sign-out answered once the database sent its notice to every process; the other
    // handles it within moments, far inside the 10 s a session is held.
    await expect.poll(() => current(b!.url), { timeout: 1_000, interval: 50 }).toBe(401);
    expect(await current(a!.url)).toBe(401);
  });

  it('applies once a request sent to both at the same moment with one Idempotency-Key', async () => {
    const token = await login(servers[0]!.url, 'oficina@demo.mx');
    const note = `Ruta ${randomUUID()}`;
    const key = randomUUID();
    const send = (url: string) =>
      fetch(`${url}/api/v1/shipping/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ date: '2026-11-23', note }),
      });
    const answers = await Promise.all(servers.map((server) => send(server.url)));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { id: number }[];
    // The second waits on the first's key and gets its answer (or, rarely, is told to retry).
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const applied = answers.filter((answer) => answer.status === 201).map((_, i) => bodies[i]!.id);
    expect(new Set(applied).size).toBe(1);
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM shippings WHERE note = ${note}`);
    expect(count!.n).toBe(1);
  });

  it("delivers a change made through one process to a stream open on the other", async () => {
    const [a, b] = servers;
    const token = await login(a!.url, 'oficina@demo.mx');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const ticketAnswer = await fetch(`${a!.url}/api/v2/events/ticket`, { method: 'POST', headers: { authorization: headers.authorization } });
    const { ticket } = (await ticketAnswer.json()) as { ticket: string };
    const stream = await openEventStream(`${a!.url}/api/v2/events?ticket=${ticket}`);
    try {
      await stream.waitFor((text) => text.includes('conectado'));
      const created = await fetch(`${b!.url}/api/v1/shipping/create`, { method: 'POST', headers, body: JSON.stringify({ date: '2026-11-23' }) });
      const { id } = (await created.json()) as { id: number };
      await stream.waitFor((text) => text.includes(`"shipping_id":${id}`));
      expect(stream.received.some((event) => event.event === 'shipping.changed' && JSON.parse(event.data).shipping_id === id)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('counts sign-ins against one limit across both processes (60 a minute from one address)', async () => {
    await rows(sql`DELETE FROM rate_limits`);
    const statuses: number[] = [];
    for (let i = 0; i < 66; i++) {
      const response = await fetch(`${servers[i % 2]!.url}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'oficina@demo.mx', password: 'demo1234' }),
      });
      statuses.push(response.status);
    }
    // Two tests above signed in already within the minute from this address.
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429, 429]);
    await rows(sql`DELETE FROM rate_limits`);
  }, 60_000);

  it('resumes on one process an upload begun on the other, and stores it once', async () => {
    const [a, b] = servers;
    const token = await login(a!.url, 'chofer@demo.mx');
    const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000), Buffer.from('\n%%EOF\n')]);
    const created = await fetch(`${a!.url}/api/v2/uploads`, { method: 'POST', headers: { ...tus, 'upload-length': String(bytes.length) } });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const part = (url: string, from: number, to: number) =>
      fetch(`${url}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(from) },
        body: bytes.subarray(from, to),
      });
    expect((await part(a!.url, 0, 100_000)).status).toBe(204);
    const resumed = await fetch(`${b!.url}${location}`, { method: 'HEAD', headers: tus });
    expect(resumed.headers.get('upload-offset')).toBe('100000');
    const last = await part(b!.url, 100_000, bytes.length);
    expect(last.status).toBe(204);
    const name = last.headers.get('upload-file-name')!;
    expect((await fetch(`${a!.url}${location}`, { method: 'HEAD', headers: tus })).headers.get('upload-file-name')).toBe(name);
    expect((await readFile(path.join(t.dataDir, 'files', name))).equals(bytes)).toBe(true);
  });
});

describe('GET /metrics', () => {
  it('answers the bearer of METRICS_TOKEN only, with request counts and latencies by route pattern', async () => {
    const [a] = servers;
    expect((await fetch(`${a!.url}/metrics`)).status).toBe(401);
    expect((await metrics(a!.url, 'x'.repeat(32))).status).toBe(401);
    await fetch(`${a!.url}/api/v2/deployment`);
    const response = await metrics(a!.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/frutas_http_requests_total\{pid="\d+",method="GET",route="\/api\/v2\/deployment",status="200"\} [1-9]/);
    expect(text).toMatch(/frutas_http_request_duration_seconds_bucket\{pid="\d+",method="GET",route="\/api\/v2\/deployment",le="\+Inf"\} [1-9]/);
    expect(text).toContain('frutas_email_messages{status="pendiente"}');
    expect(text).toMatch(/frutas_db_pool_connections\{pid="\d+",state="total"\} \d+/);
  });

  it('carries a request id on every answer, keeping a well-formed one sent by a proxy', async () => {
    const [a] = servers;
    expect((await fetch(`${a!.url}/healthz`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`${a!.url}/healthz`, { headers: { 'x-request-id': 'proxy-1234abcd' } })).headers.get('x-request-id')).toBe('proxy-1234abcd');
    expect((await fetch(`${a!.url}/healthz`, { headers: { 'x-request-id': 'bad id\n' } })).headers.get('x-request-id')).not.toContain('bad');
  });
});

describe('WORKERS=2', () => {
  it('runs two processes on one port and replaces one that dies', async () => {
    const cluster = await start({ WORKERS: '2' });
    try {
      // The port answers as soon as one process listens; on a busy machine the second may
      // take seconds more to start, and until it does every connection goes to the first.
      const pids = async () => {
        const seen = new Set<string>();
        const until = Date.now() + 30_000;
        while (seen.size < 2 && Date.now() < until) {
          const text = await (await metrics(cluster.url)).text();
          seen.add(/frutas_process_info\{pid="(\d+)"/.exec(text)?.[1] ?? '');
          if (seen.size < 2) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return seen;
      };
      const first = await pids();
      expect(first.size).toBe(2);
      process.kill(Number([...first][0]), 'SIGKILL');
      let after = new Set<string>();
      const replacedBy = Date.now() + 60_000;
      while (Date.now() < replacedBy) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        after = await pids().catch(() => new Set<string>());
        if (after.size === 2 && ![...after].includes([...first][0]!)) break;
      }
      expect(after.size).toBe(2);
      expect([...after]).not.toContain([...first][0]);
    } finally {
      await cluster.stop();
    }
  }, 150_000);
});
