/** Letters and digits of the text, html and markdown outputs (scripts/format-words.mjs). */
export declare const letters: (s: string) => string;
export declare function htmlLetters(html: string): string;
export declare function markdownLetters(markdown: string): string;
export declare function formatMismatch(text: string, formatted: string, kind: 'html' | 'markdown', headings?: readonly string[]): { at: number; text: string; format: string } | null;
export declare function headingTexts(lib: { buildLineTable(html: string): { count: number; block: Uint8Array; lineText(i: number): string } }, html: string): string[];
