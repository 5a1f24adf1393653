import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeploymentId } from '../domain/deployment';
import type { Database } from './db/client';
import { seedDemo } from './demo/demo-seed';

/** Applies committed migrations, then seeds the deployment's demo business into a database that has no users yet. */
export async function prepareDatabase(
  database: Database,
  options: {
    demoSeed: boolean;
    /** Keeps the demo's sample evidence where this installation keeps evidence; null keeps none. */
    keepSampleEvidence: ((name: string, bytes: Buffer) => Promise<void>) | null;
    log?: Pick<FastifyBaseLogger, 'info'>;
    now?: Date;
    deployment?: DeploymentId;
  },
): Promise<void> {
  await database.migrate();
  if (!options.demoSeed) return;
  const result = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
  const count = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (count > 0) return;
  const summary = await seedDemo(database.db, {
    now: options.now ?? new Date(),
    keepSampleEvidence: options.keepSampleEvidence,
    deployment: options.deployment,
  });
  options.log?.info(summary, 'demo data loaded');
}
