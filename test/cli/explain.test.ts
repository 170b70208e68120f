import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/main.js';
import { parseLineRange } from '../../src/cli/commands/explain.js';
import { checkXml } from '../explain/xml-check.js';
import { capture } from './capture.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/pages');
const page = join(fixtures, 'en-news/source.html');


let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'farsw-explain-'));
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
