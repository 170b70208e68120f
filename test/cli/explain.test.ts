import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/main.js';
import { parseLineRange } from '../../src/cli/commands/explain.js';
import { checkXml } from '../explain/xml-check.js';
import { capture } from './capture.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../pages');
const page = join(fixtures, 'en-news/source.html');


let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'farsw-explain-'));
});

describe('report files are written as apply writes --output', () => {
  it('explain --svg/--html and eval --json/--pages make missing parent directories; a parent that is a file is one line', async () => {
    const svg = join(dir, 'new', 'deeper', 'why.svg');
    const html = join(dir, 'new', 'other', 'why.html');
    expect(await run(['explain', page, '--store', join(dir, 'none.sqlite'), '--svg', svg, '--html', html], capture())).toBe(0);
    expect(readFileSync(svg, 'utf8')).toMatch(/^<svg|^<\?xml/);
    expect(readFileSync(html, 'utf8')).toContain('<table');
    const json = join(dir, 'reports', 'eval.json');
    expect(await run(['eval', '--data', join(fixtures, '..', '..', 'training-data'), '-a', 'addanag', '--json-out', json, '--pages', join(dir, 'reports', 'pages.csv')], capture())).toBe(0);
    expect(JSON.parse(readFileSync(json, 'utf8'))).toHaveProperty('overall');
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, 'x');
    const io = capture();
    expect(await run(['explain', page, '--store', join(dir, 'none.sqlite'), '--svg', join(blocked, 'why.svg')], io)).toBe(1);
    expect(io.err).toBe(`farsw: ${join(blocked, 'why.svg')}: cannot write: a parent of it is not a directory\n`);
  });
});

describe('farsw explain reads a page as apply does', () => {
  it('a gzip page is unpacked, a PNG or a WARC refused with one line naming the file', async () => {
    const gz = join(dir, 'page.html.gz');
    writeFileSync(gz, gzipSync(readFileSync(page)));
    const plain = capture(), zipped = capture();
    expect(await run(['explain', page, '--store', join(dir, 'none.sqlite')], plain)).toBe(0);
    expect(await run(['explain', gz, '--store', join(dir, 'none.sqlite')], zipped)).toBe(0);
    expect(zipped.out).toBe(plain.out);
    const png = join(dir, 'photo.html');
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]));
    const p = capture();
    expect(await run(['explain', png], p)).toBe(1);
    expect(p.err).toBe(`farsw: ${png}: not HTML: PNG image\n`);
    expect(p.out).toBe('');
    const warc = join(dir, 'crawl.warc');
    writeFileSync(warc, 'WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n');
    const w = capture();
    expect(await run(['explain', warc], w)).toBe(1);
    expect(w.err).toBe(`farsw: ${warc}: a WARC file, not a page; to extract its pages: farsw apply --input ${warc}\n`);
  });
});

describe('farsw explain', () => {
  it('prints a summary and the first chosen-or-topical lines (no store: the shipped default model)', async () => {
    const io = capture();
    expect(await run(['explain', page, '--store', join(dir, 'none.sqlite'), '--width', '120'], io)).toBe(0);
    const [summary, header, ...rows] = io.out.trimEnd().split('\n');
    expect(summary).toMatch(/^farsw:default \(mode \w+\), \d+ lines/);
    expect(header).toMatch(/^line\s+T\s+S\s+diff/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(40);
    expect(io.out).toContain('Work began on Monday to rebuild the sea wall');
  });

  it('prints the requested lines with --lines A-B', async () => {
    const io = capture();
    expect(await run(['explain', page, '--lines', '3-6', '-a', 'danag'], io)).toBe(0);
    const rows = io.out.trimEnd().split('\n').slice(2);
    expect(rows.map((r) => Number(r.trim().split(/\s+/)[0]))).toEqual([3, 4, 5, 6]);
    expect(io.out).toMatch(/^danag, \d+ lines/);
  });

  it('writes an SVG and an HTML page', async () => {
    const io = capture();
    const svg = join(dir, 'p.svg'), html = join(dir, 'p.html');
    expect(await run(['explain', page, '--svg', svg, '--html', html], io)).toBe(0);
    expect(io.out).toBe('');
    expect(io.err).toContain(`wrote ${svg}`);
    const doc = checkXml(readFileSync(svg, 'utf8'));
    expect(doc.root).toBe('svg');
    expect(doc.elements.filter((e) => e.attrs['class'] === 'chosen').length).toBeGreaterThan(0);
    expect(readFileSync(html, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    // With both, the picture links to the table's rows (a path relative to the SVG).
    const first = doc.elements.find((e) => e.attrs['class'] === 'chosen')!;
    expect(doc.elements.some((e) => e.name === 'a' && e.attrs['href'] === `p.html#l${first.attrs['data-start']}`)).toBe(true);
    expect(readFileSync(html, 'utf8')).toContain(`id="l${first.attrs['data-start']}"`);
  });

  it('rejects a bad range and a model together with an algorithm', async () => {
    let io = capture();
    expect(await run(['explain', page, '--lines', '9-3'], io)).toBe(2);
    expect(io.err).toContain('--lines');
    io = capture();
    expect(await run(['explain', page, '-a', 'dana', '-m', 'default'], io)).toBe(2);
  });

  it('parses line ranges', () => {
    expect(parseLineRange('3-7')).toEqual([3, 7]);
    expect(parseLineRange('5')).toEqual([5, 5]);
    expect(parseLineRange('10-')).toEqual([10, Number.MAX_SAFE_INTEGER]);
    expect(() => parseLineRange('a-b')).toThrow(/expected A-B/);
  });
});
