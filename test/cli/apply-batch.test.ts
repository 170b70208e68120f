import { describe, it, expect } from 'vitest';
import { existsSync, linkSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { run } from '../../src/cli/main.js';
import { pageLines, page, tempDir, writeLines } from '../batch/helpers.js';
import { capture } from './capture.js';


describe('farsw apply --input (batch)', () => {
  it('reads JSON Lines from stdin and writes to stdout, exit 0', async () => {
    const io = capture(Readable.from([Buffer.from(pageLines(3).join('\n') + '\n')]));
    const code = await run(['apply', '-a', 'addanag', '-w', '0', '--input', '-'], io);
    expect(code).toBe(0);
    const recs = io.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(recs.map((r) => r.id)).toEqual(['p0', 'p1', 'p2']);
    expect(io.err).toMatch(/farsw apply: 3 records, 0 failed/);
  });

  it('an --output that is also an input (itself, or a file of an input directory) is refused before anything is written', async () => {
    const dir = tempDir('cli-same');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(2));
    const before = readFileSync(input, 'utf8');
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', input, '--output', input], io)).toBe(1);
    expect(io.err).toBe(`farsw: ${input}: is also the --output; the output would replace it: write to another file\n`);
    expect(readFileSync(input, 'utf8')).toBe(before);
    expect(existsSync(`${input}.partial`)).toBe(false);
    const inDir = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', dir, '--output', join(dir, 'pages.jsonl')], inDir)).toBe(1);
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it('an --output that is another name of an input (a hard link) is refused too: the same file, not the same path', async () => {
    const dir = tempDir('cli-same-link');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(2));
    const alias = join(dir, 'alias.jsonl');
    linkSync(input, alias);
    const before = readFileSync(input, 'utf8');
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', input, '--output', alias], io)).toBe(1);
    expect(io.err).toBe(`farsw: ${input}: is also the --output; the output would replace it: write to another file\n`);
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it('the summary says which files of an input directory were left out by their name', async () => {
    const dir = tempDir('cli-left-out');
    for (const name of ['a.html', 'b.php', 'c', 'd.png']) writeFileSync(join(dir, name), page(1));
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', dir], io)).toBe(0);
    expect(io.out.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([join(dir, 'a.html')]);
    expect(io.err).toMatch(/farsw apply: 1 records, 0 failed, 3 files of the directories left out by name \(1 \.php, 1 \(no extension\), 1 \.png; --input FILE reads one as a page\),/);
  });

  it('empty standard input holds no record (exit 1 with the warning), and - given twice is a usage error', async () => {
    const io = capture(Readable.from([]));
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', '-'], io)).toBe(1);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/farsw apply: 0 records, 0 failed/);
    expect(io.err).toMatch(/WARNING/);
    const twice = capture(Readable.from([Buffer.from(page(1))]));
    expect(await run(['apply', '-', '-'], twice)).toBe(2);
    expect(twice.err).toBe("farsw: - (standard input) is given twice; it can be read once\nRun 'farsw apply --help' for usage.\n");
  });

  it('--input-format overrides detection: a JSON-looking page read as HTML', async () => {
    const dir = tempDir('cli-format');
    const file = join(dir, 'x.txt');
    writeFileSync(file, '{"looks": "like json"}\n<p>but it is a page</p>');
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', file, '--input-format', 'html'], io)).toBe(0);
    expect(JSON.parse(io.out).id).toBe(file);
  });

  it('exit 3 with error records; --shard names the output; a finished share is skipped on rerun', async () => {
    const dir = tempDir('cli-shard');
    const input = writeLines(join(dir, 'pages.jsonl.gz'), [...pageLines(10), 'not json']);
    const outs: string[] = [];
    let failed = 0;
    for (const i of [0, 1]) {
      const io = capture();
      const code = await run(['apply', '-a', 'addanag', '-w', '0', '-q', '--input', input, '--output', join(dir, 'out-{shard}.jsonl'), '--shard', `${i}/2`], io);
      const out = join(dir, `out-0000${i}-of-00002.jsonl`);
      expect(existsSync(`${out}.done`)).toBe(true);
      const recs = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      failed += recs.filter((r) => r.error).length;
      expect(code).toBe(recs.some((r) => r.error) ? 3 : 0);
      outs.push(...recs.map((r) => r.id));
      const again = capture();
      expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', input, '--output', join(dir, 'out-{shard}.jsonl'), '--shard', `${i}/2`], again)).toBe(0);
      expect(again.err).toContain('already done');
    }
    expect(failed).toBe(1);
    expect(outs.length).toBe(11);
    expect(new Set(outs).size).toBe(11);
  });

  it('--out-dir writes text files', async () => {
    const dir = tempDir('cli-outdir');
    writeFileSync(join(dir, 'a.html'), page(3));
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', dir, '--out-dir', join(dir, 'texts')], io)).toBe(0);
    expect(existsSync(join(dir, 'texts', '.done'))).toBe(true);
  });

  it('usage errors exit 2', async () => {
    for (const argv of [
      ['apply', '--input', 'x.jsonl', '--shard', '2/2'],
      ['apply', '--input', 'x.jsonl', '--workers', '-1'],
      ['apply', '--input', 'x.jsonl', '--output', 'a', '--out-dir', 'b'],
      ['apply', '--input', 'x.jsonl', '--output', ''],
      ['apply', '--input', 'x.jsonl', '--out-dir', ' '],
      ['apply', 'page.html', '--shard', '0/2'],
      ['apply', '--input', 'x', '--input-format', 'pdf'],
    ]) {
      const io = capture();
      expect(await run(argv, io), argv.join(' ')).toBe(2);
    }
  });

  it('a missing input exits 1 naming it', async () => {
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', '/nonexistent/pages.jsonl'], io)).toBe(1);
    expect(io.err).toContain('/nonexistent/pages.jsonl: cannot read (no such file)');
  });
});

describe('farsw apply --input on a terminal (issue 21.7)', () => {
  const terminal = (): NodeJS.WritableStream & { text: string } => {
    const t = { text: '', isTTY: true, columns: 100, write(s: string) { t.text += s; return true; }, on() { return t; }, once() { return t; }, removeListener() { return t; } };
    return t as never;
  };

  it('shows each error record above the progress bar; --quiet hides them and the bar', async () => {
    const dir = tempDir('cli-tty');
    const input = writeLines(join(dir, 'pages.jsonl'), [...pageLines(2), 'not json']);
    const t = terminal();
    const io = Object.assign(capture(), { isTTY: true, terminal: t });
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '--input', input, '--output', join(dir, 'out.jsonl')], io)).toBe(3);
    expect(t.text).toMatch(/\r\x1b\[2Kfarsw: .*pages\.jsonl:3: invalid JSON/);
    const q = terminal();
    const qio = Object.assign(capture(), { isTTY: true, terminal: q });
    expect(await run(['apply', '-a', 'addanag', '-w', '0', '-q', '--input', input, '--output', join(dir, 'out2.jsonl')], qio)).toBe(3);
    expect(q.text + qio.err).not.toMatch(/invalid JSON/);
    expect(qio.err).toMatch(/3 records, 1 failed/);
  });
});
