import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The golden pages' output, shared by test/pages/golden.test.ts (on src/) and scripts/pages-update.mjs (on dist/): the
 * shipped default model's text and the page's metadata, each as the exact file content expected.txt /
 * expected-metadata.json hold.
 * @param farsw the library (`src/index.ts` or `dist/index.js`): `extract` and `shippedDefaultModel`
 * @param bytes the page's source.html
 * @returns { text, metadata }: file contents, each ending in a newline
 */
export function goldenOutput(farsw, bytes) {
  const result = farsw.extract(bytes, { model: farsw.shippedDefaultModel(), metadata: true });
  return { text: `${result.text}\n`, metadata: `${JSON.stringify(result.metadata ?? {}, null, 2)}\n` };
}

/** The golden pages in `root` (test/pages), sorted: folders holding a source.html, or a `source` file naming the page elsewhere. */
export function goldenPages(root) {
  return readdirSync(root).filter((n) => existsSync(join(root, n, 'source.html')) || existsSync(join(root, n, 'source'))).sort();
}

/**
 * The bytes of golden page `name`: its source.html, or the page its `source` file names (one line, a path from the
 * repository root, e.g. a training-data/ page read in place instead of copied).
 * @throws Error naming the `source` file when the page it names is missing
 */
export function goldenSource(root, name) {
  const own = join(root, name, 'source.html');
  if (existsSync(own)) return readFileSync(own);
  const pointer = join(root, name, 'source');
  const target = resolve(root, '../..', readFileSync(pointer, 'utf8').trim());
  if (!existsSync(target)) throw new Error(`${pointer}: names ${target}, which does not exist`);
  return readFileSync(target);
}
