/**
 * Resolves once the browser has painted the first screen and then found a quiet moment: work
 * that the first screen does not need (the sync's start, its status) waits for it rather than
 * holding the screen's first frame. A hidden tab paints nothing, so it resolves after
 * `timeoutMs` at the latest.
 */
export function afterFirstPaint(timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const fallback = window.setTimeout(resolve, timeoutMs);
    const done = () => {
      window.clearTimeout(fallback);
      resolve();
    };
    window.requestAnimationFrame(() => {
      // The frame after this callback is the painted one; a quiet moment after it is ours.
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: timeoutMs });
      else window.setTimeout(done, 0);
    });
  });
}
