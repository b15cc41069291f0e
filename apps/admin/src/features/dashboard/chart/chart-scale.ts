// The arithmetic behind the visits chart: linear scales, "nice" count ticks (1, 2 or 5 × 10^n)
// and time ticks on whole hours or days, kept apart from the SVG so it can be tested alone.

export interface LinearScale {
  (value: number): number;
  domain: readonly [number, number];
  range: readonly [number, number];
}

/** Maps [d0, d1] onto [r0, r1]; a zero-width domain maps everything to r0. */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): LinearScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const scale = ((value: number) =>
    span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0)) as LinearScale;
  scale.domain = domain;
  scale.range = range;
  return scale;
}

/** The smallest step of the form 1, 2 or 5 × 10^n that is at least `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * power >= rough - 1e-9 * power) return factor * power;
  }
  return 10 * power;
}

export interface CountTicks {
  /** The top of the axis: the last tick, at or above the largest value. */
  max: number;
  ticks: number[];
}

/**
 * Ticks from 0 up to at least `maxValue`, about `count` of them, on whole numbers (visits
 * are counted, so no step is below 1). An all-zero series still gets an axis up to 1.
 */
export function countTicks(maxValue: number, count = 4): CountTicks {
  const top = Math.max(maxValue, 1);
  const step = Math.max(1, niceStep(top / Math.max(count, 1)));
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= max + step / 2; value += step) ticks.push(value);
  return { max, ticks };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Tick spacings tried in order; the first that gives at most `maxTicks` ticks wins. */
const timeSteps = [HOUR_MS, 2 * HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS, DAY_MS];
const daySteps = [1, 2, 5, 7, 14];

export interface TimeTicks {
  /** Whether the ticks fall on days (label with the date) or hours (label with the time). */
  unit: 'hour' | 'day';
  ticks: number[];
}

function hourTicks(start: number, end: number, step: number): number[] {
  const first = new Date(start);
  first.setMinutes(0, 0, 0);
  const hours = step / HOUR_MS;
  // Local hours that are a multiple of the step: 00:00, 06:00, 12:00… read naturally.
  while (first.getTime() < start || first.getHours() % hours !== 0) {
    first.setHours(first.getHours() + 1);
  }
  const ticks: number[] = [];
  for (const at = first; at.getTime() <= end; at.setHours(at.getHours() + hours)) {
    ticks.push(at.getTime());
  }
  return ticks;
}

function dayTicks(start: number, end: number, days: number): number[] {
  const first = new Date(start);
  first.setHours(0, 0, 0, 0);
  if (first.getTime() < start) first.setDate(first.getDate() + 1);
  const ticks: number[] = [];
  for (const at = first; at.getTime() <= end; at.setDate(at.getDate() + days)) {
    ticks.push(at.getTime());
  }
  return ticks;
}

/** Ticks between two instants (ms), on local whole hours or midnights, at most `maxTicks`. */
export function timeTicks(start: number, end: number, maxTicks = 6): TimeTicks {
  if (!(end > start)) return { unit: 'hour', ticks: [] };
  const span = end - start;
  for (const step of timeSteps) {
    if (span / step > maxTicks) continue;
    return step >= DAY_MS
      ? { unit: 'day', ticks: dayTicks(start, end, step / DAY_MS) }
      : { unit: 'hour', ticks: hourTicks(start, end, step) };
  }
  const days = daySteps.find((d) => span / (d * DAY_MS) <= maxTicks) ?? Math.ceil(span / DAY_MS);
  return { unit: 'day', ticks: dayTicks(start, end, days) };
}

/** The index of the bucket nearest to `x` when `count` buckets are spread over `width`. */
export function bucketAt(x: number, width: number, count: number): number {
  if (count <= 1 || width <= 0) return 0;
  const index = Math.round((x / width) * (count - 1));
  return Math.min(count - 1, Math.max(0, index));
}
