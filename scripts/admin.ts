// `npm run admin -- create-admin --email … --name … --last … [--password …]` and
// `npm run admin -- reset-password <email>`: the operator's way in when nobody can sign in.
// On the embedded database, stop the server first (one process at a time can open it).
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { envOrExit } from '../server/env';
import { runAdminCommand } from '../server/auth/admin-command';

const env = envOrExit(process.env);
const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') },
);
try {
  await database.migrate();
  const { output, exitCode } = await runAdminCommand(database.db, process.argv.slice(2));
  (exitCode === 0 ? console.log : console.error)(output);
  process.exitCode = exitCode;
} finally {
  await database.close();
}
