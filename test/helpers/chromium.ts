/**
 * Headless Chromium for tests that look at what a browser renders (test/explain/browser.test.ts).
 * Debian's `chromium` (scripts/chromium/install.sh installs it; `.ci/run` runs that), or the binary
 * in FARSW_CHROMIUM. Every run gets a fresh profile directory and the flags that keep Chromium
 * off the network (this machine's network is closed: without them it retries many connections).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--hide-scrollbars', '--force-device-scale-factor=1',
];

/** The Chromium binary, or null when there is none. */
export function findChromium(): string | null {
  const given = process.env['FARSW_CHROMIUM'];
  if (given) return existsSync(given) ? given : null;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
    } catch {
      // not on the PATH
    }
  }
  return null;
}

function run(bin: string, args: string[]): string {
  const profile = mkdtempSync(join(tmpdir(), 'farsw-chromium-'));
  try {
    return execFileSync(bin, [...FLAGS, `--user-data-dir=${profile}`, ...args], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'ignore'] });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Render `file` (an SVG or HTML file) into a `width` × `height` PNG at `png`. */
export function screenshot(bin: string, file: string, png: string, width: number, height: number): void {
  run(bin, [`--window-size=${width},${height}`, `--screenshot=${png}`, `file://${file}`]);
  if (!existsSync(png)) throw new Error(`chromium wrote no screenshot of ${file}`);
}

/** The DOM of `file` after its scripts ran, serialised. */
export function dumpDom(bin: string, file: string): string {
  return run(bin, ['--virtual-time-budget=5000', '--dump-dom', `file://${file}`]);
}
