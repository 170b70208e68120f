/**
 * Once before every test file: compile the sources into .build/ for the tests that start worker
 * threads or child processes (batch pool, output lock, fault injection). Several files compiling
 * into the same directory at once raced (one imported files another was rewriting) and took a
 * test's whole timeout under load; now they find the build ready (test/batch/helpers.ts).
 *
 * The run's temporary files go under one directory of its own (TMPDIR, which the test workers and
 * the CLI processes they start inherit), removed when the run ends: a run leaves nothing in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileBuild } from './batch/build.js';

export default function setup(): () => void {
  compileBuild();
  process.env['FARSW_TEST_BUILD_READY'] = '1';
  const previous = process.env['TMPDIR'];
  const dir = mkdtempSync(join(tmpdir(), 'farsw-test-run-'));
  process.env['TMPDIR'] = dir;
  return () => {
    if (previous === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
