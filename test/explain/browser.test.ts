/**
 * The explain picture as a browser draws it (issue 21.14), in headless Chromium:
 * - a snapshot: the picture of a hand-written page (test/fixtures/explain/page.html, its explanation
 *   by the default model frozen in page.explain.json, so a retrained model does not move it) rendered
 *   to PNG and compared with the committed page.png: same size, < 0.5 % of pixels differing;
 * - layout in the browser, for that picture and for live ones (the shipped model, the DANA core alone,
 *   a long page with a long URL): every text inside the picture, no two texts overlapping.
 * Skips with a message when there is no chromium (scripts/chromium/install.sh installs Debian's; `.ci/run`
 * runs it and sets FARSW_REQUIRE_CHROMIUM=1, which turns the skip into a failure).
 * FARSW_UPDATE_SNAPSHOT=1 rewrites page.explain.json and page.png (look at the PNG before committing it).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import { explainPage, type ExplainData } from '../../src/explain/explain.js';
import { renderSvg } from '../../src/explain/svg.js';
import { renderHtml } from '../../src/explain/html.js';
import { shippedDefaultModel } from '../../src/model-store/resolve.js';
import { dumpDom, findChromium, screenshot } from '../helpers/chromium.js';

const FIXTURES = resolve('test/fixtures/explain');
const PAGE_URL = 'https://islandweekly.example/news/ferry-winter-timetable';
const bin = findChromium();
const required = process.env['FARSW_REQUIRE_CHROMIUM'] === '1';
const update = process.env['FARSW_UPDATE_SNAPSHOT'] === '1';
if (bin === null && !required) {
  console.warn('test/explain/browser.test.ts: skipped: no chromium on the PATH (scripts/chromium/install.sh installs Debian\'s chromium)');
}

/** ExplainData as JSON: typed arrays as arrays, without the `rulesOn` closure. */
function freeze(d: ExplainData): string {
  const { rulesOn: _, ...rest } = d;
  return JSON.stringify(rest, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v));
}

function thaw(json: string): ExplainData {
  const o = JSON.parse(json) as Record<string, unknown>;
  const typed = (k: string, T: { from(a: ArrayLike<number>): unknown }) => { if (Array.isArray(o[k])) o[k] = T.from(o[k] as number[]); };
  for (const k of ['content', 'code']) typed(k, Uint32Array);
  for (const k of ['diff', 'lineScore']) typed(k, Float64Array);
  for (const k of ['topical', 'template', 'chosenMask']) typed(k, Uint8Array);
  typed('windowOf', Int32Array);
  return { ...o, rulesOn: null } as unknown as ExplainData;
}

const size = (svg: string): [number, number] => {
  const m = /<svg[^>]* width="([\d.]+)" height="([\d.]+)"/.exec(svg)!;
  return [Math.ceil(Number(m[1])), Math.ceil(Number(m[2]))];
};

/** Share of pixels whose colour differs by more than `tolerance` in a channel. */
function differing(a: PNG, b: PNG, tolerance = 64): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (Math.abs(a.data[i]! - b.data[i]!) > tolerance || Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance || Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance) n++;
  }
  return n / (a.width * a.height);
}

/** The page's script: every <text>'s box in the SVG's coordinates; the ones outside it and the overlapping pairs. */
const LAYOUT_SCRIPT = `<script>
const svg = document.querySelector('svg'), box = svg.getBoundingClientRect();
const texts = [...svg.querySelectorAll('text')].map((t) => { const r = t.getBoundingClientRect(); return { s: t.textContent, x0: r.left - box.left, y0: r.top - box.top, x1: r.right - box.left, y1: r.bottom - box.top }; });
const outside = texts.filter((t) => t.x0 < -0.5 || t.y0 < -0.5 || t.x1 > box.width + 0.5 || t.y1 > box.height + 0.5).map((t) => t.s);
const overlaps = [];
for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
  const a = texts[i], b = texts[j];
  if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1) overlaps.push([a.s, b.s]);
}
const pre = document.createElement('pre');
pre.id = 'report';
pre.textContent = JSON.stringify({ texts: texts.length, outside, overlaps });
document.body.appendChild(pre);
</script>`;

