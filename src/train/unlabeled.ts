/**
 * Label-free site models (issue 18.3): a site's template repeats on all its pages; its content does not.
 * From pages without gold:
 *   1. lines as the site model will build them (`modelLineOptions` of the training params);
 *   2. repetition: a line key on at least `minPages` pages is a template line; a structural path
 *      whose lines are mostly template lines is a boilerplate path, one whose text differs from page
 *      to page (few repeated keys) on many pages is a varying (content) path;
 *   3. the seed: what a model without this site's knowledge (the default model) keeps, aligned to the lines;
 *   4. pseudo-labels: a line is topical when the seed keeps it and it is neither a template line, nor on
 *      a boilerplate path, nor an item of a repeated list (a line between two template lines, when the same two
 *      frame other such lines on the page: other stories' summaries between their dates and read counts), or when it
 *      is on a varying path the seed mostly keeps and carries enough text, most of it outside links (a breadcrumb or a
 *      list of related links varies too);
 *   5. the pseudo-labelled lines become each page's "gold" text and the usual Trainer mines FAR-SW rules.
 * Disputed lines (where nothing without gold says which side is right, for the guard): the lines the seed keeps and the
 * repetition drops, and every line of a path the seed keeps whole on some pages and drops whole on others (a site model
 * decides a path as one, so it must depart from such a seed somewhere).
 * The seed is a callback (the caller runs the default model), so training never imports extraction.
 */
import { InputError } from '../core/errors.js';
import { buildLineTable } from '../html/lines.js';
import { findTitleLine } from '../features/title-line.js';
import { lineKey, tableLineKey } from '../html/line-key.js';
import { modelLineOptions, type Model, type UnlabeledEvidence } from '../model/model.js';
import { alignGold } from './align.js';
import { resolveTrainParams, Trainer, type TrainingPage, type TrainOptions } from './train.js';

/** A page without gold. */
export interface UnlabeledPage {
  readonly id?: string;
  readonly html: string;
}

/** Options of label-free training, beyond the Trainer's. */
export interface UnlabeledOptions {
  /** Main text of a page by a model that does not know the site (the default model). */
  readonly seed: (page: UnlabeledPage) => string;
  /** Name of that model, recorded in the evidence. */
  readonly seedModel?: string;
  /** A line is a template line when on at least max(3, ⌈share · pages⌉) pages (default 0.3). */
  readonly templateShare?: number;
  /** Varying-path lines the seed missed join the content when they have at least this many characters (default 40). */
  readonly minContentChars?: number;
  /** Seed lines on boilerplate paths are dropped (default true). */
  readonly boilerplatePaths?: boolean;
  /** Varying-path lines the seed missed are added (default true). */
  readonly varyingPaths?: boolean;
  /** Varying-path lines whose visible text is mostly link text are not added (default true). */
  readonly skipLinkLines?: boolean;
  /** Hand the Trainer each line's label (`TrainingPage.lineLabels`) instead of the pseudo-gold text to align (default true). */
  readonly lineLabels?: boolean;
  /** The lines of a path the seed keeps whole on some pages and drops whole on others are disputed too (default true). */
  readonly splitPaths?: boolean;
  /**
   * Items of a repeated list are no content: a line between two template lines (a teaser between its date and its comment count)
   * whose two neighbours' keys frame at least this many such lines on the page (default 2; 0: off).
   */
  readonly listItems?: number;
}

/** Defaults of {@link UnlabeledOptions}. */
export const UNLABELED_DEFAULTS = Object.freeze({ templateShare: 0.3, minContentChars: 40, listItems: 2 });

interface PageLines {
  readonly text: readonly string[];
  readonly keys: Uint32Array;
  readonly paths: Uint32Array;
  readonly chars: Uint32Array;
  readonly seed: Uint8Array;
  /** Lines whose visible text is mostly inside links. */
  readonly linky: Uint8Array;
  /** The page's title line (findTitleLine; −1: none). */
  readonly title: number;
}

