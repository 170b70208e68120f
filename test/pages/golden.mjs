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
