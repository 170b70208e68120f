/**
 * Template lines: boilerplate a site repeats word for word on many pages
 * (menus, footers, "Share this", "Related articles"). Beyond FAR-SW (its
 * references cite template detection, Gibson et al. 2005): a model keeps the
 * keys of lines that were non-topical on many training pages and never (or
 * rarely) topical, and `apply` never keeps such a line.
 *
 * Key: `lineKey` (html/line-key.ts): "© 2011" and "© 2012", or "3 comments" and
 * "12 comments", are the same line.
 */
import { lineKey } from '../html/line-key.js';

export { lineKey };

/** Parameters of template selection. */
export interface TemplateOptions {
  /** A line is a template when non-topical on at least max(2, ⌈share · pages⌉) training pages. */
  readonly minShare: number;
  /** …and topical on at most this fraction of the pages it is non-topical on. */
  readonly maxTopicalRatio: number;
  /** Keep at most this many keys (the most frequent). */
  readonly maxKeys: number;
}

/** Counts, per line key, the training pages where it was non-topical and topical. */
export class TemplateCounter {
  private readonly nonTopical = new Map<number, number>();
  private readonly topical = new Map<number, number>();
  private pages = 0;

  /** Count one page's lines (each key once per page and label). */
  addPage(texts: readonly string[], labels: ArrayLike<number>): void {
    this.addKeys(texts.map(lineKey), labels);
  }

  /** {@link addPage} with the lines' keys already computed (`lineKey` of each text; 0 = no text). */
  addKeys(keys: ArrayLike<number>, labels: ArrayLike<number>): void {
    this.pages++;
    const seenN = new Set<number>(), seenT = new Set<number>();
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k === 0) continue;
      (labels[i] ? seenT : seenN).add(k);
    }
    for (const k of seenN) this.nonTopical.set(k, (this.nonTopical.get(k) ?? 0) + 1);
    for (const k of seenT) this.topical.set(k, (this.topical.get(k) ?? 0) + 1);
  }

  /** The template keys, sorted ascending. */
  select(options: TemplateOptions): number[] {
    const min = Math.max(2, Math.ceil(options.minShare * this.pages));
    const picked: [number, number][] = [];
    for (const [k, n] of this.nonTopical) {
      if (n < min) continue;
      if ((this.topical.get(k) ?? 0) > options.maxTopicalRatio * n) continue;
      picked.push([k, n]);
    }
    picked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    return picked.slice(0, options.maxKeys).map(([k]) => k).sort((a, b) => a - b);
  }
}

/**
 * Per key, how many training lines carrying it were topical and non-topical, and
 * on how many pages it occurs; `select` keeps the keys seen on enough pages.
 * Used for structural paths and for class/id words (below).
 */
class KeyStats {
  protected readonly stats = new Map<number, [topical: number, nonTopical: number, pages: number]>();
  private pages = 0;
  private readonly onPage = new Set<number>();

  /** Start counting a new page. */
  page(): void {
    this.pages++;
    this.onPage.clear();
  }

  /** Count one line carrying `key`; with `labelled` false the line only marks the key as present on the page. */
  add(key: number, topical: boolean, labelled = true): void {
    let s = this.stats.get(key);
    if (!s) this.stats.set(key, (s = [0, 0, 0]));
    if (labelled) { if (topical) s[0]++; else s[1]++; }
    if (!this.onPage.has(key)) { this.onPage.add(key); s[2]++; }
  }

  /** Keys on at least max(2, ⌈minShare · pages⌉) pages (at most `maxKeys`, the most frequent), as [key, topical, nonTopical] sorted by key. */
  select(minShare: number, maxKeys: number): [number, number, number][] {
    const min = Math.max(2, Math.ceil(minShare * this.pages));
    const picked = [...this.stats].filter(([, s]) => s[2] >= min);
    picked.sort((a, b) => b[1][2] - a[1][2] || a[0] - b[0]);
    return picked.slice(0, maxKeys).map(([k, s]): [number, number, number] => [k, s[0], s[1]]).sort((a, b) => a[0] - b[0]);
  }
}

/**
 * Structural-path statistics (LineTable.path). A site's article body sits under
 * the same few paths on every page, its menus and footers under others: a site
 * model learns both.
 */
export class PathCounter extends KeyStats {
  /**
   * Count one page's lines by path key (lines without text or path are ignored).
   * @param template per line, 1 for a template line (TemplateCounter): it marks its path as present on the
   *   page but is not counted as a topical or non-topical line. Template lines are never kept anyway, and a
   *   promo line repeated in the article's own container must not make the body's path look non-topical;
   *   a menu path still counts as seen on every page through its template items.
   */
  addPage(paths: ArrayLike<number>, labels: ArrayLike<number>, contentChars: ArrayLike<number>, template?: ArrayLike<number>): void {
    this.page();
    for (let i = 0; i < paths.length; i++) if (paths[i] !== 0 && contentChars[i] !== 0) this.add(paths[i]!, labels[i] === 1, !template?.[i]);
  }
}

/**
 * Class/id word statistics (LineTable.classTokens). Words like "content",
 * "article", "comment", "footer", "nav" carry across sites: the signal
 * Readability hand-codes, learned.
 */
export class TokenCounter extends KeyStats {
  /** Count one page's lines (lines without text are ignored). */
  addPage(tokens: { readonly start: Uint32Array; readonly keys: Uint32Array } | undefined, labels: ArrayLike<number>, contentChars: ArrayLike<number>): void {
    this.page();
    if (!tokens) return;
    for (let i = 0; i < labels.length; i++) {
      if (contentChars[i] === 0) continue;
      for (let j = tokens.start[i]!; j < tokens.start[i + 1]!; j++) this.add(tokens.keys[j]!, labels[i] === 1);
    }
  }
}

/**
 * Structural-slot statistics (features/slots.ts): a site's template puts the article's lines in the same slots on every
 * page, so a slot that held article lines on several training pages holds them on a new page too.
 */
export class SlotCounter extends KeyStats {
  /** Count one page's lines by slot key (0: no text). */
  addPage(slots: ArrayLike<number>, labels: ArrayLike<number>): void {
    this.page();
    for (let i = 0; i < slots.length; i++) if (slots[i] !== 0) this.add(slots[i]!, labels[i] === 1);
  }

  /** Slots on at least `minPages` pages whose lines were topical at least `minShare` of the time, sorted ascending. */
  topical(minPages: number, minShare: number): number[] {
    const out: number[] = [];
    for (const [k, [t, n, pages]] of this.stats) if (pages >= minPages && t >= minShare * (t + n)) out.push(k);
    return out.sort((a, b) => a - b);
  }
}
