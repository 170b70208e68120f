#!/usr/bin/env node
/**
 * What a label-free site model could gain per LINE (issue 18.3, session 15): per site with ≥ --min-pages pages with gold, the
 * label-free model of `npm run bench:site-models` (no guard) and the default model, each page's lines as the site model builds them
 * (the default model's text aligned to them, as the pseudo-labeller places its seed), and:
 *   - the per-line oracle: the lines both keep, plus each line only one keeps when the gold holds it (an upper bound for any
 *     choice between the two models' lines);
 *   - line-level combinations that need no gold, from the repetition evidence the pseudo-labeller computes (pseudoLabel's
 *     lineEvidence: template lines, boilerplate and varying paths, the title line spared);
 * each scored against the gold (BoW F1), mean per site, over sites and per dataset group, sites below the default by > 0.01.
 *   node scripts/site-line-bound.mjs [--min-pages 10] [--sites N] [--save FILE.json] [--from FILE.json]
 * --save keeps every page's scores per combination; --from reports from such a file without training.
 * Needs ../shared/datasets (or FARSW_DATASETS); skips with a message when absent.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => { const i = process.argv.indexOf(name); return i < 0 ? def : process.argv[i + 1]; };
const from = arg('--from', null);
const save = arg('--save', null);

let rows;
if (from) rows = JSON.parse(readFileSync(from, 'utf8')).sites;
else {
  const dir = process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets');
  if (!existsSync(dir)) {
    console.error(`site-line-bound: ${dir} not found; this script needs ../shared/datasets. Skipped.`);
    process.exit(0);
  }
  rows = await measure(dir, Number(arg('--min-pages', 10)), Number(arg('--sites', 1e9)));
  if (save) writeFileSync(save, JSON.stringify({ sites: rows }));
}
report(rows);

/** Per site, per page, the gold score of every combination. */
async function measure(dir, minPages, maxSites) {
  const { sitePages } = await import('./site-pages.mjs');
  const { pseudoLabel, trainPseudoLabelled, extractWithModel, runModel, shippedDefaultModel, scoreText, alignGold, lineKey, LINE_EVIDENCE: E } = await import('../dist/index.js');
  const dflt = shippedDefaultModel();
  const out = [];
  for (const [site, pages] of (await sitePages(dir, minPages)).slice(0, maxSites)) {
    const seed = new Map(pages.map((p) => [p.id, extractWithModel(p.html, dflt).text]));
    const labels = pseudoLabel(pages.map((p) => ({ id: p.id, html: p.html })), { site, seed: (p) => seed.get(p.id), seedModel: dflt.name });
    const model = trainPseudoLabelled(labels, { name: 'lf', site });
    // First pass: each page's lines, both models' choices, the gold's; class/id words counted over the site's pages.
    const minPages = labels.evidence.minPages;
    const words = new Map(); // word → { pages, template, other, seeded } (characters; pages it is on)
    const runs = pages.map((p, j) => {
      const { table, detail } = runModel(p.html, model);
      const ev = labels.lineEvidence[j];
      if (ev.length !== table.count) throw new Error(`${site} ${p.id}: evidence for ${ev.length} lines, table ${table.count}`);
      const L = new Uint8Array(table.count);
      for (const b of detail.blocks) for (let i = b.start; i < b.end; i++) L[i] = 1;
      const on = new Set();
      const ct = table.classTokens;
      for (let i = 0; ct && i < table.count; i++) {
        const c = table.contentChars[i];
        if (c === 0) continue;
        for (let k = ct.start[i]; k < ct.start[i + 1]; k++) {
          const w = ct.keys[k];
          let st = words.get(w);
          if (!st) words.set(w, (st = { pages: 0, template: 0, other: 0, seeded: 0 }));
          if (!on.has(w)) { on.add(w); st.pages++; }
          if (ev[i] & E.template) st.template += c; else st.other += c;
          if (ev[i] & E.seed) st.seeded += c;
        }
      }
      return { table, ev, L };
    });
    // A boilerplate class word: on at least minPages pages, its lines at least 80 % template characters; a content word: at
    // least 80 % non-template characters, at least half of them kept by the seed (as the pseudo-labeller's paths).
    const wordClass = (w) => {
      const st = words.get(w);
      if (!st || st.pages < minPages) return 0;
      const all = st.template + st.other;
      return st.template >= 0.8 * all ? 1 : st.other >= 0.8 * all && st.seeded >= 0.5 * all ? 2 : 0;
    };
    const scores = pages.map((p, j) => {
      const { table, ev, L } = runs[j];
      const n = table.count;
      const ct = table.classTokens;
      const lineWords = (i, cls) => { if (!ct) return false; for (let k = ct.start[i]; k < ct.start[i + 1]; k++) if (wordClass(ct.keys[k]) === cls) return true; return false; };
      const G = alignGold(table.text, p.gold, model.params.alignThreshold, true).topical;
      const has = (i) => table.lineText(i, false).length > 0;
      const text = (f) => { const t = []; for (let i = 0; i < n; i++) if (has(i) && f(i)) t.push(table.lineText(i, false)); return t.join('\n'); };
      const D = (i) => (ev[i] & E.seed) !== 0, T = (i) => (ev[i] & E.template) !== 0, B = (i) => (ev[i] & E.boilerplatePath) !== 0 && (ev[i] & E.title) === 0;
      const V = (i) => (ev[i] & E.varyingPath) !== 0 && (ev[i] & E.linky) === 0 && table.contentChars[i] >= 40;
      const P = (i) => (ev[i] & E.label) !== 0, Lf = (i) => L[i] === 1;
      const title = (i) => (ev[i] & E.title) !== 0;
      const BW = (i) => !title(i) && lineWords(i, 1), CW = (i) => !T(i) && (ev[i] & E.linky) === 0 && table.contentChars[i] >= 40 && lineWords(i, 2);
      // A non-template line whose nearest text lines on both sides are template lines (a teaser between its date and its count).
      const textLines = []; for (let i = 0; i < n; i++) if (table.contentChars[i] > 0) textLines.push(i);
      const sandwich = new Uint8Array(n);
      for (let k = 1; k + 1 < textLines.length; k++) { const i = textLines[k]; if (!T(i) && !title(i) && T(textLines[k - 1]) && T(textLines[k + 1])) sandwich[i] = 1; }
      const SW = (i) => sandwich[i] === 1;
      // The same, when at least m such lines on the page share their two neighbours' keys (the items of a list: date, summary, count).
      const signature = new Map();
      const sig = (k) => `${lineKey(table.lineText(textLines[k - 1]))},${lineKey(table.lineText(textLines[k + 1]))}`;
      for (let k = 1; k + 1 < textLines.length; k++) if (sandwich[textLines[k]]) signature.set(sig(k), (signature.get(sig(k)) ?? 0) + 1);
      const items = new Uint8Array(n);
      for (let k = 1; k + 1 < textLines.length; k++) if (sandwich[textLines[k]]) items[textLines[k]] = Math.min(255, signature.get(sig(k)));
      const LI = (m) => (i) => items[i] >= m;
      const f1 = (t) => scoreText(t, p.gold).bow.f1;
      const combos = {
        default: f1(seed.get(p.id)),
        labelFree: f1(extractWithModel(p.html, model).text),
        defaultLines: f1(text(D)),
        labelFreeLines: f1(text(Lf)),
        lineOracle: f1(text((i) => (Lf(i) && D(i)) || (Lf(i) !== D(i) && G[i] === 1))),
        goldLines: f1(text((i) => G[i] === 1)),
        'D-T': f1(text((i) => D(i) && !T(i))),
        'D-T-B': f1(text((i) => D(i) && !T(i) && !B(i))),
        'D+V': f1(text((i) => D(i) || (V(i) && !T(i)))),
        'D-T-B+V (pseudo-labels)': f1(text(P)),
        'L-T': f1(text((i) => Lf(i) && !T(i))),
        'L-T-B': f1(text((i) => Lf(i) && !T(i) && !B(i))),
        'L+V': f1(text((i) => Lf(i) || (V(i) && !T(i)))),
        'L+(D-T-B)': f1(text((i) => Lf(i) || (D(i) && !T(i) && !B(i)))),
        'L+(D-T-B)+V': f1(text((i) => Lf(i) || (D(i) && !T(i) && !B(i)) || (V(i) && !T(i)))),
        'L&D': f1(text((i) => Lf(i) && D(i))),
        'L|D': f1(text((i) => Lf(i) || D(i))),
        'L&D+V': f1(text((i) => (Lf(i) && D(i)) || (V(i) && !T(i)))),
        'D-(T|B)+L&V': f1(text((i) => (D(i) && !T(i) && !B(i)) || (Lf(i) && V(i)))),
        'L-(D&(T|B))': f1(text((i) => Lf(i) && !(D(i) && (T(i) || B(i))))),
        'D-T-BW': f1(text((i) => D(i) && !T(i) && !BW(i))),
        'L-BW': f1(text((i) => Lf(i) && !BW(i))),
        'D+CW': f1(text((i) => D(i) || CW(i))),
        'L+CW': f1(text((i) => Lf(i) || CW(i))),
        'D-T-SW': f1(text((i) => D(i) && !T(i) && !SW(i))),
        'L-SW': f1(text((i) => Lf(i) && !SW(i))),
        'L-BW-SW+CW': f1(text((i) => (Lf(i) && !BW(i) && !SW(i)) || CW(i))),
        ...Object.fromEntries([2, 3, 4].flatMap((m) => [[`L-LI${m}`, f1(text((i) => Lf(i) && !LI(m)(i)))], [`D-T-LI${m}`, f1(text((i) => D(i) && !T(i) && !LI(m)(i)))]])),
        // What a better model would need (gold): the per-line oracle without the lines both keep and the gold drops (on varying
        // paths / elsewhere), and with the gold lines neither keeps.
        'O-both0': f1(text((i) => ((Lf(i) && D(i)) || (Lf(i) !== D(i) && G[i] === 1)) && !(Lf(i) && D(i) && !G[i]))),
        'O-both0varying': f1(text((i) => ((Lf(i) && D(i)) || (Lf(i) !== D(i) && G[i] === 1)) && !(Lf(i) && D(i) && !G[i] && (ev[i] & E.varyingPath)))),
        'O+neither1': f1(text((i) => (Lf(i) && D(i)) || (Lf(i) !== D(i) && G[i] === 1) || (!Lf(i) && !D(i) && G[i] === 1))),
      };
      // Census (characters): which side keeps the line, whether the gold holds it, its repetition evidence, and whether a line
      // on its structural path is kept by either model on the page (a missed line inside a kept part, or another block).
      const keptPaths = new Set();
      for (let i = 0; i < n; i++) if (Lf(i) || D(i)) keptPaths.add(table.path[i]);
      const census = {};
      for (let i = 0; i < n; i++) {
        if (!has(i) || table.contentChars[i] === 0) continue;
        const side = Lf(i) && D(i) ? 'both' : Lf(i) ? 'L' : D(i) ? 'D' : 'neither';
        const cls = T(i) ? 'template' : B(i) ? 'boilerplate' : (ev[i] & E.varyingPath) ? 'varying' : 'other';
        const key = `${side}|${G[i]}|${cls}|${(ev[i] & E.linky) ? 'link' : 'text'}|${keptPaths.has(table.path[i]) ? 'keptPath' : 'otherPath'}`;
        census[key] = (census[key] ?? 0) + table.contentChars[i];
      }
      combos.census = census;
      return combos;
    });
    const row = { site, dataset: majority(pages.map((p) => p.dataset)), pages: scores };
    out.push(row);
    const m = (k) => scores.reduce((a, s) => a + s[k], 0) / scores.length;
    console.error(`${site.padEnd(24)} ${String(pages.length).padStart(3)} default ${m('default').toFixed(3)} (lines ${m('defaultLines').toFixed(3)}) label-free ${m('labelFree').toFixed(3)} (lines ${m('labelFreeLines').toFixed(3)}) line oracle ${m('lineOracle').toFixed(3)}`);
  }
  return out;
}

