/**
 * `farsw apply --input … --adapt` (issue 18.4) and `--shard-by host`, on the hand-written sites of
 * training-data/: a crawl mixing two sites (12 pages each) with single pages of other hosts and a bad record.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { run } from '../../src/cli/main.js';
import { scoreText } from '../../src/eval/metrics.js';
import { runBatch } from '../../src/batch/run.js';
import { streamSink } from '../../src/batch/output.js';
import { HostSampler } from '../../src/batch/adapt.js';
import type { AdaptReport } from '../../src/batch/adapt.js';
import { compiledWorker, page, ROOT, tempDir, writeLines, type LooseRecord } from '../batch/helpers.js';
import { gzipMembers, httpBlock } from '../faults/helpers.js';
import { capture } from './capture.js';

const SITES = ['coastal-courier.example', 'river-review.example'];

interface SitePage { id: string; url: string; html: string; gold: string }

function sitePages(site: string): SitePage[] {
  const dir = join(ROOT, 'training-data', site);
  return readdirSync(dir).filter((n) => n.endsWith('.html')).sort().map((n) => ({
    id: `${site}/${n}`,
    url: (JSON.parse(readFileSync(join(dir, n.replace('.html', '.json')), 'utf8')) as { url: string }).url,
    html: readFileSync(join(dir, n), 'utf8'),
    gold: readFileSync(join(dir, n.replace('.html', '.txt')), 'utf8'),
  }));
}

const pages = SITES.flatMap(sitePages);
/** The sites' pages interleaved (a crawl is not sorted by host), two single pages and a bad record. */
function crawlLines(): string[] {
  const a = sitePages(SITES[0]!), b = sitePages(SITES[1]!);
  const lines: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    for (const p of [a[i], b[i]]) if (p) lines.push(JSON.stringify({ id: p.id, url: p.url, html: p.html }));
    if (i === 3) lines.push(JSON.stringify({ id: 'single-1', url: 'https://lonely.example/a', html: page(1) }));
    if (i === 7) lines.push('{"id": "broken", "html": ');
  }
  lines.push(JSON.stringify({ id: 'single-2', host: 'other.example', html: page(2) }));
  lines.push(JSON.stringify({ id: 'no-host', html: page(3) }));
  return lines;
}

function records(text: string): LooseRecord[] {
  return text.trim().split('\n').map((l) => JSON.parse(l) as LooseRecord);
}

type Rec = LooseRecord & { modelReason?: string };

