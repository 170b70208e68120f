/**
 * Exclusive ownership of an output (lock.ts): a second holder refuses with one
 * line naming the file, or waits; the lock works between processes and goes
 * with a SIGKILLed holder at once; batch runs and `farsw apply` use it.
 */
import { describe, it, expect, afterEach, beforeAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { acquireOutputLock, OutputLockedError, type OutputLock } from '../../src/batch/lock.js';
import { jsonlFileSink } from '../../src/batch/output.js';
import { runBatch, type BatchSummary } from '../../src/batch/run.js';
import { run } from '../../src/cli/main.js';
import { capture } from '../cli/capture.js';
import { compiledWorker, pageLines, tempDir, TEST_EXTRACT, writeLines } from './helpers.js';

let lockJs: string;
beforeAll(() => { lockJs = join(compiledWorker(), '../lock.js'); }, 180_000); // the child processes load compiled JavaScript

const children: ChildProcess[] = [];
afterEach(() => { for (const c of children.splice(0)) c.kill('SIGKILL'); });

/** A child process that takes the lock on `file` (waiting for it), says `held`, and releases when its stdin ends. */
async function holder(file: string): Promise<ChildProcess & { held: Promise<void> }> {
  const code = `import { acquireOutputLock } from ${JSON.stringify(lockJs)};
const lock = await acquireOutputLock(process.argv[1], { wait: true, pollMs: 20 });
process.stdout.write('held\\n');
process.stdin.resume().on('end', () => { lock.release(); process.exit(0); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  const held = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('held')) resolve(); });
    child.once('exit', (c) => reject(new Error(`holder exited (${c}) before taking the lock`)));
  });
  held.catch(() => {});
  return Object.assign(child, { held });
}

describe('acquireOutputLock', () => {
  it('a second holder in the same process is refused with one line naming the file; after release the lock is free and the file gone', async () => {
    const file = join(tempDir('lock'), 'out.jsonl.lock');
    const first = await acquireOutputLock(file, { subject: 'out.jsonl.partial' });
    const second = acquireOutputLock(file, { subject: 'out.jsonl.partial' });
    await expect(second).rejects.toBeInstanceOf(OutputLockedError);
    const message = await second.catch((e: Error) => e.message);
    expect(message).toMatch(/^out\.jsonl\.partial is being written by another run \(pid \d+ holds the lock .*out\.jsonl\.lock\); stop it, or pass --wait to wait for it$/);
    first.release();
    first.release(); // idempotent
    expect(existsSync(file)).toBe(false);
    (await acquireOutputLock(file)).release();
  });

  it('with wait, the second holder gets the lock when the first releases it, and onWait is called once', async () => {
    const file = join(tempDir('lock-wait'), 'x.lock');
    const first = await acquireOutputLock(file);
    const waits: (number | undefined)[] = [];
    let got: OutputLock | undefined;
    const second = acquireOutputLock(file, { wait: true, pollMs: 10, onWait: (pid) => waits.push(pid) }).then((l) => (got = l));
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toBeUndefined();
    first.release();
    await second;
    expect(got).toBeDefined();
    expect(waits).toEqual([process.pid]);
    got!.release();
  });

  it('a wait stops when its signal aborts', async () => {
    const file = join(tempDir('lock-abort'), 'x.lock');
    const first = await acquireOutputLock(file);
    const ac = new AbortController();
    const second = acquireOutputLock(file, { wait: true, pollMs: 10, signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    first.release();
  });

  it('between processes: refused while another process holds it (naming its pid), free at once when that process is SIGKILLed', async () => {
    const file = join(tempDir('lock-kill'), 'out.lock');
    const child = await holder(file);
    await child.held;
    const refused = await acquireOutputLock(file).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(OutputLockedError);
    expect((refused as Error).message).toContain(process.platform === 'linux' ? `pid ${child.pid} holds` : 'holds');
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(existsSync(file)).toBe(true); // the dead holder could not tidy up; its lock went with it all the same
    const lock = await acquireOutputLock(file);
    lock.release();
  });

  it('between processes: a waiting process takes the lock when this one releases it, not before', async () => {
    const file = join(tempDir('lock-handover'), 'out.lock');
    const mine = await acquireOutputLock(file);
    const child = await holder(file);
    let taken = false;
    void child.held.then(() => { taken = true; });
    await new Promise((r) => setTimeout(r, 300));
    expect(taken).toBe(false);
    mine.release();
    await child.held;
    await expect(acquireOutputLock(file)).rejects.toBeInstanceOf(OutputLockedError);
    child.stdin!.end();
    await once(child, 'exit');
    (await acquireOutputLock(file)).release();
  });

  it('a release races a new holder: the waiter that locked the unlinked file retries and waits for the new one', async () => {
    const file = join(tempDir('lock-race'), 'out.lock');
    const a = await acquireOutputLock(file);
    const child = await holder(file); // polls every 20 ms on the file it opened
    a.release(); // unlinks the file, then unlocks it
    const c = await acquireOutputLock(file, { wait: true, pollMs: 1 }); // a new file at the same path
    let taken = false;
    void child.held.then(() => { taken = true; });
    await new Promise((r) => setTimeout(r, 200));
    expect(taken).toBe(false);
    c.release();
    await child.held;
    child.stdin!.end();
    await once(child, 'exit');
  });
});

describe('batch runs own their output', () => {
  it('a second run on the same output, started mid-run, refuses; the first finishes with every record once', async () => {
    const dir = tempDir('lock-batch');
    const lines = pageLines(40);
    const input = writeLines(join(dir, 'pages.jsonl'), lines);
    const output = join(dir, 'out.jsonl');
    // The first run reads stdin and gets its second half only once the second run has settled, so it is still running then.
    const stdin = new PassThrough();
    stdin.write(lines.slice(0, 20).join('\n') + '\n');
    let second: Promise<BatchSummary> | undefined;
    const first = runBatch({
      inputs: ['-'], stdin, workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true }),
      onRecord: () => {
        if (second) return;
        second = runBatch({ inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true }) });
        void second.catch(() => {}).finally(() => { stdin.end(lines.slice(20).join('\n') + '\n'); });
      },
    });
    expect(await first).toMatchObject({ records: 40, interrupted: false });
    await expect(second).rejects.toThrow(`${output}.partial is being written by another run`);
    const ids = readFileSync(output, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids).toEqual(lines.map((_, i) => `p${i}`));
    expect(readdirSync(dir).sort()).toEqual(['out.jsonl', 'out.jsonl.done', 'pages.jsonl']);
  });

  it('with wait, the second run waits for the first and then finds the share done', async () => {
    const dir = tempDir('lock-batch-wait');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(20));
    const output = join(dir, 'out.jsonl');
    let second: Promise<BatchSummary> | undefined;
    await runBatch({
      inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true }),
      onRecord: () => { second ??= runBatch({ inputs: [input], workers: 0, extract: TEST_EXTRACT, sink: jsonlFileSink(output, { resumable: true, lock: { wait: true, pollMs: 5 } }) }); },
    });
    expect(await second).toMatchObject({ alreadyDone: true, records: 0 });
    expect(readFileSync(output, 'utf8').trim().split('\n')).toHaveLength(20);
  });

  it('farsw apply: refuses with exit 1 and one line while another process holds the output; --wait runs once it is free', async () => {
    const dir = tempDir('lock-cli');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(5));
    const output = join(dir, 'out-{shard}.jsonl');
    const real = join(dir, 'out-00000-of-00002.jsonl');
    const child = await holder(`${real}.lock`);
    await child.held;
    const args = ['apply', '--input', input, '--output', output, '--shard', '0/2', '--workers', '0', '--algorithm', 'addanag', '-q'];
    const io = capture();
    expect(await run(args, io)).toBe(1);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toContain(`${real}.partial is being written by another run (pid`);
    expect(existsSync(`${real}.partial`)).toBe(false);
    const waiting = capture();
    const pending = run([...args, '--wait'], waiting);
    for (let waited = 0; !/waiting for another run/.test(waiting.err) && waited < 20_000; waited += 20) await new Promise((r) => setTimeout(r, 20)); // a loaded machine may take a while to get there
    expect(waiting.err).toMatch(/waiting for another run on this output \(pid \d+\) to end/);
    child.stdin!.end();
    expect(await pending).toBe(0);
    expect(existsSync(`${real}.done`)).toBe(true);
  });
});
