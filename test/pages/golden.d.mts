/** Types of golden.mjs: the golden pages' output and sources (see there). */
export function goldenOutput(
  farsw: Pick<typeof import('../../src/index.js'), 'extract' | 'shippedDefaultModel'>,
  bytes: Uint8Array,
): { text: string; metadata: string };
export function goldenPages(root: string): string[];
export function goldenSource(root: string, name: string): Buffer;
