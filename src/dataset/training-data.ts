/**
 * Reader of the `training-data/` layout: `DIR/SITE/NAME.html` (the page),
 * `DIR/SITE/NAME.txt` (gold, one paragraph per line, UTF-8) and an optional
 * `DIR/SITE/NAME.json` (`{ "url"?: string, "lang"?: string, "page_type"?: string }`).
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { decodeHtml } from '../html/decode.js';
import { sniffBinary } from '../html/sniff-binary.js';
import type { PageRecord, ReadOptions } from './types.js';
import { jsonSyntaxMessage } from '../core/errors.js';

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
      let pageType: string | null = null;
      if (files.has(`${name}.json`)) {
        const metaPath = join(siteDir, `${name}.json`);
        const meta = parseMeta(await readFile(metaPath, 'utf8'));
        if (typeof meta === 'string') {
          options.onIssue?.({ file: metaPath, message: meta });
          continue;
        }
        url = meta.url;
        lang = meta.lang;
        pageType = meta.pageType;
      }
      const bytes = await readFile(htmlPath);
      const binary = sniffBinary(bytes);
      if (binary !== null) {
        options.onIssue?.({ file: htmlPath, message: `not HTML: ${binary}` });
        continue;
      }
      const html = decode(bytes);
      const gold = hasGold ? goldText(await readFile(join(siteDir, `${name}.txt`))) : null;
      if (typeof gold === 'object' && gold !== null) {
        options.onIssue?.({ file: join(siteDir, `${name}.txt`), message: gold.issue });
        continue;
      }
      yield { id: `${site}/${name}`, dataset, url, lang, host: site, html, gold, ...(pageType !== null ? { pageType } : {}), source: { file: htmlPath } };
    }
  }
}

/**
 * A gold file's text (UTF-8, or UTF-16 with its byte-order mark; line ends as `\n`), or the issue that makes it
 * unusable: binary data, or bytes that are not UTF-8 (read leniently, they would train on U+FFFD where the words were).
 */
function goldText(bytes: Uint8Array): string | { issue: string } {
  const binary = sniffBinary(bytes);
  if (binary !== null) return { issue: `gold file is not text: ${binary}` };
  const bom = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(bom, { fatal: true }).decode(bytes);
  } catch {
    return { issue: `gold file is not ${bom === 'utf-8' ? 'UTF-8' : bom.toUpperCase()} text (invalid bytes); save it as UTF-8` };
  }
  return text.replace(/\r\n?/g, '\n');
}

/** Parse a meta file; a string result is the error message. */
function parseMeta(text: string): { url: string | null; lang: string | null; pageType: string | null } | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return `meta file is not valid JSON (${jsonSyntaxMessage(e)})`;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'meta file must hold a JSON object';
  const o = v as Record<string, unknown>;
  for (const key of ['url', 'lang', 'page_type']) {
    if (o[key] !== undefined && o[key] !== null && typeof o[key] !== 'string') {
      return `meta field "${key}" must be a string, found ${typeof o[key]}`;
    }
  }
  return { url: (o['url'] as string | undefined) ?? null, lang: (o['lang'] as string | undefined) ?? null, pageType: (o['page_type'] as string | undefined) ?? null };
}
