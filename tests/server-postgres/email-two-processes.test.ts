import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { parseEnv } from '../../server/env';
import { startMailServer, type MailServer } from '../server/mail-server';
import { createTestApp, type TestApp } from '../server/test-app';

/**
 * Two servers, each with its own connection pool and its own sender, share one e-mail queue
 * on PostgreSQL: every message is claimed by one of them (FOR UPDATE SKIP LOCKED) and
 * delivered exactly once. Runs when DATABASE_URL is set (CI).
 */
const MESSAGES = 30;
const SENDER_ENV = { SMTP_URL: '', EMAIL_POLL_MS: '20', EMAIL_RETRY_FIRST_MS: '1000' };
let mail: MailServer;
let t: TestApp;
let secondDatabase: Database;
let second: FastifyInstance;
beforeAll(async () => {
  mail = await startMailServer();
  SENDER_ENV.SMTP_URL = mail.url;
  t = await createTestApp(SENDER_ENV);
  secondDatabase = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
  second = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', WEB_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, ...SENDER_ENV }),
    database: secondDatabase,
    logger: false,
  });
  await second.ready();
}, 60_000);
afterAll(async () => {
  await second.close();
  await secondDatabase.close();
  await t.close();
  await mail.close();
});

describe('the e-mail queue across server processes', () => {
  it('delivers each queued message exactly once', async () => {
    const [quotation] = (
      (await t.database.db.execute(sql`SELECT id, user_id FROM sales WHERE kind = 'quotation' ORDER BY id LIMIT 1`)) as unknown as {
        rows: { id: number; user_id: number }[];
      }
    ).rows;
    // Queued all at once, straight into the table: both senders find them on their next poll.
    await t.database.db.execute(sql`INSERT INTO email_messages (sale_id, user_id, "to", subject, html, give_up_at)
      SELECT ${quotation!.id}, ${quotation!.user_id}, jsonb_build_array('cliente' || n || '@ejemplo.mx'), 'Mensaje ' || n, '<p>' || n || '</p>', now() + interval '1 hour'
      FROM generate_series(1, ${MESSAGES}) AS n`);

    const deadline = Date.now() + 30_000;
    while (mail.received.length < MESSAGES && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // A little longer: a message sent twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Told apart by recipient: the subject and body are drawn from the quotation when sent.
    const recipients = mail.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort();
    expect(recipients).toEqual(Array.from({ length: MESSAGES }, (_, i) => `cliente${i + 1}@ejemplo.mx`).sort());
    const states = (
      (await t.database.db.execute(sql`SELECT status, attempts, count(*)::int AS n FROM email_messages GROUP BY status, attempts`)) as unknown as {
        rows: { status: string; attempts: number; n: number }[];
      }
    ).rows;
    expect(states).toEqual([{ status: 'enviado', attempts: 1, n: MESSAGES }]);
  });
});
