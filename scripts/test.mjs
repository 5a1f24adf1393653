// `npm test`: the whole gate, as CI runs it. Stops at the first failing step.
// Ends with one line 'N passed, N failed' over every test run, for people and CI alike.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

const postgresReport = path.join(reports, 'vitest-postgres.json');

const steps = [
  ['Tipos (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['Lint (eslint)', 'npx', ['eslint', '.']],
  ['Pruebas unitarias y de servidor (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['Pruebas de extremo a extremo (playwright)', 'node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport }],
];
// CI (.ci/run) also runs the server suite on a real PostgreSQL.
if (process.env.POSTGRES_TEST_URL) {
  steps.push([
    'Pruebas de servidor en PostgreSQL (vitest)',
    'npx',
    ['vitest', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${postgresReport}`],
    { DATABASE_URL: process.env.POSTGRES_TEST_URL },
  ]);
}

function tally() {
  let passed = 0;
  let failed = 0;
  for (const file of [vitestReport, postgresReport]) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
  return { passed, failed };
}

let exitCode = 0;
for (const [name, command, args, env = {}] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await run(command, args, { cwd: root, env: { ...process.env, ...env } });
  console.log(`${code === 0 ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
const { passed, failed } = tally();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode !== 0 ? exitCode : failed > 0 ? 1 : 0);
