// The value axis of a bar chart of shares: from 0 to a round number at or above the largest value,
// in at most five equal steps of a round size, so that the tick labels read as whole percents.

/** Step sizes in percent, smallest first. */
const STEPS = [1, 2, 5, 10, 20, 25, 50] as const;
const MAX_STEPS = 5;

export interface ShareScale {
  /** the axis's end, in percent (a multiple of the step, at least one step) */
  max: number;
  /** the tick values in percent, 0 first, `max` last */
  ticks: number[];
}

/** The axis for shares up to `top` (0..1). */
export function shareScale(top: number): ShareScale {
  const highest = Math.min(100, Math.max(0, top * 100));
  const step = STEPS.find((s) => Math.ceil(highest / s) <= MAX_STEPS) ?? 25;
  const max = Math.max(step, Math.ceil(highest / step) * step);
  return { max, ticks: Array.from({ length: max / step + 1 }, (_, i) => i * step) };
}
