import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { capture } from './capture.js';

let dir: string;


const article = 'The committee approved the new budget after a long debate about schools and roads in the city.';
const page = (id: string, dataset: string, host: string | null, gold: string | null): string =>
  JSON.stringify({
    id, dataset, url: null, lang: 'en', host,
    html: `<html><body><nav><a href="/">Home</a> <a href="/n">News</a></nav><div><p>${article}</p><p>${article}</p></div><footer>© 2024</footer></body></html>`,
    gold,
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'farsw-eval-cli-'));
  const lines = [
    ...Array.from({ length: 4 }, (_, i) => page(`x/${i}`, 'x', 'a.example', `${article}\n${article}`)),
    ...Array.from({ length: 3 }, (_, i) => page(`y/${i}`, 'y', 'b.example', article)),
    'oops',
  ];
  await writeFile(join(dir, 'pages.jsonl'), lines.join('\n') + '\n');
  await writeFile(
    join(dir, 'pred.jsonl'),
    [
      JSON.stringify({ id: 'x/0', text: `${article}\n${article}`, ms: 1 }),
      JSON.stringify({ id: 'y/0', text: '', ms: 1 }),
      JSON.stringify({ id: 'y/1', error: 'failed' }),
    ].join('\n') + '\n',
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('farsw eval', () => {
  it('runs an extractor and prints a table with one row per dataset', async () => {
    const io = capture();
    const code = await run(['eval', '--data', join(dir, 'pages.jsonl'), '--algorithm', 'danag', '--worst', '2'], io);
    expect(code).toBe(0);
    expect(io.out).toMatch(/^danag/);
    expect(io.out).toMatch(/\| x +\| +4 \| +4 \|/);
    expect(io.out).toMatch(/\| all +\| +7 \| +7 \|/);
    expect(io.out).toMatch(/worst pages/);
    expect(io.err).toMatch(/pages\.jsonl:8: invalid JSON/);
    expect(io.err).toMatch(/1 malformed records skipped/);
  });

  it('groups by page_type (--by page_type) and adds the WCXB word F1 column', async () => {
    const typed = [
      { ...JSON.parse(page('w/1', 'w', 'a.example', article)), page_type: 'forum' },
      { ...JSON.parse(page('w/2', 'w', 'b.example', article)), page_type: 'article' },
      { ...JSON.parse(page('w/3', 'w', 'c.example', article)), page_type: 'article' },
    ];
    const file = join(dir, 'typed.jsonl');
    await writeFile(file, typed.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const io = capture();
    const code = await run(['eval', '--data', file, '--algorithm', 'danag', '--by', 'page_type'], io);
    expect(code).toBe(0);
    expect(io.out).toMatch(/\| page_type .*\| word F1 \|/);
    expect(io.out).toMatch(/\| article +\| +2 \| +2 \|/);
    expect(io.out).toMatch(/\| forum +\| +1 \| +1 \|/);
    const bad = capture();
    expect(await run(['eval', '--data', file, '--cv', 'inter-site', '--by', 'page_type'], bad)).toBe(2);
    expect(bad.err).toMatch(/--cv groups by site or dataset, not page_type/);
  });

  it('takes the preset and every DANA flag apply takes (--title-decay, --container, --no-best-line)', async () => {
    const io = capture();
    const code = await run(['eval', '--data', join(dir, 'pages.jsonl'), '-a', 'addanag', '--preset', 'paper', '--title-decay', '0', '--container', '0', '--no-best-line'], io);
    expect(code).toBe(0);
    expect(io.out).toMatch(/\| all +\| +7 \| +7 \|/);
  });

  it('cross-validates FAR-SW as published (--cv inter-site --train --preset paper)', async () => {
    // The paper's lines are the author's: a page written on one line is one line, so these pages have several.
    const multi = (id: string, host: string) => JSON.stringify({
      id, dataset: 'm', url: null, lang: 'en', host, gold: `${article}\n${article}`,
      html: `<html><body>\n<nav><a href="/">Home</a> <a href="/n">News</a></nav>\n<div>\n<p>${article}</p>\n<p>${article}</p>\n</div>\n<footer>© 2024</footer>\n</body></html>`,
    });
    const file = join(dir, 'multi.jsonl');
    await writeFile(file, [multi('m/0', 'a.example'), multi('m/1', 'a.example'), multi('m/2', 'b.example'), multi('m/3', 'b.example')].join('\n') + '\n');
    const io = capture();
    const code = await run(['eval', '--data', file, '--cv', 'inter-site', '--train', '--preset', 'paper', '--min-pages', '1'], io);
    expect(code).toBe(0);
    expect(io.out).toMatch(/a\.example/);
  });

  it('scores a predictions file and writes JSON and CSV', async () => {
    const io = capture();
    const json = join(dir, 'out.json');
    const csv = join(dir, 'pages.csv');
    const code = await run(
      ['eval', '--data', join(dir, 'pages.jsonl'), '--predictions', join(dir, 'pred.jsonl'), '--json-out', json, '--pages', csv],
      io,
    );
    expect(code).toBe(0);
    const doc = JSON.parse(await readFile(json, 'utf8'));
    expect(doc.overall.pages).toBe(3);
    expect(doc.overall.lcs.f1).toBeCloseTo(1 / 3, 5);
    expect(doc.overall.bow).toEqual({ precision: 0.333333, recall: 0.333333, f1: 0.333333 });
    expect(doc.groups.x.lcs.f1).toBe(1);
    expect(doc.groups.y.errors).toBe(1);
    expect(doc.missing).toBe(4);
    expect((await readFile(csv, 'utf8')).trim().split('\n')).toHaveLength(4);
    expect(io.err).toMatch(/4 pages have no prediction/);
  });

  it('--json is a switch as in rules, train and models (JSON on stdout); --json-out FILE writes a file; --json FILE says so', async () => {
    const io = capture();
    expect(await run(['eval', '--data', join(dir, 'pages.jsonl'), '--predictions', join(dir, 'pred.jsonl'), '--json'], io)).toBe(0);
    expect(JSON.parse(io.out).overall.pages).toBe(3);
    const old = capture();
    expect(await run(['eval', '--data', join(dir, 'pages.jsonl'), '-a', 'addanag', '--json', 'out.json'], old)).toBe(2);
    expect(old.err).toBe("farsw: --json is a switch (JSON on stdout, as in rules, train and models): to write out.json, use --json-out out.json\nRun 'farsw eval --help' for usage.\n");
  });

  it('--favor as on apply: the preset moves the scores; not with --predictions', async () => {
    const score = async (...extra: string[]): Promise<number> => {
      const io = capture();
      expect(await run(['eval', '--data', join(dir, 'pages.jsonl'), '-a', 'addanag', '--json', ...extra], io)).toBe(0);
      return JSON.parse(io.out).overall.pages as number;
    };
    expect(await score('--favor', 'precision')).toBe(await score());
    const io = capture();
    expect(await run(['eval', '--data', join(dir, 'pages.jsonl'), '-p', join(dir, 'pred.jsonl'), '--favor', 'recall'], io)).toBe(2);
    expect(io.err).toMatch(/--favor chooses extraction parameters/);
    const bad = capture();
    expect(await run(['eval', '--data', join(dir, 'pages.jsonl'), '-a', 'bte', '--favor', 'recall'], bad)).toBe(2);
    expect(bad.err).toMatch(/bte has no precision\/recall parameter set/);
  });

  it('cross-validates per site', async () => {
    const io = capture();
    const code = await run(
      ['eval', '--data', join(dir, 'pages.jsonl'), '--cv', 'intra-site', '--folds', '2', '--min-pages', '4', '--json'],
      io,
    );
    expect(code).toBe(0);
    const doc = JSON.parse(io.out);
    expect(Object.keys(doc.groups)).toEqual(['a.example']);
    expect(doc.groups['a.example'].folds).toBe(2);
    expect(doc.skipped).toEqual([{ group: 'b.example', pages: 3 }]);
  });

  it('exits 2 on bad usage and 1 on a missing file', async () => {
    expect(await run(['eval', '--data', join(dir, 'pages.jsonl'), '--algorithm', 'dana', '--predictions', 'p'], capture())).toBe(2);
    expect(await run(['eval'], capture())).toBe(2);
    const io = capture();
    expect(await run(['eval', '--data', join(dir, 'missing.jsonl')], io)).toBe(1);
    expect(io.err).toMatch(/missing\.jsonl: no such file/);
  });

  it('standard input as --data is refused with one line saying how', async () => {
    for (const argv of [['eval', '--data', '-', '-a', 'addanag'], ['train', '--data', '-', '--model', 'x', '--store', join(dir, 's.sqlite')]]) {
      const io = capture();
      expect(await run(argv, io), argv.join(' ')).toBe(1);
      expect(io.err).toBe('farsw: -: datasets are read from a .jsonl[.gz] file or a directory, not from standard input (save the records to a file)\n');
    }
  });

  it('a dataset with no readable page is an error naming it (exit 1), not a table of zeros; a WARC says what it is', async () => {
    const warc = join(dir, 'crawl.warc');
    await writeFile(warc, 'WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n'.repeat(3));
    const io = capture();
    expect(await run(['eval', '--data', warc, '-a', 'addanag'], io)).toBe(1);
    expect(io.out).toBe('');
    expect(io.err).toContain(`farsw: ${warc}:1: a WARC file, not a dataset of JSON Lines records {"id","html","gold"}; to extract its pages: farsw apply --input ${warc} (skipped)\n`);
    expect(io.err).toContain(`farsw: ${warc}: no pages to score (1 unreadable records skipped)\n`);
    expect(io.err.split('\n').filter((l) => l.includes('WARC file'))).toHaveLength(1);
  });
});
