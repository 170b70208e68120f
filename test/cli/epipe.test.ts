import { describe, it, expect } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin/farsw.js');

describe('farsw writing to a reader that closes early (| head)', () => {
  // bin/farsw.js runs the built dist/ (npm ci builds it in `prepare`).
  it.skipIf(!existsSync(join(ROOT, 'dist/cli/main.js')))('exits 0 without an EPIPE error', async () => {
    const page = '<html><body>' + Array.from({ length: 3000 }, (_, i) => `<p>Paragraph ${i} of a long article about the harbour wall.</p>`).join('') + '</body></html>';
    const child = spawn(process.execPath, [BIN, 'explain', '-', '--lines', '0-'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    // Read the first chunk, then close the pipe as `head` does.
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end(page);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });
});
