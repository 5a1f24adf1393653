import { syncMessages } from '../domain/messages/sync';
import {
  SYNC_PUSH_MAX_COMMANDS,
  syncPullSchema,
  syncPushResponseSchema,
  type SyncPull,
  type SyncPushCommand,
} from '../domain/schemas/sync';
import type { CommandName, CommandPayloads } from './commands';
import { commandSpec } from './commands';
import { readMeta, writeMeta, type EvidenceRow, type OutboxRow, type SyncDatabase } from './db';
import { acknowledge, applyPullPage, commandTables, discardRejected, enqueue, reject, retryRejected } from './local';
import { backoffDelay, classifyAnswer, classifyFailure, classifyResponse, type ReplyOutcome } from './reply';
import type { Transport } from './types';
import { uploadEvidence, UploadStopped } from './upload';

/** A pull that failed with a message meant for people. */
class PullFailed extends Error {}

/** The part of the Web Locks API the engine uses (navigator.locks in browsers). */
export interface LockManagerLike {
  request(name: string, options: { mode: 'exclusive'; signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown>;
}

export interface SyncEngineOptions {
  db: SyncDatabase;
  transport: Transport;
  userId: number;
  /** The session token, read when sending: never stored in outbox rows (rule 12). */
  getToken(): string | null;
  /** Called when the server says the session is no longer valid. */
  onAuthLost?(): void;
  locks?: LockManagerLike;
  now?(): number;
  random?(): number;
  /** How many requests are in flight at once (each a row, or a batch of rows of other lanes). */
  concurrency?: number;
  /**
   * Rows sent together in one `POST /api/v2/sync/push` (each still with its own key, applied
   * in its own transaction); 1 sends every row to its own route. Rows with evidence always
   * go alone, after their upload.
   */
  pushBatchSize?: number;
  /** Background pull and retry timer. */
  intervalMs?: number;
  /**
   * Whether the device says it has a network (navigator.onLine). When it says it has none,
   * nothing is tried (it would fail at once and only cost the person time); coming back online
   * wakes the engine (`connectivityRestored`). Always online when not given.
   */
  isOnline?(): boolean;
  channelName?: string;
}

const SENDER_LOCK = 'frutas-sync-sender';
const REQUEST_TIMEOUT_MS = 30_000;
/** Even an unlucky jitter of zero waits a moment before the same row is tried again. */
const MIN_RETRY_MS = 200;
/**
 * The app's batch size: a day's queue goes in a few dozen requests instead of one per row,
 * yet a batch is small enough that several are in flight and the device stores one's
 * answers while the server applies the next (bench/sync-replay.ts measures it).
 */
export const APP_PUSH_BATCH_SIZE = 25;

/** The outcome of one row of a batch; null: the server did not attempt it. */
type BatchOutcome = ReplyOutcome | null;

/**
 * The outbox replayer and the puller (docs/sync-engine.md). Every tab may take commands; the
 * tab holding the sender lock sends and pulls, and a BroadcastChannel wakes it when another
 * tab queued something. The engine never decides from the device clock what is newer: the
 * server's cursor and the outbox sequence do.
 */
export class SyncEngine {
  readonly db: SyncDatabase;
  private readonly options: Required<
    Pick<SyncEngineOptions, 'now' | 'random' | 'concurrency' | 'pushBatchSize' | 'intervalMs' | 'channelName'>
  > &
    SyncEngineOptions;
  /** Written once when missing (start), never changed: read once. */
  private deviceId: string | null = null;
  /** The server refused a batch as a whole (an older server, say): rows go one by one from then on. */
  private batchRefused = false;
  private channel: BroadcastChannel | null = null;
  /** Woken before start() opened the channel: the sending tab is told once it is open. */
  private wokenBeforeStart = false;
  private stopController = new AbortController();
  private isSender = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sendingNow = 0;
  private readonly listeners = new Set<() => void>();
  private markSender!: () => void;
  /** Resolves once this tab is the one that sends. */
  readonly senderReady = new Promise<void>((resolve) => {
    this.markSender = resolve;
  });

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.options = {
      now: () => Date.now(),
      random: Math.random,
      concurrency: 4,
      intervalMs: 30_000,
      channelName: 'frutas-sync',
      ...options,
      pushBatchSize: options.pushBatchSize ?? 1,
    };
  }

  /** True while this tab is sending: the service worker update waits for it (rule 14). */
  get sending(): boolean {
    return this.sendingNow > 0;
  }

  get userId(): number {
    return this.options.userId;
  }

  /** Called on every change of `sending`. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * Starts syncing: this tab waits for the sender lock (at once if no other tab holds it).
   */
  async start(): Promise<void> {
    await this.db.open();
    if (!(await readMeta<string>(this.db, 'deviceId'))) await writeMeta(this.db, 'deviceId', crypto.randomUUID());
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(this.options.channelName);
      this.channel.onmessage = () => this.wake();
      // A command taken before the start could not tell the sending tab: it is told now.
      if (this.wokenBeforeStart) this.channel.postMessage('wake');
    }
    this.wokenBeforeStart = false;
    const locks = this.options.locks ?? (globalThis.navigator as Navigator | undefined)?.locks;
    if (!locks) {
      await this.becomeSender();
      return;
    }
    const signal = this.stopController.signal;
    void locks
      .request(SENDER_LOCK, { mode: 'exclusive', signal }, async () => {
        await this.becomeSender();
        // Held until this tab stops or closes; then the next tab waiting takes over.
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        this.isSender = false;
      })
      .catch(() => undefined);
  }

