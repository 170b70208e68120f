/**
 * What scripts/lodo.mjs and the tools reading its models share: the command-line options for the data, the sample and the
 * model cache, the cache's file names, and Readability run as bench:compare runs it.
 */
import { createHash } from 'node:crypto';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLineTable, allText } from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** parseArgs options: the datasets folder, the seeded sample (0 = every page) and the LODO model cache. */
export const LODO_OPTIONS = Object.freeze({
  data: { type: 'string', default: process.env.FARSW_DATASETS ?? resolve(root, '../shared/datasets') },
  sample: { type: 'string', default: '0' },
  seed: { type: 'string', default: '1' },
  cache: { type: 'string' },
});

/** The cache file of the LODO model for training options `key` (JSON of a configuration's `train`), sample and seed, held-out dataset. */
export function lodoCacheFile(dir, key, sample, seed, held) {
  return join(dir, `${createHash('sha1').update(`${key} ${sample} ${seed}`).digest('hex').slice(0, 12)}-${held}.json`);
}

/**
 * Readability (@mozilla/readability over linkedom, as bench:compare runs it): a page without <body> gets the tags a browser
 * implies; its output HTML → text by farsw's converter; '' when it finds nothing or throws.
 * @returns html → text
 */
export async function readabilityText() {
  const { parseHTML } = await import('linkedom');
  const { Readability } = await import('@mozilla/readability');
  const domReady = (html) => (!/<body[\s>]/i.test(html) ? `<!DOCTYPE html><html><body>${html}</body></html>` : !/<html[\s>]/i.test(html) ? `<html>${html}</html>` : html);
  return (html) => {
    const saved = console.log, warn = console.warn, error = console.error;
    console.log = console.warn = console.error = () => {};
    try {
      const content = new Readability(parseHTML(domReady(html)).document).parse()?.content ?? '';
      return content ? allText(buildLineTable(`<body>${content}</body>`)) : '';
    } catch { return ''; } finally { console.log = saved; console.warn = warn; console.error = error; }
  };
}
