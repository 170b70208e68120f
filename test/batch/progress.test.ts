import { describe, it, expect } from 'vitest';
import { formatSeconds } from '../../src/batch/progress.js';

describe('formatSeconds', () => {
  it.each([[0, '0s'], [42.4, '42s'], [187, '3m07s'], [7500, '2h05m'], [-3, '0s']])('%d → %s', (s, text) => {
    expect(formatSeconds(s)).toBe(text);
  });
});
