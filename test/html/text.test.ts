import { describe, it, expect } from 'vitest';
import { buildLineTable } from '../../src/html/lines.js';
import { blocksToText, allText } from '../../src/html/text.js';

describe('blocksToText', () => {
  it('joins the chosen lines with text, one paragraph each, in page order, across blocks', () => {
    const table = buildLineTable('<body><p>first line</p><div></div><p>second &amp; line</p><p>third</p><p>fourth</p></body>');
    const lines = [...table.text.keys()].filter((i) => table.text[i] !== '');
    expect(blocksToText(table, [{ start: 0, end: lines[1]! + 1, score: 0 }, { start: lines[3]!, end: lines[3]! + 1, score: 0 }])).toBe('first line\nsecond & line\nfourth');
    expect(blocksToText(table, [])).toBe('');
  });

  it('gives the same text for many lines (joined in parts) as one join of every line, and leaves the table\'s texts as they were', () => {
    const html = `<body>${Array.from({ length: 9000 }, (_, j) => `<p>paragraph ${j} of the long page, &quot;quoted&quot;</p>`).join('')}</body>`;
    const built = buildLineTable(html), fresh = buildLineTable(html);
    const whole = built.text.filter((t) => t !== '').join('\n');
    expect(allText(fresh)).toBe(whole);
    expect(whole.split('\n')).toHaveLength(9000);
    // The output's lines were not kept by the table; asked again, each is built the same.
    expect(fresh.lineText(5)).toBe(built.lineText(5));
  });
});
