/**
 * The peer extractors the benchmarks run in the same process as farsw: Readability.js
 * (@mozilla/readability) and Defuddle, each over a linkedom document (both devDependencies).
 * Shared by bench-compare.mjs and bench-wcxb.mjs, so both run the peers the same way.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { DefuddleClass } from 'defuddle/node';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Installed version of a dependency, for the tables. */
export const version = (pkg) => JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

const now = () => performance.now();

/**
 * linkedom does not build the implied <html>/<body> of the HTML5 parser: a
 * page without a <body> tag ends up with an empty body (and without <html>,
 * documentElement is the first element), which breaks both peers. Such pages
 * (170 in cleaneval, a few elsewhere) get the tags a browser would imply.
 * Untimed string concatenation.
 */
export function domReady(html) {
  if (!/<body[\s>]/i.test(html)) return `<!DOCTYPE html><html><body>${html}</body></html>`;
  if (!/<html[\s>]/i.test(html)) return `<html>${html}</html>`;
  return html;
}

/** Defuddle's own linkedom set-up (defuddle/dist/utils/linkedom-compat.js): polyfills it expects. */
function defuddleDocument(document, url) {
  if (!document.styleSheets) document.styleSheets = [];
  if (document.defaultView && !document.defaultView.getComputedStyle) {
    document.defaultView.getComputedStyle = () => ({ display: '' });
  }
  if (url) document.URL = url;
  return document;
}

/**
 * The peers: `{ key, name, run(record) → { html, ms, parseMs } }`. Timed: linkedom's
 * `parseHTML(html)` plus the peer's `parse()`; `parseMs` is the DOM parse's share.
 */
export const peers = [
  {
    key: 'readability',
    name: `Readability ${version('@mozilla/readability')} (linkedom ${version('linkedom')})`,
    run(record) {
      const html = domReady(record.html);
      const t0 = now();
      const { document } = parseHTML(html);
      const t1 = now();
      const article = new Readability(document).parse();
      const t2 = now();
      return { html: article?.content ?? '', ms: t2 - t0, parseMs: t1 - t0 };
    },
  },
  {
    key: 'defuddle',
    name: `Defuddle ${version('defuddle')} (linkedom ${version('linkedom')})`,
    run(record) {
      const html = domReady(record.html);
      const t0 = now();
      const document = defuddleDocument(parseHTML(html).document, record.url);
      const t1 = now();
      const result = new DefuddleClass(document, { url: record.url ?? undefined }).parse();
      const t2 = now();
      return { html: result.content ?? '', ms: t2 - t0, parseMs: t1 - t0 };
    },
  },
];

/** Silence the peers' console chatter; returns the function that restores the console. */
export function quiet() {
  const saved = { log: console.log, warn: console.warn, error: console.error, debug: console.debug, info: console.info };
  for (const k of Object.keys(saved)) console[k] = () => {};
  return () => Object.assign(console, saved);
}