describe('farsw apply --adapt', () => {
  let dir: string;
  let crawl: string;
  beforeAll(() => {
    dir = tempDir('adapt');
    crawl = writeLines(join(dir, 'crawl.jsonl'), crawlLines());
  });

  it('sites with enough pages get an adapt model, better on gold than the default; singles keep the default; a bad record is an error record', async () => {
    const io = capture();
    const code = await run(['apply', '-w', '0', '-q', '--input', crawl, '--adapt'], io);
    expect(code).toBe(3); // the broken record
    const recs = records(io.out) as Rec[];
    expect(recs.length).toBe(pages.length + 4);
    const errors = recs.filter((r) => r.error !== undefined);
    expect(errors.length).toBe(1);
    expect(errors[0]!.error).toMatch(/crawl\.jsonl:\d+: invalid JSON/);
    for (const site of SITES) {
      const own = recs.filter((r) => r.id?.startsWith(`${site}/`));
      expect(own.length).toBe(12);
      for (const r of own) {
        expect(r.model).toBe(`adapt:${site}`);
        expect(r.modelReason).toMatch(new RegExp(`^adapt:${site.replace('.', '\\.')} \\(label-free from 12 pages; won: `));
      }
    }
    const single = recs.find((r) => r.id === 'single-1')!;
    expect(single.model).toBe('default');
    expect(single.modelReason).toBe('default: no site model for lonely.example; adapt: fewer than 10 pages of lonely.example');
    expect(recs.find((r) => r.id === 'single-2')!.modelReason).toMatch(/adapt: fewer than 10 pages of other\.example$/);
    expect(recs.find((r) => r.id === 'no-host')!.modelReason).toBe('default: no host; adapt: no host');
    expect(io.err).toMatch(/farsw apply --adapt: 4 hosts \(\+ 2 pages without a host\), 2 with ≥ 10 pages: 2 use their adapted model, 0 kept their usual one/);

    // Without --adapt: the default model; the adapted models score at least as well on the gold they never saw, and better on one site.
    const plain = capture();
    await run(['apply', '-w', '0', '-q', '--input', crawl], plain);
    const before = new Map((records(plain.out) as Rec[]).map((r) => [r.id, r]));
    const gain: number[] = [];
    for (const site of SITES) {
      let a = 0, d = 0;
      for (const p of pages.filter((q) => q.id.startsWith(`${site}/`))) {
        a += scoreText(recs.find((r) => r.id === p.id)!.text!, p.gold).bow.f1;
        d += scoreText(before.get(p.id)!.text!, p.gold).bow.f1;
      }
      gain.push((a - d) / 12);
    }
    expect(Math.min(...gain)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...gain)).toBeGreaterThan(0.05);
  });

  it('--use-site-model: the adapted model whatever the guard says, and the reason says so', async () => {
    const io = capture();
    await run(['apply', '-w', '0', '-q', '--input', crawl, '--adapt', '--use-site-model'], io);
    const own = (records(io.out) as Rec[]).filter((r) => r.id?.startsWith(`${SITES[0]}/`));
    expect(own.length).toBe(12);
    for (const r of own) expect(r.modelReason).toMatch(/^adapt:coastal-courier\.example \(label-free from 12 pages; forced by --use-site-model; \d\.\d{3} vs default \d\.\d{3} on the pseudo-labels, 5-fold; outside the lines the seed and the repetition dispute [+-]\d\.\d{3}\)$/);
  });

  it('--adapt-min-pages above a site\'s size leaves it with the default model', async () => {
    const io = capture();
    await run(['apply', '-w', '0', '-q', '--input', crawl, '--adapt', '--adapt-min-pages', '13'], io);
    const recs = records(io.out) as Rec[];
    expect(recs.filter((r) => r.model?.startsWith('adapt:')).length).toBe(0);
    expect(recs.find((r) => r.id === `${SITES[0]}/page-01.html`)!.modelReason).toMatch(/adapt: fewer than 13 pages of coastal-courier\.example$/);
  });

  it('--adapt-max-pages samples a site: the model learns from that many pages and still serves all of them', async () => {
    const io = capture();
    await run(['apply', '-w', '0', '-q', '--input', crawl, '--adapt', '--adapt-max-pages', '6'], io);
    const own = (records(io.out) as Rec[]).filter((r) => r.id?.startsWith(`${SITES[1]}/`));
    expect(own.length).toBe(12);
    for (const r of own) expect(r.modelReason).toMatch(/label-free from 6 pages/);
  });

  it('a WARC and a gzip JSON Lines file are read twice; pages without a URL (HTML files) keep the default model', async () => {
    const warc = join(dir, 'crawl.warc.gz');
    const responses = pages.map((p, n) => {
      const block = httpBlock(p.html, { 'Content-Type': 'text/html; charset=utf-8' });
      const head = ['WARC/1.0', 'WARC-Type: response', `WARC-Record-ID: <urn:uuid:${n}>`, `WARC-Target-URI: ${p.url}`, 'Content-Type: application/http; msgtype=response', `Content-Length: ${block.length}`].join('\r\n') + '\r\n\r\n';
      return Buffer.concat([Buffer.from(head), block, Buffer.from('\r\n\r\n')]);
    });
    writeFileSync(warc, gzipMembers(responses));
    const html = join(dir, 'loose');
    mkdirSync(html);
    writeFileSync(join(html, 'a.html'), page(4));
    const io = capture();
    expect(await run(['apply', '-w', '0', '-q', '--input', warc, '--input', html, '--adapt'], io)).toBe(0);
    const recs = records(io.out) as Rec[];
    expect(recs.filter((r) => r.model === `adapt:${SITES[0]}`).length).toBe(12);
    expect(recs.filter((r) => r.model === `adapt:${SITES[1]}`).length).toBe(12);
    expect(recs.find((r) => r.id?.endsWith('a.html'))!.modelReason).toMatch(/adapt: no host$/);
  });

  it('runs on the worker pool, with the same output as in-process', async () => {
    const workerFile = compiledWorker();
    const outputs: string[] = [];
    for (const workers of [0, 2]) {
      const lines: string[] = [];
      let report: AdaptReport | undefined;
      await runBatch({
        inputs: [crawl], workers, workerFile, extract: {}, sink: streamSink((s) => { lines.push(s); }),
        adapt: { minPages: 10 }, onAdapt: (r) => { report = r; },
      });
      expect(report?.adapted).toBe(2);
      outputs.push(lines.map((l) => { const { ms: _ms, ...rest } = JSON.parse(l) as Rec; return JSON.stringify(rest); }).join('\n'));
    }
    expect(outputs[1]).toBe(outputs[0]);
  }, 60_000);

  it('an interrupted first pass writes nothing and leaves the output to a resume', async () => {
    const ac = new AbortController();
    ac.abort();
    const lines: string[] = [];
    const summary = await runBatch({ inputs: [crawl], workers: 0, extract: {}, sink: streamSink((s) => { lines.push(s); }), adapt: { minPages: 10 }, signal: ac.signal });
    expect(summary.interrupted).toBe(true);
    expect(lines).toEqual([]);
  });

  it('refuses what cannot be read twice, and options that do not go together, in one line', async () => {
    const cases: [string[], RegExp][] = [
      [['apply', '--input', '-', '--adapt'], /standard input cannot be read twice/],
      [['apply', '--input', crawl, '--adapt', '--shard', '0/2'], /--adapt with --shard needs --shard-by host/],
      [['apply', '--input', crawl, '--adapt', '-a', 'addanag'], /goes with --model/],
      [['apply', '--input', crawl, '--adapt', '--adapt-min-pages', '1'], /--adapt-min-pages: expected an integer ≥ 2/],
      [['apply', 'x.html', '--adapt'], /--adapt goes with --input/],
    ];
    for (const [argv, message] of cases) {
      const io = capture(Readable.from([]));
      expect(await run(argv, io), argv.join(' ')).toBe(2);
      expect(io.err, argv.join(' ')).toMatch(message);
      expect(io.err.split('\n')[0], argv.join(' ')).toMatch(message); // the error on its first line, no stack trace
      expect(io.err).not.toMatch(/\n\s+at /);
    }
    const urls = join(dir, 'list.urls');
    writeFileSync(urls, 'https://127.0.0.1:9/a\n');
    const io = capture();
    expect(await run(['apply', '--input', urls, '--adapt', '-w', '0'], io)).toBe(1);
    expect(io.err).toMatch(/--adapt reads its input twice and would fetch https:\/\/127\.0\.0\.1:9\/a twice/);
  });
});

