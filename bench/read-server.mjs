// The server the read benchmarks (reports.mjs, inventory-report.mjs) ask, one request at a
// time: the real server in a process of its own on loopback, over the database the
// environment names (DATABASE_URL, else the embedded one in `dataDir`), signed in as the
// administrator. Also the percentile both print.
import { spawn } from 'node:child_process';

export async function startReadServer(root, dataDir) {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        if (i > 240) throw new Error('el servidor no arrancó');
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const login = await fetch(`${base}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.mx', password: 'demo1234' }),
    });
    const { access_token: token } = await login.json();
    return { base, token, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The p-th percentile of times sorted ascending (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
