import { describe, it, expect } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run } from '../../src/cli/main.js';
import { page, tempDir } from '../batch/helpers.js';
import { capture } from './capture.js';
import { emptyReason } from '../../src/extract/empty-reason.js';

/** The help a usage error points to (issue 37.10): the command's own, `farsw models show --help` for a subcommand. */
const helpOf = (argv: readonly string[]): string => (argv[0] === 'models' ? `farsw models ${argv[1]} --help` : `farsw ${argv[0]} --help`);

describe('single-file and directory input agree (issue 21.8)', () => {
  it('apply page.html.gz reads the gzip page as --input does', async () => {
    const dir = tempDir('gz-file');
    const file = join(dir, 'page.html.gz');
    writeFileSync(file, gzipSync(page(7)));
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', file], io)).toBe(0);
    expect(io.out).toMatch(/^Article 7 tells how the village/);
  });

  it('a directory of .html.gz pages gives one record each', async () => {
    const dir = tempDir('gz-dir');
    writeFileSync(join(dir, 'a.html.gz'), gzipSync(page(1)));
    writeFileSync(join(dir, 'b.htm.gz'), gzipSync(page(2)));
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', dir], io)).toBe(0);
    const recs = io.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(recs.map((r) => r.text.slice(0, 9))).toEqual(['Article 1', 'Article 2']);
  });

  it('a directory with no page files is an error naming it and what it holds, and leaves no marker', async () => {
    const dir = tempDir('txt-dir');
    const input = join(dir, 'in');
    mkdirSync(input);
    writeFileSync(join(input, 'a.txt'), 'text');
    writeFileSync(join(input, 'b.txt'), 'text');
    const io = capture();
    const out = join(dir, 'out.jsonl');
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', input, '--output', out], io)).toBe(1);
    expect(io.err).toMatch(/in: no pages in this directory \(farsw reads \.html .*; it holds 2 \.txt files; name a file with --input/);
    expect(existsSync(`${out}.done`)).toBe(false);
  });
});

describe('a notice when nothing is extracted (issue 21.9)', () => {
  const latin = '<html><body><article><p>The committee approved the new budget after a long debate about schools and roads.</p></article></body></html>';

  it('-a dana on a Latin-script page says why on stderr', async () => {
    const dir = tempDir('empty-dana');
    const file = join(dir, 'latin.html');
    writeFileSync(file, latin);
    const io = capture();
    expect(await run(['apply', '-a', 'dana', file], io)).toBe(0);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/latin\.html: nothing extracted: dana counts non-ASCII characters as content and this page's text is all ASCII \(Latin script\); use -a addanag/);
  });

  it('an empty file and a page without text say so', async () => {
    const dir = tempDir('empty-file');
    writeFileSync(join(dir, 'empty.html'), '');
    writeFileSync(join(dir, 'bare.html'), '<html><body><div><img src=a.png></div><script>var x = 1;</script></body></html>');
    const io = capture();
    expect(await run(['apply', join(dir, 'empty.html'), join(dir, 'bare.html')], io)).toBe(0);
    expect(io.err).toMatch(/empty\.html: nothing extracted: the page is empty/);
    expect(io.err).toMatch(/bare\.html: nothing extracted: the page has no visible text/);
  });

  it('the reason reads the page in its own charset (UTF-16 here), not as UTF-8', async () => {
    const dir = tempDir('empty-utf16');
    const file = join(dir, 'wide.html');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><body><div><img src=a.png></div><script>var ferries = 1;</script></body></html>', 'utf16le')]));
    const io = capture();
    expect(await run(['apply', file], io)).toBe(0);
    expect(io.err).toBe(`farsw: ${file}: nothing extracted: the page has no visible text (only markup, scripts or hidden elements)\n`);
  });

  it('the reason is a pure function of the page and the method', () => {
    expect(emptyReason('  \n', 'addanag')).toBe('the page is empty');
    expect(emptyReason('<p>Съешь же ещё этих мягких французских булок, да выпей чаю</p>', 'dana')).toMatch(/no part of its \d+ characters/);
  });
});

describe('messages that point to the right form (issue 21.10)', () => {
  it('a directory given to apply points to --input; a URL without a scheme to https://', async () => {
    const dir = tempDir('msg-dir');
    const io = capture();
    expect(await run(['apply', dir, 'example.com/news/1'], io)).toBe(1);
    expect(io.err).toContain(`${dir}: is a directory; to extract every page in it: farsw apply --input ${dir}`);
    expect(io.err).toContain('example.com/news/1: no such file; a URL needs its scheme: farsw apply https://example.com/news/1');
  });

  it('--page-timeout abc names the option and what was typed', async () => {
    const io = capture();
    expect(await run(['apply', '--input', 'x.jsonl', '--page-timeout', 'abc'], io)).toBe(2);
    expect(io.err).toMatch(/--page-timeout: expected a number, found "abc"/);
    const io2 = capture();
    expect(await run(['apply', '--input', 'x.jsonl', '--workers=two'], io2)).toBe(2);
    expect(io2.err).toMatch(/--workers: expected a number, found "two"/);
  });

  it('a number out of its range is a usage error naming the flag, in every command that takes it', async () => {
    const dir = tempDir('ranges');
    const file = join(dir, 'page.html');
    writeFileSync(file, page(1));
    const cases: [string[], string][] = [
      [['apply', file, '--phi', '0'], '--phi: expected an integer ≥ 1, found 0'],
      [['apply', file, '--gap', '-5'], '--gap: expected an integer ≥ 0, found -5'],
      [['apply', file, '--radius', '1.5'], '--radius: expected an integer ≥ 0, found 1.5'],
      [['apply', file, '--container', '5'], '--container: expected a share from 0 to 1, found 5'],
      [['apply', file, '--mute', '-1'], '--mute: expected a share from 0 to 1, found -1'],
      [['explain', file, '--title-container', '2'], '--title-container: expected a share from 0 to 1, found 2'],
      [['eval', '--data', dir, '-a', 'addanag', '--gap', '-1'], '--gap: expected an integer ≥ 0, found -1'],
      [['apply', 'https://news.example/a', '--timeout', '-1'], '--timeout: expected ms from 1 to 4294967295, found -1'],
      [['apply', 'https://news.example/a', '--max-redirects', '-1'], '--max-redirects: expected an integer ≥ 0, found -1'],
      [['apply', '--input', dir, '--per-host', '0'], '--per-host: expected an integer ≥ 1, found 0'],
    ];
    for (const [argv, message] of cases) {
      const io = capture();
      expect(await run(argv, io), argv.join(' ')).toBe(2);
      expect(io.err).toBe(`farsw: ${message}\nRun '${helpOf(argv)}' for usage.\n`);
    }
  });

  it('a usage error is one line: an unknown choice, an unknown command', async () => {
    const io = capture();
    expect(await run(['apply', 'page.html', '--favor', 'speed'], io)).toBe(2);
    expect(io.err).toBe(`farsw: --favor: "speed" is not one of balanced, precision, recall\nRun 'farsw apply --help' for usage.\n`);
    const cmd = capture();
    expect(await run(['extract', 'page.html'], cmd)).toBe(2);
    expect(cmd.err).toBe('farsw: unknown command "extract": expected one of apply, train, rules, models, eval, explain, serve\nRun \'farsw --help\' for usage.\n');
  });

  it('a binary file given as a model, or a record of control characters, is still one line of error', async () => {
    const dir = tempDir('one-line');
    const png = join(dir, 'model.json');
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]));
    const io = capture();
    expect(await run(['models', 'import', png, '--store', join(dir, 'store.sqlite')], io)).toBe(1);
    expect(io.err.split('\n')).toHaveLength(2); // one line and its end
    expect(io.err).toMatch(/^farsw: .*model\.json: not valid JSON \(/);
    const records = join(dir, 'records.jsonl');
    writeFileSync(records, '{"id": "a\r\u001b[2J\u0007", oops}\n');
    const batch = capture();
    expect(await run(['apply', '-w', '0', '--input', records], batch)).toBe(3);
    const errorLine = batch.err.split('\n').find((l) => l.includes('invalid JSON'))!;
    expect(errorLine).not.toMatch(/[\u0000-\u001f]/);
  });

  it('models rm default says the shipped model cannot be removed', async () => {
    const dir = tempDir('rm-default');
    const store = join(dir, 'store.sqlite');
    const exported = capture();
    expect(await run(['models', 'export', 'default', '--store', store], exported)).toBe(0);
    writeFileSync(join(dir, 'model.json'), exported.out);
    expect(await run(['models', 'import', join(dir, 'model.json'), '--name', 'copy', '--store', store], capture())).toBe(0);
    const io = capture();
    expect(await run(['models', 'rm', 'default', '--store', store], io)).toBe(1);
    expect(io.err).toMatch(/^farsw: no model named "default" in .*store\.sqlite; the shipped default model \(.*default\.json\) is part of farsw and cannot be removed \(a stored model named default replaces it\)\n$/);
  });

  it('a missing argument or option value names it', async () => {
    const cases: [string[], string][] = [
      [['rules'], 'farsw rules: an argument is missing (farsw rules --help shows them)'],
      [['models', 'show'], 'farsw models show: an argument is missing (farsw models show --help shows them)'],
      [['eval', '--data'], '--data: expected a value, found nothing'],
      [['train', '--data', '--model', 'x'], '--data: expected a value, found nothing'],
      [['apply', 'page.html', '--model'], '--model: expected a value, found nothing'],
      [['apply', 'page.html', '--store'], '--store: expected a value, found nothing'],
      [['models', 'list', '--store', '--json'], '--store: expected a value, found nothing'],
    ];
    for (const [argv, message] of cases) {
      const io = capture();
      expect(await run(argv, io), argv.join(' ')).toBe(2);
      expect(io.err).toBe(`farsw: ${message}\nRun '${helpOf(argv)}' for usage.\n`);
    }
  });

  it('a missing file among others: the rest are extracted, exit 1 at the end', async () => {
    const dir = tempDir('msg-missing');
    writeFileSync(join(dir, 'a.html'), page(1));
    writeFileSync(join(dir, 'b.html'), page(2));
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', join(dir, 'a.html'), join(dir, 'missing.html'), join(dir, 'b.html')], io)).toBe(1);
    expect(io.out).toMatch(/Article 1[\s\S]*Article 2/);
    expect(io.err).toMatch(/missing\.html: cannot read \(no such file\)/);
    expect(io.err).toMatch(/1 of 3 pages failed/);
  });
});

