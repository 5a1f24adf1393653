import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { AddressInfo } from 'node:net';
import { SyncEngine, type LockManagerLike } from '../../sync/engine';
import { openSyncDatabase, type SyncDatabase } from '../../sync/db';
import { createTestApp, loginAs, type TestApp } from '../server/test-app';

/** The real server, listening on a loopback port so the engine talks HTTP to it. */
export async function startServer(): Promise<TestApp & { baseUrl: string }> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { baseUrl: `http://127.0.0.1:${port}` });
}

export interface Exchange {
  method: string;
  path: string;
  status: number | 'failed' | 'lost';
  idempotencyKey: string | null;
  replayed: boolean;
}

type Fault =
  | { kind: 'offline' }
  /** The server gets the request and commits; the device never hears back. */
  | { kind: 'lose-reply' }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** The request reaches the server; its answer is held until `release()` is called. */
  | { kind: 'hold'; released: Promise<void> };

interface Rule {
  matches(method: string, path: string): boolean;
  fault: Fault;
  times: number;
}

/**
 * The network between device and server, with faults injected: cut entirely, answers
 * lost after the server committed, error statuses, answers held.
 */
export class FaultyNetwork {
  online = true;
  readonly log: Exchange[] = [];
  private rules: Rule[] = [];

  /** Injects a fault for the next `times` requests matching method and path (a regular expression). */
  fail(method: string, path: RegExp, fault: Fault, times = 1): void {
    this.rules.push({ matches: (m, p) => (method === '*' || m === method) && path.test(p), fault, times });
  }

  clearFaults(): void {
    this.rules = [];
  }

  readonly fetch: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const key = new Headers(init.headers).get('idempotency-key');
    const entry: Exchange = { method, path: url.pathname, status: 'failed', idempotencyKey: key, replayed: false };
    this.log.push(entry);
    const aborted = new Promise<void>((resolve) => {
      if (init.signal?.aborted) resolve();
      init.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    if (!this.online) throw new TypeError('fetch failed: offline');
    const rule = this.rules.find((r) => r.times > 0 && r.matches(method, url.pathname));
    if (rule) rule.times -= 1;
    const fault = rule?.fault;
    if (fault?.kind === 'offline') throw new TypeError('fetch failed: offline');
    if (fault?.kind === 'status') {
      entry.status = fault.status;
      return new Response(JSON.stringify(fault.body ?? { message: `Error ${fault.status}` }), {
        status: fault.status,
        headers: { 'content-type': 'application/json', ...fault.headers },
      });
    }
    // Requests to the server are never aborted by the device here: the point is what the server did.
    const { signal: _signal, ...rest } = init;
    const response = await fetch(input, rest);
    entry.status = response.status;
    entry.replayed = response.headers.get('idempotent-replayed') === 'true';
    if (fault?.kind === 'lose-reply') {
      await response.arrayBuffer();
      entry.status = 'lost';
      throw new TypeError('fetch failed: connection reset');
    }
    if (fault?.kind === 'hold') {
      // A closing tab's request is cancelled by the browser; the server already has it.
      await Promise.race([fault.released, aborted]);
      if (init.signal?.aborted) {
        entry.status = 'lost';
        throw new DOMException('The operation was aborted.', 'AbortError');
      }
    }
    return response;
  };

  /** Exchanges that reached the server for a method and path. */
  sent(method: string, path: RegExp): Exchange[] {
    return this.log.filter((e) => e.method === method && path.test(e.path) && e.status !== 'failed');
  }
}

/** A device clock that tests move by hand (and may set wrong by days). */
export class Clock {
  constructor(public value = Date.now()) {}
  readonly now = () => this.value;
  advance(ms: number): void {
    this.value += ms;
  }
}

/** Web Locks as a browser gives them to the tabs of one origin: one holder, the next waiting in line. */
export class TabLocks implements LockManagerLike {
  private queue: { grant: () => void }[] = [];
  private held = false;

  async request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown> {
    if (this.held) {
      await new Promise<void>((resolve, reject) => {
        const waiter = { grant: resolve };
        this.queue.push(waiter);
        options.signal?.addEventListener('abort', () => {
          this.queue = this.queue.filter((w) => w !== waiter);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    }
    this.held = true;
    try {
      return await callback();
    } finally {
      this.held = false;
      this.queue.shift()?.grant();
      if (this.queue.length === 0) this.held = false;
    }
  }
}

export interface Device {
  db: SyncDatabase;
  engine: SyncEngine;
  token: string;
}

let deviceCount = 0;
const factories = new Map<string, IDBFactory>();

/** One phone (its own IndexedDB); `tabOf` opens another tab of an existing phone. */
export async function openDevice(
  server: { baseUrl: string; app: TestApp['app'] },
  email: string,
  options: {
    network: FaultyNetwork;
    clock: Clock;
    locks?: TabLocks;
    tabOf?: Device;
    token?: string;
    /** Rows per POST /api/v2/sync/push; 1 (the engine's default) sends each row to its own route. */
    pushBatchSize?: number;
    onAuthLost?: () => void;
  },
): Promise<Device> {
  const token = options.token ?? options.tabOf?.token ?? (await loginAs(server.app, email));
  const me = await server.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: { authorization: `Bearer ${token}` } });
  const userId = me.json<{ id: number }>().id;
  const name = options.tabOf ? options.tabOf.db.name : `device-${(deviceCount += 1)}`;
  const factory = factories.get(name) ?? new IDBFactory();
  factories.set(name, factory);
  const db = openSyncDatabase(name, { indexedDB: factory, IDBKeyRange });
  const device: Device = { db, token, engine: null as unknown as SyncEngine };
  device.engine = new SyncEngine({
    db,
    transport: { baseUrl: server.baseUrl, fetch: options.network.fetch },
    userId,
    getToken: () => device.token,
    locks: options.locks ?? new TabLocks(),
    now: options.clock.now,
    random: () => 0.5,
    intervalMs: 3_600_000,
    channelName: `sync-${name}`,
    pushBatchSize: options.pushBatchSize,
    onAuthLost: options.onAuthLost,
  });
  return device;
}

/** Runs sync cycles, moving the device clock past each backoff, until nothing is waiting. */
export async function syncUntilQuiet(device: Device, clock: Clock, { rounds = 30 } = {}): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    device.engine.wake();
    await device.engine.idle();
    const soonest = await device.engine.nextAttemptAt();
    if (soonest === null) return;
    if (soonest > clock.value) clock.advance(soonest - clock.value);
  }
}
