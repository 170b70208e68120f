/**
 * The html5lib tree-construction tests (../shared/html5lib-tests/tree-construction/*.dat; format in
 * their README): each case's input and the body text of its expected tree, in order, without the
 * text of elements the line builder drops on purpose (LINE_DEFAULTS.dropElements: never rendered,
 * or farsw's choice) and without the head.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TreeCase {
  /** `file.dat#n` (n from 0 in the file). */
  readonly id: string;
  readonly data: string;
  readonly fragment: boolean;
  /** `on`, `off` or undefined (both). */
  readonly scripting: 'on' | 'off' | undefined;
  /** Text nodes of the expected document outside head and dropped elements, in order. */
  readonly bodyText: string;
}

export const TREE_DIR = join(import.meta.dirname, '../../../shared/html5lib-tests/tree-construction');

/** Every case of every .dat file in `dir` (none when the folder is absent). */
export function readTreeCases(dir: string, dropped: ReadonlySet<string>): TreeCase[] {
  if (!existsSync(dir)) return [];
  const out: TreeCase[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.dat')).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    const chunks = text.split(/\n(?=#data\n)/);
    chunks.forEach((chunk, n) => {
      if (!chunk.startsWith('#data\n')) return;
      const lines = chunk.split('\n');
      const sections = new Map<string, number>();
      lines.forEach((l, i) => { if (/^#(errors|new-errors|document-fragment|script-on|script-off|document)$/.test(l) && !sections.has(l)) sections.set(l, i); });
      const dataEnd = sections.get('#errors') ?? lines.length;
      const data = lines.slice(1, dataEnd).join('\n');
      const docAt = sections.get('#document');
      if (docAt === undefined) return;
      const tree = lines.slice(docAt + 1);
      out.push({
        id: `${file}#${n}`,
        data,
        fragment: sections.has('#document-fragment'),
        scripting: sections.has('#script-on') ? 'on' : sections.has('#script-off') ? 'off' : undefined,
        bodyText: bodyText(tree, dropped),
      });
    });
  }
  return out;
}

/** The text nodes of a tree dump outside `<head>` and dropped elements (template contents included). */
function bodyText(tree: readonly string[], dropped: ReadonlySet<string>): string {
  const stack: string[] = []; // element names by depth
  let out = '';
  for (let i = 0; i < tree.length; i++) {
    const line = tree[i]!;
    if (!line.startsWith('| ')) continue;
    const body = line.slice(2);
    const indent = body.length - body.trimStart().length;
    const depth = indent / 2;
    const node = body.trimStart();
    stack.length = depth;
    const hidden = stack.some((n) => n === 'head' || n === 'content' || dropped.has(n) || n.startsWith('svg ') || n.startsWith('math '));
    if (node.startsWith('"')) {
      // A text node: to the line that ends with `"` followed by a new node (or the end).
      let text = node.slice(1);
      while (!(text.endsWith('"') && (i + 1 >= tree.length || tree[i + 1]!.startsWith('| ') || tree[i + 1] === ''))) {
        i++;
        if (i >= tree.length) break;
        text += '\n' + tree[i];
      }
      if (!hidden) out += text.slice(0, -1);
    } else if (node.startsWith('<!--')) {
      while (!tree[i]!.endsWith('-->') && i + 1 < tree.length) i++;
    } else if (node.startsWith('<') && !node.startsWith('<!DOCTYPE')) {
      stack[depth] = node.slice(1, -1);
    } else if (node === 'content') {
      stack[depth] = 'content';
    }
  }
  return out;
}