describe('mistakes that would cost a whole crawl fail once, up front', () => {
  it('a model the store does not have: one line naming it, exit 1, no output file', async () => {
    const dir = tempDir('no-model');
    const input = join(dir, 'pages.jsonl');
    writeFileSync(input, `${JSON.stringify({ id: 'a', html: page(1) })}\n${JSON.stringify({ id: 'b', html: page(2) })}\n`);
    const out = join(dir, 'out.jsonl');
    const io = capture();
    expect(await run(['apply', '--model', 'nosuch', '--store', join(dir, 'none.sqlite'), '-w', '0', '--input', input, '--output', out], io)).toBe(1);
    expect(io.err.trim()).toBe(`farsw: model "nosuch" not found: no model store at ${join(dir, 'none.sqlite')}`);
    expect(existsSync(out)).toBe(false);
  });

  it('JSON Lines or a WARC file given as a page points at --input', async () => {
    const dir = tempDir('crawl-as-page');
    const jsonl = join(dir, 'pages.jsonl.gz');
    writeFileSync(jsonl, gzipSync(`${JSON.stringify({ id: 'a', html: page(1) })}\n`));
    const warc = join(dir, 'crawl.warc');
    writeFileSync(warc, 'WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n');
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', jsonl, warc], io)).toBe(1);
    expect(io.err).toContain(`farsw: ${jsonl}: JSON Lines records, not a page; to extract its pages: farsw apply --input ${jsonl}\n`);
    expect(io.err).toContain(`farsw: ${warc}: a WARC file, not a page; to extract its pages: farsw apply --input ${warc}\n`);
    expect(io.out).toBe('');
  });
});

