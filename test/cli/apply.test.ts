import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { run } from '../../src/cli/main.js';
import { capture } from './capture.js';
import { extract } from '../../src/api/extract.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../pages');


let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'farsw-apply-'));
});

describe('farsw apply', () => {
  it('reads the page from standard input for - (alone, and among files)', async () => {
    const page = '<html><body><p>Ferries will sail again on Friday, the port authority said in a statement.</p></body></html>';
    const io = capture(Readable.from([page]));
    expect(await run(['apply', '-'], io)).toBe(0);
    expect(io.out).toContain('Ferries will sail again on Friday');
    const both = capture(Readable.from([page]));
    expect(await run(['apply', '-a', 'addanag', join(fixtures, 'en-news/source.html'), '-'], both)).toBe(0);
    expect(both.out).toContain('Work began on Monday');
    expect(both.out).toContain('Ferries will sail again on Friday');
  });

  it('prints the main text of a page', async () => {
    const io = capture();
    const code = await run(['apply', join(fixtures, 'en-news/source.html')], io);
    expect(code).toBe(0);
    expect(io.out).toContain('Work began on Monday to rebuild the sea wall');
    expect(io.out).not.toContain('Privacy policy');
  });

  it('removes user-comment sections unless --comments is given', async () => {
    const page = join(dir, 'comments.html');
    writeFileSync(page, '<html><body><div class="post"><p>Main story text that is long enough to be chosen here.</p></div>'
      + '<div id="comments"><p>A comment that is also quite long and wordy, posted by a reader.</p></div></body></html>');
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', page], io)).toBe(0);
    expect(io.out).toContain('Main story text');
    expect(io.out).not.toContain('A comment');
    const kept = capture();
    expect(await run(['apply', '-a', 'addanag', '--comments', page], kept)).toBe(0);
    expect(kept.out).toContain('A comment that is also quite long');
  });

  it('gives json with line ranges, the same on every run; timings only with --profile', async () => {
    const io = capture();
    expect(await run(['apply', '--format', 'json', '-a', 'dana', join(fixtures, 'ar-news/source.html')], io)).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.method).toBe('dana');
    expect(j.encoding).toBe('windows-1256');
    expect(j.blocks.length).toBeGreaterThan(0);
    expect(j.profile).toBeUndefined();
    expect(j.text).toContain('افتتاح مكتبة عامة جديدة');
    const again = capture();
    expect(await run(['apply', '--format', 'json', '-a', 'dana', join(fixtures, 'ar-news/source.html')], again)).toBe(0);
    expect(again.out).toBe(io.out);
    const timed = capture();
    expect(await run(['apply', '--format', 'json', '--profile', '-a', 'dana', join(fixtures, 'ar-news/source.html')], timed)).toBe(0);
    expect(JSON.parse(timed.out).profile.lines).toBeGreaterThanOrEqual(0);
  });

  it("says in json how the model's block selection went, and says nothing of it for an algorithm", async () => {
    const io = capture();
    expect(await run(['apply', '--format', 'json', join(fixtures, 'en-news/source.html')], io)).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.model).toBe('default');
    expect(typeof j.farsw.informative).toBe('number');
    expect(typeof j.farsw.fallback).toBe('boolean');
    // A fallback means no window passed β; a kept fallback block means a fallback.
    if (j.farsw.fallback) expect(j.farsw.informative).toBe(0);
    if (j.farsw.fallbackKept) expect(j.farsw.fallback).toBe(true);
    // The library's summary, passed through as it is.
    expect(j.farsw).toEqual(extract(readFileSync(join(fixtures, 'en-news/source.html'))).farsw);
    const a = capture();
    expect(await run(['apply', '--format', 'json', '-a', 'addanag', join(fixtures, 'en-news/source.html')], a)).toBe(0);
    expect(JSON.parse(a.out).farsw).toBeUndefined();
  });

  it('names a missing file and exits 1', async () => {
    const io = capture();
    expect(await run(['apply', join(dir, 'nope.html')], io)).toBe(1);
    expect(io.err).toContain('nope.html: cannot read (no such file)');
    expect(io.err).not.toContain('    at '); // no stack trace
  });

  it('exits 2 on usage errors', async () => {
    const io = capture();
    expect(await run(['apply'], io)).toBe(2);
    expect(await run(['apply', '-a', 'nonsense', 'x.html'], io)).toBe(2);
    expect(await run(['frobnicate'], io)).toBe(2);
  });

  it('--page-type extracts a page as the type named: its strategy in the JSON, the classifier\'s verdict beside it', async () => {
    // Three posts whose container carries the comment class word: unrouted, the comment filter drops them all.
    const post = (who: string, text: string) => `<div class="comment"><p class="author">${who} wrote:</p><p>${text}</p></div>`;
    const page = join(dir, 'thread.html');
    writeFileSync(page, `<html><body><h1>Which glue for oak joints?</h1><p>I glued a mortise and tenon in oiled oak for a stool and the joint failed within a month.</p>
<div class="comments">${post('mara', 'Plain PVA holds if you wipe the oil off the joint faces first; oil stops the glue soaking in.')}
${post('ole', 'Hide glue is reversible, which helps if the joint has to come apart again one day for a repair.')}
${post('jun', 'Clamp it overnight and check the joint is square before the glue sets, or it will rack under load.')}</div></body></html>`);
    const forum = capture();
    expect(await run(['apply', page, '--page-type', 'forum', '--format', 'json'], forum)).toBe(0);
    const doc = JSON.parse(forum.out);
    expect(doc.strategy).toBe('forum');
    expect(doc.metadata.pageType.type).toEqual(expect.any(String));
    expect(doc.text).toContain('Hide glue is reversible');
    const article = capture();
    expect(await run(['apply', page, '--page-type', 'article', '--format', 'json'], article)).toBe(0);
    expect(JSON.parse(article.out).strategy).toBeUndefined();
    expect(JSON.parse(article.out).text).not.toContain('Hide glue is reversible');
    const bad = capture();
    expect(await run(['apply', page, '--page-type', 'blog'], bad)).toBe(2);
    expect(bad.err).toContain('--page-type: "blog" is not one of auto, article, documentation, service, forum, collection, listing, product');
  });

  it('runs a batch over JSON Lines, in input order, reporting bad records', async () => {
    const html = readFileSync(join(fixtures, 'en-news/source.html'), 'utf8');
    const lines = [
      JSON.stringify({ id: 'a', html }),
      '{"id": "broken", "html": ',
      JSON.stringify({ id: 'b', url: 'https://example.com/x' }),
      JSON.stringify({ id: 'c', html: '<p>Short page</p>' }),
    ];
    const input = join(dir, 'pages.jsonl.gz');
    writeFileSync(input, gzipSync(lines.join('\n') + '\n'));
    const output = join(dir, 'out.jsonl');
    const io = capture();
    const code = await run(['apply', '--workers', '0', '--input', input, '--output', output], io);
    expect(code).toBe(3); // finished, some records failed
    const out = readFileSync(output, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((r) => r.id)).toEqual(['a', `${input}:2`, 'b', 'c']);
    expect(out[0].text).toContain('sea wall');
    expect(out[0].ms).toBeGreaterThanOrEqual(0);
    expect(out[1].error).toContain(':2: invalid JSON');
    expect(out[2].error).toContain(':3: field "html" must be a string, found nothing');
    expect(out[3].text).toBe('Short page');
    expect(io.err).toContain('4 records, 2 failed');
  });

  it('prints help', async () => {
    const io = capture();
    expect(await run(['--help'], io)).toBe(0);
    expect(io.out).toContain('apply');
  });
});
