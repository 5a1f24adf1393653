import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS, serverBundle } from '../scripts/build-server.mjs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The project's root, where `server/server.ts` and the scripts are. */
export const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A real server process (`server/server.ts`, or its compiled bundle) on a free port, once it answers /healthz. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // BENCH_COMPILED=1: the server as production runs it (`npm run build:server` first).
  const entry = process.env.BENCH_COMPILED === '1' ? [...SERVER_NODE_FLAGS, serverBundle] : ['--import', 'tsx', 'server/server.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      WEB_DIR: '/nonexistent',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    child.exitCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
  for (let waited = 0; ; waited += 200) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, port, process: child, stop };
    } catch {
      if (waited > 90_000 || child.exitCode !== null) {
        await stop();
        throw new Error('the server process did not start');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs a script of `scripts/` to its end: exit code and what it printed. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

export async function login(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`login ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
