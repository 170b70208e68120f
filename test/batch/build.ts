/** Compile the sources into .build/ (workers and child processes load JavaScript; vitest runs TypeScript). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The compiled worker's path, compiling first. .build/ sits next to dist/, so paths the code resolves from its own location (models/default.json) hold. */
export function compileBuild(): string {
  const out = join(ROOT, '.build');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out, '--declaration', 'false', '--sourceMap', 'false'], { stdio: 'inherit' });
  const worker = join(out, 'batch/worker.js');
  if (!existsSync(worker)) throw new Error(`build did not produce ${worker}`);
  return worker;
}
