// Lighthouse slows the CPU by a fixed ×4 of whatever machine runs it, so a fast machine hides what
// a mid-range phone feels and a slow one exaggerates it. The host's BenchmarkIndex (the figure
// Lighthouse prints as 'CPU/Memory Power') says how fast the machine is; Lighthouse's throttling
// guide (docs/throttling.md, 'Calibrating the CPU slowdown', and its calculator) maps it to the
// multiplier that lands every machine on the same emulated mid-tier phone: 150 → 1×, 800 → 2×,
// 1300 → 3×, then one more × per 233 points (1533 → 4×, Lighthouse's default).
/** The breakpoints of the guide's calculator: [BenchmarkIndex, multiplier], in order. */
const CALIBRATION = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
];

/**
 * The CPU slowdown that makes a machine of `benchmarkIndex` emulate Lighthouse's mid-tier phone;
 * null when the machine is slower than that phone already (below 150: it cannot be emulated).
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < CALIBRATION[0][0]) return null;
  for (let i = 1; i < CALIBRATION.length; i++) {
    const [fromIndex, fromMultiplier] = CALIBRATION[i - 1];
    const [toIndex, toMultiplier] = CALIBRATION[i];
    if (benchmarkIndex < toIndex)
      return round(fromMultiplier + ((benchmarkIndex - fromIndex) / (toIndex - fromIndex)) * (toMultiplier - fromMultiplier));
  }
  // Above the last bracket the guide keeps its slope: one × per 233 points.
  return round(3 + (benchmarkIndex - 1300) / 233);
}

const round = (multiplier) => Math.round(multiplier * 100) / 100;

/**
 * The host's BenchmarkIndex as Lighthouse itself reads it at the start of an audit, in the
 * conditions of the audits (Lighthouse attached, the server running): the median of `times`
 * short audits of `url`, since one reading swings by ±30 % with what else the machine does.
 */
export async function measureBenchmarkIndex(lighthouse, url, port, times = 5) {
  const runs = [];
  for (let run = 0; run < times; run++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyAudits: ['viewport'] });
    runs.push(Math.round(result.lhr.environment.benchmarkIndex));
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return { index: sorted[Math.floor(times / 2)], runs };
}
