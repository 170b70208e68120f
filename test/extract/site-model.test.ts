/**
 * Issue 5 on hand-written pages (training-data/, written by training-data/generate.mjs):
 * a model trained on a site keeps the article and drops the site's menus and footers;
 * `--model auto` picks the site model by host and falls back to `default`.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTrainingData } from '../../src/dataset/training-data.js';
import type { PageRecord } from '../../src/dataset/types.js';
import { train } from '../../src/train/train.js';
import type { Model } from '../../src/model/model.js';
import { extract } from '../../src/api/extract.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { run } from '../../src/cli/main.js';
import { capture } from '../cli/capture.js';
import { scoreText } from '../../src/eval/metrics.js';

const data = join(dirname(fileURLToPath(import.meta.url)), '../../training-data');
let pages: PageRecord[];
let courier: PageRecord[];
let model: Model;
let store: string;

beforeAll(async () => {
  pages = [];
  for await (const r of readTrainingData(data)) pages.push(r);
  courier = pages.filter((p) => p.host === 'coastal-courier.example');
  // Train on the first 9 pages of the site, test on the other 3.
  model = train(courier.slice(0, 9), { name: 'courier', site: 'coastal-courier.example' });
  store = join(mkdtempSync(join(tmpdir(), 'farsw-site-')), 'models.sqlite');
  const s = openModelStore(store);
  s.save(model);
  s.close();
});

describe('a site model', () => {
  it('learns the site: rules, template lines and structural paths', () => {
    expect(model.rules.length).toBeGreaterThan(0);
    expect(model.templateLines?.length ?? 0).toBeGreaterThan(0);
    expect(model.pathStats?.length ?? 0).toBeGreaterThan(0);
  });

  it('keeps the article and drops menus, sidebar, share bar, comments and footer on unseen pages', () => {
    for (const page of courier.slice(9)) {
      const { text } = extract(page.html, { model });
      for (const para of page.gold!.split('\n').filter(Boolean).slice(1)) expect(text).toContain(para);
      for (const junk of ['Subscribe today', 'Weather', 'Most read', 'Email this story', 'Comments are moderated', 'All rights reserved', 'Contact the newsroom']) {
        expect(text).not.toContain(junk);
      }
      expect(scoreText(text, page.gold!).bow.f1).toBeGreaterThan(0.9);
    }
  });

  it('--model auto picks the site model by host, and the default model elsewhere', () => {
    const page = courier[10]!;
    expect(extract(page.html, { store, url: 'https://coastal-courier.example/x' }).model).toBe('courier');
    expect(extract(page.html, { store, url: 'https://news.coastal-courier.example/x' }).model).toBe('courier');
    expect(extract(page.html, { store, url: 'https://elsewhere.example/x' }).model).toBe('default');
    expect(extract(page.html, { store }).model).toBe('default');
  });

  it('the guard\'s per-page fallback: the default model\'s text where the site model\'s agrees with it below τ', () => {
    const dflt = shippedDefaultModel();
    for (const page of courier.slice(9)) {
      const own = extract(page.html, { model }), other = extract(page.html, { model: dflt });
      // On these pages the two agree at 0.98–0.99 (BoW F1 of one text against the other).
      const kept = extract(page.html, { model, fallback: { model: dflt, below: 0.9 } });
      expect([kept.model, kept.text, kept.fellBack]).toEqual(['courier', own.text, undefined]);
      const fell = extract(page.html, { model, fallback: { model: dflt, below: 0.995 } });
      expect([fell.model, fell.text, fell.fellBack]).toEqual(['default', other.text, true]);
      expect(fell.modelReason).toMatch(/^default: courier agreed with it at 0\.9[89]\d on this page, below 0\.995$/);
    }
    // Through a store, as --model auto reads it from the guard's record.
    const path = join(mkdtempSync(join(tmpdir(), 'farsw-fb-')), 'm.sqlite');
    const s = openModelStore(path);
    const siteCheck = { folds: 5, pages: 9, siteF1: 0.99, defaultF1: 0.98, defaultModel: 'default', agreement: 0.98, useSite: true, fallbackBelow: 0.995, guardedF1: 0.99, wins: 7, losses: 1 };
    s.save({ ...model, trainingReport: { ...model.trainingReport, siteCheck } });
    s.close();
    const r = extract(courier[10]!.html, { store: path, url: 'https://coastal-courier.example/x' });
    expect(r.model).toBe('default');
    expect(r.modelReason).toMatch(/^default: courier agreed with it at .* below 0\.995 \(site model courier \(won: 0\.990 vs default 0\.980/);
    expect(extract(courier[10]!.html, { store: path, url: 'https://coastal-courier.example/x', useSiteModel: true }).model).toBe('courier');
  });

  it('applies a model exported to a JSON file without importing it', async () => {
    const { writeFileSync } = await import('node:fs');
    const { modelToJson } = await import('../../src/model/model.js');
    const file = join(mkdtempSync(join(tmpdir(), 'farsw-json-')), 'courier.json');
    writeFileSync(file, modelToJson(model));
    const page = courier[11]!;
    expect(extract(page.html, { model: file }).text).toBe(extract(page.html, { model }).text);
    expect(() => extract(page.html, { model: join(tmpdir(), 'no-such-model.json') })).toThrow(/cannot read model file/);
  });

  it('the CLI trains per site and applies by host', async () => {
    const io = capture();
    const cliStore = join(mkdtempSync(join(tmpdir(), 'farsw-cli-')), 'm.sqlite');
    expect(await run(['train', '--data', data, '--by-site', '--min-pages', '10', '--store', cliStore], io)).toBe(0);
    const file = join(data, 'valley-gazette.example/page-12.html');
    io.out = '';
    expect(await run(['apply', '--store', cliStore, '--url', 'https://valley-gazette.example/page-12', '--format', 'json', file], io)).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.model).toBe('valley-gazette.example');
    const gold = readFileSync(join(data, 'valley-gazette.example/page-12.txt'), 'utf8');
    expect(scoreText(j.text, gold).bow.f1).toBeGreaterThan(0.9);
    expect(j.text).not.toContain('Advertise with us');
  });
});
