/**
 * `farsw apply --input …` on a real terminal (issue 37.1, 37.2): the CLI runs in a tmux pane
 * 80 and 200 columns wide, typed in with send-keys after `clear`, and the screen is read back
 * with capture-pane as a person sees it (-J joins the rows a long line wrapped onto):
 * - 3 failing records: their 3 error lines, the summary, the exit code and the prompt each on
 *   a line of their own, and nothing left of the progress bar;
 * - Ctrl-C mid-run: the bar fits the width with its error count and ETA, then the Ctrl-C notice,
 *   the summary and the resume hint, each whole, and no bar after the hint.
 * Skips with a message when tmux is missing (scripts/tmux/install.sh installs it; `.ci/run` runs
 * it and sets FARSW_REQUIRE_TMUX=1, which turns the skip into a failure).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compiledWorker, page, ROOT, tempDir, writeLines } from '../batch/helpers.js';

const hasTmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;
const required = process.env['FARSW_REQUIRE_TMUX'] === '1';
if (!hasTmux && !required) console.warn('test/cli/terminal.test.ts: skipped: no tmux on the PATH (scripts/tmux/install.sh installs it)');

const SOCKET = `farsw-test-${process.pid}`;
const tmux = (...args: string[]): string => {
  const r = spawnSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

/** The pane's screen: rows as shown (joined: a wrapped line as one), trailing blanks and empty rows dropped. */
function screen(session: string, joined: boolean): string[] {
  return tmux('capture-pane', '-p', ...(joined ? ['-J'] : []), '-t', session).split('\n').map((l) => l.trimEnd()).filter((l) => l !== '');
}

async function waitFor(session: string, test: (rows: string[]) => boolean, what: string, ms = 90_000): Promise<string[]> {
  const end = Date.now() + ms;
  for (;;) {
    const rows = screen(session, false);
    if (test(rows)) return rows;
    if (Date.now() > end) throw new Error(`waited ${ms / 1000} s for ${what}; the screen:\n${rows.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const BAR_CHARS = /[\u2588\u2591]|pages\/s \||ETA /;

describe.skipIf(!hasTmux && !required)('farsw apply --input in a tmux pane', () => {
  let dir: string;
  let cli: string;
  beforeAll(() => {
    if (!hasTmux) throw new Error('FARSW_REQUIRE_TMUX=1 but there is no tmux on the PATH (scripts/tmux/install.sh)');
    compiledWorker(); // the compiled sources in .build/
    dir = tempDir('tty');
    cli = join(dir, 'farsw.mjs');
    writeFileSync(cli, `import { run } from ${JSON.stringify(join(ROOT, '.build/cli/main.js'))};\nprocess.exitCode = await run(process.argv.slice(2));\n`);
    const html = readFileSync(join(ROOT, 'test/pages/en-news/source.html'), 'utf8');
    // 40 records, 3 without html: 3 error records.
    writeLines(join(dir, 'small.jsonl'), Array.from({ length: 40 }, (_, i) => JSON.stringify([5, 12, 30].includes(i) ? { id: `bad${i}` } : { id: `p${i}`, html })));
    // Enough pages for one worker to take many seconds, so Ctrl-C lands mid-run.
    // Small pages, so the file is quick to write on a loaded machine (30 MB).
    writeLines(join(dir, 'big.jsonl'), Array.from({ length: 50_000 }, (_, i) => JSON.stringify({ id: `p${i}`, html: page(i) })));
  }, 120_000); // compiling .build/ when run alone, and writing the inputs, on a loaded machine
  afterAll(() => {
    if (hasTmux) spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh shell in a pane `columns` wide, in `dir`, with the prompt `$ ` (the session of a failed test is replaced). */
  function shell(columns: number): string {
    const session = `w${columns}`;
    spawnSync('tmux', ['-L', SOCKET, 'kill-session', '-t', session]);
    tmux('new-session', '-d', '-s', session, '-x', String(columns), '-y', '40', '-c', dir, `env -i PATH=${JSON.stringify(process.env['PATH'] ?? '/usr/bin:/bin')} TERM=screen HOME=${JSON.stringify(dir)} PS1='$ ' bash --norc --noprofile`);
    return session;
  }
  const farsw = (args: string): string => `clear; ${JSON.stringify(process.execPath)} farsw.mjs apply ${args}; echo "exit=$?"`;

  for (const columns of [80, 200]) {
    it(`${columns} columns: 3 failing records leave their 3 error lines, the summary, the exit code and the prompt`, async () => {
      const s = shell(columns);
      tmux('send-keys', '-t', s, farsw(`--input small.jsonl -o out${columns}.jsonl -w 1`), 'Enter');
      await waitFor(s, (rows) => rows.some((r) => /^exit=\d+$/.test(r)), 'the exit code');
      const rows = screen(s, true);
      expect(rows.filter((r) => BAR_CHARS.test(r))).toEqual([]);
      expect(rows).toEqual([
        'farsw: small.jsonl:6: field "html" must be a string, found nothing',
        'farsw: small.jsonl:13: field "html" must be a string, found nothing',
        'farsw: small.jsonl:31: field "html" must be a string, found nothing',
        expect.stringMatching(/^farsw apply: 40 records, 3 failed, [\d.]+ MB in [\d.]+ s \(.*\)$/),
        'exit=3',
        '$',
      ]);
      tmux('kill-session', '-t', s);
    }, 120_000);

    it(`${columns} columns: the bar fits with its error count and ETA; after Ctrl-C the notice, the summary and the resume hint stay whole`, async () => {
      const s = shell(columns);
      tmux('send-keys', '-t', s, farsw(`--input big.jsonl -o big${columns}.jsonl -w 1`), 'Enter');
      // The bar once it has an ETA figure: one row, narrower than the pane, holding the error count and the ETA.
      const running = await waitFor(s, (rows) => rows.some((r) => /errors \| ETA \d/.test(r)), 'the progress bar with an ETA');
      const bar = running.find((r) => /errors \| ETA \d/.test(r))!;
      expect(bar.length).toBeLessThan(columns);
      expect(bar).toMatch(/^\u2588*\u2591* \d+% \| \d+ pages \| .*0 errors \| ETA \d+(s|m\d\ds|h\d\dm)$/);
      if (columns === 200) expect(bar).toMatch(/ MB \| \d+ pages\/s \| /); // room for every figure
      tmux('send-keys', '-t', s, 'C-c');
      await waitFor(s, (rows) => rows.some((r) => /^exit=\d+$/.test(r)), 'the exit code after Ctrl-C');
      const rows = screen(s, true);
      expect(rows).toEqual([
        'farsw apply: Ctrl-C: stopping after the pages in hand (Ctrl-C again to stop at once)',
        expect.stringMatching(/^farsw apply: \d+ records, 0 failed, [\d.]+ MB in [\d.]+ s \(.*\)$/),
        'farsw apply: interrupted; run the same command again to resume',
        'exit=130',
        '$',
      ]);
      tmux('kill-session', '-t', s);
    }, 120_000);
  }
});
