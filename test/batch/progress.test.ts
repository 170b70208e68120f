import { describe, it, expect } from 'vitest';
import { formatSeconds, progressLine } from '../../src/batch/progress.js';

describe('formatSeconds', () => {
  it.each([[0, '0s'], [42.4, '42s'], [187, '3m07s'], [7500, '2h05m'], [-3, '0s']])('%d → %s', (s, text) => {
    expect(formatSeconds(s)).toBe(text);
  });
});

describe('progressLine fits the terminal', () => {
  const snap = { records: 12_345, failed: 1_234, bytes: 987_654_321, rawBytes: 400e6, totalRawBytes: 1e9, seconds: 100 };
  it('200 columns: every figure and a 24-cell bar', () => {
    const line = progressLine(snap, 200);
    expect(line).toBe('█'.repeat(10) + '░'.repeat(14) + ' 40% | 12345 pages | 987.7 MB | 123 pages/s | 1234 errors | ETA 2m30s');
  });
  it.each([80, 60, 50, 40])('%d columns, 4- and 5-digit counts: narrower than the terminal less 3 (room for ^C), errors and ETA whole', (columns) => {
    const line = progressLine(snap, columns);
    expect(line.length).toBeLessThanOrEqual(columns - 3);
    expect(line).toMatch(/12345 pages \| .*1234 errors \| ETA 2m30s$/);
  });
  it('drops MB before pages/s, and both before the bar goes', () => {
    expect(progressLine(snap, 80)).not.toContain('MB');
    expect(progressLine(snap, 80)).toContain('pages/s');
    expect(progressLine(snap, 80)).toMatch(/^█+░+ 40% \|/);
    expect(progressLine(snap, 60)).not.toContain('pages/s');
  });
  it('without a known input size: no bar, no percentage, no ETA', () => {
    const { totalRawBytes: _, ...unknown } = snap;
    expect(progressLine(unknown, 200)).toBe('12345 pages | 987.7 MB | 123 pages/s | 1234 errors');
  });
  it('one error is singular', () => {
    expect(progressLine({ ...snap, failed: 1 }, 200)).toContain('| 1 error |');
  });
});
