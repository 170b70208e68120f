/**
 * What the output options do (issue 37, items 7, 8 and 9): --no-tables, --no-links and --no-images (trafilatura's names
 * and meanings) and the library options behind them; --out-dir files in the format asked, with the metadata, named
 * after the page; --with-metadata with --format html as a document head.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import { capture } from './capture.js';
import { extract } from '../../src/api/extract.js';
import { htmlDocument } from '../../src/api/formats.js';
import { textFileName } from '../../src/batch/output.js';

const PARAGRAPH = 'The harbour board met on Tuesday and agreed the plan for the new pier after a long debate about its cost.';
const PAGE = `<!DOCTYPE html><html lang="en"><head><title>Pier plan agreed &amp; funded</title>
<meta name="author" content="Ann &quot;Pip&quot; Lee"><meta property="article:published_time" content="2024-05-06">
<link rel="canonical" href="https://news.example/pier"></head><body><article>
<h1>Pier plan agreed &amp; funded</h1>
<p>${PARAGRAPH} See <a href="/board">the board's page</a> for the minutes.</p>
<p><img src="/pier.jpg" alt="the old pier"> The old pier stood for ninety years before the winter storms broke its deck in two places.</p>
<table><tr><th>What the board will build first</th><th>What it will cost the town</th></tr>
<tr><td>Piles of steel driven into the sea bed</td><td>Forty thousand pounds from the harbour fund</td></tr>
<tr><td>Deck of oak laid on the new piles</td><td>Twenty-five thousand pounds from the town rates</td></tr></table>
<p>${PARAGRAPH.replace('Tuesday', 'Friday')}</p>
</article></body></html>`;
// Every line chosen (addanag keeps all of this small article), so what a flag leaves out is the flag's doing.
const base = ['apply', '-a', 'addanag', '--url', 'https://news.example/pier'];

async function apply(args: string[], page = PAGE): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'farsw-out-'));
  const file = join(dir, 'page.html');
  writeFileSync(file, page);
  const io = capture();
  expect(await run([...base, ...args, file], io)).toBe(0);
  return io.out;
}

describe('--no-tables, --no-links, --no-images (item 7)', () => {
  it('by default every format has the table, markdown and html the link and the image', async () => {
    expect(await apply([])).toContain('Piles of steel driven into the sea bed\tForty thousand pounds from the harbour fund\n');
    const md = await apply(['--format', 'markdown']);
    expect(md).toContain('[the board\'s page](https://news.example/board)');
    expect(md).toContain('![the old pier](https://news.example/pier.jpg)');
    expect(md).toContain('| Piles of steel driven into the sea bed | Forty thousand pounds from the harbour fund |');
  });

  it('--no-tables leaves the table out of text, markdown and html', async () => {
    for (const format of ['text', 'markdown', 'html']) {
      const out = await apply(['--format', format, '--no-tables']);
      expect(out).toContain('long debate');
      expect(out).not.toMatch(/Piles|thousand|<table/);
    }
  });

  it('--no-links keeps link text without targets; --no-images leaves images out', async () => {
    const md = await apply(['--format', 'markdown', '--no-links']);
    expect(md).toContain('See the board\'s page for the minutes.');
    expect(md).not.toContain('](https://news.example/board)');
    expect(md).toContain('![the old pier]');
    const html = await apply(['--format', 'html', '--no-links', '--no-images']);
    expect(html).toContain('See the board\'s page for the minutes.');
    expect(html).not.toMatch(/<a |<img /);
    const mdNoImages = await apply(['--format', 'markdown', '--no-images']);
    expect(mdNoImages).not.toContain('![');
    expect(mdNoImages).toContain('[the board\'s page](');
  });

  it('the library options give the same', () => {
    const r = extract(PAGE, { algorithm: 'addanag', format: 'markdown', tables: false, links: false, images: false, url: 'https://news.example/pier' });
    expect(r.text).not.toContain('Piles');
    expect(r.markdown).toContain('See the board\'s page for the minutes.');
    expect(r.markdown).not.toMatch(/!?\[|Piles/);
  });

  it('--help names the flags and says comments are dropped by default', async () => {
    const io = capture();
    await run(['apply', '--help'], io);
    for (const flag of ['--tables', '--links', '--images']) expect(io.out).toContain(flag);
    expect(io.out).toMatch(/--no-tables/);
    expect(io.out).toMatch(/--comments +Keep user-comment sections \(removed by default/);
  });
});

describe('--with-metadata --format html (item 9)', () => {
  it('puts title, author, date and the canonical link in <head>, escaped', async () => {
    const out = await apply(['--format', 'html', '--with-metadata']);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain('<html lang="en">');
    expect(head).toContain('<title>Pier plan agreed &amp; funded</title>');
    expect(head).toContain('<meta name="author" content="Ann &quot;Pip&quot; Lee">');
    expect(head).toContain('<meta name="date" content="2024-05-06">');
    expect(head).toContain('<link rel="canonical" href="https://news.example/pier">');
    expect(out).toMatch(/<body>\n<article>\n<h1>Pier plan agreed &amp; funded<\/h1>/);
  });

  it('a value cannot close its element or attribute; a javascript: canonical URL is left out', () => {
    const doc = htmlDocument('', {
      title: '</title><script>x</script>', headline: null, byline: '"><script>', date: null, siteName: null, lang: 'en" onload="x', dir: null,
      canonicalUrl: 'javascript:alert(1)', description: null, excerpt: null, image: null,
    });
    expect(doc).not.toMatch(/<script|javascript:|" onload/);
    expect(doc).toContain('<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>');
  });
});

describe('--out-dir (item 8)', () => {
  const input = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'farsw-outdir-'));
    mkdirSync(join(dir, 'in', 'deep', 'er'), { recursive: true });
    writeFileSync(join(dir, 'in', 'deep', 'er', 'pier.html'), PAGE);
    return dir;
  };

  it.each([
    ['text', '.txt', 'title: Pier plan agreed & funded'],
    ['markdown', '.md', '---\ntitle: "Pier plan agreed & funded"'],
    ['html', '.html', '<title>Pier plan agreed &amp; funded</title>'],
    ['json', '.json', '"metadata":{"title":"Pier plan agreed & funded"'],
  ])('--format %s --with-metadata writes %s files with the metadata, named after the input file', async (format, extension, head) => {
    const dir = input();
    const io = capture();
    expect(await run(['apply', '-a', 'addanag', '--input', join(dir, 'in'), '--out-dir', join(dir, 'out'), '--format', format, '--with-metadata', '-q'], io)).toBe(0);
    const files = readdirSync(join(dir, 'out')).filter((f) => !f.startsWith('.'));
    expect(files).toEqual([textFileName(join(dir, 'in', 'deep', 'er', 'pier.html'), extension)]);
    expect(files[0]).toMatch(new RegExp(`^pier-[0-9a-f]{8}\\${extension}$`));
    const body = readFileSync(join(dir, 'out', files[0]!), 'utf8');
    expect(body.startsWith(head) || body.includes(head)).toBe(true);
    expect(body).toContain('long debate');
  });

  it('names: a record id, an input file\'s base name without its extension, a URL', () => {
    expect(textFileName('dragnet/123')).toMatch(/^dragnet_123-[0-9a-f]{8}\.txt$/);
    expect(textFileName('/srv/crawl/2024/index.html.gz', '.md')).toMatch(/^index-[0-9a-f]{8}\.md$/);
    expect(textFileName('C:\\pages\\news.htm')).toMatch(/^news-[0-9a-f]{8}\.txt$/);
    expect(textFileName('https://x.example/a/b.html')).toMatch(/^x\.example_a_b\.html-[0-9a-f]{8}\.txt$/);
  });
});
