/**
 * Streaming JSON Lines reader for plain or gzip files (detected by the gzip
 * magic bytes, not the name). Yields one entry per non-blank line with its
 * 1-based line number; a line that is not valid JSON is yielded as an error
 * entry so batch runs can report it (file and line) and go on.
 */
import { openInputFile } from '../input/open.js';
import { byteLines } from '../core/byte-lines.js';
import { InputError, jsonSyntaxMessage } from '../core/errors.js';
import { damageMessage } from '../core/damage.js';

export type JsonLine =
  | { readonly line: number; readonly value: unknown; readonly error?: undefined }
  /** `damage`: damaged gzip data (the line it cut, else the last line before it), reading goes on after it. */
  | { readonly line: number; readonly value?: undefined; readonly error: string; readonly damage?: true };

/** The longest line read (bytes): longer ones are reported and skipped, never made into a string (V8 stops at 2^29 characters). */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8');

/**
 * Read `path` line by line, as bytes split on LF (so a line too long for a string is
 * reported, not a RangeError). Damaged gzip data is an error entry (`damage`) naming its
 * offset and the line it cut, and reading goes on at the next gzip member; a cut gzip
 * stream's entry says the file ends early. A read error ends the iteration with an
 * InputError naming the file and the last line read.
 */
export async function* readJsonLines(path: string, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<JsonLine> {
  const stream = await openInputFile(path);
  let line = 0;
  try {
    // A line without an end after 4 × the limit (at least 1 GiB) ends the file: /dev/zero never ends.
    for await (const l of byteLines(stream, maxLineBytes, Math.max(2 ** 30, 4 * maxLineBytes))) {
      line = l.line;
      if (l.cut) { yield { line, error: `no line end within ${l.size} bytes; the rest of the file is skipped` }; return; }
      if (l.damage) {
        const lost = l.lost ? `; line ${line}, begun before it, is lost` : '';
        yield { line, damage: true, error: l.damage.cut ? `file ends early, records from here on are lost (${damageMessage(l.damage)})` : `${damageMessage(l.damage)}${lost}` };
        continue;
      }
      if (l.parts === undefined) { yield { line, error: `line of ${l.size} bytes is longer than ${maxLineBytes} bytes; skipped` }; continue; }
      const text = utf8.decode(Buffer.concat(l.parts, l.size));
      if (text.trim() === '') continue;
      try {
        yield { line, value: JSON.parse(text) as unknown };
      } catch (e) {
        // The first line after damaged data may be the rest of a line it cut.
        yield { line, error: l.afterDamage ? `the rest of a line cut by the damaged gzip data before it (invalid JSON: ${jsonSyntaxMessage(e)})` : `invalid JSON (${jsonSyntaxMessage(e)})` };
      }
    }
  } catch (e) {
    throw new InputError(`${path}: read failed after line ${line} (${(e as Error).message})`, { cause: e });
  }
}
