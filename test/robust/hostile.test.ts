/**
 * The hostile-input battery (issue 7): every page in test/fixtures/hostile/ and
 * the generated large ones go through `farsw apply` in-process and through the
 * library `extract()` with every registered extractor. Each returns text (possibly
 * empty) or a clear, typed error: never an unexpected throw, a stack trace or a hang.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { run } from '../../src/cli/main.js';
import { InputError, isFarswError } from '../../src/core/errors.js';
import { extract } from '../../src/api/extract.js';
import { extractorNames } from '../../src/extract/registry.js';
import { sniffBinary } from '../../src/html/sniff-binary.js';
import {
  PARAGRAPH, hugeAttributePage, lateNulPage, manyLinksPage, nestedDivsPage, singleLinePage, unclosedTagsPage,
} from './hostile-pages.js';
import { capture } from '../cli/capture.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/hostile');


/** What a page must give: text containing `contains` (or empty), or an error matching `error`. */
interface Expectation {
  readonly contains?: string;
  readonly empty?: boolean;
  readonly lacks?: string;
  readonly error?: RegExp;
}

const EXPECTED: Record<string, Expectation> = {
  'empty.html': { empty: true },
  'whitespace.html': { empty: true },
  'png-as-html.html': { error: /not HTML: PNG image/ },
  'gzip-as-html.html': { error: /not HTML: gzip data/ },
  'invalid-utf8.html': { contains: 'broken', lacks: '\0' },
  'wrong-charset.html': { contains: 'rouvert ses portes' },
  'nul-early.html': { error: /not HTML: binary data \(NUL byte at offset 12\)/ },
  'unclosed-script.html': { contains: 'harbour board', lacks: 'not text' },
  'unclosed-style.html': { contains: 'harbour board', lacks: 'not text' },
  'unclosed-comment.html': { contains: 'harbour board', lacks: 'not text' },
  'no-body.html': { contains: 'harbour board' },
  'xhtml.html': { contains: 'harbour board', lacks: 'xml version' },
  'frameset.html': { empty: true },
  'plain-text.html': { contains: 'harbour board' },
  'utf16le-no-bom.html': { error: /not HTML: UTF-16 text without a byte-order mark/ },
};

const ALGORITHMS = extractorNames();

/** Run extract() with one algorithm: the result text, or the typed error. */
function tryExtract(page: string | Uint8Array, algorithm: string): { text: string } | { error: Error } {
  try {
    return { text: extract(page, { algorithm }).text };
  } catch (e) {
    if (!isFarswError(e)) throw e; // an unexpected throw fails the test with its stack
    return { error: e };
  }
}