/** Pseudo-labelled pages and what the labels were made from. */
export interface PseudoLabels {
  readonly pages: TrainingPage[];
  readonly evidence: UnlabeledEvidence;
  /**
   * Per page id, the keys (lineKey) of its disputed lines: the seed keeps them and the repetition evidence drops them, or they
   * lie on a path the seed splits (module comment). Nothing without gold says which side is right there; the guard
   * (eval/site-guard.ts) also scores the models without them.
   */
  readonly disputed: Map<string, Set<number>>;
  /** Per page (the order of `pages`), per line of the site model's line table, the repetition evidence as {@link LINE_EVIDENCE} bits. */
  readonly lineEvidence: Uint8Array[];
}

/** Bits of {@link PseudoLabels.lineEvidence}: what the repetition and the seed say about a line. */
export const LINE_EVIDENCE = Object.freeze({
  /** A template line (its key on at least `minPages` pages); the page's title line never is. */
  template: 1,
  /** On a boilerplate path (mostly template characters on at least `minPages` pages). */
  boilerplatePath: 2,
  /** On a varying path (text differing page to page, mostly kept by the seed). */
  varyingPath: 4,
  /** The page's title line (findTitleLine). */
  title: 8,
  /** Mostly link text. */
  linky: 16,
  /** Kept by the seed (aligned to the line). */
  seed: 32,
  /** Pseudo-topical. */
  label: 64,
  /** An item of a repeated list between template lines (UnlabeledOptions.listItems). */
  listItem: 128,
});

/**
 * Steps 1–4 of the module comment: pages → pages with pseudo-gold text.
 * @throws InputError with fewer than 2 pages
 */
