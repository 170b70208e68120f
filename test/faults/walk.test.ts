/**
 * Fault injection: a subdirectory of --input DIR that cannot be read (issue 19 item 14). Root reads any
 * directory, so the refusal is injected where the walk reads directories (node:fs/promises readdir).
 */
import { describe, it, expect, vi } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageText, runToMemory, tempDir } from './helpers.js';

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const readdir = (async (p: string, o: unknown) => {
    if (String(p).endsWith('locked')) throw Object.assign(new Error(`EACCES: permission denied, scandir '${p}'`), { code: 'EACCES' });
    return (real.readdir as (p: string, o: unknown) => Promise<unknown>)(p, o);
  }) as typeof real.readdir;
  return { ...real, readdir, default: { ...real, readdir } };
});

describe('--input DIR with an unreadable subdirectory', () => {
  it('is one error record naming the path; the pages before and after it are read (exit 3 at the CLI)', async () => {
    const dir = tempDir('unreadable');
    for (const [sub, n] of [['a', 1], ['locked', 2], ['z', 3]] as const) {
      mkdirSync(join(dir, sub));
      writeFileSync(join(dir, sub, `${n}.html`), pageText(n));
    }
    const { records, summary } = await runToMemory({ inputs: [dir] });
    expect(records.map((r) => r.id)).toEqual([join(dir, 'a', '1.html'), join(dir, 'locked'), join(dir, 'z', '3.html')]);
    expect(records[1]!.error).toBe(`${join(dir, 'locked')}: cannot read directory (permission denied); its pages are skipped`);
    expect(records[2]!.text).toContain('Article 3');
    expect(summary.failed).toBe(1);
  });
});