describe('apply --help (issue 37.11, 37.7, 37.12)', () => {
  it('everyday flags first, then the batch flags, then the algorithms\' knobs under "Tuning (for research)"', async () => {
    const io = capture();
    expect(await run(['apply', '--help'], io)).toBe(0);
    const lines = io.out.split('\n');
    const heading = (s: string): number => lines.indexOf(s);
    // The line where a flag is listed (not where a description mentions it).
    const at = (flag: string): number => lines.findIndex((l) => new RegExp(`^\\s+(?:-\\w, )?${flag}\\s`).test(l));
    const [options, batch, tuning] = [heading('Options:'), heading('Batch (--input):'), heading('Tuning (for research):')];
    expect(options).toBeGreaterThan(0);
    expect(batch).toBeGreaterThan(options);
    expect(tuning).toBeGreaterThan(batch);
    for (const flag of ['--model', '--algorithm', '--format', '--with-metadata', '--favor', '--comments', '--url']) expect(at(flag), flag).toBeLessThan(batch);
    for (const flag of ['--input', '--output', '--workers', '--quiet']) expect(at(flag), flag).toBeGreaterThan(batch);
    for (const flag of ['--gap', '--phi', '--beta', '--mute', '--hidden']) expect(at(flag), flag).toBeGreaterThan(tuning);
    expect(lines.filter((l) => /--quiet\b/.test(l))).toHaveLength(1);
    // Comments are dropped unless asked for; the User-Agent points at no page that does not exist.
    expect(io.out).toMatch(/--comments +Keep user-comment sections \(removed by default/);
    expect(io.out).not.toContain('npmjs.com');
  });
});
