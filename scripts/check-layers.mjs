#!/usr/bin/env node
/**
 * The layering rule of src/, checked: each folder imports only from the folders on lines
 * below its own in the README's `layers` block (the rule's one place), and no file imports
 * itself through a cycle. Exit 1 with one line per broken import or cycle.
 *
 *   node scripts/check-layers.mjs [ROOT]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Layers from the README's ```layers block: one line each, top first; a line's first words up to two spaces are its folders. */
export function parseLayers(readme) {
  const block = /```layers\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no ```layers block');
  return block[1].split('\n').filter((l) => l.trim() !== '').map((l) => l.split(/\s{2,}/)[0].trim().split(/\s+/));
}

const IMPORT = /(?:^|[;\s])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Relative imports of one module's source, as paths of .ts files relative to src/. */
export function importsOf(file, source) {
  const out = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith('.')) out.push(join(dirname(file), spec).replace(/\.js$/, '.ts'));
  }
  return out;
}

/**
 * Broken rules in a graph of src/ files.
 * @param graph Map from a file (relative to src/, e.g. 'extract/dana.ts') to the files it imports
 * @param layers folders per layer, top first (parseLayers)
 * @returns one message per forbidden import and per cycle
 */
export function checkLayers(graph, layers) {
  const rank = new Map();
  layers.forEach((folders, i) => folders.forEach((f) => rank.set(f, i)));
  const folderOf = (file) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : null);
  const problems = [];
  for (const [file, deps] of graph) {
    const from = folderOf(file);
    if (from === null || from === 'types') continue; // src/index.ts re-exports every layer; src/types holds ambient declarations
    if (!rank.has(from)) { problems.push(`${file}: folder ${from}/ is in no layer of the README's layers block`); continue; }
    for (const dep of deps) {
      const to = folderOf(dep);
      if (to === from) continue;
      if (to === null || !rank.has(to) || rank.get(to) <= rank.get(from)) {
        problems.push(`${file} imports ${dep}: ${from} may import only layers below it (${to ?? 'src/index.ts'} is ${rank.get(to) === rank.get(from) ? 'beside' : 'above'} it)`);
      }
    }
  }
  for (const cycle of cycles(graph)) problems.push(`import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
  return problems;
}

/** The strongly connected components of more than one file (Tarjan), each in a stable order. */
function cycles(graph) {
  let index = 0;
  const idx = new Map(), low = new Map(), stack = [], on = new Set(), found = [];
  const visit = (v) => {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return found;
}

/** The import graph of ROOT/src. */
export function readGraph(root) {
  const src = join(root, 'src');
  const graph = new Map();
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) {
        const file = relative(src, p);
        graph.set(file, importsOf(file, readFileSync(p, 'utf8')));
      }
    }
  };
  walk(src);
  return graph;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const graph = readGraph(root);
  const problems = checkLayers(graph, parseLayers(readFileSync(join(root, 'README.md'), 'utf8')));
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exitCode = 1;
  else console.log(`layers: ${graph.size} files, no forbidden import, no cycle`);
}
