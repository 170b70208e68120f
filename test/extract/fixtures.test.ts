import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from '../../src/api/extract.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../pages');

interface Meta {
  description: string;
  algorithms: string[];
  must: string[];
  mustNot: string[];
  encoding?: string;
}

const pages = readdirSync(root).filter((d) => existsSync(join(root, d, 'meta.json')));

describe('hand-written page fixtures', () => {
  it('are present', () => expect(pages.length).toBeGreaterThanOrEqual(5));

  for (const slug of pages) {
    const meta = JSON.parse(readFileSync(join(root, slug, 'meta.json'), 'utf8')) as Meta;
    const bytes = readFileSync(join(root, slug, 'source.html'));
    for (const algorithm of meta.algorithms) {
      it(`${slug} with ${algorithm}: ${meta.description}`, () => {
        const result = extract(bytes, { algorithm });
        if (meta.encoding) expect(result.encoding).toBe(meta.encoding);
        for (const s of meta.must) expect(result.text).toContain(s);
        for (const s of meta.mustNot) expect(result.text).not.toContain(s);
      });
    }
  }

  it('a minified page gives the same text as the pretty-printed one', () => {
    for (const algorithm of ['dana', 'danag', 'addanag']) {
      const pretty = extract(readFileSync(join(root, 'en-news/source.html')), { algorithm });
      const mini = extract(readFileSync(join(root, 'minified-one-line/source.html')), { algorithm });
      expect(mini.text).toBe(pretty.text);
    }
  });

  it('AdDANAg keeps hyperlink-dense paragraphs that DANAg loses', () => {
    const bytes = readFileSync(join(root, 'link-dense-wiki/source.html'));
    const countParas = (t: string) => t.split('\n').filter((l) => l.length > 100).length;
    expect(countParas(extract(bytes, { algorithm: 'addanag' }).text)).toBe(4);
    expect(countParas(extract(bytes, { algorithm: 'danag' }).text)).toBeLessThan(4);
  });
});
