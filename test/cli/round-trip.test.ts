import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/main.js';
import { tempDir } from '../batch/helpers.js';
import { capture } from './capture.js';
import { predictionKeys, storedPredictor } from '../../src/eval/predictors.js';

const trainingData = fileURLToPath(new URL('../../training-data', import.meta.url));

describe('apply → eval round trip (issue 21.5)', () => {
  it('eval scores every page apply --input wrote for a training-data directory', async () => {
    const dir = tempDir('round-trip');
    const out = join(dir, 'p.jsonl');
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '-q', '--input', trainingData, '--output', out], capture())).toBe(0);
    const ids = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l).id as string);
    expect(ids.length).toBeGreaterThan(10);
    const io = capture();
    expect(await run(['eval', '--data', trainingData, '-p', out], io)).toBe(0);
    expect(io.err).not.toMatch(/no prediction/);
    expect(io.out).toMatch(new RegExp(`\\| all +\\| +${ids.length} \\|`));
  });

  it('eval exits 1, naming both id forms, when no prediction matches a page', async () => {
    const dir = tempDir('round-trip-miss');
    const pred = join(dir, 'p.jsonl');
    writeFileSync(pred, JSON.stringify({ id: 'elsewhere/x', text: 'a' }) + '\n');
    const io = capture();
    expect(await run(['eval', '--data', trainingData, '-p', pred], io)).toBe(1);
    expect(io.err).toMatch(/p\.jsonl: no prediction matches a page of .*training-data \(predictions have ids like "elsewhere\/x", the pages "coastal-courier\.example\/page-01"\)/);
    expect(io.out).toBe('');
  });

  it('a prediction id matches a record by its path tail without the page extension; a shared tail matches nothing', () => {
    expect(predictionKeys('training-data/site/page-01.html')).toEqual(['training-data/site/page-01', 'site/page-01', 'page-01']);
    const p = storedPredictor(new Map([
      ['a/site/x.html', { text: 'one' }], ['b/site/y.htm', { text: 'two' }], ['c/other/y.htm', { text: 'three' }], ['exact', { text: 'four' }],
    ]));
    expect(p({ id: 'site/x' } as never)).toEqual({ text: 'one' });
    expect(p({ id: 'site/y' } as never)).toEqual({ text: 'two' });
    expect(p({ id: 'y' } as never)).toBeUndefined();
    expect(p({ id: 'exact' } as never)).toEqual({ text: 'four' });
  });
});
