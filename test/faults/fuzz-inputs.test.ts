/**
 * Fuzzing gzip and WARC inputs (issue 36): random byte flips, insertions and truncations in JSON Lines .gz,
 * plain WARC and .warc.gz inputs never lose an intact record, never hang and never crash the reader.
 *
 * An intact record:
 * - gzip: a record (a JSON line with its LF, a WARC record with its CRLF CRLF) whose members are untouched: no byte
 *   flipped in the compressed bytes of the members holding it, nothing inserted among them, none cut off;
 * - plain WARC: a record whose bytes are untouched (nothing flipped or inserted in them, not cut off) and whose
 *   predecessor's header is untouched too (its Content-Length says where the record starts).
 * Every intact record must come out, byte for byte; from gzip input nothing else but the original records may
 * come out as a record (a damaged member's bytes never pass for one; a line that is no JSON record goes to the
 * worker, which answers it with an error record), but for what a member the reader reports as cut (the input ends
 * inside it) unpacked to: kept unchecked, as it has no CRC-32 to check it by.
 *
 * Seeded, FARSW_FUZZ_RUNS runs per property (default 60, a few seconds); more locally:
 * `FARSW_FUZZ_RUNS=5000 npx vitest run test/faults/fuzz-inputs.test.ts`, and FARSW_FUZZ_SEED to try other seeds.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { listInputs, readItems, type BatchItem } from '../../src/batch/sources.js';
import { httpBlock, tempDir, warcRecord } from './helpers.js';

const RUNS = Number(process.env['FARSW_FUZZ_RUNS'] ?? 60);
const SEED = Number(process.env['FARSW_FUZZ_SEED'] ?? 36);
/** Per property: about 10 ms a run, more on a loaded machine. */
const TIMEOUT = 30_000 + RUNS * 50;

/** Byte range [start, end) in an input. */
interface Span { readonly start: number; readonly end: number }

/** One mutation, at an offset of the original input (taken modulo its length). */
type Mutation = { kind: 'flip'; at: number; mask: number } | { kind: 'insert'; at: number; bytes: Uint8Array } | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), mask: fc.integer({ min: 1, max: 255 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
);

/** Apply mutations at offsets of the original bytes; the spans they touch are judged with `untouched`. */
function mutate(original: Uint8Array, mutations: readonly Mutation[]): { bytes: Buffer; untouched: (s: Span) => boolean } {
  const n = original.length;
  const flips = new Map<number, number>();
  const inserts = new Map<number, Uint8Array[]>();
  let cut = n;
  for (const m of mutations) {
    if (m.kind === 'flip') flips.set(m.at % n, (flips.get(m.at % n) ?? 0) ^ m.mask);
    else if (m.kind === 'insert') inserts.set(m.at % (n + 1), [...(inserts.get(m.at % (n + 1)) ?? []), m.bytes]);
    else cut = Math.min(cut, m.at % n);
  }
  const parts: Uint8Array[] = [];
  for (let i = 0; i <= cut; i++) {
    for (const b of inserts.get(i) ?? []) parts.push(b);
    if (i < cut) parts.push(Uint8Array.of(original[i]! ^ (flips.get(i) ?? 0)));
  }
  const untouched = (s: Span): boolean => {
    if (s.end > cut) return false;
    for (const [at, mask] of flips) if (mask !== 0 && at >= s.start && at < s.end) return false;
    for (const at of inserts.keys()) if (at > s.start && at < s.end) return false;
    return true;
  };
  return { bytes: Buffer.concat(parts), untouched };
}

const dir = tempDir('fuzz');

/** The reader's items for `bytes` written to a file of that name; fails instead of hanging. */
async function readAll(bytes: Buffer, name: string): Promise<BatchItem[]> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const counters = { rawBytes: 0, skipped: 0, notOk: 0, otherRecords: 0 };
  const items: BatchItem[] = [];
  const read = (async () => {
    for await (const it of readItems(await listInputs([path]), { maxBytes: 1 << 20 }, counters)) items.push(it);
  })();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('the reader did not end within 20 s')), 20_000); });
  try {
    await Promise.race([read, hang]);
  } finally {
    clearTimeout(timer);
  }
  return items;
}

/**
 * Split `plain` into gzip members at `cuts` (offsets, some moved to the next record end `ends` so members hold
 * whole records, as writers do); the compressed span of each record: from its first member's start to its last member's end.
 */
function gzipSplit(plain: Buffer, records: readonly Span[], cuts: readonly { at: number; snap: boolean }[]): { gz: Buffer; spans: Span[] } {
  const points = new Set<number>();
  for (const c of cuts) {
    let at = c.at % plain.length;
    if (c.snap) at = records.find((r) => r.end > at)?.end ?? plain.length;
    if (at > 0 && at < plain.length) points.add(at);
  }
  const bounds = [0, ...[...points].sort((a, b) => a - b), plain.length];
  const members: { plain: Span; packed: Span }[] = [];
  const packed: Buffer[] = [];
  let at = 0;
  for (let k = 0; k + 1 < bounds.length; k++) {
    const m = gzipSync(plain.subarray(bounds[k]!, bounds[k + 1]!));
    members.push({ plain: { start: bounds[k]!, end: bounds[k + 1]! }, packed: { start: at, end: at + m.length } });
    packed.push(m);
    at += m.length;
  }
  const spans = records.map((r) => {
    const holding = members.filter((m) => m.plain.start < r.end && m.plain.end > r.start);
    return { start: holding[0]!.packed.start, end: holding[holding.length - 1]!.packed.end };
  });
  return { gz: Buffer.concat(packed), spans };
}

