/** Folders per layer, top first, from the README's ```layers block (check-layers.mjs). */
export function parseLayers(readme: string): string[][];
/** Relative imports of a module (path relative to src/), as .ts paths relative to src/. */
export function importsOf(file: string, source: string): string[];
/** One message per forbidden import and per import cycle in `graph` (file → imported files, relative to src/). */
export function checkLayers(graph: Map<string, string[]>, layers: string[][]): string[];
/** The import graph of ROOT/src. */
export function readGraph(root: string): Map<string, string[]>;