export function pseudoLabel(pages: readonly UnlabeledPage[], options: Omit<TrainOptions, 'name'> & UnlabeledOptions): PseudoLabels {
  if (pages.length < 2) throw new InputError(`label-free training needs at least 2 pages of a site, got ${pages.length}`);
  const params = resolveTrainParams(options);
  const share = options.templateShare ?? UNLABELED_DEFAULTS.templateShare;
  const minChars = options.minContentChars ?? UNLABELED_DEFAULTS.minContentChars;
  const lineOptions = modelLineOptions(params);
  const lined: PageLines[] = [];
  const keyPages = new Map<number, number>();
  const textOf = new Map<number, string>();
  // The same page crawled twice (same seed text, dates and counts folded by lineKey) is one page for repetition:
  // its article must not look like a template.
  const documents = new Map<string, Set<number>>();
  for (const p of pages) {
    const table = buildLineTable(p.html, lineOptions);
    const n = table.count;
    const keys = new Uint32Array(n);
    const seedText = options.seed(p);
    const fingerprint = seedText.split('\n').map(lineKey).join(',');
    let seen = documents.get(fingerprint);
    if (!seen) documents.set(fingerprint, (seen = new Set<number>()));
    for (let i = 0; i < n; i++) {
      const k = tableLineKey(table, i);
      keys[i] = k;
      if (k !== 0 && !seen.has(k)) { seen.add(k); keyPages.set(k, (keyPages.get(k) ?? 0) + 1); if (!textOf.has(k)) textOf.set(k, table.lineText(i)); }
    }
    const seed = seedText.trim() === '' ? new Uint8Array(n) : alignGold(table.text, seedText, params.alignThreshold, params.exclusiveAlign === true).topical;
    const linky = new Uint8Array(n);
    for (let i = 0; i < n; i++) linky[i] = table.anchorBytes[i]! * 2 > table.contentBytes[i]! ? 1 : 0;
    lined.push({ text: table.text, keys, paths: table.path.slice(), chars: table.contentChars.slice(), seed, linky, title: findTitleLine(table) });
  }
  const minPages = Math.max(3, Math.ceil(share * documents.size));
  const isTemplate = (k: number): boolean => k !== 0 && (keyPages.get(k) ?? 0) >= minPages;

  // Per path: pages it is on, template / varying characters, characters the seed keeps.
  const pathStats = new Map<number, { pages: number; template: number; varying: number; seeded: number }>();
  for (const pl of lined) {
    const onPage = new Set<number>();
    for (let i = 0; i < pl.keys.length; i++) {
      const path = pl.paths[i]!, c = pl.chars[i]!;
      if (path === 0 || c === 0) continue;
      let s = pathStats.get(path);
      if (!s) pathStats.set(path, (s = { pages: 0, template: 0, varying: 0, seeded: 0 }));
      if (!onPage.has(path)) { onPage.add(path); s.pages++; }
      if (isTemplate(pl.keys[i]!)) s.template += c; else s.varying += c;
      if (pl.seed[i]) s.seeded += c;
    }
  }
  const boilerplatePath = (path: number): boolean => {
    const s = pathStats.get(path);
    return s !== undefined && s.pages >= minPages && s.template >= 0.8 * (s.template + s.varying);
  };
  const varyingPath = (path: number): boolean => {
    const s = pathStats.get(path);
    return s !== undefined && s.pages >= minPages && s.varying >= 0.8 * (s.template + s.varying) && s.seeded >= 0.5 * (s.template + s.varying);
  };

  const usePaths = options.boilerplatePaths ?? true, addVarying = options.varyingPaths ?? true;
  const minItems = options.listItems ?? UNLABELED_DEFAULTS.listItems;
  const skipLinks = options.skipLinkLines ?? true;
  let pseudoTopical = 0, listed = 0;
  const disputed = new Map<string, Set<number>>();
  const lineEvidence: Uint8Array[] = [];
  const E = LINE_EVIDENCE;
  const out: TrainingPage[] = pages.map((p, j) => {
    const pl = lined[j]!;
    const gold: string[] = [];
    const labels = new Uint8Array(pl.keys.length);
    const ev = new Uint8Array(pl.keys.length);
    lineEvidence.push(ev);
    const against = new Set<number>();
    const items = minItems > 0 ? listItems(pl, isTemplate, minItems) : undefined;
    for (let i = 0; i < pl.keys.length; i++) {
      if (pl.chars[i] === 0) continue;
      const path = pl.paths[i]!;
      if (items?.[i]) listed++;
      ev[i] = (items?.[i] ? E.listItem : 0) | (isTemplate(pl.keys[i]!) && i !== pl.title ? E.template : 0) | (boilerplatePath(path) ? E.boilerplatePath : 0) | (varyingPath(path) ? E.varyingPath : 0)
        | (i === pl.title ? E.title : 0) | (pl.linky[i] ? E.linky : 0) | (pl.seed[i] ? E.seed : 0);
      // A page's own headline (the title line, kept by the seed) is no template, though other pages link to it.
      const keep = (isTemplate(pl.keys[i]!) && i !== pl.title) || items?.[i] ? false
        : pl.seed[i] ? i === pl.title || !(usePaths && boilerplatePath(path)) : addVarying && varyingPath(path) && pl.chars[i]! >= minChars && !(skipLinks && pl.linky[i]);
      if (keep) { labels[i] = 1; ev[i] = ev[i]! | E.label; gold.push(pl.text[i]!); pseudoTopical++; }
      else if (pl.seed[i] && pl.keys[i] !== 0) against.add(pl.keys[i]!);
    }
    const id = p.id ?? `#${j + 1}`;
    disputed.set(id, against);
    return { id, html: p.html, gold: gold.join('\n'), ...((options.lineLabels ?? true) ? { lineLabels: labels } : {}) };
  });
  if (options.splitPaths ?? true) {
    const split = seedSplitPaths(lined);
    lined.forEach((pl, j) => {
      const against = disputed.get(out[j]!.id!)!;
      for (let i = 0; i < pl.keys.length; i++) if (pl.chars[i]! > 0 && pl.keys[i] !== 0 && split.has(pl.paths[i]!)) against.add(pl.keys[i]!);
    });
  }
  const template = [...keyPages].filter(([k]) => isTemplate(k)).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const evidence: UnlabeledEvidence = {
    pages: pages.length,
    seedModel: options.seedModel ?? 'seed',
    minPages,
    templateLines: template.length,
    varyingPaths: [...pathStats.keys()].filter(varyingPath).length,
    pseudoTopicalLines: pseudoTopical,
    listItemLines: listed,
    topTemplate: template.slice(0, 10).map(([k, n]) => ({ text: clip(textOf.get(k) ?? ''), pages: n })),
  };
  return { pages: out, evidence, disputed, lineEvidence };
}