  /**
   * Only the sender sends, so rows found 'sending' when this tab becomes the sender were
   * left by an app that was killed or a tab that closed mid-send: they go back in line,
   * and their retry carries the same key (rule 6).
   */
  private async becomeSender(): Promise<void> {
    if (this.stopController.signal.aborted) return;
    await this.db.outbox.where('state').equals('sending').modify({ state: 'pending' });
    this.isSender = true;
    this.markSender();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopController.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.channel?.close();
    this.channel = null;
    await this.running;
    this.isSender = false;
  }

  /** Runs a sync soon: at once in the sender tab, by message from any other tab. */
  wake(): void {
    if (this.stopController.signal.aborted) return;
    if (!this.isSender) {
      if (this.channel) this.channel.postMessage('wake');
      else this.wokenBeforeStart = true;
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.cycle().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Waits until the current sync cycle (if any) is over. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Takes a command. `id` is given when a direct request was already tried under that key (a
   * sale saved online whose answer never came): the outbox replays it under the same key, so
   * the server answers the first one instead of making a second.
   */
  async command<N extends CommandName>(
    name: N,
    payload: CommandPayloads[N],
    evidence?: EvidenceRow,
    { id }: { id?: string } = {},
  ): Promise<OutboxRow> {
    const row = await enqueue(this.db, name, payload, { userId: this.options.userId, now: this.options.now(), evidence, id });
    this.wake();
    return row;
  }

  async retry(id: string): Promise<void> {
    await retryRejected(this.db, id);
    this.wake();
  }

  async discard(id: string): Promise<void> {
    await discardRejected(this.db, id);
  }

  /**
   * Coverage is back: rows that waited because the network was down are tried at once
   * instead of sitting out their backoff. Rows the server asked to wait (5xx, 429) keep waiting.
   */
  async connectivityRestored(): Promise<void> {
    const networkMessages: string[] = [syncMessages.networkError, syncMessages.timeout];
    // Read whole and written back in bulk: a filtered cursor walks the rows one request at a time.
    await this.db.transaction('rw', this.db.outbox, async () => {
      const waiting = (await this.db.outbox.where('state').equals('pending').toArray()).filter(
        (row) => row.lastError !== null && networkMessages.includes(row.lastError),
      );
      await this.db.outbox.bulkUpdate(waiting.map((row) => ({ key: row.id, changes: { nextAttemptAt: 0 } })));
    });
    this.wake();
  }

  /** After a new sign-in: the paused queue goes on. */
  async resumeAfterSignIn(): Promise<void> {
    await writeMeta(this.db, 'authPaused', false);
    this.wake();
  }

  private async cycle(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      if (this.options.isOnline?.() !== false && !(await readMeta<boolean>(this.db, 'authPaused'))) {
        await this.push();
        // Positions go after the outbox, in a step of their own: they never hold a delivery back,
        // and a failure of theirs does not keep the pull from running.
        if (!(await readMeta<boolean>(this.db, 'authPaused'))) await this.sendPositions().catch((error) => this.recordError(error));
        if (!(await readMeta<boolean>(this.db, 'authPaused'))) await this.pull();
      }
    } catch (error) {
      await this.recordError(error);
    }
    if (!this.stopController.signal.aborted) this.scheduleNext();
  }

  private async scheduleNext(): Promise<void> {
    const soonest = (await this.nextAttemptAt()) ?? Infinity;
    const delay = Math.max(50, Math.min(this.options.intervalMs, soonest - this.options.now()));
    if (this.stopController.signal.aborted) return;
    this.timer = setTimeout(() => this.wake(), delay);
  }

  /**
   * When the next row may be tried (device time), or null with nothing waiting. Only lane
   * heads count: a row behind a waiting head waits for it.
   */
  async nextAttemptAt(): Promise<number | null> {
    const heads = await this.laneHeads();
    return heads.length === 0 ? null : Math.min(...heads.map((row) => row.nextAttemptAt));
  }

  /** Rows still to send, of this person only (rule 12), in sequence order. */
  private async laneRows(): Promise<OutboxRow[]> {
    // Two reads of one key each (getAll) rather than one cursor over both: a cursor costs a
    // request per row, and this runs on every round with the whole queue behind it.
    const [pending, sending] = await Promise.all([
      this.db.outbox.where('state').equals('pending').toArray(),
      this.db.outbox.where('state').equals('sending').toArray(),
    ]);
    return [...pending, ...sending].filter((row) => row.userId === this.options.userId).sort((a, b) => a.seq - b.seq);
  }

  /** The first row of each lane still to send. */
  private async laneHeads(): Promise<OutboxRow[]> {
    const seen = new Set<string>();
    return (await this.laneRows()).filter((row) => !seen.has(row.lane) && seen.add(row.lane));
  }

  private async recordError(error: unknown): Promise<void> {
    // People read this: our own Spanish messages pass, a browser's English ones ('Failed to fetch') do not.
    const message =
      error instanceof PullFailed
        ? error.message
        : error instanceof TypeError || error instanceof DOMException
          ? classifyFailure(error).message
          : syncMessages.unexpectedAnswer;
    try {
      await writeMeta(this.db, 'lastError', { message, at: this.options.now() });
    } catch {
      // The store itself failed; the next cycle reopens it.
      this.db.close();
      await this.db.open().catch(() => undefined);
    }
  }

  /**
   * Sends what is ready, lane by lane: the head of each lane goes out, the next row of a
   * lane only after its head was answered (rule 7); lanes go side by side up to the
   * concurrency. With batches, one request carries the ready rows of several lanes — a
   * lane's rows in order, the server applying them in that order and stopping at the first
   * that must be tried again — and the lanes in it wait for its answer. The queue is read
   * once per round; rows queued meanwhile go in the next.
   */
  private async push(): Promise<void> {
    const now = this.options.now();
    const lanes = new Map<string, OutboxRow[]>();
    for (const row of await this.laneRows()) lanes.set(row.lane, [...(lanes.get(row.lane) ?? []), row]);
    // A lane whose head waits out its backoff waits whole.
    for (const [lane, rows] of lanes) if (rows[0]!.state !== 'pending' || rows[0]!.nextAttemptAt > now) lanes.delete(lane);
    const busyLanes = new Set<string>();
    const unsettled = new Set<Promise<void>>();
    // Requests awaiting their answer: a batch's slot frees when its answer arrives, so the
    // next batch is on its way while the device stores the answers of the last.
    let awaitingAnswer = 0;
    let nudge = () => {};
    let paused = false;
    const launch = (taskLanes: string[], work: (answered: () => void) => Promise<Map<string, ReplyOutcome['kind'] | null>>) => {
      for (const lane of taskLanes) busyLanes.add(lane);
      awaitingAnswer += 1;
      let waiting = true;
      const answered = () => {
        if (!waiting) return;
        waiting = false;
        awaitingAnswer -= 1;
        nudge();
      };
      const task: Promise<void> = work(answered).then((byLane) => {
        answered();
        unsettled.delete(task);
        for (const lane of taskLanes) busyLanes.delete(lane);
        for (const [lane, kind] of byLane) {
          if (kind === 'auth') paused = true;
          // A row to retry later holds the rest of its lane back; an answered one lets the next go.
          // A row the server did not attempt goes again in the next round, with the rest of its lane.
          if (kind === 'retry' || kind === null) lanes.delete(lane);
          if (kind === null) this.again = true;
        }
      });
      unsettled.add(task);
    };
    for (;;) {
      if (!paused && !this.stopController.signal.aborted) {
        for (const [lane, rows] of lanes) {
          if (awaitingAnswer >= this.options.concurrency) break;
          if (busyLanes.has(lane)) continue;
          if (this.batchSize() === 1 || hasEvidence(rows[0]!)) {
            const row = rows.shift()!;
            if (rows.length === 0) lanes.delete(lane);
            launch([lane], () => this.send(row).then((kind) => new Map([[lane, kind]])));
            continue;
          }
          const batch = this.takeBatch(lanes, busyLanes, lane);
          launch([...new Set(batch.map((row) => row.lane))], (answered) =>
            this.sendBatch(batch, answered).catch(async () => {
              // The store failed while marking or settling (quota, a dropped connection): the
              // rows go back in line, so their lanes are not left waiting on 'sending'.
              answered();
              await this.db.outbox
                .bulkUpdate(batch.map((row) => ({ key: row.id, changes: { state: 'pending' as const } })))
                .catch(() => undefined);
              return new Map(batch.map((row) => [row.lane, 'retry' as const]));
            }),
          );
        }
      }
      if (unsettled.size === 0) return;
      await Promise.race([...unsettled, new Promise<void>((resolve) => (nudge = resolve))]);
    }
  }

  private batchSize(): number {
    return this.batchRefused ? 1 : Math.max(1, Math.min(SYNC_PUSH_MAX_COMMANDS, this.options.pushBatchSize));
  }

  /**
   * Up to a batch of ready rows, starting with `first` lane: each lane's rows from its head,
   * in order, up to the first with evidence (which goes alone, after its upload).
   */
  private takeBatch(lanes: Map<string, OutboxRow[]>, busyLanes: Set<string>, first: string): OutboxRow[] {
    const batch: OutboxRow[] = [];
    const order = [first, ...[...lanes.keys()].filter((lane) => lane !== first)];
    for (const lane of order) {
      if (batch.length >= this.batchSize()) break;
      const rows = lanes.get(lane)!;
      if (busyLanes.has(lane) || hasEvidence(rows[0]!)) continue;
      while (rows.length > 0 && batch.length < this.batchSize() && !hasEvidence(rows[0]!)) batch.push(rows.shift()!);
      if (rows.length === 0) lanes.delete(lane);
      // The lane is taken: its rest waits for this batch's answer.
      busyLanes.add(lane);
    }
    return batch;
  }

  private headers(row: OutboxRow | null, deviceId: string, token: string): Record<string, string> {
    return {
      authorization: `Bearer ${token}`,
      ...(row && { 'idempotency-key': row.id, 'x-device-id': deviceId, 'x-device-seq': String(row.seq) }),
    };
  }

  private async send(row: OutboxRow): Promise<ReplyOutcome['kind']> {
    const token = this.options.getToken();
    if (!token) {
      await this.pauseForAuth(syncMessages.authPaused);
      return 'auth';
    }
    const spec = commandSpec(row.command);
    if (!spec) {
      await reject(this.db, row, syncMessages.unexpectedAnswer);
      return 'rejected';
    }
    await this.db.outbox.update(row.id, { state: 'sending', attempts: row.attempts + 1 });
    this.sendingNow += 1;
    this.notify();
    const deviceId = await this.readDeviceId();
    let outcome: ReplyOutcome;
    try {
      let storedFile: string | null = null;
      const evidenceId = (row.payload as { evidenceId?: string }).evidenceId;
      if (evidenceId) {
        const evidence = await this.db.evidence.get(evidenceId);
        if (!evidence) throw new UploadStopped({ kind: 'rejected', message: syncMessages.evidenceMissing });
        storedFile = await uploadEvidence(evidence, {
          transport: this.options.transport,
          headers: this.headers(null, deviceId, token),
          now: this.options.now,
          signal: this.stopController.signal,
          saveUploadUrl: async (url) => {
            await this.db.evidence.update(evidenceId, { uploadUrl: url });
          },
        });
        await this.db.evidence.update(evidenceId, { storedName: storedFile });
      }
      const request = spec.request(row.payload, storedFile);
      const response = await this.options.transport.fetch(`${this.options.transport.baseUrl}${request.path}`, {
        method: request.method,
        headers: { ...this.headers(row, deviceId, token), 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
        signal: this.requestSignal(),
      });
      outcome = await classifyResponse(response, this.options.now());
    } catch (error) {
      outcome = error instanceof UploadStopped ? error.outcome : classifyFailure(error);
    } finally {
      this.sendingNow -= 1;
      this.notify();
    }
    await this.settle(row, outcome);
    return outcome.kind;
  }

  private async readDeviceId(): Promise<string> {
    this.deviceId ??= (await readMeta<string>(this.db, 'deviceId'))!;
    return this.deviceId;
  }

  /**
   * Sends rows of several lanes in one `POST /api/v2/sync/push` and sorts each row's own
   * answer as if it had come alone (rule 5). The rows are marked sending, and their answers
   * stored, in one transaction each; `answered` is called once the server's answer is in,
   * before it is stored. Returns each lane's last outcome (null: not attempted).
   */
  private async sendBatch(batch: OutboxRow[], answered: () => void): Promise<Map<string, ReplyOutcome['kind'] | null>> {
    const token = this.options.getToken();
    if (!token) {
      await this.pauseForAuth(syncMessages.authPaused);
      return new Map(batch.map((row) => [row.lane, 'auth']));
    }
    // A row this app cannot send (its command unknown to this version, a payload it cannot
    // build a request from) is rejected on its own, as when sent alone: one bad row never
    // holds the batch back (rule 5).
    const byLane = new Map<string, ReplyOutcome['kind'] | null>();
    const rows: OutboxRow[] = [];
    const commands: SyncPushCommand[] = [];
    for (const row of batch) {
      let request: ReturnType<NonNullable<ReturnType<typeof commandSpec>>['request']> | undefined;
      try {
        request = commandSpec(row.command)?.request(row.payload, null);
      } catch {
        request = undefined;
      }
      if (!request) {
        await reject(this.db, row, syncMessages.unexpectedAnswer);
        byLane.set(row.lane, 'rejected');
        continue;
      }
      rows.push(row);
      commands.push({
        key: row.id,
        seq: row.seq,
        method: request.method,
        path: request.path,
        body: request.body as Record<string, unknown>,
      });
    }
    if (rows.length === 0) {
      answered();
      return byLane;
    }
    await this.db.outbox.bulkUpdate(rows.map((row) => ({ key: row.id, changes: { state: 'sending', attempts: row.attempts + 1 } })));
    this.sendingNow += 1;
    this.notify();
    const deviceId = await this.readDeviceId();
    let outcomes: BatchOutcome[];
    try {
      const response = await this.options.transport.fetch(`${this.options.transport.baseUrl}/api/v2/sync/push`, {
        method: 'POST',
        headers: { ...this.headers(null, deviceId, token), 'x-device-id': deviceId, 'content-type': 'application/json' },
        body: JSON.stringify({ commands }),
        signal: this.requestSignal(),
      });
      outcomes = await this.batchOutcomes(response, rows);
    } catch (error) {
      const failure = classifyFailure(error);
      outcomes = rows.map(() => failure);
    } finally {
      this.sendingNow -= 1;
      this.notify();
      answered();
    }
    if (outcomes.length === 0) {
      // Refused whole: every row goes again, alone, with this attempt not counted.
      await this.db.outbox.bulkUpdate(rows.map((row) => ({ key: row.id, changes: { state: 'pending', attempts: row.attempts } })));
      return new Map(rows.map((row) => [row.lane, null]));
    }
    // A stopped tab records nothing more, like a closed one (see settle).
    if (this.stopController.signal.aborted) return byLane;
    await this.db.transaction(
      'rw',
      commandTables(this.db),
      async () => {
        for (const [index, row] of rows.entries()) {
          const outcome = outcomes[index]!;
          // An unattempted row goes back in line untouched: the server never saw this attempt.
          if (outcome === null) await this.db.outbox.update(row.id, { state: 'pending', attempts: row.attempts });
          else await this.settle(row, outcome, { notify: false });
          byLane.set(row.lane, outcome?.kind ?? null);
        }
      },
    );
    if ([...byLane.values()].includes('auth')) this.options.onAuthLost?.();
    return byLane;
  }

  /**
   * Each row's outcome from a push's answer. A whole answer that is not 2xx is every row's
   * (a 5xx, 429 or lost connection: try them all again; 401: sign in again), except a
   * refusal of the batch as such (other 4xx: an older server, say), which sends them alone
   * from then on (empty list).
   */
  private async batchOutcomes(response: Response, rows: OutboxRow[]): Promise<BatchOutcome[]> {
    if (!response.ok) {
      const whole = await classifyResponse(response, this.options.now());
      if (whole.kind === 'rejected') {
        this.batchRefused = true;
        return [];
      }
      return rows.map(() => whole);
    }
    const parsed = syncPushResponseSchema.safeParse(await response.json().catch(() => null));
    // An answer we cannot read may still mean applied: the retry's keys get the stored answers.
    if (!parsed.success) return rows.map(() => ({ kind: 'retry', message: syncMessages.unexpectedAnswer, retryAfterMs: null }));
    const results = new Map(parsed.data.results.map((result) => [result.key, result]));
    return rows.map((row) => {
      const result = results.get(row.id);
      if (!result) return null;
      return classifyAnswer(result.status, result.body, result.retry_after === undefined ? null : result.retry_after * 1000);
    });
  }

  /** Requests end on a timeout, or when this tab stops (as a closing tab's would). */
  private requestSignal(): AbortSignal {
    return AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), this.stopController.signal]);
  }

  /** Records a row's outcome; `notify: false` leaves telling the app about a lost session to the caller. */
  private async settle(row: OutboxRow, outcome: ReplyOutcome, { notify = true } = {}): Promise<void> {
    // A stopped tab records nothing more, like a closed one: the row stays 'sending' and
    // the next sender sends it again under the same key.
    if (this.stopController.signal.aborted) return;
    switch (outcome.kind) {
      case 'done':
        await acknowledge(this.db, row, outcome.body);
        return;
      case 'retry': {
        const attempts = row.attempts + 1;
        await this.db.outbox.update(row.id, {
          state: 'pending',
          lastError: outcome.message,
          serverFailures: outcome.serverFailed ? (row.serverFailures ?? 0) + 1 : 0,
          nextAttemptAt: this.options.now() + Math.max(MIN_RETRY_MS, backoffDelay(attempts, outcome.retryAfterMs, this.options.random)),
        });
        await writeMeta(this.db, 'lastError', { message: outcome.message, at: this.options.now() });
        return;
      }
      case 'auth':
        await this.db.outbox.update(row.id, { state: 'pending', attempts: row.attempts });
        await this.pauseForAuth(outcome.message, { notify });
        return;
      case 'rejected':
        await reject(this.db, row, outcome.message);
        await writeMeta(this.db, 'lastError', { message: outcome.message, at: this.options.now() });
        return;
    }
  }

  private async pauseForAuth(message: string, { notify = true } = {}): Promise<void> {
    await writeMeta(this.db, 'authPaused', true);
    await writeMeta(this.db, 'lastError', { message, at: this.options.now() });
    if (notify) this.options.onAuthLost?.();
  }

  /**
   * Sends the positions a started route recorded (sync/position-batches.ts), in batches. The module
   * that batches them is loaded only when there is something to send, so it stays out of the
   * start of the app. A failure leaves them for the next round; a lost session pauses the queue
   * as the outbox's 401 does.
   */
  private async sendPositions(): Promise<void> {
    if (this.stopController.signal.aborted) return;
    if ((await this.db.positions.where('userId').equals(this.options.userId).count()) === 0) return;
    const token = this.options.getToken();
    if (!token) return;
    const { sendPositions } = await import('./position-batches');
    const round = await sendPositions(this.db, {
      transport: this.options.transport,
      userId: this.options.userId,
      deviceId: await this.readDeviceId(),
      token,
      now: this.options.now,
      requestSignal: () => this.requestSignal(),
    });
    if (round.outcome.kind === 'auth' && !this.stopController.signal.aborted) await this.pauseForAuth(round.outcome.message);
  }

  /** Pulls every page there is; each page and its cursor are applied together. */
  async pull(): Promise<void> {
    const token = this.options.getToken();
    if (!token) return;
    let next = this.fetchPage(token, await readMeta<string>(this.db, 'cursor'));
    for (let pages = 0; pages < 1000; pages += 1) {
      const page = await next;
      if (page === null) return;
      // While this page is stored, the next one is on its way (its cursor is this page's):
      // the server's time and the device's overlap. Pages are still applied in order, each
      // with its cursor in one transaction, so a failure leaves the device at a page's end.
      if (page.has_more) {
        next = this.fetchPage(token, page.cursor);
        // Awaited on the next turn; if storing this page fails first, its failure is not news.
        next.catch(() => undefined);
      }
      await applyPullPage(this.db, page);
      if (!page.has_more) {
        // The server answered in full: an earlier network error is no longer the news.
        const failing = (await this.db.outbox.where('state').equals('pending').toArray()).filter((row) => row.lastError !== null).length;
        if (failing === 0) await writeMeta(this.db, 'lastError', null);
        return;
      }
    }
  }

  /** One page of a pull from `cursor`; null when the server ended the session (the queue pauses). */
  private async fetchPage(token: string, cursor: string | undefined): Promise<SyncPull | null> {
    const url = `${this.options.transport.baseUrl}/api/v2/sync/pull${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await this.options.transport.fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: this.requestSignal(),
    });
    if (response.status === 401) {
      await this.pauseForAuth(syncMessages.authPaused);
      return null;
    }
    if (!response.ok) throw new PullFailed(syncMessages.serverError(response.status));
    const parsed = syncPullSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new PullFailed(syncMessages.unexpectedAnswer);
    return parsed.data;
  }

}

/** A row whose evidence must be uploaded before its request can be sent. */
function hasEvidence(row: OutboxRow): boolean {
  return typeof (row.payload as { evidenceId?: unknown }).evidenceId === 'string';
}
