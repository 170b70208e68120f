/**
 * Rebuild output text from a chosen subset of a `TokenStream`'s text tokens.
 */
import { TokenKind, type TokenStream } from './token-stream.js';

const WHITESPACE_RUN = /\s+/g;

/**
 * Join the chosen text tokens into the extractor output format: one paragraph
 * per line, lines separated by '\n', white space collapsed to single spaces,
 * empty paragraphs dropped. Entities are already decoded by the tokenizer.
 * @param tokens the token stream.
 * @param chosen `chosen[i] !== 0` keeps token `i`; only `Text` tokens are ever output.
 * @returns the text (no markup, no script/style/comment content).
 */
export function joinChosenText(tokens: TokenStream, chosen: Uint8Array): string {
  const lines: string[] = [];
  let current = '';
  let currentPara = -1;
  for (let i = 0; i < tokens.count; i++) {
    if (tokens.kind[i] !== TokenKind.Text || chosen[i] === 0) continue;
    const p = tokens.para[i]!;
    if (p !== currentPara) {
      pushParagraph(lines, current);
      current = '';
      currentPara = p;
    }
    current += tokens.text[i]!;
  }
  pushParagraph(lines, current);
  return lines.join('\n');
}

function pushParagraph(lines: string[], raw: string): void {
  const collapsed = raw.replace(WHITESPACE_RUN, ' ').trim();
  if (collapsed.length > 0) lines.push(collapsed);
}

/**
 * Number of non-empty paragraphs of visible text in the stream: the
 * `lineCount` that token-based extractors report.
 */
export function countParagraphs(tokens: TokenStream): number {
  let n = 0;
  let last = -1;
  for (let i = 0; i < tokens.count; i++) {
    if (tokens.kind[i] !== TokenKind.Text || tokens.para[i] === last) continue;
    if (hasNonSpace(tokens.text[i]!)) {
      n++;
      last = tokens.para[i]!;
    }
  }
  return n;
}

const NON_SPACE = /\S/;
function hasNonSpace(s: string): boolean {
  return NON_SPACE.test(s);
}
