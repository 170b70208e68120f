/**
 * Fault injection, outputs (issue 19 items 6, 8–11, 13, 14): --out-dir name clashes, special files and
 * symbolic links as --output, bad output paths found before any input is read, a full disk, a slow
 * stdout reader, oversized --workers, unreadable subdirectories and symbolic links in --input DIR.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { run } from '../../src/cli/main.js';
import { capture } from '../cli/capture.js';
import { streamSink } from '../../src/batch/output.js';
import { pageLines, tempDir, writeLines, pageText, runToMemory } from './helpers.js';

const base = ['apply', '-a', 'addanag', '-w', '0'];

describe('--out-dir: one file per record', () => {
  it('records with the same id, the same URL, or names that collide on the hash get files of their own', async () => {
    const dir = tempDir('outdir-clash');
    const { textFileName } = await import('../../src/batch/output.js');
    // two different keys with the same slug and the same 32-bit hash are hard to find; the same key twice is the same clash
    const lines = [
      JSON.stringify({ id: 'same', html: pageText(1) }), JSON.stringify({ id: 'same', html: pageText(2) }),
      JSON.stringify({ id: 'u', url: 'https://x.test/a', html: pageText(3) }), JSON.stringify({ id: 'same', html: pageText(4) }),
    ];
    const input = writeLines(join(dir, 'in.jsonl'), lines);
    const io = capture();
    expect(await run([...base, '--input', input, '--out-dir', join(dir, 'out')], io)).toBe(0);
    const files = readdirSync(join(dir, 'out')).filter((f) => f.endsWith('.txt')).sort();
    expect(files).toHaveLength(4);
    const stem = textFileName('same').slice(0, -4);
    expect(files).toContain(`${stem}.txt`);
    expect(files).toContain(`${stem}-2.txt`);
    expect(files).toContain(`${stem}-3.txt`);
    const texts = files.map((f) => readFileSync(join(dir, 'out', f), 'utf8'));
    for (const n of [1, 2, 3, 4]) expect(texts.filter((t) => t.includes(`Article ${n} `))).toHaveLength(1);
    expect(io.err).toMatch(/4 records, 0 failed/);
  });
});

describe('--output: special files and links are never replaced', () => {
  it('/dev/null is written directly: it stays a device, no .partial, no marker', async () => {
    const dir = tempDir('devnull');
    const input = writeLines(join(dir, 'in.jsonl'), pageLines(3));
    const io = capture();
    expect(await run([...base, '--input', input, '--output', '/dev/null'], io)).toBe(0);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(existsSync('/dev/null.partial') || existsSync('/dev/null.done')).toBe(false);
  });

  it('a symbolic link: the output goes next to its target and the link stays a link', async () => {
    const dir = tempDir('symlink');
    mkdirSync(join(dir, 'real'));
    symlinkSync(join(dir, 'real', 'out.jsonl'), join(dir, 'link.jsonl'));
    const input = writeLines(join(dir, 'in.jsonl'), pageLines(3));
    expect(await run([...base, '--input', input, '--output', join(dir, 'link.jsonl')], capture())).toBe(0);
    expect(lstatSync(join(dir, 'link.jsonl')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.jsonl'))).toBe(join(dir, 'real', 'out.jsonl'));
    expect(readFileSync(join(dir, 'real', 'out.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(existsSync(join(dir, 'real', 'out.jsonl.done'))).toBe(true);
  });

  it('a symbolic link planted at OUT.partial is not followed', async () => {
    const dir = tempDir('planted');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(dir, 'out.jsonl.partial'));
    const input = writeLines(join(dir, 'in.jsonl'), pageLines(2));
    const io = capture();
    expect(await run([...base, '--unordered', '--input', input, '--output', join(dir, 'out.jsonl')], io)).toBe(1);
    expect(io.err).toMatch(/out\.jsonl\.partial: cannot write \(is a symbolic link \(not followed\)\)/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });
});

describe('bad output paths fail before any input is read', () => {
  it('a directory, a parent that is a file, an --out-dir that is a file: exit 1, one line, nothing read', async () => {
    const dir = tempDir('badout');
    writeFileSync(join(dir, 'file'), 'x');
    // the input does not exist: the output is checked first, so its error is the one reported
    for (const [args, msg] of [
      [['--output', dir], `${dir}: is a directory; --output needs a file name`],
      [['--output', join(dir, 'file', 'out.jsonl')], `${join(dir, 'file', 'out.jsonl')}: cannot write: a parent of it is not a directory`],
      [['--output', join(dir, 'file', 'sub', 'out.jsonl')], 'a parent of it is not a directory'],
      [['--out-dir', join(dir, 'file')], `${join(dir, 'file')}: is not a directory`],
    ] as const) {
      const io = capture();
      expect(await run([...base, '--input', join(dir, 'missing.jsonl'), ...args], io), args.join(' ')).toBe(1);
      expect(io.err).toContain(msg);
      expect(io.err.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('a full disk', () => {
  it('/dev/full as --output: one line naming it, exit 1', async () => {
    const dir = tempDir('devfull');
    const input = writeLines(join(dir, 'in.jsonl'), pageLines(3));
    const io = capture();
    expect(await run([...base, '--input', input, '--output', '/dev/full'], io)).toBe(1);
    expect(io.err).toBe('farsw: /dev/full: cannot write (no space left on device)\n');
  });

  it('ENOSPC on a small tmpfs: one line naming the partial file, the partial kept, no marker; a resume on a larger disk is exactly-once', async (ctx) => {
    const dir = tempDir('tmpfs');
    const mnt = join(dir, 'mnt');
    mkdirSync(mnt);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt], { stdio: 'ignore' });
    } catch {
      console.warn('skipped: cannot mount a tmpfs here (needs root and mount permission)');
      ctx.skip();
      return;
    }
    try {
      const lines = Array.from({ length: 1500 }, (_, n) => JSON.stringify({ id: `p${n}`, html: pageText(n) }));
      const input = writeLines(join(dir, 'in.jsonl'), lines);
      const out = join(mnt, 'out.jsonl');
      const io = capture();
      expect(await run([...base, '--input', input, '--output', out], io)).toBe(1);
      expect(io.err).toBe(`farsw: ${out}.partial: cannot write (no space left on device)\n`);
      expect(existsSync(`${out}.partial`)).toBe(true);
      expect(existsSync(`${out}.done`) || existsSync(out)).toBe(false);
      // more room, same command: resumes after the last complete line, every record once, in order
      execFileSync('mount', ['-o', 'remount,size=4m', mnt]);
      const again = capture();
      expect(await run([...base, '--input', input, '--output', out], again)).toBe(0);
      const ids = readFileSync(out, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
      expect(ids).toEqual(lines.map((_, n) => `p${n}`));
      expect(again.err).toMatch(/kept from the interrupted run/);
    } finally {
      execFileSync('umount', ['-l', mnt]);
    }
  });
});

describe('a slow stdout reader', () => {
  it('the stream sink waits for the reader to drain (backpressure), so reading stops too', async () => {
    let release: (() => void) | undefined;
    const slow = new Writable({ highWaterMark: 16, write(_c, _e, cb) { release = () => cb(); } });
    const sink = streamSink((s) => (slow.write(s) ? undefined : new Promise<void>((r) => slow.once('drain', r))));
    await sink.open();
    const rec = { id: 'x', text: 'y'.repeat(100), ms: 1 };
    let second = false; // the write has returned
    const p = sink.write(rec).then(() => { second = true; }); // over the high-water mark: waits for 'drain'
    await new Promise((r) => setImmediate(r));
    expect(second).toBe(false); // still waiting for the reader
    release!();
    await p;
    expect(second).toBe(true);
  });
});

describe('--workers far above the machine', () => {
  it('is clamped to 4 per core with a notice, and the run goes on', async () => {
    const { maxWorkers } = await import('../../src/cli/batch-command.js');
    const dir = tempDir('workers');
    const input = writeLines(join(dir, 'in.jsonl'), pageLines(2));
    const io = capture();
    // from the TypeScript sources the pool runs in-process, so no thread is started either way
    expect(await run(['apply', '-a', 'addanag', '-w', '1000000000', '--input', input, '--output', join(dir, 'o.jsonl')], io)).toBe(0);
    expect(io.err).toContain(`--workers 1000000000 is more than ${maxWorkers()}`);
  });
});

describe('--input DIR with unreadable parts and symbolic links', () => {
  it('symbolic links to files and directories are followed, a loop ends, a broken link is an error record', async () => {
    const dir = tempDir('links');
    const other = tempDir('links-target');
    writeFileSync(join(other, 'linked.html'), pageText(5));
    mkdirSync(join(other, 'sub'));
    writeFileSync(join(other, 'sub', 'deep.html'), pageText(6));
    writeFileSync(join(dir, 'a.html'), pageText(1));
    symlinkSync(join(other, 'linked.html'), join(dir, 'b.html'));
    symlinkSync(join(other, 'sub'), join(dir, 'c'));
    symlinkSync(dir, join(dir, 'd-loop'));
    symlinkSync(join(other, 'gone.html'), join(dir, 'e.html'));
    const { records } = await runToMemory({ inputs: [dir] });
    expect(records.map((r) => r.id)).toEqual([join(dir, 'a.html'), join(dir, 'b.html'), join(dir, 'c', 'deep.html'), join(dir, 'e.html')]);
    expect(records[1]!.text).toContain('Article 5');
    expect(records[2]!.text).toContain('Article 6');
    expect(records[3]!.error).toMatch(/e\.html: cannot read \(no such file/);
  });
});
