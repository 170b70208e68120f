/**
 * Training the evidence rules (issue 17, item 1): the text lines of every training page with their
 * evidence (features/evidence.ts) and labels → learned vocabularies (common words, class/id words),
 * membership functions of the numeric evidence, and fuzzy class association rules for both classes
 * (mining/class-rules.ts). Nothing is listed by hand: the words come from the training pages.
 */
import { detached } from '../core/detached.js';
import { buildMembership, classStats, fuzzifyValue } from '../fuzzy/membership.js';
import { HIGH, LOW, MIDDLE } from '../fuzzy/region.js';
import { CLASS_WORD_ITEM_BASE, EVIDENCE_NUMERIC, fillCommonWords, STRUCTURE_ITEM_BASE, STRUCTURE_ITEMS, type LineEvidence } from '../features/evidence.js';
import { lineKey } from '../html/line-key.js';
import { mineClassRules, type ClassRuleOptions } from '../mining/class-rules.js';
import type { EvidenceModel } from '../model/model.js';

/** Parameters of evidence training (defaults in FARSW_TRAIN_DEFAULTS.evidence). */
export interface EvidenceTrainOptions extends ClassRuleOptions {
  /** α of FAR-SW eq. 1–3 for the membership functions. */
  readonly alpha: number;
  readonly significance: number;
  /** Common words kept (the most widespread over the pages' topical lines). */
  readonly commonWords: number;
  /** Class/id words kept (the most telling, among those on ≥ `classWordMinShare` of the pages and ≥ `classWordMinSites` sites). */
  readonly classWords: number;
  readonly classWordMinShare: number;
  /** A class/id word must occur on this many sites (a page without a known site is a site of its own): words of one site's template do not generalise. */
  readonly classWordMinSites: number;
}

/**
 * The words of a page's `class` / `id` values by key (`lineKey` of the word, as LineTable.classTokens holds them), read
 * with the rule of html/lines.ts attributeTokens: camelCase split, lower-cased runs of three or more ASCII letters.
 * Training keeps them to show rules in words.
 */
export function classWordNames(html: string, into: Map<number, string>): void {
  for (const m of html.matchAll(ATTRIBUTE_VALUE)) {
    const value = (m[1] ?? m[2] ?? m[3] ?? '').slice(0, 512);
    for (const w of value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().match(/[a-z]{3,}/g) ?? []) {
      const k = lineKey(w);
      if (!into.has(k)) into.set(k, detached(w));
    }
  }
}
const ATTRIBUTE_VALUE = /\s(?:class|id)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;

/** Share of a page's content words (on its content lines) that the lines of a class/id word must hold to "carry" the article. */
export const CARRY = 0.2;
const WORDS_COLUMN = EVIDENCE_NUMERIC.indexOf('Words');

/** One training page's text lines. */
export interface EvidencePage {
  readonly evidence: LineEvidence;
  /** 1 = content, per text line (entry of `evidence`). */
  readonly topical: Uint8Array;
  /** Class/id words per table line (LineTable.classTokens), when recorded. */
  readonly classTokens: { readonly start: Uint32Array; readonly keys: Uint32Array } | undefined;
  /** The words of those keys (`classWordNames`), to show rules in words. */
  readonly wordNames: ReadonlyMap<number, string>;
  /** Characters of the teaser lists after the title line, and of those on content lines (features/teasers.ts teaserChars). */
  readonly teasers?: { readonly content: number; readonly all: number };
}


/** Accumulates pages, then learns (`finish`). */
export class EvidenceTrainer {
  private readonly pages: EvidencePage[] = [];
  /** Words of class/id values by key (for showing rules in words). */
  readonly wordNames = new Map<number, string>();

  constructor(private readonly options: EvidenceTrainOptions) {}

  /** Characters of the teaser lists after the title line on the pages added, and of those on content lines. */
  private teaserContent = 0;
  private teaserAll = 0;

  /** Sites each class/id word was seen on (up to classWordMinSites of them). */
  private readonly wordSites = new Map<number, Set<string>>();

  /**
   * Add a page.
   * @param site the page's site (host); undefined: a site of its own
   */
  add(page: EvidencePage, site?: string): void {
    this.pages.push(page);
    if (page.teasers) { this.teaserContent += page.teasers.content; this.teaserAll += page.teasers.all; }
    for (const [k, w] of page.wordNames) if (!this.wordNames.has(k)) this.wordNames.set(k, w);
    const key = site ?? `#page${this.pages.length}`;
    const ct = page.classTokens;
    if (!ct) return;
    for (let j = 0; j < ct.keys.length; j++) {
      let sites = this.wordSites.get(ct.keys[j]!);
      if (!sites) this.wordSites.set(ct.keys[j]!, (sites = new Set()));
      if (sites.size < this.options.classWordMinSites) sites.add(key);
    }
  }

  finish(): EvidenceModel | undefined {
    const o = this.options, pages = this.pages;
    let total = 0, topical = 0;
    for (const p of pages) { total += p.topical.length; for (const t of p.topical) topical += t; }
    if (total === 0 || topical === 0 || topical === total) return undefined;

    // Common words: the words on the most pages' topical lines.
    const pageFreq = new Map<number, number>();
    for (const p of pages) {
      const seen = new Set<number>(), { start, keys } = p.evidence.words;
      for (let k = 0; k < p.topical.length; k++) if (p.topical[k]) for (let j = start[k]!; j < start[k + 1]!; j++) seen.add(keys[j]!);
      for (const w of seen) pageFreq.set(w, (pageFreq.get(w) ?? 0) + 1);
    }
    const commonWords = [...pageFreq].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, o.commonWords).map(([k]) => k).sort((a, b) => a - b);
    const common = new Set(commonWords);
    for (const p of pages) fillCommonWords(p.evidence, common);

