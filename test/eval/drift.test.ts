/**
 * Drift (issue 18.5) on a hand-written site whose template changes halfway
 * (training-data/harbour-herald.example: pages 1–10 old layout, 11–20 redesigned).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTrainingData } from '../../src/dataset/training-data.js';
import type { PageRecord } from '../../src/dataset/types.js';
import { checkDrift } from '../../src/eval/drift.js';
import { checkSiteModel } from '../../src/eval/site-guard.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { openModelStore } from '../../src/model-store/sqlite.js';
import { train } from '../../src/train/train.js';
import type { Model } from '../../src/model/model.js';
import { run } from '../../src/cli/main.js';
import { capture } from '../cli/capture.js';

const data = join(dirname(fileURLToPath(import.meta.url)), '../../training-data');
const site = 'harbour-herald.example';
let pages: PageRecord[];
let model: Model;
const dir = mkdtempSync(join(tmpdir(), 'farsw-drift-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  pages = [];
  for await (const r of readTrainingData(data)) if (r.host === site) pages.push(r);
  const old = pages.slice(0, 8);
  const m = train(old, { name: 'herald', site });
  const siteCheck = checkSiteModel(old, { site }, shippedDefaultModel())!;
  model = { ...m, trainingReport: { ...m.trainingReport, siteCheck } };
});

describe('checkDrift', () => {
  it('the site has 20 pages, the template changing after page 10', () => {
    expect(pages).toHaveLength(20);
    expect(pages[9]!.html).toContain('id="menu"');
    expect(pages[10]!.html).not.toContain('id="menu"');
  });

  it('records the training baseline: every template line on every training page', () => {
    expect(model.templateLines!.length).toBeGreaterThan(3);
    expect(model.trainingReport.templateHitRate).toBe(1);
  });

  it('finds no drift on unseen pages in the old layout', () => {
    const d = checkDrift(pages.slice(8, 10), model, shippedDefaultModel());
    expect(d.templateLines.now).toBe(1);
    expect(d.drifted).toBe(false);
    expect(d.findings).toEqual([]);
    expect(d.recommendation).toMatch(/^ok/);
  });

  it('reports drift after the redesign: the template lines are gone; retrain', () => {
    const d = checkDrift(pages.slice(10).map((p) => ({ id: p.id, html: p.html })), model, shippedDefaultModel());
    expect(d.pages).toBe(10);
    expect(d.templateLines.now).toBe(0);
    expect(d.templateLines.pagesWithout).toBe(10);
    expect(d.drifted).toBe(true);
    expect(d.findings[0]).toMatch(/^template lines no longer found: 0\.000 of the model's \d+ template lines per page, 1\.000 in training/);
    expect(d.recommendation).toMatch(/^retrain: farsw train --data NEW_PAGES --site harbour-herald\.example/);
    expect(d.scores).toBeNull(); // no gold given
  });

  it('a mixed batch shows drift once enough pages changed', () => {
    expect(checkDrift(pages.slice(8, 12), model, shippedDefaultModel()).drifted).toBe(false); // 2 of 4 pages changed: mean share 0.5
    expect(checkDrift(pages.slice(8, 16), model, shippedDefaultModel()).drifted).toBe(true); // 6 of 8
  });

  it('farsw models check NAME --data: exit 0 when the site still matches, 4 on drift', async () => {
    const store = join(dir, 'm.sqlite');
    const s = openModelStore(store);
    s.save(model);
    s.close();
    const ok = capture();
    const { mkdirSync, copyFileSync } = await import('node:fs');
    const dirs = { old: join(dir, 'old', site), fresh: join(dir, 'new', site) };
    for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
    for (const [k, p] of pages.entries()) {
      const name = p.id.split('/').pop()!;
      if (k === 8 || k === 9) for (const ext of ['html', 'txt', 'json']) copyFileSync(join(data, site, `${name}.${ext}`), join(dirs.old, `${name}.${ext}`));
      if (k >= 10) for (const ext of ['html', 'txt', 'json']) copyFileSync(join(data, site, `${name}.${ext}`), join(dirs.fresh, `${name}.${ext}`));
    }
    expect(await run(['models', 'check', 'herald', '--data', join(dir, 'old'), '--store', store], ok)).toBe(0);
    expect(ok.out).toMatch(/verdict +ok: the new pages still match the model/);
    const bad = capture();
    expect(await run(['models', 'check', 'herald', '--data', join(dir, 'new'), '--store', store], bad)).toBe(4);
    expect(bad.out).toMatch(/DRIFT +template lines no longer found/);
    expect(bad.out).toMatch(/verdict +retrain/);
    const usage = capture();
    expect(await run(['models', 'check', 'herald', '--store', store], usage)).not.toBe(0);
    expect(usage.err).toMatch(/give both a model NAME and --data/);
  });
});
