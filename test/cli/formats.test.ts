import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { extract } from '../../src/api/extract.js';
import { tempDir, writeLines } from '../batch/helpers.js';
import { capture } from './capture.js';

const PAGE = '<html><head><title>Storm damage | Courier</title><meta name="author" content="Ann Smith"></head><body><nav><a href="/">Home</a> <a href="/n">News</a></nav><article><h2>Storm damage</h2>' +
  '<p>The storm of January tore away <a href="/wall">two hundred metres of the old sea wall</a> and flooded the lower streets of the town.</p>' +
  '<p><img src="/img/wall.jpg" alt="The broken wall"> The photograph shows the gap in the wall the morning after the storm, seen from the pier.</p>' +
  '<ul><li>Cost: fourteen million pounds, mostly from the national fund<ul><li>Nested: two million from the town itself this year</li></ul></li><li>Duration: eighteen months of work on the wall</li></ul>' +
  '<blockquote><p>We will rebuild it stronger than before, said the mayor at the meeting.</p></blockquote>' +
  '<table><tr><th>Year</th><th>Cost of the repairs</th></tr><tr><td>2024</td><td>fourteen million pounds in all</td></tr></table>' +
  '<script>var tracking = 1;</script><p onclick="evil()">Residents of the lower town <a href="javascript:alert(1)">have been living</a> with relatives since the storm.</p>' +
  '</article></body></html>';

describe('formats (issue 21.3)', () => {
  it('markdown keeps links (absolute against the URL), images and nested lists', () => {
    const md = extract(PAGE, { algorithm: 'addanag', format: 'markdown', url: 'https://courier.example/a/b' }).markdown!;
    expect(md).toContain('[two hundred metres of the old sea wall](https://courier.example/wall)');
    expect(md).toContain('![The broken wall](https://courier.example/img/wall.jpg) The photograph shows');
    expect(md).toMatch(/^- Cost: fourteen million pounds, mostly from the national fund\n {2}- Nested: two million/m);
    expect(md).toContain('Residents of the lower town have been living with relatives'); // a javascript: link is its text
    expect(md).not.toContain('javascript');
  });

  it('--format html: clean article HTML with headings, paragraphs, lists, quotes, tables, links and images; no scripts or event handlers', async () => {
    const file = join(tempDir('fmt-html'), 'page.html');
    writeFileSync(file, PAGE);
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '--format', 'html', '--url', 'https://courier.example/a', file], io)).toBe(0);
    const html = io.out;
    expect(html).toMatch(/^<article>\n/);
    for (const want of ['<h2>Storm damage</h2>', '<a href="https://courier.example/wall">two hundred metres', '<img src="https://courier.example/img/wall.jpg" alt="The broken wall">',
      '<ul><li>Cost:', '<ul><li>Nested:', '<blockquote>', '<table>', '<th>Year</th>', '<td>2024</td>']) expect(html).toContain(want);
    for (const banned of ['<script', 'tracking', 'onclick', 'javascript:', '<nav']) expect(html).not.toContain(banned);
  });

  it('markdown front matter and json carry the metadata', async () => {
    const file = join(tempDir('fmt-meta'), 'page.html');
    writeFileSync(file, PAGE);
    const md = capture();
    expect(await run(['apply', '-a', 'addanag', '--format', 'markdown', '--with-metadata', file], md)).toBe(0);
    expect(md.out).toMatch(/^---\ntitle: "Storm damage"\nbyline: "Ann Smith"\n(?:\w+: ".*"\n)*---\n\n## Storm damage/);
    const js = capture();
    expect(await run(['apply', '-a', 'addanag', '--format', 'json', file], js)).toBe(0);
    expect(JSON.parse(js.out).metadata).toMatchObject({ title: 'Storm damage', byline: 'Ann Smith' });
  });

  it('batch honours --format (a markdown or html field) and --with-metadata (a metadata field)', async () => {
    const dir = tempDir('fmt-batch');
    const input = writeLines(join(dir, 'p.jsonl'), [JSON.stringify({ id: 'a', html: PAGE, url: 'https://courier.example/a' })]);
    for (const format of ['markdown', 'html'] as const) {
      const io = capture();
      expect(await run(['apply', '-a', 'addanag', '-w', '0', '-q', '--format', format, '--with-metadata', '--input', input], io)).toBe(0);
      const rec = JSON.parse(io.out);
      expect(rec[format]).toContain('https://courier.example/wall');
      expect(rec.metadata.title).toBe('Storm damage');
      expect(rec.text).toContain('The storm of January');
    }
  });
});
