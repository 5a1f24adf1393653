// End-to-end tests: builds the PWA, serves a copy of it (tests change the service
// worker to simulate a deploy) from a fresh embedded database, and runs Playwright.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = ensureChromium();
const build = await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root });
if (build !== 0) process.exit(build);

const webDir = path.join(root, '.tmp', 'e2e-web');
const dataDir = path.join(root, '.tmp', 'e2e-data');
rmSync(webDir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}-eventos`, { recursive: true, force: true });
cpSync(path.join(root, 'dist'), webDir, { recursive: true });
// The event-rental deployment's server gets its own copy: tests of the first change its service worker.
rmSync(`${webDir}-eventos`, { recursive: true, force: true });
cpSync(path.join(root, 'dist'), `${webDir}-eventos`, { recursive: true });

process.exit(
  await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    cwd: root,
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_WEB_DIR: webDir, E2E_DATA_DIR: dataDir },
  }),
);
