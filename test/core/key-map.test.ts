import { describe, expect, it } from 'vitest';
import { KeyMap, sameKeys, SlotSet } from '../../src/core/key-map.js';

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

  it('takes columns: each key\'s position when no values are given, the first of a repeated key, as pairs would', () => {
    const keys = Uint32Array.from([9, 0xfffffff0, 9, 4]);
    const m = new KeyMap({ keys });
    expect([9, 0xfffffff0, 4, 5].map((k) => m.get(k))).toEqual([0, 1, 3, -1]);
    const v = new KeyMap({ keys, values: [7, 8, 6, 5] }), pairs = new KeyMap([[9, 7], [0xfffffff0, 8], [9, 6], [4, 5]]);
    expect([9, 0xfffffff0, 4].map((k) => v.get(k))).toEqual([9, 0xfffffff0, 4].map((k) => pairs.get(k)));
  });

  it('holds many keys (linear probing past collisions)', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => Math.imul(i + 1, 2654435761) >>> 0);
    const m = new KeyMap(keys.map((k, i): [number, number] => [k, i]));
    expect(keys.every((k, i) => m.get(k) === i)).toBe(true);
  });
});

describe('SlotSet', () => {
  it('answers has() as a KeyMap of the same keys does, for keys in and out (signed or unsigned)', () => {
    const keys = Array.from({ length: 150 }, (_, i) => (Math.imul(i + 7, 0x85ebca6b) >>> 0) || 1);
    const s = SlotSet.of(keys)!, m = KeyMap.of(keys);
    expect(s).toBeDefined();
    for (const k of [...keys, ...keys.map((x) => x | 0), 1, 2, 3, 0xffffffff, 0x80000000, 987654321]) expect(s.has(k)).toBe(m.has(k));
    expect(SlotSet.of([5, 5, 9])!.has(5)).toBe(true);
    expect(SlotSet.of([])!.has(1)).toBe(false);
  });

  it('refuses a key 0 (an empty slot holds 0)', () => {
    expect(SlotSet.of([3, 0])).toBeUndefined();
  });
});

describe('sameKeys', () => {
  it('compares two ranges of one key array', () => {
    const keys = Uint32Array.from([1, 2, 3, 1, 2, 3, 1, 2]);
    expect(sameKeys(keys, 0, 3, 3, 6)).toBe(true);
    expect(sameKeys(keys, 0, 3, 5, 8)).toBe(false);
    expect(sameKeys(keys, 0, 2, 3, 6)).toBe(false);
    expect(sameKeys(keys, 4, 4, 0, 0)).toBe(true);
  });
});
