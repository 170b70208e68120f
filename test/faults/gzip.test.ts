/**
 * Damaged gzip members (issue 36, item 3): every intact record comes out. gzip input is read member by member
 * (src/input/gunzip.ts): a damaged member is one error naming the file and its offset, and reading goes on at
 * the next member. An intact record is one whose bytes all lie in members that are untouched.
 */
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { gunzipMembers } from '../../src/input/gunzip.js';
import { damageOf, damageMessage, type GzipDamage } from '../../src/core/damage.js';
import { readDataset } from '../../src/dataset/load.js';
import type { DatasetIssue } from '../../src/dataset/types.js';
import { goodRecords, page, runToMemory, tempDir } from './helpers.js';

function write(dir: string, name: string, bytes: Uint8Array): string {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

/** Flip a byte in the middle of a member's deflate data (past its 10-byte header, before its 8-byte trailer). */
function damaged(member: Buffer): Buffer {
  const b = Buffer.from(member);
  b[10 + Math.floor((b.length - 18) / 2)]! ^= 0x5a;
  return b;
}

/** What gunzipMembers gives for `bytes` fed in pieces of `piece` bytes: the text, with each damage mark as [offset→resume: reason]. */
async function unpack(bytes: Buffer, piece = 1 << 20): Promise<{ text: string; damage: GzipDamage[] }> {
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
  }
  let text = '';
  const damage: GzipDamage[] = [];
  for await (const c of gunzipMembers(chunks())) {
    const d = damageOf(c);
    if (d) { damage.push(d); text += '#'; } else text += c.toString('latin1');
  }
  return { text, damage };
}

const member = (s: string): Buffer => gzipSync(Buffer.from(s));

describe('gzip members, one at a time', () => {
  const [a, b, c] = [member('AAA\n'), member('BBB\n'), member('CCC\n')];

  it('reads every member of an intact file, zero padding at the end included', async () => {
    expect(await unpack(Buffer.concat([a, b, c]))).toEqual({ text: 'AAA\nBBB\nCCC\n', damage: [] });
    expect(await unpack(Buffer.concat([a, b, Buffer.alloc(512)]))).toEqual({ text: 'AAA\nBBB\n', damage: [] });
  });

  it('a damaged member is one mark at its offset, and reading goes on at the next member', async () => {
    const crc = Buffer.from(b);
    crc[crc.length - 6]! ^= 1; // its CRC-32
    const size = Buffer.from(b);
    size[size.length - 2]! ^= 1; // its size
    const header = Buffer.from(b);
    header[3] = 0xe0; // reserved flag bits
    for (const [bad, reason] of [[damaged(b), /invalid deflate data|CRC-32 mismatch/], [crc, /CRC-32 mismatch/], [size, /size mismatch/], [header, /reserved gzip flag bits/]] as const) {
      const { text, damage } = await unpack(Buffer.concat([a, bad, c]));
      expect(text).toBe('AAA\n#CCC\n');
      expect(damage).toHaveLength(1);
      expect(damage[0]).toMatchObject({ offset: a.length, resume: a.length + b.length });
      expect(damage[0]!.reason).toMatch(reason);
    }
  });

  it('garbage between members, zero bytes between members, a member whose magic is gone', async () => {
    const garbage = await unpack(Buffer.concat([a, Buffer.from('not gzip at all'), b]));
    expect(garbage.text).toBe('AAA\n#BBB\n');
    expect(damageMessage(garbage.damage[0]!)).toBe(`damaged gzip data at offset ${a.length} (bytes 6e6f7420 where a gzip member should start); reading on at the next gzip member (offset ${a.length + 15})`);
    expect((await unpack(Buffer.concat([a, Buffer.alloc(100), b]))).text).toBe('AAA\n#BBB\n');
    const noMagic = Buffer.from(b);
    noMagic[0] = 0x1e;
    expect((await unpack(Buffer.concat([a, noMagic, c]))).text).toBe('AAA\n#CCC\n');
  });

  it('a cut last member keeps what it unpacked to, then one mark saying the input was cut', async () => {
    const long = member('x'.repeat(50_000) + 'END');
    for (const cut of [12, 30, long.length - 8, long.length - 3]) {
      const { text, damage } = await unpack(Buffer.concat([a, long.subarray(0, cut)]));
      expect(text.startsWith('AAA\n') && text.endsWith('#')).toBe(true);
      expect(damage).toHaveLength(1);
      expect(damage[0]).toMatchObject({ offset: a.length, cut: true });
      expect(damageMessage(damage[0]!)).toMatch(new RegExp(`^the gzip data ends inside the member at offset ${a.length} \\(.*: the input was cut\\)$`));
    }
  });

  it('trailing garbage after the last member is reported; nothing follows it', async () => {
    const { text, damage } = await unpack(Buffer.concat([a, Buffer.from('xyz')]));
    expect(text).toBe('AAA\n#');
    expect(damageMessage(damage[0]!)).toMatch(/no gzip member after it: the rest of the input is lost/);
  });

  it('a member too large to hold (streamed) and members cut across the input chunks', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 'y');
    const whole = Buffer.concat([a, gzipSync(big), damaged(b), c]);
    for (const piece of [7, 4096, 1 << 20]) {
      if (piece === 7) { // byte by byte is slow for 12 MiB: the small members only
        expect((await unpack(Buffer.concat([a, damaged(b), c]), piece)).text).toBe('AAA\n#CCC\n');
        continue;
      }
      const { text, damage } = await unpack(whole, piece);
      expect(text).toBe(`AAA\n${big.toString('latin1')}#CCC\n`);
      expect(damage).toHaveLength(1);
    }
  });

  it('a member damaged after HOLD_BYTES of output is marked where the damage shows; the members after it are read', async () => {
    // Random bytes do not compress: the damage shows only at the CRC-32, after the output went out.
    const random = Buffer.alloc(9 * 1024 * 1024);
    for (let i = 0, x = 12345; i < random.length; i++) { x = (x * 1103515245 + 12345) >>> 0; random[i] = x >>> 24; }
    const bad = damaged(gzipSync(random));
    const { text, damage } = await unpack(Buffer.concat([a, bad, c]));
    expect(text.startsWith('AAA\n')).toBe(true);
    expect(text.endsWith('#CCC\n')).toBe(true);
    expect(damage[0]).toMatchObject({ offset: a.length, resume: a.length + bad.length });
  });
});

