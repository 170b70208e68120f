import { describe, it, expect } from 'vitest';
import { smoothDiff, findRegions, selectRegions, danaCore, danaColumns, DANA_OPTIONS, readsMarkupBytes } from '../../src/extract/dana.js';
import { buildLineTable } from '../../src/html/lines.js';

describe('smoothDiff (formula 1)', () => {
  it('sums T − S over lines i − 1, i, i + 1', () => {
    // T − S per line: 5, −2, 4, −10, 1
    const d = smoothDiff([5, 0, 4, 0, 1], [0, 2, 0, 10, 0], 1);
    expect([...d]).toEqual([3, 7, -8, -5, -9]);
  });
  it('with radius 0 is the raw difference, with radius 2 a 5-line sum', () => {
    expect([...smoothDiff([3, 1], [1, 3], 0)]).toEqual([2, -2]);
    expect([...smoothDiff([1, 1, 1, 1, 1], [0, 0, 0, 0, 0], 2)]).toEqual([3, 4, 5, 4, 3]);
  });
  it('handles an empty page', () => expect(smoothDiff([], [], 1).length).toBe(0));
  it('equals the window sum of its definition for every length and radius, page edges included', () => {
    for (let n = 0; n <= 9; n++) {
      const content = Array.from({ length: n }, (_, i) => (i * 7) % 5), code = Array.from({ length: n }, (_, i) => (i * 3) % 4);
      for (let r = 0; r <= 5; r++) {
        const want = content.map((_, i) => {
          let s = 0;
          for (let j = Math.max(0, i - r); j <= Math.min(n - 1, i + r); j++) s += content[j]! - code[j]!;
          return s;
        });
        expect([...smoothDiff(content, code, r)]).toEqual(want);
      }
    }
  });
});

describe('findRegions', () => {
  it('finds maximal runs above the axis, sized by content', () => {
    const regions = findRegions([1, 2, -1, 0, 3, 3, 3], [10, 20, 5, 0, 1, 1, 1]);
    expect(regions).toEqual([
      { start: 0, end: 2, size: 30 },
      { start: 4, end: 7, size: 3 },
    ]);
  });
});

describe('selectRegions (Algorithm 1)', () => {
  const r = (start: number, end: number, size: number) => ({ start, end, size });
  it('starts at the largest region and extends while the distance is ≤ gap', () => {
    const regions = [r(0, 2, 5), r(40, 42, 5), r(50, 60, 100), r(65, 66, 1), r(100, 101, 9)];
    // left: 50 − 42 = 8 ≤ 20 → take [40,42); 40 − 2 = 38 > 20 → stop. right: 65 − 60 = 5 → take; 100 − 66 = 34 → stop.
    expect(selectRegions(regions, 20)).toEqual([r(40, 42, 5), r(50, 60, 100), r(65, 66, 1)]);
    expect(selectRegions(regions, 40)).toEqual(regions);
    expect(selectRegions(regions, 0)).toEqual([r(50, 60, 100)]);
  });
  it('returns nothing for no regions', () => expect(selectRegions([], 20)).toEqual([]));
});

