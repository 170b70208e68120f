/**
 * Fault injection, resume and markers (issue 36 items 1–2): an interrupted output is continued only by the job it
 * was (inputs by size, time and a hash of their edges; options; shard): another input, an input rewritten (in place,
 * with its size and time put back), or another share is refused in one line saying what differs, and --force starts
 * over. A `.done` marker is trusted only with its output all there: a deleted or emptied output, or files gone from
 * an --out-dir, are redone.
 */
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBatch, type BatchConfig } from '../../src/batch/run.js';
import { jsonlFileSink, textDirSink } from '../../src/batch/output.js';
import { run } from '../../src/cli/main.js';
import { capture } from '../cli/capture.js';
import { pageLines, tempDir, writeLines } from './helpers.js';

const EXTRACT = Object.freeze({ algorithm: 'addanag' });
type Extra = Partial<Pick<BatchConfig, 'force' | 'shard' | 'signal' | 'onRecord'>>;

/** A run onto `output` over `inputs`; `stopAfter` interrupts it after that many records. */
async function batch(inputs: string[], output: string, extra: Extra & { stopAfter?: number } = {}) {
  const { stopAfter, ...rest } = extra;
  const ac = new AbortController();
  let n = 0;
  return runBatch({
    inputs, workers: 0, extract: EXTRACT, sink: jsonlFileSink(output, { resumable: true }), jobOptions: { extract: EXTRACT }, ...rest,
    ...(stopAfter !== undefined ? { signal: ac.signal, onRecord: () => { if (++n === stopAfter) ac.abort(); } } : {}),
  });
}
const ids = (path: string): string[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
const idLines = (prefix: string, count: number): string[] => pageLines(count).map((l) => l.replace(/"id":"p/, `"id":"${prefix}`));

describe('a partial output is resumed only by its own job', () => {
  it('another input file onto the same output is refused naming it; --force starts over', async () => {
    const dir = tempDir('resume-other');
    const a = writeLines(join(dir, 'a.jsonl'), idLines('a', 20)), b = writeLines(join(dir, 'b.jsonl'), idLines('b', 20));
    const out = join(dir, 'out.jsonl');
    expect((await batch([a], out, { stopAfter: 7 })).interrupted).toBe(true);
    await expect(batch([b], out)).rejects.toThrow(`${out}.partial: an interrupted run of another job is there (input ${b} is new); --force starts over, or write to another --output`);
    expect(readFileSync(`${out}.partial`, 'utf8').trim().split('\n')).toHaveLength(7); // left as it was
    const forced = await batch([b], out, { force: true });
    expect(forced).toMatchObject({ resumed: 0, records: 20 });
    expect(ids(out)).toEqual(Array.from({ length: 20 }, (_, i) => `b${i}`));
  });

  it('the same input rewritten (another size; in place with its size and time put back) is refused', async () => {
    const dir = tempDir('resume-rewrite');
    const input = writeLines(join(dir, 'pages.jsonl'), idLines('x', 20));
    const out = join(dir, 'out.jsonl');
    await batch([input], out, { stopAfter: 5 });
    const before = statSync(input);
    writeLines(input, idLines('y', 20)); // same size: x and y ids are as long
    expect(statSync(input).size).toBe(before.size);
    utimesSync(input, before.atime, before.mtime);
    await expect(batch([input], out)).rejects.toThrow(/rewritten in place: same size and time, other bytes/);
    writeLines(input, idLines('y', 25));
    await expect(batch([input], out)).rejects.toThrow(/input .*pages\.jsonl changed \(size \d+ → \d+ bytes\)/);
  });

  it('another --shard onto the same output is refused naming the option', async () => {
    const dir = tempDir('resume-shard');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(40));
    const out = join(dir, 'out.jsonl');
    await batch([input], out, { shard: { index: 1, count: 2 }, stopAfter: 4 });
    await expect(batch([input], out, { shard: { index: 2, count: 2 } })).rejects.toThrow(/option shard was "1\/2", is "2\/2"/);
  });

  it('the same job resumes; a partial that records no job (an older farsw) is refused until --force', async () => {
    const dir = tempDir('resume-same');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(20));
    const out = join(dir, 'out.jsonl');
    await batch([input], out, { stopAfter: 6 });
    expect(await batch([input], out)).toMatchObject({ resumed: 6, records: 14 });
    expect(ids(out)).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`));
    expect(existsSync(`${out}.partial.job`)).toBe(false);
    const out2 = join(dir, 'old.jsonl');
    writeFileSync(`${out2}.partial`, pageLines(3).map((l) => l.replace(/"html":.*/, '"text":"old"}')).join('\n') + '\n');
    await expect(batch([input], out2)).rejects.toThrow(/the partial output does not record its job/);
    expect(await batch([input], out2, { force: true })).toMatchObject({ resumed: 0, records: 20 });
  });

  it('the CLI says it in one line, exit 1, and --force starts over', async () => {
    const dir = tempDir('resume-cli');
    const a = writeLines(join(dir, 'a.jsonl'), idLines('a', 10)), b = writeLines(join(dir, 'b.jsonl'), idLines('b', 10));
    const out = join(dir, 'out.jsonl');
    await batch([a], out, { stopAfter: 3 });
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', b, '--output', out], io)).toBe(1);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toMatch(/an interrupted run of another job is there \(input .*b\.jsonl is new\); --force starts over/);
    const io2 = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', b, '--output', out, '--force'], io2)).toBe(0);
    expect(ids(out)).toEqual(Array.from({ length: 10 }, (_, i) => `b${i}`));
  });
});

