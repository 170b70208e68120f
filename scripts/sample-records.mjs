/**
 * A seeded reservoir sample of records (Algorithm R), shared by the benchmarks that
 * score a sample of each dataset (bench-compare.mjs, lodo.mjs) so both draw the same pages.
 */

/**
 * @param records an async iterable of records with an `id`
 * @param size how many to keep (all of them when there are fewer)
 * @param random a seeded generator of numbers in [0, 1) (mulberry32)
 * @returns the kept records in id order, and how many records were seen
 */
export async function sampleRecords(records, size, random) {
  const kept = [];
  let seen = 0;
  for await (const r of records) {
    seen++;
    if (kept.length < size) kept.push(r);
    else {
      const j = Math.floor(random() * seen);
      if (j < size) kept[j] = r;
    }
  }
  kept.sort((a, b) => (a.id < b.id ? -1 : 1));
  return { kept, seen };
}
