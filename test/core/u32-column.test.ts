import { describe, it, expect } from 'vitest';
import { U32Column } from '../../src/core/u32-column.js';

describe('U32Column', () => {
  it('push grows past the initial capacity and keeps the order', () => {
    const c = new U32Column(2);
    for (let i = 0; i < 5; i++) c.push(i * 10);
    expect(c.length).toBe(5);
    expect([...c.freeze()]).toEqual([0, 10, 20, 30, 40]);
  });

  it('pushAll appends a list, growing as often as needed, the same as pushing each number', () => {
    const a = new U32Column(2), b = new U32Column(2);
    const values = [7, 8, 9, 10, 11, 12, 13, 14, 15];
    a.push(1); b.push(1);
    a.pushAll(values); for (const v of values) b.push(v);
    a.pushAll([]);
    expect(a.length).toBe(10);
    expect([...a.freeze()]).toEqual([...b.freeze()]);
  });

  it('pushAll stores numbers modulo 2^32 like push', () => {
    const c = new U32Column(1);
    c.pushAll([2 ** 32 + 3, -1]);
    expect([...c.freeze()]).toEqual([3, 2 ** 32 - 1]);
  });
});