describe('a .done marker is trusted only with its output', () => {
  it('a deleted or emptied output is redone, saying why; an intact one is skipped', async () => {
    const dir = tempDir('done-output');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(12));
    const out = join(dir, 'out.jsonl');
    await batch([input], out);
    expect(await batch([input], out)).toMatchObject({ alreadyDone: true });
    rmSync(out);
    const redone = await batch([input], out);
    expect(redone).toMatchObject({ alreadyDone: false, records: 12 });
    expect(redone.redone).toBe(`${out}.done: ${out} is gone; redoing it`);
    writeFileSync(out, '');
    expect((await batch([input], out)).redone).toMatch(/has 0 bytes, the marker says \d+/);
    expect(ids(out)).toHaveLength(12);
    // A record cut from the output: its size no longer matches.
    writeFileSync(out, readFileSync(out, 'utf8').split('\n').slice(1).join('\n'));
    expect((await batch([input], out)).records).toBe(12);
    expect(await batch([input], out)).toMatchObject({ alreadyDone: true });
  });

  it('--out-dir: files removed (or emptied) after the run are redone; the CLI says so', async () => {
    const dir = tempDir('done-outdir');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(8));
    const outDir = join(dir, 'texts');
    const sink = () => textDirSink(outDir, { markerName: '.done', onError: () => {} });
    const go = () => runBatch({ inputs: [input], workers: 0, extract: EXTRACT, sink: sink(), jobOptions: { extract: EXTRACT } });
    await go();
    const txt = () => readdirSync(outDir).filter((f) => f.endsWith('.txt'));
    expect(txt()).toHaveLength(8);
    expect(await go()).toMatchObject({ alreadyDone: true });
    rmSync(join(outDir, txt()[3]!));
    const again = await go();
    expect(again.redone).toMatch(/1 of its 8 files missing, 0 changed/);
    expect(txt()).toHaveLength(8);
    writeFileSync(join(outDir, txt()[0]!), '');
    expect((await go()).redone).toMatch(/0 of its 8 files missing, 1 changed/);
    const cli = ['apply', '-a', 'addanag', '-w', '0', '--input', input, '--out-dir', outDir];
    expect(await run([...cli, '--force'], capture())).toBe(0);
    rmSync(join(outDir, txt()[1]!));
    const io = capture();
    expect(await run(cli, io)).toBe(0);
    expect(io.err).toMatch(/\.done: 1 of its 8 files missing, 0 changed \(.*\); redoing it/);
    expect(txt()).toHaveLength(8);
  });
});
