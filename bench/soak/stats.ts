/** The few statistics the soak prints: percentiles and a least-squares line. */

/** The p-th percentile (0..100) of `values`, nearest rank; NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The least-squares line through the points, and how far the points stray from it (standard deviation). */
export function fitLine(
  xs: number[],
  ys: number[],
): { slope: number; intercept: number; residualSd: number } {
  const n = xs.length;
  if (n < 2) return { slope: 0, intercept: ys[0] ?? 0, residualSd: 0 };
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = my - slope * mx;
  const residuals = ys.map((y, i) => y - (intercept + slope * xs[i]!));
  const residualSd = Math.sqrt(residuals.reduce((a, r) => a + r * r, 0) / Math.max(1, n - 2));
  return { slope, intercept, residualSd };
}

export interface GrowthVerdict {
  /** Units per minute. */
  slopePerMinute: number;
  /** What the line rises across the window. */
  growth: number;
  noise: number;
  /** The most growth that still counts as flat. */
  allowed: number;
  flat: boolean;
}

/**
 * Memory growth over the last two thirds of a run (the first third is warm-up: JIT, caches,
 * pools filling): flat when the fitted line rises no more than three times the scatter around
 * it, or 2% of the mean, whichever is larger (a steady process still wobbles by a few MB).
 */
export function growthVerdict(samples: { t: number; value: number }[]): GrowthVerdict {
  const window = samples.slice(Math.floor(samples.length / 3)).filter((s) => Number.isFinite(s.value));
  const xs = window.map((s) => s.t);
  const ys = window.map((s) => s.value);
  const { slope, residualSd } = fitLine(xs, ys);
  const span = xs.length > 1 ? xs[xs.length - 1]! - xs[0]! : 0;
  const growth = slope * span;
  const mean = ys.reduce((a, b) => a + b, 0) / Math.max(1, ys.length);
  const allowed = Math.max(3 * residualSd, 0.02 * mean);
  return { slopePerMinute: slope * 60, growth, noise: residualSd, allowed, flat: growth <= allowed };
}