    // Membership functions, FAR-SW eq. 1–3 over all text lines.
    const tr = new Float64Array(topical), non = new Float64Array(total - topical);
    const membership = EVIDENCE_NUMERIC.map((name, f) => {
      let t = 0, u = 0;
      for (const p of pages) {
        const col = p.evidence.numeric[f]!;
        for (let k = 0; k < col.length; k++) if (p.topical[k]) tr[t++] = col[k]!; else non[u++] = col[k]!;
      }
      return { ...buildMembership(f, classStats(tr), classStats(non), o.alpha, 'three'), name };
    });

    // Class/id words: on enough pages, ranked by how far their lines' content rate is from the base rate.
    // Per word: its content lines, its other lines, its pages, and the pages where its lines hold ≥ CARRY of the content's words.
    const wordStats = new Map<number, [number, number, number, number]>();
    const onPage = new Map<number, number>();
    for (const p of pages) {
      const ct = p.classTokens;
      if (!ct) continue;
      onPage.clear();
      const lines = p.evidence.lines, words = p.evidence.numeric[WORDS_COLUMN]!;
      let content = 0;
      for (let k = 0; k < lines.length; k++) {
        const i = lines[k]!, w = p.topical[k] ? Math.expm1(words[k]!) : 0;
        content += w;
        for (let j = ct.start[i]!; j < ct.start[i + 1]!; j++) {
          const key = ct.keys[j]!;
          let s = wordStats.get(key);
          if (!s) wordStats.set(key, (s = [0, 0, 0, 0]));
          if (p.topical[k]) s[0]++; else s[1]++;
          const seen = onPage.get(key);
          if (seen === undefined) s[2]++;
          onPage.set(key, (seen ?? 0) + w);
        }
      }
      if (content > 0) for (const [key, w] of onPage) if (w >= CARRY * content) wordStats.get(key)![3]++;
    }
    const minPages = Math.max(2, Math.ceil(o.classWordMinShare * pages.length));
    const base = Math.log((topical + 1) / (total - topical + 1));
    const telling = (s: readonly number[]) => Math.abs(Math.log((s[0] + 1) / (s[1] + 1)) - base) * Math.log1p(s[2]);
    const classWords = [...wordStats].filter(([k, s]) => s[2] >= minPages && (this.wordSites.get(k)?.size ?? 0) >= o.classWordMinSites && this.wordNames.has(k))
      .sort((a, b) => telling(b[1]) - telling(a[1]) || a[0] - b[0]).slice(0, o.classWords)
      .map(([k]): [number, string] => [k, this.wordNames.get(k)!]);
    // How often each word's block carried the article where the word was seen (add-½ smoothed): what the learned mute reads.
    const classWordCarries = classWords.map(([k]) => { const s = wordStats.get(k)!; return (s[3] + 0.5) / (s[2] + 1); });
    const wordItem = new Map(classWords.map(([k], j) => [k, CLASS_WORD_ITEM_BASE + j]));

    // Transactions: one bit per text line in each item's bit set.
    const itemCount = CLASS_WORD_ITEM_BASE + classWords.length;
    const words = Math.ceil(total / 32);
    const items = Array.from({ length: itemCount }, () => new Uint32Array(words));
    const topicalBits = new Uint32Array(words);
    const degrees = new Float64Array(3);
    // Lines whose degree in each item is above 0 (what applying counts as holding it; a fuzzy region's transactions need ≥ significance).
    const held = new Float64Array(itemCount);
    let t = 0;
    for (const p of pages) {
      const ev = p.evidence, ct = p.classTokens;
      for (let k = 0; k < ev.lines.length; k++, t++) {
        const word = t >>> 5, bit = 1 << (t & 31);
        if (p.topical[k]) topicalBits[word]! |= bit;
        for (let f = 0; f < membership.length; f++) {
          fuzzifyValue(membership[f]!, ev.numeric[f]![k]!, degrees, 0);
          for (const level of [LOW, MIDDLE, HIGH]) {
            if (degrees[level]! >= o.significance) items[f * 3 + level]![word]! |= bit;
            if (degrees[level]! > 0) held[f * 3 + level]!++;
          }
        }
        const s = ev.structure[k]!;
        for (let b = 0; b < STRUCTURE_ITEMS.length; b++) if (s & (1 << b)) { items[STRUCTURE_ITEM_BASE + b]![word]! |= bit; held[STRUCTURE_ITEM_BASE + b]!++; }
        if (ct) {
          const i = ev.lines[k]!;
          for (let j = ct.start[i]!; j < ct.start[i + 1]!; j++) {
            const r = wordItem.get(ct.keys[j]!);
            if (r !== undefined && !(items[r]![word]! & bit)) { items[r]![word]! |= bit; held[r]!++; }
          }
        }
      }
    }
    pages.length = 0;
    const rules = mineClassRules({ count: total, items, topical: topicalBits }, o);
    // Four decimals: the order of the items' shares is all the apply path reads (a smaller model file).
    const itemShares = Array.from(held, (h) => (total > 0 ? Math.round((h / total) * 1e4) / 1e4 : 0));
    // The share of the teaser lists' text (after the title line) that was the article: their weight in the title anchor.
    const teaserShare = this.teaserAll > 0 ? Math.round((this.teaserContent / this.teaserAll) * 1e4) / 1e4 : undefined;
    return { membership, commonWords, classWords, classWordCarries, itemShares, ...(teaserShare !== undefined ? { teaserShare } : {}), prior: topical / total, significance: o.significance, rules };
  }
}