function report(rows) {
  const keys = Object.keys(rows[0].pages[0]).filter((k) => k !== 'census');
  const siteMean = (r, k) => r.pages.reduce((a, s) => a + s[k], 0) / r.pages.length;
  const sign = (x) => (x >= 0 ? '+' : '') + x.toFixed(4);
  const groups = [...new Set(rows.map((r) => r.dataset))].sort();
  const of = (g) => (g === 'all' ? rows : rows.filter((r) => r.dataset === g));
  const diff = (k, base, rs) => rs.reduce((a, r) => a + siteMean(r, k) - siteMean(r, base), 0) / rs.length;
  const lines = [
    `| combination | mean BoW F1 | against the default (${groups.join(' / ')} / all) | sites below by > 0.01 (worst) |`,
    '|---|---:|---|---|',
  ];
  for (const k of keys) {
    const below = rows.map((r) => [r.site, siteMean(r, k) - siteMean(r, 'default')]).filter(([, d]) => d < -0.01).sort((a, b) => a[1] - b[1]);
    lines.push(`| ${k} | ${(rows.reduce((a, r) => a + siteMean(r, k), 0) / rows.length).toFixed(4)} | ${[...groups, 'all'].map((g) => sign(diff(k, 'default', of(g)))).join(' / ')} | ${below.length}${below.length ? ` (${below[0][0]} ${sign(below[0][1])})` : ''} |`);
  }
  // Per site the best gold-free combination (an oracle over combinations: what a per-site choice could reach at most).
  const free = keys.filter((k) => !['lineOracle', 'goldLines', 'defaultLines', 'labelFreeLines', 'O-both0', 'O-both0varying', 'O+neither1'].includes(k));
  const best = rows.map((r) => Math.max(...free.map((k) => siteMean(r, k))) - siteMean(r, 'default'));
  lines.push('', `Per site the best gold-free combination (an oracle over ${free.length} combinations, the default and the label-free model among them): ${[...groups, 'all'].map((g) => `${g} ${sign(of(g).reduce((a, r) => a + best[rows.indexOf(r)], 0) / of(g).length)}`).join(' / ')}.`);
  lines.push('', '| site | group | pages | default | label-free | line oracle | ' + free.filter((k) => !['default', 'labelFree'].includes(k)).join(' | ') + ' |', '|---|---|---:|' + '---:|'.repeat(3 + free.length - 2));
  for (const r of rows) {
    const d = siteMean(r, 'default');
    lines.push(`| ${r.site} | ${r.dataset} | ${r.pages.length} | ${d.toFixed(3)} | ${sign(siteMean(r, 'labelFree') - d)} | ${sign(siteMean(r, 'lineOracle') - d)} | ${free.filter((k) => !['default', 'labelFree'].includes(k)).map((k) => sign(siteMean(r, k) - d)).join(' | ')} |`);
  }
  console.log(lines.join('\n'));
}

/** The most frequent value (ties: the first seen). */
function majority(values) {
  const n = new Map();
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
  return [...n].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}
