import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseShard, fnv1a32, recordInShard, filesInShard } from '../../src/batch/shard.js';
import { pageLines, runToMemory, tempDir, writeLines, page } from './helpers.js';

describe('parseShard', () => {
  it.each([['0/1', 0, 1], ['3/8', 3, 8], [' 7/8 ', 7, 8]])('%s', (spec, index, count) => {
    expect(parseShard(spec)).toEqual({ index, count });
  });
  it.each(['8/8', '1/0', '-1/4', 'a/b', '2', '1/2/3'])('rejects %s', (spec) => {
    expect(() => parseShard(spec)).toThrow(/--shard/);
  });
});

describe('shares', () => {
  it('fnv1a32 matches the published FNV-1a test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('record shares are disjoint and cover every key', () => {
    const keys = Array.from({ length: 500 }, (_, i) => `k${i}`);
    for (const n of [1, 2, 3, 7]) {
      const owners = keys.map((k) => Array.from({ length: n }, (_, i) => i).filter((i) => recordInShard(k, { index: i, count: n })));
      expect(owners.every((o) => o.length === 1)).toBe(true);
    }
  });

  it('file shares take every n-th file', () => {
    const files = ['a', 'b', 'c', 'd', 'e'];
    expect(filesInShard(files, { index: 0, count: 2 })).toEqual(['a', 'c', 'e']);
    expect(filesInShard(files, { index: 1, count: 2 })).toEqual(['b', 'd']);
  });

  it('--shard over one JSON Lines file: the outputs of n runs are disjoint and cover the input', async () => {
    const dir = tempDir('shard');
    const input = writeLines(join(dir, 'pages.jsonl'), pageLines(40));
    const n = 3;
    const seen: string[] = [];
    for (let i = 0; i < n; i++) {
      const { records } = await runToMemory({ inputs: [input], shard: { index: i, count: n } });
      expect(records.length).toBeGreaterThan(0);
      seen.push(...records.map((r) => r.id!));
    }
    expect(seen.length).toBe(40);
    expect(new Set(seen).size).toBe(40);
  });

  it('--shard over a directory splits by file', async () => {
    const dir = tempDir('shard-dir');
    mkdirSync(join(dir, 'sub'));
    for (let i = 0; i < 7; i++) writeFileSync(join(dir, i % 2 ? 'sub' : '.', `p${i}.html`), page(i));
    const all = (await runToMemory({ inputs: [dir] })).records.map((r) => r.id!);
    expect(all.length).toBe(7);
    const parts = [];
    for (let i = 0; i < 2; i++) parts.push((await runToMemory({ inputs: [dir], shard: { index: i, count: 2 } })).records.map((r) => r.id!));
    expect(parts[0]!.length + parts[1]!.length).toBe(7);
    expect(new Set([...parts[0]!, ...parts[1]!])).toEqual(new Set(all));
  });
});
