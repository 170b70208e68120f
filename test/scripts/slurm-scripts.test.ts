/**
 * scripts/slurm without a cluster: docs/batch.md shows the tested template word for
 * word; the template's requeue rule (this task only, bounded by
 * SLURM_RESTART_COUNT) with stand-ins for farsw and scontrol; submit's sizing;
 * status's count of markers. The cluster test is test/slurm (npm run test:slurm).
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SLURM = join(ROOT, 'scripts/slurm');
const TEMPLATE = join(SLURM, 'farsw-array.sbatch');

/** Run `cmd` with `env` added to this process's environment, less the variables in `unset` that `env` does not set. */
function run(cmd: string, args: string[], env: Record<string, string> = {}, unset: string[] = []): { code: number; out: string; err: string } {
  const base = { ...process.env };
  for (const k of unset) delete base[k];
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...base, ...env } });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

function temp(): string {
  return mkdtempSync(join(tmpdir(), 'farsw-slurm-scripts-'));
}

describe('docs/batch.md', () => {
  it('shows scripts/slurm/farsw-array.sbatch word for word', () => {
    const doc = readFileSync(join(ROOT, 'docs/batch.md'), 'utf8');
    const block = /```bash\n# scripts\/slurm\/farsw-array\.sbatch\n([\s\S]*?)```/.exec(doc);
    expect(block, 'docs/batch.md: a ```bash block starting "# scripts/slurm/farsw-array.sbatch"').not.toBeNull();
    expect(block![1]).toBe(readFileSync(TEMPLATE, 'utf8'));
  });
});

describe('farsw-array.sbatch', () => {
  /** Run the template as Slurm would, with a stand-in farsw exiting `exit` and an scontrol that records its arguments. */
  function task(exit: number, restarts: number | undefined): { code: number; out: string; farsw: string; scontrol: string } {
    const dir = temp();
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'farsw'), `#!/bin/bash\necho "$@" > ${dir}/farsw.args\nexit ${exit}\n`);
    writeFileSync(join(bin, 'scontrol'), `#!/bin/bash\necho "$@" >> ${dir}/scontrol.args\n`);
    for (const f of ['farsw', 'scontrol']) chmodSync(join(bin, f), 0o755);
    const env: Record<string, string> = {
      PATH: `${bin}:${process.env['PATH']}`, FARSW_INPUT: '/data/a b\n/data/c.warc.gz\n', FARSW_OUTPUT: '/out/part-{shard}.jsonl', FARSW_SHARDS: '64',
      SLURM_JOB_ID: '1012', SLURM_ARRAY_JOB_ID: '1000', SLURM_ARRAY_TASK_ID: '12', SLURM_CPUS_PER_TASK: '4',
    };
    if (restarts !== undefined) env['SLURM_RESTART_COUNT'] = String(restarts);
    const r = run('bash', [TEMPLATE, '--model', 'news'], env, ['SLURM_RESTART_COUNT']);
    const read = (f: string): string => { try { return readFileSync(join(dir, f), 'utf8'); } catch { return ''; } };
    return { code: r.code, out: r.out, farsw: read('farsw.args'), scontrol: read('scontrol.args') };
  }

  it('runs farsw on its share with every input, the output pattern, --wait, workers = --cpus-per-task, and extra arguments', () => {
    const t = task(0, undefined);
    expect(t.code).toBe(0);
    expect(t.farsw).toBe('apply -q --wait --input /data/a b --input /data/c.warc.gz --shard 12/64 --output /out/part-{shard}.jsonl --workers 4 --model news\n');
    expect(t.out).toMatch(/^farsw-slurm: task 1000_12, share 12\/64, attempt 1 on /);
    expect(t.scontrol).toBe('');
  });

  it('a failed farsw requeues this array task (never $SLURM_JOB_ID) until SLURM_RESTART_COUNT reaches the bound', () => {
    const first = task(137, undefined);
    expect(first.scontrol).toBe('requeue 1000_12\n');
    expect(first.code).toBe(0);
    const third = task(1, 2);
    expect(third.scontrol).toBe('requeue 1000_12\n');
    const last = task(137, 3);
    expect(last.scontrol).toBe('');
    expect(last.code).toBe(137);
    expect(last.out).toMatch(/attempt 4: farsw exit 137/);
  });

  it('exit 3 (some pages are error records) and 2 (bad usage) are final', () => {
    for (const code of [2, 3]) {
      const t = task(code, undefined);
      expect(t.scontrol).toBe('');
      expect(t.code).toBe(code);
    }
  });
});

