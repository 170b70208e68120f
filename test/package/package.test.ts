/**
 * The published package (issue 21.13): what `npm pack` ships, and that a strict TypeScript
 * consumer (skipLibCheck false) compiles against the public types with the runtime
 * dependencies and @types/node only (no devDependency such as @types/yargs or @types/better-sqlite3),
 * and without @types/node or the DOM lib too (issue 37.13), the README's library example included.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from '../batch/helpers.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  license: string; files: string[]; dependencies: Record<string, string>; devDependencies: Record<string, string>;
};
const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');

/** A consumer's code: the main entry points and the typed orchestration a library caller uses. */
const CONSUMER = [
  "import { extract, train, evaluate, openModelStore, run, runBatch, streamSink, trainFromData, checkModelDrift, OUTPUT_FORMATS, type FormatName, type ExtractResult, type TrainDataResult, type ModelDriftResult, type TrainProgress, type BatchSummary } from 'farsw';",
  "const r: ExtractResult = extract('<p>hello</p>', { algorithm: 'addanag' });",
  'void r.text; void train; void evaluate; void openModelStore; void run;',
  // The orchestration of train --by-site / --unlabeled / the guard and of models check, typed for a library caller.
  "const onProgress = (p: TrainProgress): string => (p.stage === 'read' ? String(p.pages) : p.stage);",
  'async function sites(): Promise<number> {',
  "  const t: TrainDataResult = await trainFromData({ data: 'pages.jsonl', bySite: true, minPages: 5, guard: true, guardFolds: 3, params: { alpha: 0.5 }, onNote: (l: string) => void l, onProgress });",
  "  const d: ModelDriftResult = await checkModelDrift({ model: t.models[0]!.name, data: 'new.jsonl', thresholds: { } });",
  '  return t.summaries.length + t.failures.length + (d.report.drifted ? 1 : 0) + d.otherHosts;',
  '}',
  'void sites;',
  // A batch over a byte stream of the caller's own (no Node stream type needed).
  'async function batch(lines: AsyncIterable<Uint8Array>): Promise<BatchSummary> {',
  "  return runBatch({ inputs: ['-'], stdin: lines, workers: 0, extract: { algorithm: 'addanag' }, sink: streamSink((s: string) => void s) });",
  '}',
  'void batch;',
  // The output-format registry: a format's name is a type, its writers are typed.
  "const format: FormatName = 'markdown';",
  "const page: string = OUTPUT_FORMATS[format].page(extract('<p>hello</p>', { format }), { file: 'a.html', many: false }) + OUTPUT_FORMATS[format].extension;",
  'void page;',
  '',
].join('\n');

let declarations: string | undefined;

/** farsw's declarations, emitted once from the sources into a package folder (package.json and dist/*.d.ts). */
function farswPackage(): string {
  if (declarations) return declarations;
  const dir = join(tempDir('farsw-types'), 'farsw');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), readFileSync(join(ROOT, 'package.json')));
  execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--emitDeclarationOnly', '--sourceMap', 'false', '--outDir', join(dir, 'dist')], { cwd: ROOT });
  expect(existsSync(join(dir, 'dist/index.d.ts'))).toBe(true);
  declarations = dir;
  return dir;
}

/**
 * A consumer project with farsw installed as `npm i farsw` would: the runtime dependencies (no devDependency, no
 * @types package) and, with `nodeTypes`, @types/node.
 */
function consumerProject(opts: { nodeTypes: boolean }): string {
  const dir = tempDir('consumer');
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@types'), { recursive: true });
  const dev = new Set(Object.keys(pkg.devDependencies));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name.startsWith('.') || name === '@types' || dev.has(name) || name === 'farsw') continue;
    if (name.startsWith('@')) {
      for (const sub of readdirSync(join(ROOT, 'node_modules', name))) {
        if (dev.has(`${name}/${sub}`)) continue;
        mkdirSync(join(modules, name), { recursive: true });
        symlinkSync(join(ROOT, 'node_modules', name, sub), join(modules, name, sub));
      }
    } else symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  if (opts.nodeTypes) symlinkSync(join(ROOT, 'node_modules/@types/node'), join(modules, '@types/node'));
  cpSync(farswPackage(), join(modules, 'farsw'), { recursive: true }); // a copy: a link would resolve its imports from where it points
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' })); // the README's example awaits at top level
  return dir;
}

/** tsc's complaints about the project in `dir` ('' when it compiles). */
function typeCheck(dir: string): string {
  try {
    execFileSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    return '';
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

describe('the package (issue 21.13)', () => {
  it('ships an MIT LICENSE, the shipped model only, and the sources its source maps name', () => {
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(pkg.files).toContain('LICENSE');
    expect(pkg.files).toContain('models/default.json');
    expect(pkg.files).not.toContain('models');
    const tsconfig = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8');
    if (/"sourceMap": true/.test(tsconfig)) expect(pkg.files).toContain('src');
    const packed = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const files = (JSON.parse(packed) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    expect(files).toContain('LICENSE');
    expect(files).toContain('models/default.json');
    expect(files.filter((f) => f.startsWith('models/'))).toEqual(['models/default.json']);
    expect(files.some((f) => f.startsWith('src/'))).toBe(true);
  });

  it('a strict consumer type-checks with the runtime dependencies and @types/node only', () => {
    const dir = consumerProject({ nodeTypes: true });
    writeFileSync(join(dir, 'consumer.ts'), CONSUMER);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] },
      files: ['consumer.ts'],
    }));
    expect(typeCheck(dir)).toBe('');
  }, 180_000);

  it('a strict consumer without @types/node or the DOM lib type-checks too, and so does the README\'s library example (issue 37.13)', () => {
    const dir = consumerProject({ nodeTypes: false });
    expect(existsSync(join(dir, 'node_modules/@types/node'))).toBe(false);
    writeFileSync(join(dir, 'consumer.ts'), CONSUMER);
    // The README's example as written, with its placeholders declared.
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes("from 'farsw'"));
    expect(example).toBeDefined();
    writeFileSync(join(dir, 'readme.ts'), [
      'declare const htmlBytesOrString: string | Uint8Array;',
      'declare const html: string;',
      'declare const pages: { html: string; gold: string }[];',
      example!,
    ].join('\n'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', lib: ['ES2022'], module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: false, noEmit: true, types: [] },
      files: ['consumer.ts', 'readme.ts'],
    }));
    expect(typeCheck(dir)).toBe('');
  }, 180_000);
});
