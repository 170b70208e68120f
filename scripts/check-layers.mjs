#!/usr/bin/env node
/**
 * The layering rule of src/, checked on the TypeScript syntax tree (not a regex, so multi-line
 * imports, quotes in comments, `import()`, `export … from` and `require` are all seen):
 *  - each folder imports only from the folders of the layers below its own (LAYERS, top first);
 *  - no file imports itself through a cycle;
 *  - below the api layer, no file touches the outside world: no `better-sqlite3`, `node:fs`,
 *    `node:child_process` (EDGE_MODULES) and no use of the global `console`, except the
 *    storage edges named in EDGE_ALLOWED (the model store's SQLite, the dataset reader's and the input layer's files);
 *  - a dynamic `import()` or `require()` names its module with a string literal (else no one can check it).
 * Exit 1 with one line per problem.
 *
 *   node scripts/check-layers.mjs [ROOT]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Folders per layer, top first; a folder may import only from layers below its own. The README's
 * ```layers block, when it has one, shows the same table with a line of purpose per layer.
 */
export const LAYERS = [
  ['cli'], // commands: argv → library call → printed result
  ['batch'], // many pages: inputs, worker pool, shards, outputs
  ['api'], // the library's orchestration: extract, train by site, guard, adapt, drift
  ['eval', 'explain'], // scores against gold, reports; why a line was kept
  ['model-store'], // the SQLite store of models; the shipped default model
  ['dataset'], // the only reader of datasets, training data and predictions
  ['input'], // bytes → pages: magic bytes (gzip, WARC, JSON Lines, URLs, HTML), gunzip, size limits
  ['extract', 'train'], // the algorithms: lines → blocks → text; pages + gold → Model
  ['model'], // the Model value: format, validation, rules in words
  ['mining'], // frequent regions, Apriori, rules
  ['fuzzy'], // membership functions, fuzzy sets
  ['features'], // the FAR-SW line features
  ['html'], // bytes → decode → one-pass line table; chosen lines → text, markdown
  ['core'], // types, errors, defaults, tokens, hashing, seeded random
];

/** Modules that reach the outside world (files, processes, the database), by base name without `node:`. */
export const EDGE_MODULES = ['better-sqlite3', 'fs', 'child_process'];

/** The storage edges below the api layer, and the outside-world modules each may use (STYLE.md: "I/O at the edges"). */
export const EDGE_ALLOWED = { 'model-store': ['better-sqlite3', 'fs'], dataset: ['fs'], input: ['fs'] };

/** Layers from the README's ```layers block: one line each, top first; a line's first words up to two spaces are its folders. */
export function parseLayers(readme) {
  const block = /```layers\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no ```layers block');
  return block[1].split('\n').filter((l) => l.trim() !== '').map((l) => l.split(/\s{2,}/)[0].trim().split(/\s+/));
}

/** `node:fs/promises` → `fs`; `better-sqlite3` stays; a relative path stays as written. */
const baseModule = (spec) => spec.replace(/^node:/, '').split('/')[0];

/**
 * What one module's source imports and touches, read from its syntax tree.
 * @param file path relative to src/ (e.g. 'extract/dana.ts')
 * @param source the module's TypeScript text
 * @returns `imports`: relative imports as .ts paths relative to src/; `modules`: every other module
 *   specifier (package or `node:` built-in) as written; `console`: line numbers (1-based) where the
 *   global `console` is used; `computed`: line numbers of `import()`/`require()` with a non-literal specifier
 */
