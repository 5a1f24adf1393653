// The built app served by the real server on a data directory, for the browser benches.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Builds the PWA, starts the server on `dataDir` and waits until it answers. `buildArgs` are added
 * to vite build's (['--minify', 'false'] to read functions' names in a profile): such a build goes
 * to a folder of its own in `dataDir`, so that dist/, which `npm start` serves, stays the real one.
 */
export async function serveBuiltApp(dataDir, port, buildArgs = []) {
  const webDir = buildArgs.length > 0 ? path.join(dataDir, 'web') : 'dist';
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', webDir, '--emptyOutDir', ...buildArgs], {
    cwd: root,
    stdio: 'inherit',
  });
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIR: webDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const origin = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      if (i > 240) {
        server.kill('SIGTERM');
        throw new Error('el servidor no arrancó');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { origin, stop: () => server.kill('SIGTERM') };
}

/** A demo person's token. */
export async function signInToken(origin, email) {
  const login = await fetch(`${origin}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return (await login.json()).access_token;
}
