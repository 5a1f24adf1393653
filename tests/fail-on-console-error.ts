import { afterEach, vi } from 'vitest';

/** A console.error during a test fails it, unless the test replaced console.error itself. */
const original = console.error;
let errors: unknown[][] = [];

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  if (vi.isMockFunction(console.error)) return;
  if (seen.length > 0) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
});
