import type http from 'node:http';

export function percentile(sorted: readonly number[], q: number): number;

export interface OpenLoopResult {
  /** Every latency in ms, sorted. */
  latencies: number[];
  /** Seconds from the first request due to the last answer. */
  elapsed: number;
  offered: number;
  served: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  count: number;
}

export function openLoop(options: { rate: number; seconds: number; request: (agent: http.Agent) => Promise<number>; agent?: http.Agent }): Promise<OpenLoopResult>;

export function summarize(figures: { rate: number; latencies: number[]; elapsed: number; errors: number; non2xx: number }): OpenLoopResult;

export function get(url: string, headers: Record<string, string>, agent: http.Agent): Promise<number>;
