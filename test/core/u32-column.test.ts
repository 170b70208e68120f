import { describe, it, expect } from 'vitest';
import { giveU32, takeU32, U32Column } from '../../src/core/u32-column.js';

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

describe('spare arrays', () => {
  it('takeU32 gives back the smallest spare that fits, or a new array', () => {
    const small = new Uint32Array(100), large = new Uint32Array(1000);
    giveU32(large); giveU32(small);
    expect(takeU32(50)).toBe(small);
    expect(takeU32(500)).toBe(large);
    const fresh = takeU32(2000);
    expect(fresh).not.toBe(small);
    expect(fresh.length).toBe(2000);
  });

  it('does not keep arrays above its size bound', () => {
    const huge = new Uint32Array((1 << 16) + 1);
    giveU32(huge);
    expect(takeU32(1 << 16)).not.toBe(huge);
  });

  it('a column on spares grows, keeps its numbers, and is empty once released', () => {
    const c = new U32Column(2, true);
    for (let i = 0; i < 300; i++) c.push(i);
    expect([...c.copyInto(new Uint32Array(c.length))]).toEqual(Array.from({ length: 300 }, (_, i) => i));
    const store = c.data;
    c.release();
    expect(c.length).toBe(0);
    expect(takeU32(store.length)).toBe(store);
  });
});
