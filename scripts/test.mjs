// `npm test`: the whole gate, as CI runs it. Stops at the first failing step.
// Ends with one line 'N passed, N failed' over every test run, for people and CI alike.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensurePoppler } from './chromium.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensurePoppler();
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

const postgresReport = path.join(reports, 'vitest-postgres.json');
const runningFiles = path.join(reports, 'vitest-running.txt');
const vitestReporters = ['--reporter=default', '--reporter=json', '--reporter=./tests/running-files-reporter.ts'];

/**
 * A vitest run takes some 6 minutes here; one that has not finished in 20 has a file stuck
 * (a CI run once never finished, every file but one reported). It is stopped, the files
 * still running are named, and it runs once more; a second stall fails the gate.
 */
const VITEST_LIMIT = { minutes: 20, attempts: 2 };

const steps = [
  ['Tipos (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['Lint (eslint)', 'npx', ['eslint', '.']],
  [
    'Pruebas unitarias y de servidor (vitest)',
    'npx',
    ['vitest', 'run', ...vitestReporters, `--outputFile.json=${vitestReport}`],
    { VITEST_RUNNING_FILE: runningFiles },
    VITEST_LIMIT,
  ],
  ['Pruebas de extremo a extremo (playwright)', 'node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport }],
];
// CI (.ci/run) also runs the server suite on a real PostgreSQL.
if (process.env.POSTGRES_TEST_URL) {
  steps.push([
    'Pruebas de servidor en PostgreSQL (vitest)',
    'npx',
    ['vitest', 'run', '--project', 'server', ...vitestReporters, `--outputFile.json=${postgresReport}`],
    { DATABASE_URL: process.env.POSTGRES_TEST_URL, VITEST_RUNNING_FILE: runningFiles },
    VITEST_LIMIT,
  ]);
}

/** Runs a step; with a limit, a run past it is stopped (its whole process group) and tried again. */
async function runStep(command, args, env, limit) {
  if (!limit) return run(command, args, { cwd: root, env: { ...process.env, ...env } });
  for (let attempt = 1; ; attempt++) {
    rmSync(runningFiles, { force: true });
    const code = await run(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      detached: true,
      timeoutMs: limit.minutes * 60_000,
    });
    if (code !== 'timeout') return code;
    const stuck = existsSync(runningFiles) ? readFileSync(runningFiles, 'utf8').trim() : '';
    console.log(
      `\n✘ No terminó en ${limit.minutes} minutos (intento ${attempt} de ${limit.attempts}). Archivos que seguían corriendo:\n${stuck || '(ninguno registrado)'}`,
    );
    if (attempt >= limit.attempts) return 1;
  }
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
for (const [name, command, args, env = {}, limit] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await runStep(command, args, env, limit);
  console.log(`${code === 0 ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
const { passed, failed } = tally();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode !== 0 ? exitCode : failed > 0 ? 1 : 0);
