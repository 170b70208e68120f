/**
 * Fault injection with real processes (issue 19 items 7, 12 and exactly-once resume): Ctrl-C once and
 * twice, SIGTERM, and kill -9 at random points of a run with worker threads, each followed by a resume
 * that must give every record exactly once, in input order. The CLI runs from the compiled sources
 * (.build/, built once for this file). No assertion depends on timing: signals are sent at random
 * moments after the run has started writing, and only what was written is checked.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { compiledWorker, jsonRecords, noStackTrace, pageText, runCli, spawnCli, tempDir, writeLines } from './helpers.js';

beforeAll(() => { compiledWorker(); }, 300_000);

const COUNT = 2500;

function input(dir: string): string {
  return writeLines(join(dir, 'in.jsonl'), Array.from({ length: COUNT }, (_, n) => JSON.stringify({ id: `p${n}`, html: pageText(n) })));
}

const args = (inp: string, out: string): string[] => ['apply', '-a', 'addanag', '-w', '2', '--input', inp, '--output', out];

/** Resolve once `cond()` holds (checked every 20 ms) or the child has exited. */
async function until(child: ChildProcess, cond: () => boolean): Promise<void> {
  while (!cond() && child.exitCode === null && child.signalCode === null) await new Promise((r) => setTimeout(r, 20));
}

function ended(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }> {
  let err = '';
  child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
  child.stdout!.resume();
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, err })));
}

/** The finished output: every input id once, in order. */
function expectExactlyOnce(out: string): void {
  const ids = jsonRecords(readFileSync(out, 'utf8')).map((r) => r.id);
  expect(ids.length).toBe(COUNT);
  expect(ids).toEqual(Array.from({ length: COUNT }, (_, n) => `p${n}`));
}

describe('signals and kills during a batch run with workers', () => {
  it('Ctrl-C: exit 130, no stack trace, the partial kept; the resume is exactly-once', async () => {
    const dir = tempDir('sigint');
    const inp = input(dir);
    const out = join(dir, 'out.jsonl');
    const child = spawnCli(args(inp, out));
    const done = ended(child);
    await until(child, () => existsSync(`${out}.partial`));
    await new Promise((r) => setTimeout(r, Math.random() * 400));
    child.kill('SIGINT');
    const r = await done;
    if (r.code === 0) return expectExactlyOnce(out); // it finished before the signal: nothing to resume
    expect(r.code).toBe(130);
    expect(noStackTrace(r.err)).toBe(true);
    expect(r.err).toMatch(/interrupted; run the same command again to resume/);
    expect(existsSync(`${out}.done`)).toBe(false);
    const again = await runCli(args(inp, out));
    expect(again.code).toBe(0);
    expectExactlyOnce(out);
  }, 120_000);

  it('Ctrl-C twice stops at once (exit 130); SIGTERM stops like Ctrl-C (exit 143)', async () => {
    const dir = tempDir('sigint2');
    const inp = input(dir);
    for (const [signals, code] of [[['SIGINT', 'SIGINT'], 130], [['SIGTERM'], 143]] as const) {
      const out = join(dir, `out-${signals.length}.jsonl`);
      const child = spawnCli(args(inp, out));
      const done = ended(child);
      await until(child, () => existsSync(`${out}.partial`));
      for (const s of signals) child.kill(s);
      const r = await done;
      if (r.code === 0) continue; // finished first
      expect(r.code).toBe(code);
      expect(noStackTrace(r.err)).toBe(true);
      const again = await runCli(args(inp, out));
      expect(again.code).toBe(0);
      expectExactlyOnce(out);
    }
  }, 120_000);

  it('kill -9 at three random points, then a resume: every record exactly once, in order', async () => {
    const dir = tempDir('kill9');
    const inp = input(dir);
    const out = join(dir, 'out.jsonl');
    for (let round = 0; round < 3; round++) {
      const child = spawnCli(args(inp, out));
      const done = ended(child);
      await until(child, () => existsSync(`${out}.partial`));
      await new Promise((r) => setTimeout(r, Math.random() * 600));
      child.kill('SIGKILL');
      await done;
      if (existsSync(`${out}.done`)) break;
    }
    const again = await runCli(args(inp, out));
    expect(again.code).toBe(0);
    expect(noStackTrace(again.err)).toBe(true);
    expectExactlyOnce(out);
  }, 180_000);
});

describe('two runs on one output (item 7)', () => {
  it('started together: one writes, the other refuses with one line (or finds it done); --wait runs both; every record once', async () => {
    const dir = tempDir('two-runs');
    const inp = input(dir);
    const out = join(dir, 'out.jsonl');
    const [a, b] = await Promise.all([runCli(args(inp, out)), runCli(args(inp, out))]);
    const codes = [a.code, b.code].sort();
    expect(codes[0]).toBe(0);
    const loser = a.code === 0 ? b : a;
    if (loser.code !== 0) {
      expect(loser.code).toBe(1);
      expect(loser.err).toMatch(/another (farsw )?run|in use|locked|being written/i);
      expect(loser.err.trim().split('\n')).toHaveLength(1);
    }
    expect(noStackTrace(a.err + b.err)).toBe(true);
    expectExactlyOnce(out);

    const out2 = join(dir, 'out2.jsonl');
    const [c, d] = await Promise.all([runCli([...args(inp, out2), '--wait']), runCli([...args(inp, out2), '--wait'])]);
    expect([c.code, d.code]).toEqual([0, 0]);
    expect(c.err + d.err).toMatch(/already done/);
    expectExactlyOnce(out2);
  }, 120_000);
});
