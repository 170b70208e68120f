import { describe, it, expect } from 'vitest';
import { replaceBenchmarkSection } from '../../src/eval/benchmark-section.js';

describe('replaceBenchmarkSection', () => {
  it('starts a missing file with a title and appends the section', () => {
    expect(replaceBenchmarkSection(null, 'x', 'body')).toBe('# Benchmarks\n\n<!-- x:start -->\nbody\n<!-- x:end -->\n');
  });

  it('replaces only its own section and keeps the rest byte for byte', () => {
    const doc = '# B\n\n<!-- a:start -->\nold a\n<!-- a:end -->\n\n<!-- b:start -->\nold b\n<!-- b:end -->\ntail\n';
    expect(replaceBenchmarkSection(doc, 'a', 'new a')).toBe(doc.replace('old a', 'new a'));
    expect(replaceBenchmarkSection(doc, 'b', 'new\nb')).toBe(doc.replace('old b', 'new\nb'));
  });

  it('appends when the markers are missing or out of order', () => {
    const doc = '# B\n<!-- a:end --> <!-- a:start -->\n';
    expect(replaceBenchmarkSection(doc, 'a', 'n')).toBe(`${doc.trimEnd()}\n\n<!-- a:start -->\nn\n<!-- a:end -->\n`);
  });

  it('is idempotent for the same content', () => {
    const once = replaceBenchmarkSection('# B\n', 'a', 'n');
    expect(replaceBenchmarkSection(once, 'a', 'n')).toBe(once);
  });
});
