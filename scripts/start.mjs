// `npm start`: builds the PWA and compiles the server when either is missing or older than its
// sources, then runs the compiled server (migrations, demo data on an empty database unless
// NODE_ENV=production, http://localhost:8080).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from './run.mjs';
import { buildServer, serverBundle, SERVER_NODE_FLAGS } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newestSourceTime() {
  let newest = 0;
  const visit = (entry) => {
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const child of readdirSync(entry))
        if (!child.endsWith('.test.ts') && !child.endsWith('.test.tsx')) visit(path.join(entry, child));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of ['src', 'domain', 'public', 'index.html', 'vite.config.ts', 'package.json']) visit(path.join(root, source));
  return newest;
}

// `--server-only` (npm run server): the app's build is left as it is.
const serverOnly = process.argv.includes('--server-only');
if (!serverOnly && (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestSourceTime())) {
  console.log('Construyendo la aplicación…');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root });
  if (code !== 0) process.exit(code);
}
await buildServer();
process.exit(await run(process.execPath, [...SERVER_NODE_FLAGS, serverBundle], { cwd: root }));
