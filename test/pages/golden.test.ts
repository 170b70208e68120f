/**
 * The golden pages (test/pages/NAME/{source.html, expected.txt, expected-metadata.json}, as Readability's test-pages):
 * the shipped default model's text and the page's metadata must equal the expected files. A change that moves them on
 * purpose regenerates them with `npm run pages:update` (scripts/pages-update.mjs) and shows the difference in `git diff`.
 */
import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as farsw from '../../src/index.js';
import { goldenOutput } from './golden.mjs';
import { lineDiff } from './line-diff.js';

const root = import.meta.dirname;
const pages = readdirSync(root).filter((n) => existsSync(join(root, n, 'source.html'))).sort();

describe('golden pages: the default model against test/pages/*/expected.*', () => {
  it('are present', () => expect(pages.length).toBeGreaterThanOrEqual(10));

  for (const name of pages) {
    it(name, () => {
      const dir = join(root, name);
      const actual = goldenOutput(farsw, readFileSync(join(dir, 'source.html')));
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