describe.skipIf(bin === null && !required)('the explain picture in headless Chromium', () => {
  let dir: string;
  beforeAll(() => {
    if (bin === null) throw new Error('FARSW_REQUIRE_CHROMIUM=1 but there is no chromium on the PATH (scripts/chromium/install.sh)');
    dir = mkdtempSync(join(tmpdir(), 'farsw-browser-'));
  });
  afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  /** Lay `svg` out in the browser: the texts outside it and the overlapping ones. */
  function layout(svg: string, name: string): { texts: number; outside: string[]; overlaps: string[][] } {
    const file = join(dir, `${name}.html`);
    writeFileSync(file, `<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body>${svg}${LAYOUT_SCRIPT}</body></html>`);
    const dom = dumpDom(bin!, file);
    const m = /<pre id="report">([^<]*)<\/pre>/.exec(dom);
    if (!m) throw new Error(`no layout report in the DOM of ${name}`);
    return JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as { texts: number; outside: string[]; overlaps: string[][] };
  }

  it('draws the hand-written page as the committed reference (< 0.5 % of pixels differ)', () => {
    const jsonFile = join(FIXTURES, 'page.explain.json'), pngFile = join(FIXTURES, 'page.png');
    if (update) {
      const live = explainPage(readFileSync(join(FIXTURES, 'page.html'), 'utf8'), { model: shippedDefaultModel(), url: PAGE_URL });
      writeFileSync(jsonFile, freeze(live) + '\n');
    }
    const svg = renderSvg(thaw(readFileSync(jsonFile, 'utf8')), { table: 'page.html' });
    const [w, h] = size(svg);
    const svgFile = join(dir, 'page.svg'), shot = join(dir, 'page.png');
    writeFileSync(svgFile, svg);
    screenshot(bin!, svgFile, shot, w, h);
    if (update) writeFileSync(pngFile, readFileSync(shot));
    const got = PNG.sync.read(readFileSync(shot)), want = PNG.sync.read(readFileSync(pngFile));
    expect([got.width, got.height]).toEqual([want.width, want.height]);
    expect(differing(got, want)).toBeLessThan(0.005);
    // And it is a picture, not a blank page: the chosen track's green and the text bars' blue are there.
    const has = (png: PNG, rgb: [number, number, number]) => {
      for (let i = 0; i < png.data.length; i += 4) if (Math.abs(png.data[i]! - rgb[0]) + Math.abs(png.data[i + 1]! - rgb[1]) + Math.abs(png.data[i + 2]! - rgb[2]) < 12) return true;
      return false;
    };
    expect(has(got, [0x1a, 0x98, 0x50])).toBe(true);
    expect(has(got, [0x45, 0x75, 0xb4])).toBe(true);
  });

  it('keeps every text inside the picture and apart from the others (frozen, live model, DANA core, long page)', () => {
    const page = readFileSync(join(FIXTURES, 'page.html'), 'utf8');
    const para = (k: number) => `<p>Paragraph ${k} says what the harbour board decided about the ferry, the pier and the fares for next year.</p>`;
    const long = '<body>' + Array.from({ length: 1500 }, (_, k) => (k % 40 < 30 ? `<div><a href="/n${k}">menu ${k}</a></div>` : para(k))).join('') + '</body>';
    const longUrl = 'https://a-very-long-host-name.example/' + 'section/'.repeat(30) + 'story.html';
    const cases: Array<[string, ExplainData]> = [
      ['frozen', thaw(readFileSync(join(FIXTURES, 'page.explain.json'), 'utf8'))],
      ['model', explainPage(page, { model: shippedDefaultModel(), url: PAGE_URL })],
      ['dana', explainPage(page, { algorithm: 'danag' })],
      ['long', explainPage(long, { model: shippedDefaultModel(), url: longUrl })],
    ];
    // The check itself sees a cut-off title and two texts on top of each other.
    const bad = layout('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="20">a title far too long for the picture it is in</text>' +
      '<text x="10" y="50">one</text><text x="14" y="52">two</text></svg>', 'control');
    expect(bad.outside).toEqual(['a title far too long for the picture it is in']);
    expect(bad.overlaps).toEqual([['one', 'two']]);
    for (const [name, data] of cases) {
      const report = layout(renderSvg(data, { table: '' }), name);
      expect(report.texts, name).toBeGreaterThan(20);
      expect(report.outside, name).toEqual([]);
      expect(report.overlaps, name).toEqual([]);
    }
  });

  it('links blocks and line numbers to the rows of the HTML table', () => {
    const data = explainPage(readFileSync(join(FIXTURES, 'page.html'), 'utf8'), { model: shippedDefaultModel() });
    const file = join(dir, 'table.html');
    writeFileSync(file, renderHtml(data).replace('</body>', `<script>
const missing = [...document.querySelectorAll('svg a')].map((a) => a.getAttribute('href')).filter((h) => !document.getElementById(h.slice(1)));
const pre = document.createElement('pre'); pre.id = 'report'; pre.textContent = JSON.stringify({ links: document.querySelectorAll('svg a').length, missing });
document.body.appendChild(pre);
</script></body>`).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''));
    const m = /<pre id="report">([^<]*)<\/pre>/.exec(dumpDom(bin!, file));
    const report = JSON.parse(m![1]!.replace(/&quot;/g, '"')) as { links: number; missing: string[] };
    expect(report.links).toBeGreaterThan(data.chosen.length);
    expect(report.missing).toEqual([]);
  });
});
