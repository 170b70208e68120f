/**
 * farsw as a Slurm job array on a real (one-node) cluster, with real failures
 * (issue 20). Run by `npm run test:slurm`, which brings the cluster up around it
 * (scripts/slurm/cluster.sh); `npm test` leaves this directory out.
 *
 * 24,000 pages in 8 files, an array of 4 tasks submitted by scripts/slurm/submit
 * with the template scripts/slurm/farsw-array.sbatch (the one docs/batch.md shows). One task is
 * SIGKILLed mid-share on its first attempt (the template requeues it); another
 * loses its node mid-share (slurmd and the task's processes killed, slurmd
 * started again); then the task that runs under the array's own job id is
 * SIGKILLed, and its requeue must leave the other tasks alone. Every page must
 * come out exactly once, each killed task must have been requeued and must have
 * resumed its partial output.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPTS = join(ROOT, 'scripts/slurm');
const FILES = 8, PER_FILE = 3000, TASKS = 4;
/** A task is killed once its partial output holds this much (the sink writes in 1 MiB batches; a share is about 8.7 MB). */
const KILL_AT = 1 << 20;

const sh = (cmd: string, args: string[]): string => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs: number, pollMs = 25): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(pollMs);
  }
}

/** A page of about 1.6 KB: a menu, a heading, four paragraphs of words drawn from a seeded generator, a footer. */
function page(id: string, seed: number): string {
  const words = 'the village rebuilt its old stone bridge after spring flood washed middle arch away and work took whole summer while river ran low under new timber'.split(' ');
  let x = seed >>> 0;
  const word = (): string => words[(x = (Math.imul(x, 1103515245) + 12345) >>> 0) % words.length]!;
  const para = (): string => `<p>${Array.from({ length: 60 }, word).join(' ')}.</p>`;
  return `<html><head><title>${id}</title></head><body><ul><li><a href="/">Home</a></li><li><a href="/n">News</a></li></ul>`
    + `<div class="article"><h1>Page ${id}</h1>${para()}${para()}${para()}${para()}</div><div class="footer"><a href="/p">Privacy</a></div></body></html>`;
}

interface Proc { pid: number; ppid: number; comm: string; cmdline: string[] }

function proc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const close = stat.lastIndexOf(')');
    return {
      pid, ppid: Number(stat.slice(close + 2).split(' ')[1]), comm: stat.slice(stat.indexOf('(') + 1, close),
      cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'),
    };
  } catch {
    return undefined; // ended while we looked
  }
}

/** The farsw process running share `i` into `outDir`, if any. */
function farswOf(i: number, outDir: string): Proc | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = proc(Number(name));
    if (p && p.cmdline.includes('apply') && p.cmdline.includes(`${i}/${TASKS}`) && p.cmdline.some((a) => a.startsWith(outDir))) return p;
  }
  return undefined;
}

function restartCount(pid: number): number {
  const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return Number(env.find((e) => e.startsWith('SLURM_RESTART_COUNT='))?.split('=')[1] ?? 0);
}

function shareFile(out: string, i: number): string {
  return join(out, `part-${String(i).padStart(5, '0')}-of-${String(TASKS).padStart(5, '0')}.jsonl`);
}

const size = (f: string): number => (existsSync(f) ? statSync(f).size : 0);

function jobField(job: string, field: string): string {
  return new RegExp(`\\b${field}=(\\S*)`).exec(sh('scontrol', ['show', 'job', job]))?.[1] ?? '';
}

