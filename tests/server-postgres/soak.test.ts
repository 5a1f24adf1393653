import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/soak';

/**
 * 60 s of the soak (bench/soak.ts; `npm run bench:soak` runs 10 minutes): two server
 * processes on a fresh PostgreSQL database under mixed traffic with 200 open event streams.
 */
const name = `frutas_soak_${randomBytes(6).toString('hex')}`;
let admin: pg.Client;
let url: string;
let dataDir: string;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(process.env.DATABASE_URL!);
  target.pathname = `/${name}`;
  url = target.toString();
  dataDir = await mkdtemp(path.join(tmpdir(), 'frutas-soak-test-'));
});
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe('soak: two processes, mixed traffic, 200 event streams', () => {
  it('answers everything, loses and doubles nothing, delivers events within a second, and holds its memory', async () => {
    const report = await runSoak({ databaseUrl: url, dataDir, seconds: 60, streams: 200 });
    expect(report.errors).toEqual([]);
    expect(report.writes.acknowledged).toBeGreaterThan(250);
    expect(report.writes.lost).toBe(0);
    expect(report.writes.duplicated).toBe(0);
    expect(report.writes.replays).toBeGreaterThan(0);
    expect(report.sales.found).toBe(report.sales.acknowledged);
    expect(report.sales.acknowledged).toBeGreaterThan(100);
    expect(report.uploads.missingFiles).toBe(0);
    expect(report.uploads.completed).toBeGreaterThan(20);
    expect(report.events.delivered).toBe(report.events.expected);
    expect(report.events.p99).toBeLessThan(1000);
    for (const process of report.memory) expect(process.endMb).toBeLessThan(process.startMb * 1.5 + 64);
  }, 240_000);
});
