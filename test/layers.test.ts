import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLayers, importsOf, parseLayers, readGraph } from '../scripts/check-layers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const layers = [['cli'], ['api'], ['extract', 'train'], ['core']];

describe('the layering rule', () => {
  it('holds for src/: no forbidden import, no import cycle', () => {
    const readmeLayers = parseLayers(readFileSync(new URL('../README.md', import.meta.url), 'utf8'));
    expect(checkLayers(readGraph(root), readmeLayers)).toEqual([]);
  });

  it('reads the layers block of the README, top first', () => {
    expect(parseLayers('x\n```layers\ncli            commands\nextract train  the algorithms\ncore   types\n```\n')).toEqual([['cli'], ['extract', 'train'], ['core']]);
  });

  it('finds static, re-exported, type-only and dynamic imports, relative ones only', () => {
    const source = [
      "import { a } from '../core/a.js';",
      "import type { B } from './b.js';",
      "export { c } from '../core/c.js';",
      "const d = await import('../api/d.js');",
      "import 'node:fs';",
      "import { e } from 'htmlparser2';",
    ].join('\n');
    expect(importsOf('extract/x.ts', source)).toEqual(['core/a.ts', 'extract/b.ts', 'core/c.ts', 'api/d.ts']);
  });

  it('allows imports downwards and inside a folder', () => {
    const graph = new Map([['cli/main.ts', ['api/extract.ts', 'core/types.ts']], ['api/extract.ts', ['extract/dana.ts']], ['extract/dana.ts', ['extract/title.ts']], ['extract/title.ts', []], ['core/types.ts', []]]);
    expect(checkLayers(graph, layers)).toEqual([]);
  });

  it('refuses an import upwards, beside, or into a folder no layer names', () => {
    const graph = new Map([['extract/x.ts', ['api/extract.ts', 'train/t.ts']], ['api/extract.ts', []], ['train/t.ts', []], ['stray/s.ts', []]]);
    const problems = checkLayers(graph, layers);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/extract\/x\.ts imports api\/extract\.ts.*above/);
    expect(problems[1]).toMatch(/extract\/x\.ts imports train\/t\.ts.*beside/);
    expect(problems[2]).toMatch(/stray\/ is in no layer/);
  });

  it('refuses an import cycle, even inside one folder', () => {
    const graph = new Map([['extract/dana.ts', ['extract/title.ts']], ['extract/title.ts', ['extract/dana.ts']]]);
    expect(checkLayers(graph, layers)).toEqual(['import cycle: extract/dana.ts → extract/title.ts → extract/dana.ts']);
  });
});
