/**
 * Once before every test file: compile the sources into .build/ for the tests that start worker
 * threads or child processes (batch pool, output lock, fault injection). Several files compiling
 * into the same directory at once raced (one imported files another was rewriting) and took a
 * test's whole timeout under load; now they find the build ready (test/batch/helpers.ts).
 */
import { compileBuild } from './batch/build.js';

export default function setup(): void {
  compileBuild();
  process.env['FARSW_TEST_BUILD_READY'] = '1';
}
