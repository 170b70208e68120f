/** Folders per layer, top first (check-layers.mjs). */
export const LAYERS: string[][];
/** Modules that reach the outside world, by base name without `node:`. */
export const EDGE_MODULES: string[];
/** Per storage folder below the api layer, the EDGE_MODULES it may use. */
export const EDGE_ALLOWED: Record<string, string[]>;
/** What one module imports and touches, from its syntax tree. */
export interface ModuleScan { imports: string[]; modules: string[]; console: number[]; computed: number[] }
/** Folders per layer, top first, from the README's ```layers block. */
export function parseLayers(readme: string): string[][];
/** Relative imports, other module specifiers, lines using the global console, lines with a computed import(). */
export function scanModule(file: string, source: string): ModuleScan;
/** Relative imports of a module (path relative to src/), as .ts paths relative to src/. */
export function importsOf(file: string, source: string): string[];
/** One message per forbidden import, outside-world use below the api layer, computed import, and import cycle. */
export function checkLayers(graph: Map<string, string[] | ModuleScan>, layers?: string[][], allowed?: Record<string, string[]>): string[];
/** Every module of ROOT/src, scanned. */
export function readGraph(root: string): Map<string, ModuleScan>;