/**
 * The items of a repeated list on a page: lines (not template, not the title) whose nearest text lines on both sides are
 * template lines, when the same two neighbours' keys frame at least `minItems` such lines (a teaser list's summaries between
 * their dates and comment counts; an article's paragraphs between two different in-article headings are not).
 */
function listItems(pl: PageLines, isTemplate: (k: number) => boolean, minItems: number): Uint8Array {
  const n = pl.keys.length, out = new Uint8Array(n);
  const text: number[] = [];
  for (let i = 0; i < n; i++) if (pl.chars[i]! > 0 && pl.keys[i] !== 0) text.push(i);
  const framed: number[] = [], frames = new Map<string, number>();
  const frame = (k: number): string => `${pl.keys[text[k - 1]!]},${pl.keys[text[k + 1]!]}`;
  for (let k = 1; k + 1 < text.length; k++) {
    const i = text[k]!;
    if (isTemplate(pl.keys[i]!) || i === pl.title || !isTemplate(pl.keys[text[k - 1]!]!) || !isTemplate(pl.keys[text[k + 1]!]!)) continue;
    framed.push(k);
    frames.set(frame(k), (frames.get(frame(k)) ?? 0) + 1);
  }
  for (const k of framed) if (frames.get(frame(k))! >= minItems) out[text[k]!] = 1;
  return out;
}

/** Paths whose lines with text the seed keeps all of on some page and none of on another. */
function seedSplitPaths(lined: readonly PageLines[]): Set<number> {
  const whole = new Set<number>(), none = new Set<number>();
  for (const pl of lined) {
    const onPage = new Map<number, { lines: number; kept: number }>();
    for (let i = 0; i < pl.keys.length; i++) {
      if (pl.chars[i] === 0 || pl.paths[i] === 0) continue;
      let c = onPage.get(pl.paths[i]!);
      if (!c) onPage.set(pl.paths[i]!, (c = { lines: 0, kept: 0 }));
      c.lines++;
      if (pl.seed[i]) c.kept++;
    }
    for (const [path, c] of onPage) if (c.kept === c.lines) whole.add(path); else if (c.kept === 0) none.add(path);
  }
  return new Set([...whole].filter((p) => none.has(p)));
}

/**
 * Learn a site model from pages without gold (module comment): pseudo-labels, then the usual Trainer.
 * @returns the model; `trainingReport.unlabeled` records the evidence
 * @throws InputError with fewer than 2 pages or when no line gets a pseudo-label
 */
export function trainUnlabeled(pages: readonly UnlabeledPage[], options: TrainOptions & UnlabeledOptions): Model {
  const { seed, seedModel, templateShare, minContentChars, boilerplatePaths, varyingPaths, skipLinkLines, lineLabels, splitPaths, listItems: minItems, ...trainOptions } = options;
  const labels = pseudoLabel(pages, { ...trainOptions, seed, seedModel, templateShare, minContentChars, boilerplatePaths, varyingPaths, skipLinkLines, lineLabels, splitPaths, listItems: minItems } as Omit<TrainOptions, 'name'> & UnlabeledOptions);
  return trainPseudoLabelled(labels, trainOptions);
}

/**
 * Training options for pseudo-labelled pages (trainPseudoLabelled and the label-free guard's trainings alike): no structural
 * slots unless asked, since pseudo-labels are the default model's choice and slots were measured on gold only (docs/decisions.md, "Site models").
 */
export function pseudoLabelledOptions<T extends { readonly slots?: boolean }>(options: T): T {
  return { ...options, slots: options.slots ?? false };
}

/** Step 5: the usual Trainer on pseudo-labelled pages; the model records the evidence (`trainingReport.unlabeled`). */
export function trainPseudoLabelled(labels: PseudoLabels, options: TrainOptions): Model {
  const { onProgress, ...trainOptions } = options;
  const trainer = new Trainer(pseudoLabelledOptions(trainOptions));
  for (const p of labels.pages) { trainer.addPage(p); onProgress?.(trainer.pages, labels.pages.length); }
  const model = trainer.finish();
  return { ...model, trainingReport: { ...model.trainingReport, unlabeled: labels.evidence } };
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}
