/**
 * The golden pages (test/pages/NAME/{source.html or source, expected.txt, expected-metadata.json}, as Readability's test-pages):
 * the shipped default model's text and the page's metadata must equal the expected files. A change that moves them on
 * purpose regenerates them with `npm run pages:update` (scripts/pages-update.mjs) and shows the difference in `git diff`.
 */
import { describe, it, expect } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as farsw from '../../src/index.js';
import { goldenOutput, goldenPages, goldenSource } from './golden.mjs';
import { lineDiff } from './line-diff.js';

const root = import.meta.dirname;
const pages = goldenPages(root);

describe('golden pages: the default model against test/pages/*/expected.*', () => {
  it('are present', () => expect(pages.length).toBeGreaterThanOrEqual(10));

  it('a `source` file names a page read in place; one naming a missing page is an error naming the file', () => {
    expect(goldenSource(root, 'harbour-herald-15')).toEqual(readFileSync(join(root, '../../training-data/harbour-herald.example/page-15.html')));
    const dir = mkdtempSync(join(tmpdir(), 'farsw-golden-'));
    mkdirSync(join(dir, 'gone'));
    writeFileSync(join(dir, 'gone', 'source'), 'training-data/none.example/page-99.html\n');
    expect(goldenPages(dir)).toEqual(['gone']);
    expect(() => goldenSource(dir, 'gone')).toThrow(/gone[/\\]source: names .*page-99\.html, which does not exist/);
    rmSync(dir, { recursive: true });
  });

  for (const name of pages) {
    it(name, () => {
      const dir = join(root, name);
      const actual = goldenOutput(farsw, goldenSource(root, name));
      const problems: string[] = [];
      for (const [file, got] of [['expected.txt', actual.text], ['expected-metadata.json', actual.metadata]] as const) {
        const path = join(dir, file);
        if (!existsSync(path)) { problems.push(`test/pages/${name}/${file} is missing`); continue; }
        const want = readFileSync(path, 'utf8');
        if (want !== got) problems.push(`test/pages/${name}/${file} (- expected, + now):\n${lineDiff(want, got)}`);
      }
      if (problems.length > 0) {
        throw new Error(`${problems.join('\n\n')}\n\nIf the change is intended: npm run pages:update, then review git diff test/pages.`);
      }
    });
  }
});
