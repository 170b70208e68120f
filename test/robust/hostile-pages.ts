/**
 * Hostile pages too large to commit, generated at test time (issue 7).
 * Each generator is deterministic; sizes are in bytes of the UTF-8 page.
 */

/** One paragraph of ordinary English text (100 bytes). */
export const PARAGRAPH = 'The harbour board met on Tuesday and agreed to repair the old pier before the summer season begins.';

/** A single-line page of about `bytes` bytes: repeated article paragraphs with links, no newline at all. */
export function singleLinePage(bytes: number): string {
  const unit = `<div class="c"><p>${PARAGRAPH} <a href="/n">more</a></p></div>`;
  return `<html><body>${unit.repeat(Math.ceil(bytes / unit.length))}</body></html>`;
}

/** `depth` nested `<div>`s around one sentence. */
export function nestedDivsPage(depth: number): string {
  return `<html><body>${'<div>'.repeat(depth)}<p>${PARAGRAPH}</p>${'</div>'.repeat(depth)}</body></html>`;
}

/** A paragraph whose `title` attribute holds `bytes` characters. */
export function hugeAttributePage(bytes: number): string {
  return `<html><body><p title="${'x'.repeat(bytes)}">${PARAGRAPH}</p><p>${PARAGRAPH}</p></body></html>`;
}

/** `count` links in one list, plus one article paragraph. */
export function manyLinksPage(count: number): string {
  return `<html><body><p>${PARAGRAPH}</p><ul>${'<li><a href="/x">link</a></li>'.repeat(count)}</ul></body></html>`;
}

/** A page with NUL bytes after the sniffing window (8000 bytes): HTML, NULs dropped. */
export function lateNulPage(): Uint8Array {
  const head = `<html><body>${`<p>${PARAGRAPH}</p>`.repeat(100)}`;
  return Buffer.from(`${head}<p>nul\0 in\0\0 text</p></body></html>`);
}

/** `count` unclosed inline tags (the parser's stack grows with each). */
export function unclosedTagsPage(count: number): string {
  return `<html><body><p>${PARAGRAPH}</p>${'<b>'.repeat(count)}end</body></html>`;
}
