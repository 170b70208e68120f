#!/usr/bin/env node
// The farsw command: a thin shim over the compiled CLI (built by `npm ci` / `npm run build`).
import { run } from '../dist/cli/main.js';

process.exitCode = await run(process.argv.slice(2));
