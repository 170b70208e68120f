import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLayers, importsOf, LAYERS, parseLayers, readGraph, scanModule, type ModuleScan } from '../scripts/check-layers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const layers = [['cli'], ['api'], ['extract', 'train'], ['core']];

describe('the layering rule', () => {
  it('holds for src/: no forbidden import, no outside-world use below the api layer, no import cycle', () => {
    expect(checkLayers(readGraph(root))).toEqual([]);
  });

  it("the README's layers block, when it has one, shows the checker's table", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    if (readme.includes('```layers')) expect(parseLayers(readme)).toEqual(LAYERS);
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

  it('sees a multi-line import whose comment holds a quote (the regex read past it)', () => {
    const source = [
      "import {",
      "  a, // the reader's column",
      "  b,",
      "} from '../api/extract.js';",
    ].join('\n');
    expect(importsOf('extract/x.ts', source)).toEqual(['api/extract.ts']);
    const problems = checkLayers(new Map<string, string[] | ModuleScan>([['extract/x.ts', scanModule('extract/x.ts', source)], ['api/extract.ts', []]]), layers);
    expect(problems).toEqual([expect.stringMatching(/extract\/x\.ts imports api\/extract\.ts.*above/)]);
  });

  it("ignores import-like text inside strings and comments", () => {
    const source = [
      "// import { x } from '../api/a.js';",
      "const s = \"import { y } from '../api/b.js'\";",
      "/* require('better-sqlite3') */",
    ].join('\n');
    expect(scanModule('extract/x.ts', source)).toEqual({ imports: [], modules: [], console: [], computed: [] });
  });

  it('sees import(), require(), export … from and import type(), and refuses a computed specifier', () => {
    const source = [
      "const a = await import(",
      "  '../api/a.js'",
      ");",
      "const fs = require('node:fs');",
      "export * from '../api/c.js';",
      "type D = import('../api/d.js').D;",
      "const name = '../api/e.js';",
      "const e = await import(name);",
    ].join('\n');
    const scan = scanModule('extract/x.ts', source);
    expect(scan.imports).toEqual(['api/a.ts', 'api/c.ts', 'api/d.ts']);
    expect(scan.modules).toEqual(['node:fs']);
    expect(scan.computed).toEqual([8]);
    const problems = checkLayers(new Map([['extract/x.ts', scan]]), layers);
    expect(problems.filter((p) => /computed name/.test(p))).toHaveLength(1);
    expect(problems.filter((p) => /imports node:fs/.test(p))).toHaveLength(1);
  });

  it('refuses console in extract/ and node:fs in features/, below the api layer', () => {
    const all = [['cli'], ['api'], ['dataset'], ['extract'], ['features'], ['core']];
    const extract = scanModule('extract/x.ts', "export function f(): void {\n  console.warn('kept');\n}\n");
    const features = scanModule('features/y.ts', "import { readFileSync } from 'node:fs';\nimport * as fsp from 'fs/promises';\nexport const z = readFileSync;\n");
    const problems = checkLayers(new Map([['extract/x.ts', extract], ['features/y.ts', features]]), all, { dataset: ['fs'] });
    expect(problems).toEqual([
      expect.stringMatching(/^extract\/x\.ts:2: uses console/),
      expect.stringMatching(/^features\/y\.ts imports node:fs:/),
      expect.stringMatching(/^features\/y\.ts imports fs\/promises:/),
    ]);
  });

  it('allows the storage edges their modules, and console or better-sqlite3 at the api layer and above', () => {
    const all = [['cli'], ['api'], ['model-store'], ['dataset'], ['extract'], ['core']];
    const graph = new Map([
      ['model-store/s.ts', scanModule('model-store/s.ts', "import Database from 'better-sqlite3';\nimport { existsSync } from 'node:fs';\n")],
      ['dataset/d.ts', scanModule('dataset/d.ts', "import { readFile } from 'node:fs/promises';\n")],
      ['cli/c.ts', scanModule('cli/c.ts', "console.log(1);\nimport { spawn } from 'node:child_process';\n")],
      ['extract/e.ts', scanModule('extract/e.ts', "const o = { console: 1 };\nexport const c = o.console;\nfunction g(console: number): number { return console; }\n")],
    ]);
    expect(checkLayers(graph, all, { 'model-store': ['better-sqlite3', 'fs'], dataset: ['fs'] })).toEqual(['extract/e.ts:3: uses console: below the api layer, return what to say and let the cli print it']);
  });

  it('refuses the database or a child process in dataset/ (only files are its edge)', () => {
    const all = [['api'], ['dataset'], ['core']];
    const scan = scanModule('dataset/d.ts', "import Database from 'better-sqlite3';\nimport { execFile } from 'child_process';\n");
    expect(checkLayers(new Map([['dataset/d.ts', scan]]), all, { dataset: ['fs'] })).toHaveLength(2);
  });
});
