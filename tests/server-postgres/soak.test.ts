import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/soak';
import { emptyPostgresDatabase } from '../server/test-app';

/**
 * 60 s of the soak (bench/soak.ts; `npm run bench:soak` runs 10 minutes): two server
 * processes on a fresh PostgreSQL database under mixed traffic with 200 open event streams.
 */
let empty: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
let dataDir: string;
beforeAll(async () => {
  empty = await emptyPostgresDatabase('frutas_soak');
  dataDir = await mkdtemp(path.join(tmpdir(), 'frutas-soak-test-'));
});
afterAll(async () => {
  await empty.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('soak: two processes, mixed traffic, 200 event streams', () => {
  it('answers everything, loses and doubles nothing, delivers events within a second, and holds its memory', async () => {
    const report = await runSoak({ databaseUrl: empty.url, dataDir, seconds: 60, streams: 200 });
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
