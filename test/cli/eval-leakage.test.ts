import { describe, it, expect } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { tempDir } from '../batch/helpers.js';
import { sitePage } from '../helpers/site-pages.js';
import { capture } from './capture.js';
import { leakageChecker } from '../../src/eval/leakage.js';
import { pageFingerprint, type Model } from '../../src/model/model.js';

function site(root: string, name: string, from: number, count: number): string {
  const dir = join(root, name, 'alpha.example');
  mkdirSync(dir, { recursive: true });
  for (let k = from; k < from + count; k++) {
    const p = sitePage(k);
    writeFileSync(join(dir, `${k}.html`), p.html);
    writeFileSync(join(dir, `${k}.txt`), p.gold!);
  }
  return join(root, name);
}

describe('eval without leakage (issue 21.12)', () => {
  it('warns when a model is scored on pages it was trained on; --exclude-trained leaves them out', async () => {
    const root = tempDir('leak');
    const trainDir = site(root, 'train', 0, 8);
    const mixed = site(root, 'mixed', 4, 8); // pages 4-7 were trained on, 8-11 were not
    const store = join(root, 'farsw.sqlite');
    expect(await run(['train', '--data', trainDir, '--model', 'alpha', '--store', store], capture())).toBe(0);

    const warned = capture();
    expect(await run(['eval', '--data', mixed, '--model', 'alpha', '--store', store], warned)).toBe(0);
    expect(warned.err).toMatch(/WARNING: model "alpha" was trained on 4 of these pages: their scores are not a test \(--exclude-trained leaves them out\)/);
    expect(warned.out).toMatch(/\| all +\| +8 \|/);

    const excluded = capture();
    expect(await run(['eval', '--data', mixed, '--model', 'alpha', '--store', store, '--exclude-trained'], excluded)).toBe(0);
    expect(excluded.err).toMatch(/4 pages model "alpha" was trained on were left out/);
    expect(excluded.out).toMatch(/\| all +\| +4 \|/);

    const clean = capture();
    expect(await run(['eval', '--data', site(root, 'fresh', 20, 3), '--model', 'alpha', '--store', store], clean)).toBe(0);
    expect(clean.err).not.toMatch(/WARNING/);
  });

  it('a model without page fingerprints is checked by dataset', () => {
    const model = { name: 'default', trainingReport: { trainedOn: [{ dataset: 'dragnet', pages: 10 }] } } as unknown as Model;
    const leaks = leakageChecker(() => model);
    expect(leaks.check({ id: 'a', dataset: 'dragnet', html: '<p>x</p>' } as never)).toBe('dataset');
    expect(leaks.check({ id: 'b', dataset: 'other', html: '<p>x</p>' } as never)).toBeUndefined();
    const fp = { name: 'm', trainingReport: { pageFingerprints: [pageFingerprint('<p>x</p>')] } } as unknown as Model;
    const byPage = leakageChecker(() => fp);
    expect(byPage.check({ id: 'a', dataset: 'd', html: '<p>x</p>' } as never)).toBe('page');
    expect(byPage.check({ id: 'b', dataset: 'd', html: '<p>y</p>' } as never)).toBeUndefined();
    expect(byPage.counts.trained.get('m')).toBe(1);
  });
});
