/** Letters and digits of the text, html and markdown outputs (scripts/format-words.mjs). */
export declare const letters: (s: string) => string;
export declare function htmlLetters(html: string): string;
export declare function markdownLetters(markdown: string): string;
export declare function formatMismatch(text: string, formatted: string, kind: 'html' | 'markdown', headings?: readonly string[]): { at: number; text: string; format: string } | null;
export declare function headingTexts<T extends { count: number; block: Uint8Array }>(lib: { buildLineTable(html: string, options?: { dropHidden?: boolean; dropComments?: boolean }): T }, html: string, outputLineText: (table: T, i: number, source: string) => string): string[];
