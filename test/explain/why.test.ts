/**
 * `explain`'s "decided by" (the terminal table, the HTML report) and `--why N` (explain/why.ts): the stage that kept or
 * dropped a line and its reason, on hand-written pages whose decisions we can state.
 */
import { describe, it, expect } from 'vitest';
import { decisionOf, explainPage } from '../../src/explain/explain.js';
import { renderLineTable } from '../../src/explain/line-table.js';
import { renderHtml } from '../../src/explain/html.js';
import { whyLine } from '../../src/explain/why.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { lineKey } from '../../src/train/templates.js';
import { ConfigError } from '../../src/core/errors.js';

const para = (k: number) => `<p>Paragraph ${k} of the article tells at some length what happened in the harbour town after the storms of January, and what the council plans to do next.</p>`;
const NAV = '<div class="nav"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li></ul></div>';
const HEADLINE = 'Harbour town rebuilds its sea wall';
// The headline apart from the article, past the menu; paragraph 3 printed twice.
const PAGE = `<html><head><title>${HEADLINE} | Coast News</title></head><body><div class="head"><h1>${HEADLINE}</h1></div>${NAV}` +
  `<div class="article">${[1, 2, 3, 4, 5, 6, 3].map(para).join('')}</div></body></html>`;

const model = shippedDefaultModel();
const at = (texts: readonly string[], text: string, from = 0) => texts.findIndex((t, i) => i >= from && t.startsWith(text));

describe('decided by', () => {
  const d = explainPage(PAGE, { model, farsw: { dedupe: true } });
  const head = at(d.texts, HEADLINE), p2 = at(d.texts, 'Paragraph 2'), home = at(d.texts, 'Home');
  const again = at(d.texts, 'Paragraph 3', at(d.texts, 'Paragraph 3') + 1);

  it('names the stage of each line: the combination, the dedupe, the headline set back', () => {
    expect(decisionOf(d, p2)).toEqual({ step: 8, stage: 'combine', kept: true, reason: 'in an informative window or a block of the DANA core (as the mode combines them)' });
    expect(decisionOf(d, home)).toMatchObject({ stage: 'combine', kept: false });
    expect(decisionOf(d, again)).toMatchObject({ stage: 'dedupe', kept: false, reason: 'repeats the text of an earlier kept line' });
    expect(decisionOf(d, head)).toMatchObject({ stage: 'keep-title', kept: true });
  });

  it('shows it in the terminal table and the HTML report', () => {
    const row = (i: number) => renderLineTable(d, i, i, { width: 200 }).split('\n')[1]!;
    expect(row(again)).toMatch(/ \. dedupe +Paragraph 3/);
    expect(row(head)).toMatch(/ ✓ keep-title +\[title\] Harbour town/);
    const html = renderHtml(d);
    expect(html).toContain('>decided by</th>');
    expect(html).toMatch(new RegExp(` id="l${again}"><td>${again}</td><td class="out"></td><td class="by" title="repeats the text of an earlier kept line">20 dedupe</td>`));
    const dana = renderHtml(explainPage(PAGE, { algorithm: 'addanag' }));
    expect(dana).toContain('<td class="by"></td>');
  });

  it('--why names the stage and its reason', () => {
    expect(whyLine(d, again)).toContain('decided by stage 20 dedupe: repeats the text of an earlier kept line');
    expect(whyLine(d, head)).toContain('decided by stage 13 keep-title: the headline (the line repeating the page title)');
    expect(whyLine(d, p2)).toMatch(/^line \d+: kept; P\(content\) \d\.\d\d by the weighted vote of \d+ rules\n/);
  });

  it('--why on a template line names the templates stage', () => {
    const { templateMaxChars: _, ...shipped } = model;
    const plain = explainPage(PAGE, { model });
    const p5 = at(plain.texts, 'Paragraph 5');
    const t = explainPage(PAGE, { model: { ...shipped, templateLines: [lineKey(plain.texts[p5]!)] } });
    expect(t.chosenMask[p5]).toBe(0);
    expect(whyLine(t, p5)).toContain("decided by stage 18 templates: a template line of the model's site (non-topical on many training pages)");
  });

  it('--why refuses the DANA core alone and a line outside the page', () => {
    expect(() => whyLine(explainPage(PAGE, { algorithm: 'addanag' }), 0)).toThrow(ConfigError);
    expect(() => whyLine(d, d.lineCount)).toThrow(/--why: expected a line index 0\.\.\d+/);
  });
});
