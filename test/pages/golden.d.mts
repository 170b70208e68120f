/** Types of golden.mjs: the golden pages' output (see there). */
export function goldenOutput(
  farsw: Pick<typeof import('../../src/index.js'), 'extract' | 'shippedDefaultModel'>,
  bytes: Uint8Array,
): { text: string; metadata: string };
