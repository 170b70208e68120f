import { describe, it, expect } from 'vitest';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { pageLines, tempDir, writeLines } from '../batch/helpers.js';
import { capture } from './capture.js';
import { describeJob, jobDifference } from '../../src/batch/job.js';

describe('the .done marker records its job (issue 21.6)', () => {
  it('same job: skipped; changed input or options: refused naming the marker; --force redoes it', async () => {
    const dir = tempDir('marker-job');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(3));
    const out = join(dir, 'out.jsonl');
    const base = ['apply', '-a', 'addanag', '-w', '0', '-q', '--input', input, '--output', out];
    expect(await run(base, capture())).toBe(0);
    const marker = JSON.parse(readFileSync(`${out}.done`, 'utf8'));
    expect(marker.job.inputs).toEqual([expect.objectContaining({ path: input, size: expect.any(Number), mtimeMs: expect.any(Number) })]);
    expect(marker.job.options.extract.algorithm).toBe('addanag');

    const same = capture();
    expect(await run(base, same)).toBe(0);
    expect(same.err).toMatch(/output already done by the same inputs and options \(.*out\.jsonl\.done: 3 records, 0 failed\)/);

    const other = capture();
    expect(await run(['apply', '-a', 'danag', '-w', '0', '-q', '--input', input, '--output', out], other)).toBe(1);
    expect(other.err).toMatch(/out\.jsonl\.done: this output was finished by a different job \(option extract was .*addanag.*danag.*\); use --force/);

    writeLines(input, pageLines(5));
    utimesSync(input, new Date(), new Date(Date.now() + 5000));
    const changed = capture();
    expect(await run(base, changed)).toBe(1);
    expect(changed.err).toMatch(/different job \(input .*pages\.jsonl changed \((size \d+ → \d+ bytes|modified since)\)\)/);

    const forced = capture();
    expect(await run([...base, '--force'], forced)).toBe(0);
    expect(forced.err).toMatch(/5 records, 0 failed/);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(5);
  });

  it('a run that finds 0 records says so loudly and exits 1; one whose records all failed says so', async () => {
    const dir = tempDir('marker-empty');
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '\n');
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', empty, '--output', join(dir, 'o.jsonl')], io)).toBe(1);
    expect(io.err).toMatch(/WARNING: no records found in .*empty\.jsonl: nothing was extracted/);
    const bad = writeLines(join(dir, 'bad.jsonl'), ['not json', '{"id": 1}']);
    const io2 = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '-q', '--input', bad, '--output', join(dir, 'o2.jsonl')], io2)).toBe(3);
    expect(io2.err).toMatch(/WARNING: every record failed \(2 of 2\)/);
  });

  it('jobDifference names the first difference; an old marker without a job differs', async () => {
    const job = await describeJob([{ path: 'a', size: 1, mtimeMs: 2 }], { x: 1 });
    expect(jobDifference(job, job)).toBeUndefined();
    expect(jobDifference(undefined, job)).toBe('the marker does not record its job');
    expect(jobDifference(await describeJob([{ path: 'a', size: 1, mtimeMs: 2 }, { path: 'b' }], { x: 1 }), job)).toBe('input b is no longer given');
    expect(jobDifference(await describeJob([{ path: 'a', size: 1, mtimeMs: 2 }], { x: 2 }), job)).toBe('option x was 2, is 1');
  });
});
