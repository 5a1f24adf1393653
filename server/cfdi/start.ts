import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { loadFiscalRow, type IdentityDefaults, type PacSetting } from './fiscal';
import { pacFromConfig, type Pac } from './pac';
import { StampingQueue } from './queue';
import type { SecretBox } from './secrets';

/**
 * The stamping queue of this process, started once the server is ready and stopped before the
 * database closes. The PAC is built on each attempt from the account as 'Facturación' holds it
 * now, so a changed password needs no restart.
 */
export function startStampingQueue(
  app: FastifyInstance,
  db: Db,
  deps: { env: Env; defaults: IdentityDefaults; box: SecretBox; pacSetting: PacSetting },
): StampingQueue {
  const { env, box, pacSetting } = deps;
  let client: { account: string; pac: Pac | null } | null = null;
  const queue = new StampingQueue({
    db,
    box,
    pacSetting,
    defaults: deps.defaults,
    pac: async () => {
      const row = await loadFiscalRow(db);
      // One client while the account stays the same, so its session token serves every document.
      const account = `${row.pac_user}|${row.pac_password_sealed}`;
      if (client?.account !== account)
        client = {
          account,
          pac: pacFromConfig({
            provider: pacSetting.provider,
            url: pacSetting.url,
            user: row.pac_user ?? undefined,
            password: row.pac_password_sealed ? box.open(row.pac_password_sealed).toString('utf8') : undefined,
          }),
        };
      return client.pac;
    },
    retryFirstMs: env.CFDI_RETRY_FIRST_MS,
    pollMs: env.CFDI_POLL_MS,
    log: app.log,
    emailGiveUpAfterMs: env.EMAIL_GIVE_UP_AFTER_MS,
  });
  app.addHook('onReady', async () => queue.start());
  app.addHook('preClose', async () => queue.stop());
  return queue;
}
