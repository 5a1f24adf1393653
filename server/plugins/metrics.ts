import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { apiMessages } from '../../domain/messages/api';
import type { Database } from '../db/client';
import { HttpError, unauthorized } from '../http-errors';
import { rows } from '../db/sql-rows';

/** Upper bounds of the latency histogram, in seconds (Prometheus' `le`). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (pairs: Record<string, string | number>) =>
  `{${Object.entries(pairs)
    .map(([key, value]) => `${key}="${escapeLabel(String(value))}"`)
    .join(',')}}`;

/**
 * `GET /metrics` in Prometheus' text format, for the bearer of `METRICS_TOKEN` (404 without
 * one configured, so nothing is exposed by default). Each process reports its own requests
 * (by route pattern, never by raw URL, so the series stay few), labelled with its pid, plus
 * the shared state read from the database at scrape time: the e-mail queue by state and the
 * outbox commands the server applied or answered again. `WORKERS=N` processes share one
 * port: each scrape reaches one of them, so scrape each process's own port, or sum by `pid`.
 */
export function registerMetrics(app: FastifyInstance, database: Database, token: string | undefined): void {
  const requests = new Map<string, number>();
  const latency = new Map<string, Series>();
  const syncCommands = { applied: 0, replayed: 0, refused: 0 };
  const started = Date.now();

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(sin ruta)';
    if (route === '/metrics') return;
    const status = reply.statusCode;
    const key = `${request.method} ${route} ${status}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    const seconds = reply.elapsedTime / 1000;
    const seriesKey = `${request.method} ${route}`;
    const series = latency.get(seriesKey) ?? { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
    series.count += 1;
    series.sum += seconds;
    BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) series.buckets[index]! += 1;
    });
    latency.set(seriesKey, series);
    // A device's outbox command carries its id and sequence number (docs/sync-engine.md); a push
    // batch is not a command itself: each of its commands is counted as it runs through its route.
    if (request.headers['x-device-id'] !== undefined && route !== '/api/v2/sync/push') {
      if (reply.getHeader('idempotent-replayed') === 'true') syncCommands.replayed += 1;
      else if (status < 300) syncCommands.applied += 1;
      else syncCommands.refused += 1;
    }
  });

  app.get('/metrics', async (request, reply) => {
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!token) throw new HttpError(404, apiMessages.notFound);
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized();

    const pid = { pid: process.pid };
    const lines: string[] = [];
    lines.push('# HELP frutas_process_info The server process answering this scrape.', '# TYPE frutas_process_info gauge');
    lines.push(`frutas_process_info${labels({ ...pid, database: database.kind })} 1`);
    lines.push('# HELP frutas_process_uptime_seconds Seconds since this process started.', '# TYPE frutas_process_uptime_seconds gauge');
    lines.push(`frutas_process_uptime_seconds${labels(pid)} ${((Date.now() - started) / 1000).toFixed(0)}`);
    const memory = process.memoryUsage();
    lines.push(
      '# HELP frutas_process_resident_memory_bytes Resident memory of this process.',
      '# TYPE frutas_process_resident_memory_bytes gauge',
    );
    lines.push(`frutas_process_resident_memory_bytes${labels(pid)} ${memory.rss}`);
    lines.push('# HELP frutas_process_heap_used_bytes V8 heap in use.', '# TYPE frutas_process_heap_used_bytes gauge');
    lines.push(`frutas_process_heap_used_bytes${labels(pid)} ${memory.heapUsed}`);

    lines.push(
      '# HELP frutas_http_requests_total Requests answered, by method, route pattern and status.',
      '# TYPE frutas_http_requests_total counter',
    );
    for (const [key, count] of requests) {
      const [method, route, status] = key.split(' ') as [string, string, string];
      lines.push(`frutas_http_requests_total${labels({ ...pid, method, route, status })} ${count}`);
    }
    lines.push(
      '# HELP frutas_http_request_duration_seconds Time to answer, by method and route pattern.',
      '# TYPE frutas_http_request_duration_seconds histogram',
    );
    for (const [key, series] of latency) {
      const [method, route] = key.split(' ') as [string, string];
      BUCKETS.forEach((bound, index) =>
        lines.push(`frutas_http_request_duration_seconds_bucket${labels({ ...pid, method, route, le: bound })} ${series.buckets[index]}`),
      );
      lines.push(`frutas_http_request_duration_seconds_bucket${labels({ ...pid, method, route, le: '+Inf' })} ${series.count}`);
      lines.push(`frutas_http_request_duration_seconds_sum${labels({ ...pid, method, route })} ${series.sum.toFixed(6)}`);
      lines.push(`frutas_http_request_duration_seconds_count${labels({ ...pid, method, route })} ${series.count}`);
    }

    lines.push(
      '# HELP frutas_sync_commands_total Outbox commands from devices: applied, answered again (a replay of an applied key) or refused.',
      '# TYPE frutas_sync_commands_total counter',
    );
    for (const [outcome, count] of Object.entries(syncCommands))
      lines.push(`frutas_sync_commands_total${labels({ ...pid, outcome })} ${count}`);

    const pool = database.poolStats();
    if (pool) {
      lines.push(
        '# HELP frutas_db_pool_connections Database connections of this process, by state.',
        '# TYPE frutas_db_pool_connections gauge',
      );
      lines.push(`frutas_db_pool_connections${labels({ ...pid, state: 'total' })} ${pool.total}`);
      lines.push(`frutas_db_pool_connections${labels({ ...pid, state: 'idle' })} ${pool.idle}`);
      lines.push(
        '# HELP frutas_db_pool_waiting Queries of this process waiting for a free connection.',
        '# TYPE frutas_db_pool_waiting gauge',
      );
      lines.push(`frutas_db_pool_waiting${labels(pid)} ${pool.waiting}`);
    }

    const queue = await rows<{ status: string; n: number }>(
      database.db,
      sql`SELECT s.status, count(m.id)::int AS n FROM (VALUES ('pendiente'), ('enviado'), ('fallido')) AS s(status)
          LEFT JOIN email_messages m ON m.status = s.status GROUP BY s.status ORDER BY s.status`,
    );
    lines.push(
      '# HELP frutas_email_messages E-mail messages in the queue, by state (all processes).',
      '# TYPE frutas_email_messages gauge',
    );
    for (const row of queue) lines.push(`frutas_email_messages${labels({ status: row.status })} ${row.n}`);
    const [outbox] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE device_id IS NOT NULL`,
    );
    lines.push(
      '# HELP frutas_sync_applied_keys Outbox commands ever applied, kept with their key (all processes).',
      '# TYPE frutas_sync_applied_keys gauge',
    );
    lines.push(`frutas_sync_applied_keys ${outbox?.n ?? 0}`);

    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(`${lines.join('\n')}\n`);
  });
}
