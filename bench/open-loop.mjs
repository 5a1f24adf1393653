// An open-loop load generator: requests start on a fixed schedule (every 1/rate s) whether
// or not earlier ones have answered, as independent people's requests arrive, and each
// latency is counted from the moment its request was due, so a server that falls behind
// shows it (no coordinated omission) — or from when it left, if it left early: a timer is
// not set for less than a millisecond, and an answer cannot come before its question.
// Shared by bench:api and the soak.
import http from 'node:http';

/** Sorted latencies → the value below which `q` of them fall. */
export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * GETs (or sends) `request()` at `rate` per second for `seconds`. `request` receives an
 * http.Agent with kept-alive connections (`agent` if given, kept open for the caller's next
 * run) and resolves to the response status. The result has every latency, sorted.
 */
export async function openLoop({ rate, seconds, request, agent: given }) {
  const agent = given ?? new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const from = Math.min(due, performance.now());
    pending.push(
      request(agent).then(
        (status) => {
          latencies.push(performance.now() - from);
          if (status < 200 || status >= 300) non2xx += 1;
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  if (!given) agent.destroy();
  return summarize({ rate, latencies, elapsed, errors, non2xx });
}

/** The figures of answers received at `rate` over `elapsed` seconds (sorts `latencies`). */
export function summarize({ rate, latencies, elapsed, errors, non2xx }) {
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    elapsed,
    offered: rate,
    served: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    errors,
    non2xx,
    count: latencies.length,
  };
}

/** A GET through `agent`: resolves to the status once the whole body has arrived. */
export function get(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
