/**
 * Summary figures of the benchmark scripts' samples.
 */

/** The median of `xs` (the upper middle one of an even count); NaN when there are none. */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
}
