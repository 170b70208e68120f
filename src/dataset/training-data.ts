/**
 * Reader of the `training-data/` layout: `DIR/SITE/NAME.html` (the page),
 * `DIR/SITE/NAME.txt` (gold, one paragraph per line, UTF-8) and an optional
 * `DIR/SITE/NAME.json` (`{ "url"?: string, "lang"?: string }`).
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { decodeHtml } from '../html/decode.js';
import { sniffBinary } from '../html/sniff-binary.js';
import type { PageRecord, ReadOptions } from './types.js';

const HTML_SUFFIX = '.html';

/** Default decoder for page bytes: farsw's charset sniffing (BOM, meta, detector). */
function decodePage(bytes: Uint8Array): string {
  return decodeHtml(bytes).text;
}

/**
 * Read every page of a training-data directory, sites and pages in name order.
 * A page without its gold `.txt`, or with a meta file that is not a JSON
 * object with string `url` / `lang`, is reported through `onIssue` and skipped.
 * @param dir the training-data directory
 * @param options issue callback and page decoder
 * @returns records with id `SITE/NAME`, dataset = the directory name, host = SITE
 */
export async function* readTrainingData(dir: string, options: ReadOptions = {}): AsyncGenerator<PageRecord> {
  const decode = options.decode ?? decodePage;
  const dataset = basename(dir.replace(/[\\/]+$/, '')) || dir;
  const sites = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const site of sites) {
    const siteDir = join(dir, site);
    const files = new Set(await readdir(siteDir));
    const pages = [...files].filter((f) => f.endsWith(HTML_SUFFIX)).sort();
    for (const page of pages) {
      const name = page.slice(0, -HTML_SUFFIX.length);
      const htmlPath = join(siteDir, page);
      const hasGold = files.has(`${name}.txt`);
      if (!hasGold && !options.goldOptional) {
        options.onIssue?.({ file: htmlPath, message: `gold file ${name}.txt missing` });
        continue;
      }
      let url: string | null = null;
      let lang: string | null = null;
      if (files.has(`${name}.json`)) {
        const metaPath = join(siteDir, `${name}.json`);
        const meta = parseMeta(await readFile(metaPath, 'utf8'));
        if (typeof meta === 'string') {
          options.onIssue?.({ file: metaPath, message: meta });
          continue;
        }
        url = meta.url;
        lang = meta.lang;
      }
      const bytes = await readFile(htmlPath);
      const binary = sniffBinary(bytes);
      if (binary !== null) {
        options.onIssue?.({ file: htmlPath, message: `not HTML: ${binary}` });
        continue;
      }
      const html = decode(bytes);
      const gold = hasGold ? (await readFile(join(siteDir, `${name}.txt`), 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n') : null;
      yield { id: `${site}/${name}`, dataset, url, lang, host: site, html, gold, source: { file: htmlPath } };
    }
  }
}

/** Parse a meta file; a string result is the error message. */
function parseMeta(text: string): { url: string | null; lang: string | null } | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return `meta file is not valid JSON (${(e as Error).message})`;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'meta file must hold a JSON object';
  const o = v as Record<string, unknown>;
  for (const key of ['url', 'lang']) {
    if (o[key] !== undefined && o[key] !== null && typeof o[key] !== 'string') {
      return `meta field "${key}" must be a string, found ${typeof o[key]}`;
    }
  }
  return { url: (o['url'] as string | undefined) ?? null, lang: (o['lang'] as string | undefined) ?? null };
}