describe('danaCore', () => {
  it('DANA counts non-ASCII against ASCII bytes', () => {
    const t = buildLineTable('<p>سلام عليكم</p>');
    const { content, code } = danaColumns(t, 'dana');
    expect(content[0]).toBe(18); // 9 Arabic letters × 2 bytes
    expect(code[0]).toBe(8); // "<p>" "</p>" and the space
  });

  it('picks the dense text region and drops the link list', () => {
    const links = Array.from({ length: 30 }, (_, i) => `<li><a href="/very/long/url/${i}">x${i}</a></li>`).join('');
    const article = Array.from({ length: 5 }, (_, i) => `<p>Paragraph ${i} has a good amount of plain running text in it, the kind an article has.</p>`).join('');
    const t = buildLineTable(`<body><ul>${links}</ul>${article}<ul>${links}</ul></body>`);
    const { blocks } = danaCore(t, 'addanag');
    const chosen = blocks.flatMap((b) => t.text.slice(b.start, b.end)).filter((s) => s);
    expect(chosen).toHaveLength(5);
    expect(chosen.every((s) => s.startsWith('Paragraph'))).toBe(true);
  });

  it('sizes regions by Σ T, or by Σ T × weight when weights are given', () => {
    const diff = [1, 1, -1, 1, 1, 1];
    const content = [50, 50, 0, 20, 20, 20];
    expect(findRegions(diff, content).map((r) => r.size)).toEqual([100, 60]);
    // The learned evidence says the first region is boilerplate: the second is now the largest.
    const sized = findRegions(diff, content, [0.1, 0.1, 1, 0.9, 0.9, 0.9]);
    expect(sized.map((r) => Math.round(r.size))).toEqual([10, 54]);
    expect(selectRegions(sized, 0)[0]!.start).toBe(3);
  });

  it('falls back to the best line when nothing is above the axis', () => {
    const t = buildLineTable('<div class="a-very-long-class-name-that-outweighs-text"><a href="/a/very/long/link">hi</a></div>');
    const { blocks } = danaCore(t, 'danag');
    expect(blocks).toHaveLength(1);
    expect(danaCore(t, 'danag', { ...DANA_OPTIONS, fallbackToBestLine: false, container: 0 }).blocks).toEqual([]);
  });

  it('is deterministic and keeps blocks in bounds, ordered and disjoint', () => {
    const html = '<body>' + Array.from({ length: 50 }, (_, i) => (i % 7 < 3 ? `<p>text line ${i} with words</p>` : `<div class="nav"><a href="/${i}">${i}</a></div>`)).join('') + '</body>';
    const t = buildLineTable(html);
    const a = danaCore(t, 'addanag'), b = danaCore(t, 'addanag');
    expect(a.blocks).toEqual(b.blocks);
    for (let i = 0; i < a.blocks.length; i++) {
      const blk = a.blocks[i]!;
      expect(blk.start).toBeGreaterThanOrEqual(0);
      expect(blk.end).toBeLessThanOrEqual(t.count);
      expect(blk.start).toBeLessThan(blk.end);
      if (i > 0) expect(blk.start).toBeGreaterThanOrEqual(a.blocks[i - 1]!.end);
    }
  });
});

describe('addana (anchor text counted as code)', () => {
  it('drops a menu of non-Latin links that DANA keeps', () => {
    const menu = Array.from({ length: 30 }, (_, i) => `<li><a href="/n/${i}">خبر عاجل من المدينة اليوم ${i}</a></li>`).join('');
    const para = 'افتتحت البلدية يوم الأحد مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب باللغتين العربية والإنجليزية وقاعة للمطالعة';
    const article = Array.from({ length: 5 }, (_, i) => `<p>${para} ${i}</p>`).join('');
    const t = buildLineTable(`<body><ul>${menu}</ul>${article}</body>`);
    const text = (variant: 'dana' | 'addana') => danaCore(t, variant).blocks.flatMap((b) => t.text.slice(b.start, b.end)).join('\n');
    expect(text('dana')).toContain('خبر عاجل');
    expect(text('addana')).not.toContain('خبر عاجل');
    expect(text('addana').split('\n').filter((l) => l.startsWith('افتتحت'))).toHaveLength(5);
  });
});

describe('readsMarkupBytes: which variants need markup counted in bytes', () => {
  // Markup outside ASCII (an attribute in Greek, a title in Chinese) is where bytes and characters part.
  const html = '<body><div title="Ελληνικά και 中文"><p class="κείμενο">Plain text and <a href="/ü">a link</a></p><p>Ωραίο κείμενο εδώ</p></div></body>';
  it('answers as danaColumns reads: the others\' columns are the same with markup counted per character', () => {
    const bytes = buildLineTable(html), chars = buildLineTable(html, { markupBytes: false });
    for (const v of ['dana', 'addana', 'danag', 'addanag'] as const) {
      const same = JSON.stringify(danaColumns(bytes, v)) === JSON.stringify(danaColumns(chars, v));
      expect(same).toBe(!readsMarkupBytes(v));
    }
  });
});
