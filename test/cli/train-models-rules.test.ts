import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run } from '../../src/cli/main.js';
import { capture } from './capture.js';
import { sitePage } from '../helpers/site-pages.js';

const io = () => capture();

let dir: string, data: string, store: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'farsw-cli-'));
  data = join(dir, 'training-data');
  for (const site of ['alpha.example', 'beta.example']) {
    mkdirSync(join(data, site), { recursive: true });
    for (let k = 0; k < 11; k++) {
      const p = sitePage(k + (site === 'beta.example' ? 40 : 0));
      writeFileSync(join(data, site, `${k}.html`), p.html);
      writeFileSync(join(data, site, `${k}.txt`), p.gold!);
    }
  }
  writeFileSync(join(data, 'alpha.example', 'orphan.html'), '<p>no gold</p>');
  // a small JSONL.gz with 3 pages of a third host: below --min-pages
  // (one archived by the Wayback Machine), plus two malformed lines that are reported and skipped
  const urls = ['https://www.gamma.example/a/0', 'https://gamma.example/a/1', 'https://web.archive.org/web/20200101000000/https://www.gamma.example/a/2'];
  const recs = [0, 1, 2].map((k) => JSON.stringify({ id: `g/${k}`, url: urls[k], ...sitePage(k + 80) }));
  recs.splice(1, 0, '{"id": "g/bad", "html": 42}', 'not json');
  writeFileSync(join(data, 'gamma.jsonl.gz'), gzipSync(recs.join('\n')));
  store = join(dir, 'models', 'farsw.sqlite');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('farsw train / models / rules', () => {
  it('trains, applies and explains FAR-SW as published (--preset paper)', async () => {
    const paperStore = join(dir, 'paper.sqlite'); // a store of its own: the tests below list the main one
    const o = io();
    expect(await run(['train', '--data', data, '--model', 'paper', '--preset', 'paper', '--store', paperStore], o)).toBe(0);
    const rules = io();
    expect(await run(['rules', 'paper', '--store', paperStore], rules)).toBe(0);
    expect(rules.out).toMatch(/TextLength +two/); // Fig. 7's two regions across sites
    const page = join(data, 'alpha.example', '0.html');
    const a = io();
    expect(await run(['apply', page, '--model', 'paper', '--preset', 'paper', '--store', paperStore, '--format', 'json'], a)).toBe(0);
    const json = JSON.parse(a.out) as { method: string; farsw: { fallback: boolean; fallbackKept: boolean } };
    expect(json.method).toBe('farsw:paper');
    expect(json.farsw.fallbackKept).toBe(false); // the paper keeps no fallback block
    const e = io();
    expect(await run(['explain', page, '--model', 'paper', '--preset', 'paper', '--store', paperStore], e)).toBe(0);
    expect(e.out).toMatch(/mode farsw/);
  });

  it('trains one global model from a directory', async () => {
    const o = io();
    expect(await run(['train', '--data', data, '--model', 'all', '--store', store], o)).toBe(0);
    expect(o.out).toMatch(/^all: 25 pages \(0 skipped\)/);
    expect(o.out).toContain(`stored 1 model(s) in ${store}`);
    expect(o.err).toContain('orphan.html: gold file orphan.txt missing');
    expect(o.err).toMatch(/gamma\.jsonl\.gz:2: .*"html" must be a string/);
    expect(o.err).toMatch(/gamma\.jsonl\.gz:3: invalid JSON/);
    expect(o.out).toContain('; 3 unreadable records skipped');
  });

  it('says which pages the trainer skipped and why', async () => {
    const d = join(dir, 'skips');
    mkdirSync(join(d, 'delta.example'), { recursive: true });
    for (let k = 0; k < 3; k++) {
      const p = sitePage(k + 60);
      writeFileSync(join(d, 'delta.example', `${k}.html`), p.html);
      writeFileSync(join(d, 'delta.example', `${k}.txt`), p.gold!);
    }
    writeFileSync(join(d, 'delta.example', 'stray.html'), sitePage(70).html);
    writeFileSync(join(d, 'delta.example', 'stray.txt'), 'Quartz lanterns hum beneath the violet aqueduct.\n');
    const o = io();
    expect(await run(['train', '--data', d, '--model', 'skips', '--store', join(dir, 'skips.sqlite')], o)).toBe(0);
    expect(o.out).toMatch(/^skips: 3 pages \(1 skipped: 1 no line matches the gold \(delta\.example\/stray\)\)/);
  });

  it('trains --by-site with --min-pages', async () => {
    const o = io();
    expect(await run(['train', '--data', data, '--by-site', '--min-pages', '10', '--store', store], o)).toBe(0);
    expect(o.err).toContain('3 hosts, 2 with at least 10 pages with gold');
    // The guard: each site model cross-validated against the default model on its pages.
    expect(o.out).toMatch(/alpha\.example[^\n]*\n  guard: 5-fold on 11 pages, BoW F1 site model \d\.\d{3} vs default \d\.\d{3}(; with default's text where they agree below 0\.\d: \d\.\d{3})?; better on \d+ pages, worse on \d+: --model auto uses the (site|default) model/);
    const sh = io();
    expect(await run(['models', 'show', 'alpha.example', '--json', '--store', store], sh)).toBe(0);
    const shown = JSON.parse(sh.out) as { report: { siteCheck: { folds: number; useSite: boolean } }; auto: string };
    expect(shown.report.siteCheck.folds).toBe(5);
    expect(shown.auto).toMatch(shown.report.siteCheck.useSite ? /the guard chose the site model/ : /the guard chose the default model/);
    const l = io();
    expect(await run(['models', 'list', '--json', '--store', store], l)).toBe(0);
    const list = JSON.parse(l.out) as { name: string; site: string | null; pages: number; created: string }[];
    expect(list.map((m) => [m.name, m.site, m.pages])).toEqual([['all', null, 25], ['alpha.example', 'alpha.example', 11], ['beta.example', 'beta.example', 11]]);
    for (const m of list) expect(Date.parse(m.created)).not.toBeNaN();
  });

  it('--site trains on one host only', async () => {
    const o = io();
    expect(await run(['train', '--data', data, '--model', 'g', '--site', 'gamma.example', '--store', store], o)).toBe(0);
    expect(o.out).toMatch(/^g \(gamma.example\): 3 pages/);
  });

  it('rules prints the tables and the adopted rules in words; --json has membership, levels, adopted', async () => {
    const t = io();
    expect(await run(['rules', 'alpha.example', '--store', store], t)).toBe(0);
    expect(t.out).toContain('Membership functions');
    expect(t.out).toContain('Frequent regions');
    expect(t.out).toMatch(/L1 \(\d+\)/);
    expect(t.out).toMatch(/Density High ∧ .*⇒ topical; support \d\.\d\d; fires on [\d.]+ % of non-topical lines/);
    const j = io();
    expect(await run(['rules', 'alpha.example', '--json', '--store', store], j)).toBe(0);
    const v = JSON.parse(j.out) as { membership: unknown[]; levels: { level: number }[]; adopted: { text: string; support: number }[] };
    expect(v.membership).toHaveLength(6);
    expect(v.levels.map((l) => l.level)).toEqual(v.levels.map((_, i) => i + 1));
    expect(v.adopted.length).toBeGreaterThan(0);
    const l1 = io();
    expect(await run(['rules', 'alpha.example', '--level', '1', '--json', '--store', store], l1)).toBe(0);
    expect((JSON.parse(l1.out) as { adoptedLevel: number }).adoptedLevel).toBe(1);
    const bad = io();
    expect(await run(['rules', 'alpha.example', '--level', '99', '--store', store], bad)).toBe(2);
  });

  it('export → import under another name gives the same rules; show; rollback; rm', async () => {
    const e = io();
    expect(await run(['models', 'export', 'beta.example', '--store', store], e)).toBe(0);
    const file = join(dir, 'model.json');
    writeFileSync(file, e.out);
    expect(await run(['models', 'import', file, '--name', 'copy', '--store', store], io())).toBe(0);
    const a = io(), b = io();
    await run(['rules', 'beta.example', '--json', '--store', store], a);
    await run(['rules', 'copy', '--json', '--store', store], b);
    expect(JSON.parse(b.out).adopted).toEqual(JSON.parse(a.out).adopted);

    const s = io();
    expect(await run(['models', 'show', 'copy', '--store', store], s)).toBe(0);
    expect(s.out).toContain('site         beta.example');

    // retrain "all" with another parameter, then roll back
    expect(await run(['train', '--data', data, '--model', 'all', '--min-support', '0.3', '--store', store], io())).toBe(0);
    const r = io();
    expect(await run(['models', 'rollback', 'all', '--store', store], r)).toBe(0);
    expect(r.out).toContain('rolled back to version 1');
    const again = io();
    expect(await run(['models', 'rollback', 'all', '--store', store], again)).toBe(1);
    expect(again.err).toContain('no previous version');

    expect(await run(['models', 'rm', 'copy', '--store', store], io())).toBe(0);
    const gone = io();
    expect(await run(['rules', 'copy', '--store', store], gone)).toBe(1);
    expect(gone.err).toContain('no model named "copy"');
  });

  it('usage errors exit 2; a missing store exits 1 with a message', async () => {
    const o = io();
    expect(await run(['train', '--data', data, '--store', store], o)).toBe(2);
    expect(o.err).toContain('--model NAME is required');
    const m = io();
    expect(await run(['rules', 'x', '--store', join(dir, 'none.sqlite')], m)).toBe(1);
    expect(m.err).toContain('no model store');
    const l = io();
    expect(await run(['models', 'list', '--store', join(dir, 'none.sqlite')], l)).toBe(0);
    expect(l.out).toContain('no models');
    expect(l.out).toMatch(/default \(shipped, .*default\.json\) answers for pages no site model matches/);
  });

  it('rules, models show and models export read `default` as apply does: the shipped model when the store has none', async () => {
    const none = join(dir, 'none.sqlite');
    for (const storePath of [none, store]) {
      const r = io();
      expect(await run(['rules', 'default', '--store', storePath], r)).toBe(0);
      expect(r.out).toMatch(/Adopted rules \(L\d\)\n  .+⇒ topical/);
      const s = io();
      expect(await run(['models', 'show', 'default', '--store', storePath], s)).toBe(0);
      expect(s.out).toMatch(/model {8}default \(shipped, .*default\.json\)/);
      expect(s.out).toMatch(/trained on {3}\S+ \d+/);
      expect(s.out).toMatch(/evidence {5}\d+ template lines \(up to \d+ characters\)/);
      const e = io();
      expect(await run(['models', 'export', 'default', '--store', storePath], e)).toBe(0);
      expect(JSON.parse(e.out).name).toBe('default');
    }
    // A stored model named default answers instead.
    expect(await run(['models', 'import', join(dir, 'model.json'), '--name', 'default', '--store', store], io())).toBe(0);
    const s = io();
    expect(await run(['models', 'show', 'default', '--store', store], s)).toBe(0);
    expect(s.out).toContain('site         beta.example');
    expect(await run(['models', 'rm', 'default', '--store', store], io())).toBe(0);
  });
});

describe('farsw train --evidence, rules, explain --why, apply --classify rules', () => {
  it('learns evidence rules, prints them in words and explains a line with them', async () => {
    const t = io();
    expect(await run(['train', '--data', data, '--model', 'ev', '--features', 'normalized', '--evidence', '--store', store], t)).toBe(0);
    const r = io();
    expect(await run(['rules', 'ev', '--store', store], r)).toBe(0);
    expect(r.out).toContain('Evidence rules (fuzzy class association rules');
    expect(r.out).toMatch(/ → content \(conf \d\.\d\d, support \d\.\d\d, weight \d\.\d\d\)/);
    expect(r.out).toMatch(/ → boilerplate \(conf \d\.\d\d, support \d\.\d\d, weight \d\.\d\d\)/);
    const page = join(dir, 'page.html');
    writeFileSync(page, sitePage(90).html);
    const a = io();
    expect(await run(['apply', page, '--model', 'ev', '--classify', 'rules', '--block-score', 'evidence', '--store', store], a)).toBe(0);
    expect(a.out).toContain('Paragraph 90-0');
    expect(a.out).not.toContain('Other story');
    const x = io();
    expect(await run(['explain', page, '--model', 'ev', '--classify', 'rules', '--lines', '0-200', '--store', store], x)).toBe(0);
    const line = x.out.split('\n').find((l) => l.includes('Paragraph 90-1'))!.trim().split(/\s+/)[0]!;
    const w = io();
    expect(await run(['explain', page, '--model', 'ev', '--classify', 'rules', '--why', line, '--store', store], w)).toBe(0);
    expect(w.out).toMatch(new RegExp(`line ${line}: kept; P\\(content\\) 0\\.\\d\\d by the weighted vote of \\d+ rules`));
    expect(w.out).toContain('→ content');
    expect(w.out).toMatch(/decided by stage \d+ [a-z-]+: /);
  });

  it('names the deciding stage and says how to get evidence rules when the model has none', async () => {
    const page = join(dir, 'page.html');
    const w = io();
    expect(await run(['explain', page, '--model', 'all', '--why', '3', '--store', store], w)).toBe(0);
    expect(w.out).toMatch(/line 3: (kept|dropped)\n/);
    expect(w.out).toMatch(/decided by stage \d+ [a-z-]+/);
    expect(w.out).toContain('(model all has no evidence rules: train it with --evidence to see the rules that fired on the line)');
    const a = io();
    expect(await run(['apply', page, '--model', 'all', '--classify', 'rules', '--store', store], a)).toBe(2);
    expect(a.err).toContain('model all has no evidence rules');
  });
});

describe('a model file means the same everywhere (issue 37.10)', () => {
  it('models export NAME FILE writes it; rules FILE.json and models show FILE.json read it as apply --model FILE.json does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'farsw-model-file-'));
    const file = join(dir, 'default.json');
    const store = join(dir, 'none.sqlite');
    const exp = capture();
    expect(await run(['models', 'export', 'default', file, '--store', store], exp)).toBe(0);
    expect(exp.out).toBe('');
    expect(JSON.parse(readFileSync(file, 'utf8')).name).toBe('default');
    const rules = capture();
    expect(await run(['rules', file, '--json', '--store', store], rules)).toBe(0);
    expect(JSON.parse(rules.out).model).toBe('default');
    const show = capture();
    expect(await run(['models', 'show', file, '--store', store], show)).toBe(0);
    expect(show.out).toContain(`model        default (file ${file})`);
    const missing = capture();
    expect(await run(['rules', join(dir, 'nope.json'), '--store', store], missing)).toBe(1);
    expect(missing.err).toMatch(/nope\.json: cannot read model file \(ENOENT\)/);
  });
});

describe('guard scores that tie at 3 decimals (issue 37.14)', () => {
  it('show a 4th decimal, and the same figure twice only for a real tie', async () => {
    const { scorePair } = await import('../../src/cli/commands/train.js');
    expect(scorePair(0.9621, 0.9604)).toEqual(['0.962', '0.960']);
    expect(scorePair(0.96214, 0.96186)).toEqual(['0.9621', '0.9619']);
    expect(scorePair(0.96213, 0.96213)).toEqual(['0.9621', '0.9621']);
  });
});