describe('farsw on Slurm', () => {
  it('a 4-task array puts each of 24,000 pages out exactly once through SIGKILLed tasks and a node failure', async () => {
    if (process.env['FARSW_SLURM'] !== '1') throw new Error('run through `npm run test:slurm` (scripts/slurm/cluster.sh brings the cluster up)');
    const state = process.env['FARSW_SLURM_STATE']!;
    const t0 = Date.now();
    const dir = mkdtempSync(join(tmpdir(), 'farsw-slurm-test-'));
    const input = join(dir, 'crawl'), out = join(dir, 'out'), logs = join(dir, 'logs');
    mkdirSync(input);
    let bytes = 0;
    for (let f = 0; f < FILES; f++) {
      const lines = Array.from({ length: PER_FILE }, (_, n) => JSON.stringify({ id: `f${f}-p${n}`, html: page(`f${f}-p${n}`, f * 100_003 + n) }));
      const body = lines.join('\n') + '\n';
      writeFileSync(join(input, `pages-${String(f).padStart(3, '0')}.jsonl`), body);
      bytes += Buffer.byteLength(body);
    }
    const generated = Date.now();

    // Sized from the input: MB per task such that 4 tasks take it all.
    const mbPerTask = Math.ceil(bytes / TASKS / 1e4) / 100;
    const job = sh(join(SCRIPTS, 'submit'), [
      '--input', input, '--output', join(out, 'part-{shard}.jsonl'), '--mb-per-task', String(mbPerTask),
      '--cpus-per-task', '1', '--log-dir', logs, '--farsw', `${process.execPath} ${join(ROOT, 'bin/farsw.js')}`,
    ]).trim();
    expect(job).toMatch(/^\d+$/);
    const submitted = Date.now();
    expect(jobField(`${job}_${TASKS - 1}`, 'ArrayTaskId')).toBe(String(TASKS - 1));

    // Victims are chosen by progress, not by index (two tasks run at once and either may run ahead): a share is
    // mid-share when its partial output holds KILL_AT bytes, it has no marker and its farsw runs.
    const midShare = (what: string, pick: (i: number, p: Proc) => boolean): Promise<{ i: number; p: Proc }> => waitFor(what, () => {
      if (readdirSync(out).filter((f) => f.endsWith('.done')).length === TASKS) throw new Error(`every share ended before ${what}`);
      for (let i = 0; i < TASKS; i++) {
        if (size(`${shareFile(out, i)}.partial`) < KILL_AT || existsSync(`${shareFile(out, i)}.done`)) continue;
        const p = farswOf(i, out);
        if (p && pick(i, p)) return { i, p };
      }
      return undefined;
    }, 90_000);

    // 1. A task is SIGKILLed mid-share on its first attempt: farsw exits 137, the template requeues the task.
    const first = await midShare('a task mid-share on its first attempt', (_, p) => restartCount(p.pid) === 0);
    process.kill(first.p.pid, 'SIGKILL');
    const killed = Date.now();
    const killedAt = size(`${shareFile(out, first.i)}.partial`);

    // 2. Another task loses its node mid-share: slurmd, the task's slurmstepd, batch script and farsw are killed.
    const node = await midShare('another task mid-share', (i, p) => i !== first.i && proc(proc(p.ppid)?.ppid ?? 0)?.comm === 'slurmstepd');
    const script = proc(node.p.ppid)!, stepd = proc(script.ppid)!;
    const slurmd = Number(readFileSync(join(state, 'slurmd.pid'), 'utf8'));
    for (const pid of [slurmd, stepd.pid, script.pid, node.p.pid]) process.kill(pid, 'SIGKILL');
    const nodeFailedAt = Date.now();
    const failedPartial = size(`${shareFile(out, node.i)}.partial`);
    // The controller notices the silent node (SlurmdTimeout=10 s) and requeues its jobs; then the node comes back.
    await waitFor('the node to be marked down', () => /down/.test(sh('sinfo', ['-h', '-n', 'localhost', '-o', '%T'])), 60_000, 500);
    sh(join(SCRIPTS, 'cluster.sh'), ['restart-slurmd']);
    const nodeBack = Date.now();

    // 3. The task that runs under the array's own job id (one does: on Slurm 22.05 the last to start) is SIGKILLed
    //    mid-share. Its requeue must take that task alone: `scontrol requeue $SLURM_JOB_ID` there would requeue
    //    every running task of the array.
    const restartsOf = (): number[] => [0, 1, 2, 3].map((i) => Number(jobField(`${job}_${i}`, 'Restarts')));
    const arrayTask = await midShare("the task with the array's job id mid-share", (i) =>
      jobField(`${job}_${i}`, 'JobId') === job && jobField(`${job}_${i}`, 'JobState') === 'RUNNING');
    const before = restartsOf();
    const runningBeside = [0, 1, 2, 3].filter((i) => i !== arrayTask.i && jobField(`${job}_${i}`, 'JobState') === 'RUNNING');
    process.kill(arrayTask.p.pid, 'SIGKILL');
    await waitFor('its requeue', () => Number(jobField(`${job}_${arrayTask.i}`, 'Restarts')) === before[arrayTask.i]! + 1, 30_000, 200);
    const others = (r: number[]): number[] => r.filter((_, i) => i !== arrayTask.i);
    expect(others(restartsOf())).toEqual(others(before));

    // 4. Every share ends.
    await waitFor('4 .done markers', () => readdirSync(out).filter((f) => f.endsWith('.done')).length === TASKS, 120_000, 250);
    const finished = Date.now();

    // Exactly once: every input id in the union of the outputs, once; no error records.
    const seen = new Map<string, number>();
    let errors = 0;
    for (let i = 0; i < TASKS; i++) {
      for (const line of readFileSync(shareFile(out, i), 'utf8').split('\n')) {
        if (!line) continue;
        const rec = JSON.parse(line) as { id: string; error?: string };
        if (rec.error !== undefined) errors++;
        seen.set(rec.id, (seen.get(rec.id) ?? 0) + 1);
      }
    }
    expect(errors).toBe(0);
    expect(seen.size).toBe(FILES * PER_FILE);
    expect([...seen.values()].filter((n) => n !== 1)).toEqual([]);
    for (let f = 0; f < FILES; f++) for (let n = 0; n < PER_FILE; n++) expect(seen.has(`f${f}-p${n}`)).toBe(true);
    const left = readdirSync(out);
    expect(left.filter((f) => f.endsWith('.done'))).toHaveLength(TASKS);
    expect(left.filter((f) => f.endsWith('.partial') || f.endsWith('.lock'))).toEqual([]);

    // The killed tasks were requeued and resumed their partial output.
    const log = (i: number): string => readFileSync(join(logs, `farsw-${job}_${i}.log`), 'utf8');
    for (const i of new Set([first.i, node.i, arrayTask.i])) {
      expect(Number(jobField(`${job}_${i}`, 'Restarts'))).toBeGreaterThanOrEqual(1);
      expect(log(i)).toMatch(/attempt [2-9] on /);
      const kept = Number(/(\d+) kept from the interrupted run/.exec(log(i))?.[1] ?? 0);
      expect(kept).toBeGreaterThan(0);
    }
    expect(log(first.i)).toMatch(/attempt 1: farsw exit 137\nfarsw-slurm: requeueing /);
    // Other tasks may have been requeued by the node failure too: every job running on (or just placed on) the node is.

    // The status helper agrees.
    expect(sh(join(SCRIPTS, 'status'), ['--output', join(out, 'part-{shard}.jsonl'), '--tasks', String(TASKS), '--job', job, '--log-dir', logs])).toMatch(/^4\/4 shares done$/m);

    // Timings and throughput per task attempt, for docs/benchmarks/batch.md.
    const attempts = [0, 1, 2, 3].flatMap((i) => [...log(i).matchAll(/farsw apply: (\d+) records, .*? ([\d.]+) MB in ([\d.]+) s \(([\d.]+) pages\/s/g)]
      .map((m) => ({ task: i, records: Number(m[1]), mb: Number(m[2]), seconds: Number(m[3]), pagesPerSecond: Number(m[4]) })));
    // Seconds from a kill to the start of the task's next attempt (the template logs whole seconds, UTC).
    const restartAfter = (i: number, from: number): number => {
      const at = /attempt 2 on \S+ at (\d\d):(\d\d):(\d\d)/.exec(log(i))!;
      const d = new Date(from);
      const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), Number(at[1]), Number(at[2]), Number(at[3]));
      return Math.round((start - from) / 100) / 10;
    };
    const report = {
      pages: FILES * PER_FILE, inputMB: Math.round(bytes / 1e5) / 10, mbPerTask, killedAtBytes: killedAt, nodeFailedAtBytes: failedPartial,
      seconds: {
        generate: (generated - t0) / 1000, submitToDone: (finished - submitted) / 1000,
        killToRestart: restartAfter(first.i, killed), nodeDownAfterKill: (nodeBack - nodeFailedAt) / 1000,
        nodeBackToRestart: restartAfter(node.i, nodeBack), total: (finished - t0) / 1000,
      },
      killed: first.i, nodeFailed: node.i, arrayIdTask: arrayTask.i, runningBesideIt: runningBeside, restarts: restartsOf(),
      attempts,
    };
    console.log(`slurm test: ${JSON.stringify(report)}`);
    if (process.env['FARSW_SLURM_REPORT']) writeFileSync(process.env['FARSW_SLURM_REPORT'], JSON.stringify(report, null, 2) + '\n');
    rmSync(dir, { recursive: true, force: true }); // 80 MB of pages and outputs; kept when an assertion fails
  }, 175_000);
});
