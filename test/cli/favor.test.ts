import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { extract } from '../../src/api/extract.js';
import { FAVOR_PARAMETERS } from '../../src/api/favor.js';
import { ConfigError } from '../../src/core/errors.js';
import { tempDir, writeLines } from '../batch/helpers.js';
import { capture } from './capture.js';

const para = (k: number) => `<p>Paragraph ${k} of the report says what the harbour board decided about the ferry timetable, the pier repairs and the fares for next year.</p>`;
const NAV = '<nav><a href="/">Home</a> <a href="/news">News</a></nav>';
const FOOTER = '<footer><a href="/about">About</a> | <a href="/contact">Contact</a></footer>';
const BIO = 'Morag Innes has covered island transport for the paper since 2009';
const PROMO = 'Subscribe to the Island Weekly newsletter';

/**
 * An article in <main> and, after it, the reporter's biography: content to a generous reader, outside the article's element
 * and not its sibling (a sibling the vote calls content joins by default, FARSW_APPLY_DEFAULTS.siblings).
 */
const WITH_BIO = `<html><body>${NAV}<main><article><h1>Harbour board sets winter fares</h1>${[1, 2, 3, 4, 5, 6].map(para).join('')}</article></main>` +
  `<div class="about"><p>${BIO} and writes the weekly column on ferries, buses and the roads.</p><p>She lives in the harbour town with her two dogs and a very old boat that she is restoring.</p></div>${FOOTER}</body></html>`;

/** An article, thirty links, then a newsletter promotion in two paragraphs: boilerplate that DANA's gap of 80 lines joins to the article. */
const WITH_PROMO = `<html><body>${NAV}<main><article><h1>Harbour board sets winter fares</h1>${[1, 2, 3, 4].map(para).join('')}</article>` +
  `<ul class="more">${Array.from({ length: 30 }, (_, i) => `<li><a href="/s/${i}">Story ${i}</a></li>`).join('')}</ul>` +
  `<div class="promo"><p>${PROMO} to get every story about the ferries, the harbour and the island council in your inbox each Friday morning.</p>` +
  '<p>Readers who subscribe before the end of the month get the printed winter timetable free, sent by post to any address on the island.</p></div></main>' +
  `${FOOTER}</body></html>`;

describe('favor: precision/recall presets (issue 21.4)', () => {
  it('library: recall keeps the biography the default leaves out; precision drops the promotion the default keeps', () => {
    expect(extract(WITH_BIO).text).not.toContain(BIO);
    expect(extract(WITH_BIO, { favor: 'balanced' }).text).toBe(extract(WITH_BIO).text);
    expect(extract(WITH_BIO, { favor: 'recall' }).text).toContain(BIO);
    expect(extract(WITH_BIO, { favor: 'precision' }).text).not.toContain(BIO);
    expect(extract(WITH_PROMO).text).toContain(PROMO);
    expect(extract(WITH_PROMO, { favor: 'recall' }).text).toContain(PROMO);
    const precise = extract(WITH_PROMO, { favor: 'precision' }).text;
    expect(precise).not.toContain(PROMO);
    expect(precise).toContain('Paragraph 4 of the report');
  });

  it('library: options given explicitly win over the preset; the preset is the documented parameter set', () => {
    // recall sets container 0; an explicit container puts the cut back.
    expect(extract(WITH_BIO, { favor: 'recall', farsw: { container: 0.7, dana: { container: 0.7 } } }).text).not.toContain(BIO);
    const { dana, ...model } = FAVOR_PARAMETERS.recall.model;
    expect(extract(WITH_BIO, { favor: 'recall' }).text).toBe(extract(WITH_BIO, { farsw: { ...model, dana } }).text);
    // The DANA family and ACCB have sets too.
    expect(extract(WITH_BIO, { algorithm: 'addanag', favor: 'recall' }).text).toBe(extract(WITH_BIO, { algorithm: 'addanag', dana: FAVOR_PARAMETERS.recall.dana }).text);
    expect(extract(WITH_BIO, { algorithm: 'accb', favor: 'precision' }).text).toBe(extract(WITH_BIO, { algorithm: 'accb', accb: { threshold: 0.8 } }).text);
  });

  it('library: refuses a favor it has no parameters for, an unknown one, and preset paper', () => {
    expect(() => extract(WITH_BIO, { algorithm: 'bte', favor: 'precision' })).toThrow(ConfigError);
    expect(() => extract(WITH_BIO, { algorithm: 'bte', favor: 'precision' })).toThrow(/bte has no precision\/recall parameter set/);
    expect(() => extract(WITH_BIO, { favor: 'speed' as never })).toThrow(/unknown favor "speed"/);
    expect(() => extract(WITH_BIO, { favor: 'recall', preset: 'paper' })).toThrow(/preset paper/);
    expect(extract(WITH_BIO, { algorithm: 'bte', favor: 'balanced' }).text).toBe(extract(WITH_BIO, { algorithm: 'bte' }).text);
  });

  it('CLI: apply --favor on a page and in batch; a bad combination is a one-line usage error', async () => {
    const dir = tempDir('favor');
    const file = join(dir, 'promo.html');
    writeFileSync(file, WITH_PROMO);
    const single = async (favor: string) => {
      const io = capture();
      expect(await run(['apply', '--favor', favor, file], io)).toBe(0);
      return io.out;
    };
    expect(await single('balanced')).toContain(PROMO);
    expect(await single('precision')).not.toContain(PROMO);

    const input = writeLines(join(dir, 'p.jsonl'), [JSON.stringify({ id: 'bio', html: WITH_BIO }), JSON.stringify({ id: 'promo', html: WITH_PROMO })]);
    const batch = async (favor: string) => {
      const io = capture();
      expect(await run(['apply', '-w', '0', '-q', '--favor', favor, '--input', input], io)).toBe(0);
      return Object.fromEntries(io.out.trim().split('\n').map((l) => JSON.parse(l) as { id: string; text: string }).map((r) => [r.id, r.text]));
    };
    const recall = await batch('recall'), precision = await batch('precision');
    expect(recall['bio']).toContain(BIO);
    expect(precision['bio']).not.toContain(BIO);
    expect(recall['promo']).toContain(PROMO);
    expect(precision['promo']).not.toContain(PROMO);

    const bad = capture();
    expect(await run(['apply', '-a', 'bte', '--favor', 'precision', file], bad)).toBe(2);
    expect(bad.err).toContain('--favor precision: bte has no precision/recall parameter set');
    const unknown = capture();
    expect(await run(['apply', '--favor', 'speed', file], unknown)).toBe(2);
    expect(unknown.err).toMatch(/favor/);
  });
});