describe('--shard-by host', () => {
  it('keeps each site in one share, the shares cover the input, and each share adapts its own sites', async () => {
    const dir = tempDir('shard-host');
    // Two input files, each holding half of each site: by file, a site would be split between shares.
    const lines = crawlLines();
    const a = writeLines(join(dir, 'a.jsonl'), lines.filter((_, i) => i % 2 === 0));
    const b = writeLines(join(dir, 'b.jsonl'), lines.filter((_, i) => i % 2 === 1));
    const seen: string[] = [];
    const shareOf = new Map<string, number>();
    for (const i of [0, 1, 2]) {
      const io = capture();
      const code = await run(['apply', '-w', '0', '-q', '--input', a, '--input', b, '--shard', `${i}/3`, '--shard-by', 'host', '--adapt'], io);
      expect([0, 1, 3]).toContain(code);
      const recs = io.out.trim() === '' ? [] : records(io.out) as Rec[];
      for (const r of recs) {
        seen.push(r.id ?? '');
        const host = r.id?.split('/')[0];
        if (host && SITES.includes(host)) {
          expect(shareOf.get(host) ?? i, host).toBe(i);
          shareOf.set(host, i);
          expect(r.model).toBe(`adapt:${host}`);
        }
      }
    }
    expect(seen.length).toBe(lines.length);
    expect(new Set(seen).size).toBe(lines.length);
    expect(shareOf.size).toBe(2);
  });
});

describe('HostSampler', () => {
  const task = (n: number, size: number) => ({ kind: 'page' as const, page: new Uint8Array(size), where: `p${n}` });

  it('keeps at most maxPages pages per host, the same ones for the same input, counting every page', () => {
    const pick = (): string[] => {
      const s = new HostSampler({ maxPages: 5 });
      for (let n = 0; n < 100; n++) s.add('a.example', task(n, 10), 10);
      const h = s.hosts.get('a.example')!;
      expect(h.count).toBe(100);
      expect(h.pages.length).toBe(5);
      return h.pages.map((p) => p.where);
    };
    const first = pick();
    expect(pick()).toEqual(first);
    expect(first.some((w) => Number(w.slice(1)) >= 5)).toBe(true); // later pages get in: a sample of the whole input
  });

  it('holds at most hostBytes per host and memoryBytes overall, dropping the smallest hosts first', () => {
    const s = new HostSampler({ maxPages: 50, hostBytes: 1000, memoryBytes: 3000 });
    for (let n = 0; n < 30; n++) s.add('big.example', task(n, 100), 100);
    expect(s.hosts.get('big.example')!.bytes).toBe(1000);
    for (let k = 0; k < 40; k++) s.add(`small${k}.example`, task(k, 100), 100);
    expect(s.peak).toBeLessThanOrEqual(3100);
    expect(s.hosts.get('big.example')!.bytes).toBe(1000); // the host with the most pages keeps its sample
    expect(s.hosts.get('small0.example')!.evicted).toBe(true);
    expect(s.hosts.get('small0.example')!.count).toBe(1);
  });
});