export function scanModule(file, source) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports = [], modules = [], consoleLines = [], computed = [];
  const lineOf = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const add = (spec) => {
    if (spec.startsWith('.')) imports.push(join(dirname(file), spec).replace(/\.js$/, '.ts'));
    else modules.push(spec);
  };
  const literal = (node) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null);
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const spec = literal(node.moduleSpecifier);
      if (spec !== null) add(spec);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const spec = literal(node.moduleReference.expression);
      if (spec !== null) add(spec);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const spec = literal(node.argument.literal);
      if (spec !== null) add(spec);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) {
        const spec = literal(node.arguments[0]);
        if (spec !== null) add(spec);
        else computed.push(lineOf(node));
      }
    } else if (ts.isIdentifier(node) && node.text === 'console' && isGlobalConsole(node)) {
      consoleLines.push(lineOf(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { imports, modules, console: consoleLines, computed };
}

/** Is this `console` identifier a use of the global (not a property name, a key, or a local binding's declaration)? */
function isGlobalConsole(id) {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) {
    // globalThis.console / window.console reach the global too; obj.console does not
    return ts.isIdentifier(p.expression) && (p.expression.text === 'globalThis' || p.expression.text === 'global');
  }
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p)) && p.name === id) return false;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p)) && p.name === id) return false;
  if (ts.isQualifiedName(p) && p.right === id) return false;
  return true;
}

/** Relative imports of one module's source, as paths of .ts files relative to src/. */
export function importsOf(file, source) {
  return scanModule(file, source).imports;
}

const folderOf = (file) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : null);

/**
 * Broken rules in a graph of src/ files.
 * @param graph Map from a file (relative to src/, e.g. 'extract/dana.ts') to the files it imports
 *   (string[]), or to its scanModule result (then the edge-module, console and computed-import rules apply too)
 * @param layers folders per layer, top first (LAYERS)
 * @param allowed per folder below the api layer, the EDGE_MODULES it may use (EDGE_ALLOWED)
 * @returns one message per forbidden import, outside-world use, unreadable import and cycle
 */
export function checkLayers(graph, layers = LAYERS, allowed = EDGE_ALLOWED) {
  const rank = new Map();
  layers.forEach((folders, i) => folders.forEach((f) => rank.set(f, i)));
  const apiRank = rank.get('api') ?? -1;
  const edges = new Map();
  for (const [file, entry] of graph) edges.set(file, Array.isArray(entry) ? entry : entry.imports);
  const problems = [];
  for (const [file, entry] of graph) {
    const from = folderOf(file);
    if (from === null || from === 'types') continue; // src/index.ts re-exports every layer; src/types holds ambient declarations
    if (!rank.has(from)) { problems.push(`${file}: folder ${from}/ is in no layer of the layers table`); continue; }
    for (const dep of edges.get(file)) {
      const to = folderOf(dep);
      if (to === from) continue;
      if (to === null || !rank.has(to) || rank.get(to) <= rank.get(from)) {
        problems.push(`${file} imports ${dep}: ${from} may import only layers below it (${to ?? 'src/index.ts'} is ${rank.get(to) === rank.get(from) ? 'beside' : 'above'} it)`);
      }
    }
    if (Array.isArray(entry)) continue;
    for (const line of entry.computed) problems.push(`${file}:${line}: import() or require() of a computed name: write the module as a string literal so the layers can be checked`);
    if (rank.get(from) <= apiRank) continue;
    const mayUse = allowed[from] ?? [];
    for (const spec of entry.modules) {
      const base = baseModule(spec);
      if (EDGE_MODULES.includes(base) && !mayUse.includes(base)) {
        problems.push(`${file} imports ${spec}: below the api layer only ${Object.keys(allowed).join(', ')} may reach files, processes or the database`);
      }
    }
    for (const line of entry.console) problems.push(`${file}:${line}: uses console: below the api layer, return what to say and let the cli print it`);
  }
  for (const cycle of cycles(edges)) problems.push(`import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
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

/** Every module of ROOT/src, scanned: file (relative to src/) → scanModule result. */
export function readGraph(root) {
  const src = join(root, 'src');
  const graph = new Map();
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) {
        const file = relative(src, p);
        graph.set(file, scanModule(file, readFileSync(p, 'utf8')));
      }
    }
  };
  walk(src);
  return graph;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const graph = readGraph(root);
  const problems = checkLayers(graph);
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exitCode = 1;
  else console.log(`layers: ${graph.size} files, no forbidden import, no outside-world use below the api layer, no cycle`);
}
