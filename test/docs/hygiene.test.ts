/**
 * The docs' hygiene (issue 34, item 6): no labels of work periods in the repository, README and
 * BENCHMARKS.md within their sizes, every script listed in scripts/README.md, every relative link
 * and `npm run` command of the docs pointing at something that exists. Reads only the checkout.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SELF = relative(ROOT, fileURLToPath(import.meta.url)).split(sep).join('/');

/** Labels of work periods (the word for a work period with its number, "this …", an "s" and two digits); tmux sessions and the like do not match. */
const WORK_PERIOD = /session ?[0-9]+|sessions? [0-9]|(?:this|that|last|previous|next|earlier) session\b|\bs1[0-9]\b/i;

/** A date or a numbered work period in a heading (a year alone may be a number: nesting 2048). */
const DATED = /\b20\d\d-\d\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* 20\d\d\b|\b(?:round|iteration|sprint|phase|week|day) \d/i;

/** Folders never part of the sources when git cannot list the tracked files. */
const UNTRACKED = new Set(['node_modules', 'dist', '.build', '.git', 'coverage', 'scratch']);

/** The repository's files (relative, `/`-separated): git's tracked files, else a walk of the checkout. */
function repositoryFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (git.status === 0 && git.stdout) return git.stdout.split('\0').filter((f) => f && existsSync(join(ROOT, f)));
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (!UNTRACKED.has(e.name)) walk(rel); } else if (e.isFile()) out.push(rel);
    }
  };
  walk('');
  return out;
}

/** Whether a file is text (no NUL in its first 8 KiB). */
function isText(bytes: Buffer): boolean {
  return !bytes.subarray(0, 8192).includes(0);
}

/** Markdown without its fenced code blocks and inline code spans (links there are examples, not links). */
export function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the inline links and images of a Markdown text, outside code. */
export function linkTargets(markdown: string): string[] {
  const out: string[] = [];
  for (const m of withoutCode(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(m[1]!);
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings, with GitHub's -1, -2 … for repeats. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(m[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

/** The user-facing docs whose links are checked. */
function docFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).map((f) => `${dir}/${f}`);
  return ['README.md', 'BENCHMARKS.md', 'scripts/README.md', ...docs('docs'), ...(existsSync(join(ROOT, 'docs/benchmarks')) ? docs('docs/benchmarks') : [])];
}

/** Problems with one link of `file`: a missing file, or a missing heading for its `#anchor` in a Markdown file. */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:, …
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const to = path ? resolve(ROOT, dirname(file), decodeURI(path)) : join(ROOT, file);
  if (!existsSync(to)) return `${file}: ${target} (no such file)`;
  if (anchor && to.endsWith('.md') && statSync(to).isFile()) {
    if (!headingAnchors(readFileSync(to, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) return `${file}: ${target} (no such heading)`;
  }
  return null;
}

describe('docs hygiene', () => {
  it('no labels of work periods in any file of the repository', () => {
    const hits: string[] = [];
    for (const f of repositoryFiles()) {
      if (f === SELF) continue;
      const bytes = readFileSync(join(ROOT, f));
      if (!isText(bytes)) continue;
      bytes.toString('utf8').split('\n').forEach((line, i) => {
        if (WORK_PERIOD.test(line)) hits.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it('README.md is at most 300 lines, BENCHMARKS.md at most 400', () => {
    const lines = (f: string): number => readFileSync(join(ROOT, f), 'utf8').trimEnd().split('\n').length;
    expect(lines('README.md')).toBeLessThanOrEqual(300);
    expect(lines('BENCHMARKS.md')).toBeLessThanOrEqual(400);
  });

  it('every area of BENCHMARKS.md names the date it was measured and a command', () => {
    const sections = readFileSync(join(ROOT, 'BENCHMARKS.md'), 'utf8').split(/^## /m).slice(1);
    const lacking = sections
      .filter((s) => !s.startsWith('Targets'))
      .filter((s) => !/\b20\d\d-\d\d-\d\d\b/.test(s) || !/`(?:npm run |node |farsw |FARSW_DATASETS=)[^`]*`/.test(s))
      .map((s) => s.slice(0, s.indexOf('\n')));
    expect(lacking).toEqual([]);
  });

  it('docs/decisions.md is ordered by topic: no heading names a date or a work period', () => {
    const headings = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8').split('\n').filter((l) => /^#{1,4} /.test(l));
    expect(headings.filter((h) => DATED.test(h))).toEqual([]);
  });

  it('every file in scripts/ is listed in scripts/README.md', () => {
    const readme = readFileSync(join(ROOT, 'scripts/README.md'), 'utf8');
    const missing = repositoryFiles()
      .filter((f) => f.startsWith('scripts/') && f !== 'scripts/README.md')
      .map((f) => f.slice('scripts/'.length))
      .filter((f) => !readme.includes(f) && !readme.includes(f.slice(f.lastIndexOf('/') + 1)));
    expect(missing).toEqual([]);
  });

  it('every relative link of the docs points at a file that exists (and a heading, for a #anchor into Markdown)', () => {
    const broken = docFiles().flatMap((f) =>
      linkTargets(readFileSync(join(ROOT, f), 'utf8')).map((t) => brokenLink(f, t)).filter((p): p is string => p !== null));
    expect(broken).toEqual([]);
  });

  it('every `npm run NAME` of the docs is a script of package.json', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const unknown = docFiles().flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/npm run ([\w:.-]+)/g)].map((m) => m[1]!).filter((n) => !(n in scripts)).map((n) => `${f}: npm run ${n}`));
    expect([...new Set(unknown)]).toEqual([]);
  });
});

describe('the checks above, on hand-written text', () => {
  it('finds work-period labels and leaves tmux sessions alone', () => {
    // The labels are built from pieces, so that this file holds none itself.
    const word = 'sess' + 'ion';
    expect([`as of ${word} 15`, `done this ${word}`, `${word}s 3 and 4`, 'see s' + '15', `S${word.slice(1)}12`].every((l) => WORK_PERIOD.test(l))).toBe(true);
    expect(['tmux kill-session -t w80', 'the session of a failed test', 's1: seconds', 'h1 and s2'].some((l) => WORK_PERIOD.test(l))).toBe(false);
  });

  it('reads link targets outside code only', () => {
    const md = 'See [a](docs/a.md#x) and ![b](img.svg "t").\n`[c](no.md)`\n```\n[d](no2.md)\n```\n[e](https://x.y/z)';
    expect(linkTargets(md)).toEqual(['docs/a.md#x', 'img.svg', 'https://x.y/z']);
  });

  it('makes GitHub anchors of headings, repeats numbered', () => {
    expect(headingSlug('Precision/recall presets (`--favor`)')).toBe('precisionrecall-presets---favor');
    expect(headingSlug("farsw vs. Readability: [Peers](x.md), 50 MB")).toBe('farsw-vs-readability-peers-50-mb');
    expect([...headingAnchors('# A\n## B c\n```\n# not\n```\n## B c\n')]).toEqual(['a', 'b-c', 'b-c-1']);
  });
});