describe('submit', () => {
  function crawl(sizes: number[]): string {
    const dir = join(temp(), 'crawl');
    mkdirSync(dir);
    sizes.forEach((n, i) => writeFileSync(join(dir, `p${i}.jsonl`), 'x'.repeat(n)));
    writeFileSync(join(dir, 'notes.txt'), 'x'.repeat(5_000_000)); // not read by farsw, not counted
    return dir;
  }
  const submit = (args: string[]): { code: number; out: string; err: string } => run(join(SLURM, 'submit'), [...args, '--dry-run']);

  it('sizes the array from the input bytes and prints the sbatch command', () => {
    const dir = crawl([3_000_000, 3_000_000, 3_000_000, 1_000_000]);
    const out = join(dir, '..', 'out', 'part-{shard}.jsonl');
    const r = submit(['--input', dir, '--output', out, '--mb-per-task', '2.5']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('submit: 4 input files, 10.0 MB -> 4 tasks\n');
    expect(r.out).toContain('FARSW_SHARDS=4 ');
    expect(r.out).toContain('--array=0-3 ');
    expect(r.out).toContain('farsw-array.sbatch');
  });

  it('takes no more tasks than files (whole files go to shares), and --tasks, --only, --max-parallel as given', () => {
    const dir = crawl([3_000_000, 3_000_000]);
    const out = join(dir, '..', 'part-{shard}.jsonl');
    expect(submit(['--input', dir, '--output', out, '--mb-per-task', '1']).err).toMatch(/-> 2 tasks/);
    const r = submit(['--input', dir, '--output', out, '--tasks', '64', '--only', '3,7-9', '--max-parallel', '2']);
    expect(r.out).toContain('FARSW_SHARDS=64 ');
    expect(r.out).toContain('--array=3\\,7-9%2 '); // printf %q escapes the comma
  });

  it('one file is split by records: the size alone sets the count', () => {
    const dir = crawl([7_000_000]);
    expect(submit(['--input', join(dir, 'p0.jsonl'), '--output', join(dir, 'o-{shard}.jsonl'), '--mb-per-task', '2']).err).toMatch(/1 input files, 7\.0 MB -> 4 tasks/);
  });

  it('refuses an output without {shard} and a missing input, in one line', () => {
    const dir = crawl([10]);
    const a = submit(['--input', dir, '--output', join(dir, 'o.jsonl')]);
    expect([a.code, a.err]).toEqual([2, `submit: --output must contain {shard}, found '${join(dir, 'o.jsonl')}'\n`]);
    const b = submit(['--input', join(dir, 'nope'), '--output', join(dir, 'o-{shard}.jsonl')]);
    expect([b.code, b.err]).toEqual([2, `submit: ${join(dir, 'nope')}: no such file or directory\n`]);
  });
});

describe('status', () => {
  it('counts .done markers and lists the shares that are not done, with their partial output', () => {
    const dir = temp();
    const file = (i: number): string => join(dir, `part-0000${i}-of-00004.jsonl`);
    for (const i of [0, 2]) { writeFileSync(file(i), '{}\n'); writeFileSync(`${file(i)}.done`, '{}\n'); }
    writeFileSync(`${file(1)}.partial`, '{}\n{}\n{}\n');
    const r = run(join(SLURM, 'status'), ['--output', join(dir, 'part-{shard}.jsonl'), '--tasks', '4']);
    expect(r.code).toBe(1);
    expect(r.out).toBe([
      `share 1 (${file(1)}): not running; partial output 3 lines`,
      `share 3 (${file(3)}): not running; no output`,
      '2/4 shares done',
      'failed shares: 1,3 (rerun them: scripts/slurm/submit with the same options and --tasks 4 --only 1,3)',
      '',
    ].join('\n'));
    for (const i of [1, 3]) { writeFileSync(file(i), '{}\n'); writeFileSync(`${file(i)}.done`, '{}\n'); }
    const done = run(join(SLURM, 'status'), ['--output', join(dir, 'part-{shard}.jsonl'), '--tasks', '4']);
    expect([done.code, done.out]).toEqual([0, '4/4 shares done\n']);
  });
});
