import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The extraction code stays readable a function at a time: none longer than this many lines (issue 34). */
const MAX_LINES = 60;

/** Every function of a TypeScript source longer than `max` lines, as `name:firstLine (lines)`. */
function longFunctions(file: string, source: string, max: number): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n)) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const lines = sf.getLineAndCharacterOfPosition(n.getEnd()).line - first + 1;
      const name = (n as { name?: ts.Node }).name ?? (ts.isVariableDeclaration(n.parent) || ts.isPropertyAssignment(n.parent) ? n.parent.name : undefined);
      if (lines > max) out.push(`${name?.getText(sf) ?? '(anonymous)'}:${first + 1} (${lines})`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
  const p = join(dir, f);
  return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
});

describe('function length in src/extract', () => {
  it(`no function is over ${MAX_LINES} lines`, () => {
    const root = fileURLToPath(new URL('../../src/extract', import.meta.url));
    const long = walk(root).flatMap((f) => longFunctions(f, readFileSync(f, 'utf8'), MAX_LINES).map((x) => `${f.slice(root.length + 1)} ${x}`));
    expect(long).toEqual([]);
  });

  it('counts a function from its first to its last line, nested ones on their own', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const src = `function outer(): void {\n${body(3)}\n  const inner = (): void => {\n${body(8)}\n  };\n}\n`;
    expect(longFunctions('x.ts', src, 20)).toEqual([]);
    expect(longFunctions('x.ts', src, 10)).toEqual(['outer:1 (15)']);
    expect(longFunctions('x.ts', src, 9)).toEqual(['outer:1 (15)', 'inner:5 (10)']);
  });
});
