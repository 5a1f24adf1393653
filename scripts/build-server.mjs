// The server as the production service runs it: server/server.ts and everything it imports from
// server/ and domain/ bundled into JavaScript modules (build/server/server.mjs and its chunks), its
// migrations beside it, the packages left to node_modules. No TypeScript compiler at run time.
// Rebuilt only when a source is newer than the bundle; `--force` rebuilds anyway.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { run } from './run.mjs';

/** Beside the compiled server: the embedded database of a new installation (server/db/client.ts). */
const EMPTY_DATABASE_FILE = 'empty-database.tar.gz';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'build', 'server');
export const serverBundle = path.join(outDir, 'server.mjs');
/**
 * How node runs the compiled server (npm start, npm run server, the benches). A young generation
 * of 2 MB semi-spaces instead of 16: under the soak's traffic each process stayed 20–25 MB
 * smaller (bench/soak.ts), and scavenging the smaller space costs less than a millisecond.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--enable-source-maps'];

function newestSourceTime() {
  let newest = 0;
  const visit = (entry) => {
    const stat = statSync(entry);
    if (stat.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
    else if (!entry.endsWith('.test.ts')) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of ['server', 'domain', 'package.json']) visit(path.join(root, source));
  return newest;
}

export async function buildServer({ force = false } = {}) {
  if (!force && existsSync(serverBundle) && statSync(serverBundle).mtimeMs >= newestSourceTime()) return false;
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server', 'server.ts')],
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    // What the server loads only when configured (the S3 client) stays in a chunk of its own.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The migrator reads its folder next to the module that runs it (server/db/client.ts).
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
  // A spreadsheet is read in a worker thread started from its file, next to the module that starts it (server/imports/read-file.ts).
  cpSync(path.join(root, 'server', 'imports', 'sheet-worker.mjs'), path.join(outDir, 'sheet-worker.mjs'));
  // A new embedded database starts from this one, already migrated (server/db/client.ts).
  const made = await run(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'empty-database.ts'), path.join(outDir, EMPTY_DATABASE_FILE)],
    {
      cwd: root,
    },
  );
  if (made !== 0) throw new Error(`scripts/empty-database.ts terminó con ${made}`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = await buildServer({ force: process.argv.includes('--force') });
  console.log(built ? `Servidor compilado en ${path.relative(root, serverBundle)}` : 'El servidor compilado está al día.');
}
