import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Keeps the test files that started and have not ended in a file (VITEST_RUNNING_FILE), so
 * that when a run does not finish in its time (scripts/test.mjs) it can say which files were
 * still running, instead of only that it timed out.
 */
export default class RunningFilesReporter implements Reporter {
  private readonly running = new Set<string>();
  private readonly file = process.env.VITEST_RUNNING_FILE;

  onTestModuleStart(testModule: TestModule): void {
    this.running.add(path.relative(process.cwd(), testModule.moduleId));
    this.write();
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.running.delete(path.relative(process.cwd(), testModule.moduleId));
    this.write();
  }

  private write(): void {
    if (this.file) writeFileSync(this.file, [...this.running].map((name) => `${name}\n`).join(''));
  }
}
