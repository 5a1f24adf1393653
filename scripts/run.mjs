// Runs a command with inherited output; resolves with its exit code, or 'timeout' when it
// ran past `timeoutMs` (then it and, when `detached`, every process it started are killed).
import { spawn } from 'node:child_process';

export function run(command, args, { timeoutMs, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    const kill = (signal) => {
      try {
        // Detached, the child leads its own process group: its workers go with it.
        if (options.detached) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // Already gone.
      }
    };
    const forward = (signal) => kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? null
        : setTimeout(() => {
            timedOut = true;
            kill('SIGKILL');
          }, timeoutMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(timedOut ? 'timeout' : (code ?? (signal ? 1 : 0)));
    });
  });
}