const words = fc.array(fc.constantFrom('bridge', 'river', 'stone', 'summer', 'arch', 'flood', 'village', 'é', '\u4e2d'), { maxLength: 60 }).map((w) => w.join(' '));
const cuts = fc.array(fc.record({ at: fc.nat(), snap: fc.boolean() }), { maxLength: 8 });

/** JSON lines `{"id":"pN","html":"<p>…</p>"}` with their spans (LF included). */
function jsonLines(texts: readonly string[]): { plain: Buffer; lines: string[]; spans: Span[] } {
  const lines = texts.map((t, i) => JSON.stringify({ id: `p${i}`, html: `<p>${t}</p>` }));
  const spans: Span[] = [];
  let at = 0;
  for (const l of lines) {
    const len = Buffer.byteLength(l) + 1;
    spans.push({ start: at, end: at + len });
    at += len;
  }
  return { plain: Buffer.from(lines.map((l) => `${l}\n`).join('')), lines, spans };
}

/** WARC response records of `bodies`, with each record's span and its header's span. */
function warcRecords(bodies: readonly string[]): { plain: Buffer; spans: Span[]; headers: Span[] } {
  const recs = bodies.map((b, i) => warcRecord(i, httpBlock(`<html><body><p>${b}</p></body></html>`)));
  const spans: Span[] = [];
  const headers: Span[] = [];
  let at = 0;
  for (const r of recs) {
    spans.push({ start: at, end: at + r.length });
    headers.push({ start: at, end: at + r.indexOf('\r\n\r\n') + 4 });
    at += r.length;
  }
  return { plain: Buffer.concat(recs), spans, headers };
}

function isRecord(line: string): boolean {
  try {
    const v = JSON.parse(line) as unknown;
    return typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string';
  } catch {
    return false;
  }
}

function jsonTexts(items: readonly BatchItem[]): string[] {
  return items.flatMap((it) => (it.task?.kind === 'json' ? [Buffer.from(it.task.line).toString()] : []));
}

function pages(items: readonly BatchItem[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const it of items) if (it.task?.kind === 'page' && it.task.url) out.set(it.task.url, Buffer.from(it.task.page).toString());
  return out;
}

/** The reader said the input was cut inside a member: what that member unpacked to came out unchecked (no CRC-32 to check it by). */
function cutMember(items: readonly BatchItem[]): boolean {
  return items.some((it) => /the input was cut/.test(it.error ?? ''));
}

/** No item is the reader failing as a whole (an exception turned into `read failed`). */
function noCrash(items: readonly BatchItem[]): void {
  for (const it of items) expect(it.error ?? '').not.toMatch(/read failed|unexpected/);
}

describe('fuzz: damaged gzip and WARC inputs never lose an intact record, never hang, never crash', () => {
  it('JSON Lines in gzip members (split anywhere, mid-line too)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(words, { minLength: 1, maxLength: 12 }), cuts, fc.array(mutation, { minLength: 1, maxLength: 4 }), async (texts, cutAt, mutations) => {
      const { plain, lines, spans } = jsonLines(texts);
      const { gz, spans: packed } = gzipSplit(plain, spans, cutAt);
      const { bytes, untouched } = mutate(gz, mutations);
      const items = await readAll(bytes, 'in.jsonl.gz');
      noCrash(items);
      const out = jsonTexts(items);
      const intact = lines.filter((_, i) => untouched(packed[i]!));
      expect(out.filter((l) => intact.includes(l))).toEqual(intact);
      // A line that is no original is no record either (the worker answers it with an error record): the last line of a file cut at a member end.
      if (!cutMember(items)) for (const l of out) if (!lines.includes(l)) expect(isRecord(l), l).toBe(false);
    }), { numRuns: RUNS, seed: SEED });
  }, TIMEOUT);

  it('WARC records in gzip members (one a member, several, or split)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(words, { minLength: 1, maxLength: 10 }), cuts, fc.array(mutation, { minLength: 1, maxLength: 4 }), async (bodies, cutAt, mutations) => {
      const { plain, spans } = warcRecords(bodies);
      const { gz, spans: packed } = gzipSplit(plain, spans, cutAt.map((c, k) => (k % 2 === 0 ? { ...c, snap: true } : c)));
      const { bytes, untouched } = mutate(gz, mutations);
      const items = await readAll(bytes, 'in.warc.gz');
      noCrash(items);
      const out = pages(items);
      bodies.forEach((b, i) => {
        const page = `<html><body><p>${b}</p></body></html>`;
        if (untouched(packed[i]!)) expect(out.get(`https://example.com/${i}`), `record ${i}`).toBe(page);
      });
      if (!cutMember(items)) for (const [url, page] of out) expect(page).toBe(`<html><body><p>${bodies[Number(url.split('/').pop())]}</p></body></html>`);
    }), { numRuns: RUNS, seed: SEED });
  }, TIMEOUT);

  it('plain WARC', async () => {
    await fc.assert(fc.asyncProperty(fc.array(words, { minLength: 1, maxLength: 10 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), async (bodies, mutations) => {
      const { plain, spans, headers } = warcRecords(bodies);
      const { bytes, untouched } = mutate(plain, mutations);
      const items = await readAll(bytes, 'in.warc');
      noCrash(items);
      const out = pages(items);
      bodies.forEach((b, i) => {
        if (untouched(spans[i]!) && (i === 0 || untouched(headers[i - 1]!))) {
          expect(out.get(`https://example.com/${i}`), `record ${i}`).toBe(`<html><body><p>${b}</p></body></html>`);
        }
      });
    }), { numRuns: RUNS, seed: SEED });
  }, TIMEOUT);
});
