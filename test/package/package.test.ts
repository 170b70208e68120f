/**
 * The published package (issue 21.13): what `npm pack` ships, and that a strict TypeScript
 * consumer (skipLibCheck false) compiles against the public types with the runtime
 * dependencies and @types/node only (no devDependency such as @types/yargs or @types/better-sqlite3).
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from '../batch/helpers.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  license: string; files: string[]; dependencies: Record<string, string>; devDependencies: Record<string, string>;
};
const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');

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
    const dir = tempDir('consumer');
    const modules = join(dir, 'node_modules');
    mkdirSync(join(modules, '@types'), { recursive: true });
    // Everything installed except the devDependencies (and @types other than node), as `npm i farsw` would give.
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
    symlinkSync(join(ROOT, 'node_modules/@types/node'), join(modules, '@types/node'));
    const farsw = join(modules, 'farsw');
    mkdirSync(farsw);
    writeFileSync(join(farsw, 'package.json'), readFileSync(join(ROOT, 'package.json')));
    execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--emitDeclarationOnly', '--sourceMap', 'false', '--outDir', join(farsw, 'dist')], { cwd: ROOT });
    writeFileSync(join(dir, 'consumer.ts'), [
      "import { extract, train, evaluate, openModelStore, run, trainFromData, checkModelDrift, OUTPUT_FORMATS, type FormatName, type ExtractResult, type TrainDataResult, type ModelDriftResult, type TrainProgress } from 'farsw';",
      "const r: ExtractResult = extract('<p>hello</p>', { algorithm: 'addanag' });",
      'void r.text; void train; void evaluate; void openModelStore; void run;',
      // The orchestration of train --by-site / --unlabeled / the guard and of models check, typed for a library caller.
      "const onProgress = (p: TrainProgress): string => (p.stage === 'read' ? String(p.pages) : p.stage);",
      "async function sites(): Promise<number> {",
      "  const t: TrainDataResult = await trainFromData({ data: 'pages.jsonl', bySite: true, minPages: 5, guard: true, guardFolds: 3, params: { alpha: 0.5 }, onNote: (l: string) => void l, onProgress });",
      "  const d: ModelDriftResult = await checkModelDrift({ model: t.models[0]!.name, data: 'new.jsonl', thresholds: { } });",
      "  return t.summaries.length + t.failures.length + (d.report.drifted ? 1 : 0) + d.otherHosts;",
      "}",
      'void sites;',
      // The output-format registry: a format's name is a type, its writers are typed.
      "const format: FormatName = 'markdown';",
      "const page: string = OUTPUT_FORMATS[format].page(extract('<p>hello</p>', { format }), { file: 'a.html', many: false }) + OUTPUT_FORMATS[format].extension;",
      'void page;',
      '',
    ].join('\n'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] },
      files: ['consumer.ts'],
    }));
    expect(existsSync(join(farsw, 'dist/index.d.ts'))).toBe(true);
    let out = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(out).toBe('');
  }, 120_000);
});