describe('batch runs read every intact record of a damaged gzip file', () => {
  it('a .warc.gz of 1,000 members with one corrupt member in the middle: the 999 intact records and one error naming the file, the offset and the record lost', async () => {
    const dir = tempDir('gz-warc');
    const members: Buffer[] = goodRecords(1000).map((r) => gzipSync(r));
    const offset = members.slice(0, 500).reduce((n, m) => n + m.length, 0);
    members[500] = damaged(members[500]!);
    const input = write(dir, 'crawl.warc.gz', Buffer.concat(members));
    const { records, summary } = await runToMemory({ inputs: [input] });
    const good = records.filter((r) => r.error === undefined);
    expect(good).toHaveLength(999);
    expect(good.map((r) => r.url)).toEqual(Array.from({ length: 1000 }, (_, i) => `https://example.com/${i}`).filter((_, i) => i !== 500));
    expect(good.every((r, k) => r.text!.includes(`Article ${k < 500 ? k : k + 1} `))).toBe(true);
    const errors = records.filter((r) => r.error !== undefined);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.url).toBe('https://example.com/500'); // the record the damaged member held, read from what it unpacked to before the damage
    expect(errors[0]!.error).toMatch(new RegExp(`^${input.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: damaged gzip data at offset ${offset} \\(.+\\); reading on at the next gzip member \\(offset ${offset + members[500]!.length}\\); the record it held \\(https://example.com/500 <urn:uuid:[0-9a-f-]+>\\) is lost$`));
    expect(summary.failed).toBe(1);
  });

  it('a .jsonl.gz with a bad second member: the intact first and third members\' lines come out', async () => {
    const dir = tempDir('gz-jsonl');
    const lines = Array.from({ length: 9 }, (_, n) => JSON.stringify({ id: `p${n}`, html: page(n) }) + '\n');
    const m = [0, 3, 6].map((k) => gzipSync(lines.slice(k, k + 3).join('')));
    const input = write(dir, 'pages.jsonl.gz', Buffer.concat([m[0]!, damaged(m[1]!), m[2]!]));
    const { records } = await runToMemory({ inputs: [input] });
    expect(records.filter((r) => r.error === undefined).map((r) => r.id)).toEqual(['p0', 'p1', 'p2', 'p6', 'p7', 'p8']);
    const errors = records.filter((r) => r.error !== undefined);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.error).toMatch(new RegExp(`pages\\.jsonl\\.gz: damaged gzip data at offset ${m[0]!.length} .*reading on at the next gzip member \\(offset ${m[0]!.length + m[1]!.length}\\)$`));
  });

  it('members that split JSON lines mid-line: every line whose bytes lie in intact members comes out; a line the damage cut is one error', async () => {
    const dir = tempDir('gz-split');
    const text = Buffer.from(Array.from({ length: 12 }, (_, n) => JSON.stringify({ id: `p${n}`, html: page(n) }) + '\n').join(''));
    // Six members of equal size, cut wherever that falls (legal: gzip members are byte streams, not records).
    const size = Math.ceil(text.length / 6);
    const parts = Array.from({ length: 6 }, (_, k) => text.subarray(k * size, (k + 1) * size));
    const members: Buffer[] = parts.map((p) => gzipSync(p));
    members[2] = damaged(members[2]!);
    const input = write(dir, 'split.jsonl.gz', Buffer.concat(members));
    const { records } = await runToMemory({ inputs: [input] });
    // The intact lines: those lying wholly inside members 0, 1, 3, 4 and 5.
    const intact: string[] = [];
    for (let n = 0, at = 0; n < 12; n++) {
      const len = Buffer.byteLength(JSON.stringify({ id: `p${n}`, html: page(n) })) + 1;
      const first = Math.floor(at / size), last = Math.floor((at + len - 1) / size);
      if (first > 2 || last < 2) intact.push(`p${n}`);
      at += len;
    }
    expect(intact.length).toBeGreaterThanOrEqual(8);
    const out = records.filter((r) => r.error === undefined).map((r) => r.id);
    expect(out).toEqual(intact);
    const errors = records.filter((r) => r.error !== undefined).map((r) => r.error!);
    expect(errors[0]).toMatch(new RegExp(`damaged gzip data at offset ${members[0]!.length + members[1]!.length} .*; line \\d+, begun before it, is lost$`));
    // The rest of the line cut at the other end is named as such, not sent to be parsed.
    if (errors.length > 1) expect(errors[1]).toMatch(/the rest of a line cut by the damaged gzip data before it/);
  });

  it('a truncated last member and garbage between members', async () => {
    const dir = tempDir('gz-cut');
    const members = goodRecords(6).map((r) => gzipSync(r));
    const garbage = Buffer.concat([members[0]!, members[1]!, Buffer.from('\0\0garbage\r\n'), ...members.slice(2, 5), members[5]!.subarray(0, 40)]);
    const { records } = await runToMemory({ inputs: [write(dir, 'g.warc.gz', garbage)] });
    expect(records.filter((r) => r.error === undefined).map((r) => r.url)).toEqual([0, 1, 2, 3, 4].map((i) => `https://example.com/${i}`));
    const errors = records.filter((r) => r.error !== undefined).map((r) => r.error!);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/g\.warc\.gz: damaged gzip data at offset \d+ \(zero bytes where a gzip member should start\); reading on at the next gzip member/);
    expect(errors[1]).toMatch(/g\.warc\.gz(:record 6 at offset \d+)?: the gzip data ends inside the member at offset \d+ \(.*: the input was cut\)/);
  });

  it('a single gzip page with a damaged member is an error naming it', async () => {
    const dir = tempDir('gz-page');
    const input = write(dir, 'p.html.gz', Buffer.concat([gzipSync(page(1).slice(0, 100)), damaged(gzipSync(page(1).slice(100)))]));
    const { records } = await runToMemory({ inputs: [input] });
    expect(records).toHaveLength(1);
    expect(records[0]!.error).toMatch(/p\.html\.gz: damaged gzip data at offset \d+ .*; the page is incomplete: skipped/);
  });
});

describe('datasets read every intact record of a damaged gzip file', () => {
  it('reports the damage through onIssue, with the line it cut, and reads on', async () => {
    const dir = tempDir('gz-dataset');
    const lines = Array.from({ length: 6 }, (_, n) => JSON.stringify({ id: `p${n}`, html: page(n), gold: `Article ${n}` }) + '\n');
    const m = [gzipSync(lines.slice(0, 2).join('')), damaged(gzipSync(lines.slice(2, 4).join(''))), gzipSync(lines.slice(4).join(''))];
    const path = write(dir, 'd.jsonl.gz', Buffer.concat(m));
    const issues: DatasetIssue[] = [];
    const ids: string[] = [];
    for await (const r of readDataset(path, { onIssue: (i) => issues.push(i) })) ids.push(r.id);
    expect(ids).toEqual(['p0', 'p1', 'p4', 'p5']);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ file: path, line: 2 });
    expect(issues[0]!.message).toMatch(new RegExp(`^damaged gzip data at offset ${m[0]!.length} .*reading on at the next gzip member`));
  });
});