describe('hostile fixtures: extract() with every extractor', () => {
  it('covers every fixture file', () => {
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.html')).sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, want] of Object.entries(EXPECTED)) {
    it(file, () => {
      const bytes = readFileSync(join(FIXTURES, file));
      for (const algorithm of ALGORITHMS) {
        const r = tryExtract(bytes, algorithm);
        if (want.error) {
          expect('error' in r && r.error, `${algorithm}`).toBeInstanceOf(InputError);
          if ('error' in r) expect(r.error.message).toMatch(want.error);
          continue;
        }
        if ('error' in r) throw new Error(`${algorithm}: unexpected ${r.error.name}: ${r.error.message}`);
        expect(r.text.includes('\0'), `${algorithm}: NUL in output`).toBe(false);
        if (want.empty) expect(r.text, algorithm).toBe('');
        if (want.lacks) expect(r.text, algorithm).not.toContain(want.lacks);
      }
      // The default extractor (what `farsw apply` runs) finds the article text.
      if (want.contains) expect(extract(bytes).text).toContain(want.contains);
    });
  }

  it('decodes a wrong declared charset as declared (as browsers do) and honours a transport override', () => {
    const bytes = readFileSync(join(FIXTURES, 'wrong-charset.html'));
    expect(extract(bytes).encoding).toBe('windows-1251');
    const fixed = extract(bytes, { contentType: 'text/html; charset=windows-1252' });
    expect(fixed.text).toContain('Le café du marché');
  });

  it('reads UTF-16 without a byte-order mark when the charset is declared', () => {
    const bytes = readFileSync(join(FIXTURES, 'utf16le-no-bom.html'));
    expect(extract(bytes, { contentType: 'text/html; charset=utf-16le' }).text).toContain('harbour board');
  });

  it('applies the same binary rule to strings (batch records) and drops late NULs', () => {
    expect(() => extract('\u0089PNG\r\n\u001a\n\0\0\0\rIHDR')).toThrow(/not HTML: PNG image/);
    expect(() => extract('<p>a\0b</p>')).toThrow(InputError);
    const late = extract(lateNulPage(), { algorithm: 'plain' }).text;
    expect(late).toContain('nul in text');
    expect(late).not.toContain('\0');
  });

  it('never calls real pages binary: signatures need their magic bytes', () => {
    for (const text of ['GIF is a format', 'PK', '%PD', 'BZh9 is not bzip2', 'RIFF but not webp', '<p>ok</p>']) expect(sniffBinary(text), text).toBeNull();
    expect(sniffBinary(new Uint8Array([0xef, 0xbb, 0xbf, 0, 0]))).toBeNull(); // a BOM means text
  });
});

/** `farsw apply FILE` gunzips a gzip file as `--input` does (issue 21.8); the library refuses gzip bytes. */
const CLI_EXPECTED: Record<string, Expectation> = { ...EXPECTED, 'gzip-as-html.html': { contains: 'harbour board' } };

describe('hostile fixtures: farsw apply (CLI, in-process)', () => {
  for (const [file, want] of Object.entries(CLI_EXPECTED)) {
    it(file, async () => {
      const io = capture();
      const code = await run(['apply', join(FIXTURES, file)], io);
      expect(io.err).not.toMatch(/unexpected error|\n\s+at /);
      if (want.error) {
        expect(code).toBe(1);
        expect(io.err).toContain(`${file}: `);
        expect(io.err).toMatch(want.error);
      } else {
        expect(code, io.err).toBe(0);
        if (want.empty) expect(io.out).toBe('');
        if (want.contains) expect(io.out).toContain(want.contains);
      }
    });
  }

  it('batch: binary and broken records become error records, the rest are extracted (exit 3)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'farsw-hostile-'));
    try {
      const input = join(dir, 'pages.jsonl');
      const png = readFileSync(join(FIXTURES, 'png-as-html.html')).toString('latin1');
      writeFileSync(input, [
        JSON.stringify({ id: 'good', html: `<p>${PARAGRAPH}</p>` }),
        JSON.stringify({ id: 'png', html: png }),
        '{"id": "cut", "html": "<p>trunc',
        JSON.stringify({ id: 'nested', html: nestedDivsPage(20_000) }),
      ].join('\n') + '\n');
      const io = capture();
      expect(await run(['apply', '--input', input], io)).toBe(3);
      const out = io.out.trim().split('\n').map((l) => JSON.parse(l) as { id: string; text?: string; error?: string });
      expect(out.map((r) => r.id)).toEqual(['good', 'png', `${input}:3`, 'nested']);
      expect(out[0]!.text).toContain('harbour board');
      expect(out[1]!.error).toMatch(/:2: not HTML: PNG image/);
      expect(out[2]!.error).toMatch(/:3: invalid JSON/);
      expect(out[3]!.text).toContain('harbour board');
      expect(io.err).toContain('4 records, 2 failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('large generated pages (linear time, bounded memory)', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'farsw-hostile-big-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Every extractor on pages big enough to expose quadratic behaviour (100 000 nested divs took
  // 6–16 s in the baselines before token-stream.ts moved off htmlparser2's Parser; wlr overflowed
  // the stack); the full-size ones below run through `farsw apply` with the default extractor.
  const EVERY_EXTRACTOR: [string, () => string, Expectation][] = [
    ['100 000 nested divs', () => nestedDivsPage(100_000), { contains: 'harbour board' }],
    ['a 5 MB attribute value', () => hugeAttributePage(5_000_000), { lacks: 'xxxx' }],
    ['100 000 links', () => manyLinksPage(100_000), { lacks: '<a' }],
    ['500 000 unclosed <b> tags', () => unclosedTagsPage(500_000), { lacks: '<b>' }],
  ];

  for (const [name, make, want] of EVERY_EXTRACTOR) {
    it(`${name}: every extractor returns or refuses with a typed error`, async () => {
      const page = make();
      for (const algorithm of ALGORITHMS) {
        const r = tryExtract(page, algorithm);
        if ('error' in r) {
          // Only the DOM-based wlr may refuse, and only for its nesting limit.
          expect(algorithm).toBe('wlr');
          expect(r.error.message).toMatch(/nests elements deeper than \d+ levels/);
          continue;
        }
        if (want.lacks) expect(r.text, algorithm).not.toContain(want.lacks);
      }
      const file = join(dir, 'page.html');
      writeFileSync(file, page);
      const io = capture();
      expect(await run(['apply', file], io), io.err).toBe(0);
      if (want.contains) expect(io.out).toContain(want.contains);
    }, 60_000);
  }

  const FULL_SIZE: [string, () => string, string][] = [
    ['a million links', () => manyLinksPage(1_000_000), 'harbour board'],
    ['a 5 MB single-line page (the 50 MB one is in test/bench/hostile.bench.ts)', () => singleLinePage(5_000_000), 'harbour board'],
  ];
  for (const [name, make, contains] of FULL_SIZE) {
    it(`${name}: farsw apply extracts it`, async () => {
      const file = join(dir, 'page.html');
      writeFileSync(file, make());
      const io = capture();
      expect(await run(['apply', file], io), io.err).toBe(0);
      expect(io.out).toContain(contains);
    }, 60_000);
  }

  it('a gzip file of HTML given as a page is refused, not decompressed', () => {
    expect(() => extract(gzipSync(Buffer.from(`<p>${PARAGRAPH}</p>`)))).toThrow(/not HTML: gzip data/);
  });
});
