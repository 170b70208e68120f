import { describe, it, expect } from 'vitest';
import { wordF1, wordTokens } from '../../src/eval/word-f1.js';
import { evaluate } from '../../src/eval/evaluate.js';
import { storedPredictor } from '../../src/eval/predictors.js';
import { evalReportJson, formatEvalReport, pagesCsv } from '../../src/eval/report.js';
import type { PageRecord } from '../../src/dataset/types.js';
import { parseDatasetRecord } from '../../src/dataset/record.js';

describe('wordTokens (Python re.findall(r"\\w+", text.lower()))', () => {
  it.each([
    ['Hello, World!', ['hello', 'world']],
    ["don't stop_me now", ['don', 't', 'stop_me', 'now']], // _ is a word character, ' is not
    ['3.14 is π', ['3', '14', 'is', 'π']],
    ['Ünïcödé ÀÉÎ', ['ünïcödé', 'àéî']], // precomposed letters are letters (ASCII-only \w would cut them)
    ['cafe\u0301 x', ['cafe', 'x']], // a combining mark is no word character in Python's \w
    ['中文分词 テスト', ['中文分词', 'テスト']], // no per-character split, unlike core/tokenize
    ['Ⅻ ½ ٣', ['ⅻ', '½', '٣']], // Nl, No and Nd numbers
    ['— … ©', []],
    ['', []],
  ])('%j → %j', (text, tokens) => {
    expect(wordTokens(text)).toEqual(tokens);
  });
});

describe('wordF1', () => {
  it('compares bags with counts (multiset), the benchmark reading', () => {
    // pred: the ×3, cat; gold: the ×1, cat, sat → overlap 2 (the 1, cat 1); P = 2/4, R = 2/3
    const s = wordF1('the the the cat', 'The cat sat');
    expect(s.precision).toBeCloseTo(0.5, 12);
    expect(s.recall).toBeCloseTo(2 / 3, 12);
    expect(s.f1).toBeCloseTo((2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3), 12);
  });

  it('compares sets of distinct words with bag "set"', () => {
    // pred {the, cat}, gold {the, cat, sat} → P = 1, R = 2/3
    const s = wordF1('the the the cat', 'The cat sat', 'set');
    expect(s.precision).toBe(1);
    expect(s.recall).toBeCloseTo(2 / 3, 12);
  });

  it('scores empty gold 1 for an empty output and 0 otherwise', () => {
    expect(wordF1('', '').f1).toBe(1);
    expect(wordF1('…', '  ').f1).toBe(1); // no \w token on either side
    expect(wordF1('menu', '').f1).toBe(0);
    expect(wordF1('', 'gold text').f1).toBe(0);
  });

  it('ignores case and punctuation', () => {
    expect(wordF1('HELLO—world.', 'hello world').f1).toBe(1);
  });
});

const rec = (id: string, pageType: string | null, gold: string | null): PageRecord => ({
  id, dataset: 'wcxb', url: null, lang: 'en', host: null, html: '<p>x</p>', gold, pageType, source: { file: 'mem' },
});

describe('evaluate by page_type', () => {
  const records = [
    rec('w/1', 'article', 'one two three four'),
    rec('w/2', 'article', 'alpha beta'),
    rec('w/3', 'forum', 'post by ann reply by bob'),
    rec('w/4', 'forum', ''),
    rec('w/5', null, 'no type'),
  ];
  const outputs = new Map([
    ['w/1', { text: 'one two three four' }], // 1
    ['w/2', { text: 'alpha' }], // P 1, R 0.5, F1 2/3
    ['w/3', { text: 'menu' }], // 0
    ['w/4', { text: '' }], // empty gold, empty output: 1
    ['w/5', { text: 'no type' }], // 1
  ]);

  it('groups by the record field and averages the word F1 per page', async () => {
    const report = await evaluate(records, storedPredictor(outputs), { by: 'page_type' });
    expect(Object.keys(report.groups)).toEqual(['article', 'forum', 'unknown']);
    expect(report.groups['article']!.word!.f1).toBeCloseTo((1 + 2 / 3) / 2, 12);
    expect(report.groups['forum']!.word!.f1).toBeCloseTo(0.5, 12);
    expect(report.overall.word!.f1).toBeCloseTo((1 + 2 / 3 + 0 + 1 + 1) / 5, 12);
    const table = formatEvalReport(report);
    expect(table).toMatch(/^\| page_type .*\| word F1 \|/);
    expect(table).toMatch(/\| forum +\| +2 \| +2 \|.*\| +0\.500 \|/);
    expect(table).toMatch(/word F1: the WCXB metric/);
    const json = evalReportJson(report) as { groups: Record<string, { word: { f1: number } }>; word_bag: string };
    expect(json.groups['forum']!.word.f1).toBe(0.5);
    expect(json.word_bag).toBe('multiset');
    expect(pagesCsv(report.pages).split('\n')[3]).toMatch(/,forum,0\.000000,0\.000000,0\.000000$/);
  });

  it('shows no word F1 column for datasets without page types', async () => {
    const plain = records.map((r) => ({ ...r, pageType: null }));
    const report = await evaluate(plain, storedPredictor(outputs), { by: 'dataset' });
    expect(formatEvalReport(report)).not.toMatch(/word F1/);
    expect(report.overall.word).not.toBeNull(); // still measured, in the JSON
  });

  it('reads page_type from a dataset record', () => {
    const r = parseDatasetRecord({ id: 'x', html: '', gold: '', page_type: 'forum' }, { file: 'f' }, 'd');
    expect(r.pageType).toBe('forum');
    expect(parseDatasetRecord({ id: 'x', html: '' }, { file: 'f' }, 'd').pageType).toBeNull();
  });
});
