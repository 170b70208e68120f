import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { FARSW_VERSION } from '../../src/core/version.js';

describe('FARSW_VERSION', () => {
  it('equals package.json version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(FARSW_VERSION).toBe(pkg.version);
  });
});
