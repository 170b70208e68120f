/**
 * DANA's smoothed difference (seed 003, formula 1), a feature of every line: the DANA core (extract/dana.ts) finds
 * its regions with it, and the evidence rules (features/evidence.ts) learn from it.
 */

/**
 * Formula 1: diff_i = Σ_{|j − i| ≤ r} (T_j − S_j), lines outside the page count 0.
 * Runs in O(n) with a sliding sum.
 */
export function smoothDiff(content: ArrayLike<number>, code: ArrayLike<number>, radius: number): Float64Array {
  const n = content.length;
  const out = new Float64Array(n);
  let sum = 0;
  for (let j = 0; j < Math.min(radius, n); j++) sum += content[j]! - code[j]!;
  for (let i = 0; i < n; i++) {
    const add = i + radius;
    if (add < n) sum += content[add]! - code[add]!;
    const drop = i - radius - 1;
    if (drop >= 0) sum -= content[drop]! - code[drop]!;
    out[i] = sum;
  }
  return out;
}

