/** htmlparser2's bare Tokenizer with no-op callbacks over `html` (bare-tokenize.mjs). */
export function bareTokenize(html: string): void;
