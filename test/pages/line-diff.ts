/**
 * A readable line diff for the golden pages' failures: lines only in `a` as `- `, only in `b` as `+ `, with up to
 * `context` unchanged lines around each change (`…` between hunks). Longest common subsequence of lines, O(n·m):
 * golden pages are small.
 */
export function lineDiff(a: string, b: string, context = 2): string {
  const x = a.split('\n'), y = b.split('\n');
  const n = x.length, m = y.length;
  // lcs[i][j]: length of the LCS of x[i..] and y[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: { tag: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) { ops.push({ tag: ' ', line: x[i]! }); i++; j++; }
    else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) { ops.push({ tag: '-', line: x[i]! }); i++; }
    else { ops.push({ tag: '+', line: y[j]! }); j++; }
  }
  const keep = ops.map((op, k) => op.tag !== ' ' || ops.slice(Math.max(0, k - context), k + context + 1).some((o) => o.tag !== ' '));
  const out: string[] = [];
  ops.forEach((op, k) => {
    if (keep[k]) out.push(`${op.tag} ${op.line}`);
    else if (k > 0 && keep[k - 1]) out.push('…');
  });
  return out.join('\n');
}
