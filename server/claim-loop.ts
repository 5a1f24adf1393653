import type { FastifyBaseLogger } from 'fastify';

/**
 * The loop each process runs over a table of things to send (push notices, WhatsApp messages):
 * every `pollMs`, and soon after `wake()`, it claims due rows (the caller's statement, with
 * FOR UPDATE SKIP LOCKED so processes share the table) and handles them one by one with no
 * transaction open, until none is due. One drain at a time; a wake during a drain runs another
 * right after it. `stop()` waits for the drain in course.
 */
export class ClaimLoop<T> {
  private timer: ReturnType<typeof setInterval> | null = null;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly options: {
      name: string;
      claim: () => Promise<T[]>;
      handle: (row: T) => Promise<void>;
      pollMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.drain(), this.options.pollMs);
    void this.drain();
  }

  /** Something was queued: look a moment later, once the transaction that queued it has committed. */
  wake(): void {
    setTimeout(() => void this.drain(), 50);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining;
  }

  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          for (;;) {
            const claimed = await this.options.claim();
            if (claimed.length === 0) break;
            for (const row of claimed) await this.options.handle(row);
          }
        } while (this.again);
      } catch (error) {
        this.options.log.error({ err: error }, `${this.options.name} drain failed`);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }
}
