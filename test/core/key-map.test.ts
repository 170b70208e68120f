import { describe, expect, it } from 'vitest';
import { KeyMap } from '../../src/core/key-map.js';

describe('KeyMap', () => {
  it('finds every key it was given and no other', () => {
    const keys = [1, 2, 0, 0xffffffff, 0x80000000, 123456789, 17, 33];
    const m = new KeyMap(keys.map((k, i): [number, number] => [k, i]));
    keys.forEach((k, i) => expect(m.get(k)).toBe(i));
    for (const k of [3, 4, 0x7fffffff, 0xfffffffe, 987654321]) expect(m.get(k)).toBe(-1);
  });

  it('keeps the first value of a repeated key; a set answers has()', () => {
    expect(new KeyMap([[5, 1], [5, 2]]).get(5)).toBe(1);
    const s = KeyMap.of([10, 20, 30]);
    expect([10, 20, 30, 40].map((k) => s.has(k))).toEqual([true, true, true, false]);
    expect(KeyMap.of([]).has(0)).toBe(false);
  });

  it('holds many keys (linear probing past collisions)', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => Math.imul(i + 1, 2654435761) >>> 0);
    const m = new KeyMap(keys.map((k, i): [number, number] => [k, i]));
    expect(keys.every((k, i) => m.get(k) === i)).toBe(true);
  });
});
