// `npm test`: the whole gate, as CI runs it. Stops at the first failing step.
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['Tipos (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['Lint (eslint)', 'npx', ['eslint', '.']],
  ['Pruebas unitarias y de servidor (vitest)', 'npx', ['vitest', 'run']],
  ['Pruebas de extremo a extremo (playwright)', 'node', ['scripts/e2e.mjs']],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await run(command, args, { cwd: root });
  console.log(`${code === 0 ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (code !== 0) process.exit(code);
}
