/** The path of a Chromium for browser tests (installs Debian's when it can; otherwise exits with a message). */
export function ensureChromium(): string;
