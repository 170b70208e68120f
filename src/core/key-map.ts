/** Keys and their values side by side (KeyMap's constructor). */
export interface KeyColumns {
  readonly keys: ArrayLike<number>;
  /** Absent: each key's position in `keys`. */
  readonly values?: ArrayLike<number>;
}

/**
 * A fixed map of 32-bit keys (word and class/id keys) to small non-negative integers, in typed arrays with open
 * addressing: the hot paths look keys up per word, and a Map or Set of numbers above 2^30 hashes them as heap numbers.
 */
export class KeyMap {
  private readonly keys: Uint32Array;
  /** Value + 1 per slot; 0 = empty. */
  private readonly values: Int32Array;
  private readonly mask: number;
  /** 32 − log2(slots): the slot is the top bits of a multiplicative hash. */
  private readonly shift: number;

  /**
   * @param entries keys and their values (0 ≤ value < 2^31 − 1), as pairs or as columns (`values` absent: each key's
   * position), the columns without an array per entry (a model's millions of keys); a repeated key keeps its first value
   */
  constructor(entries: Iterable<readonly [number, number]> | KeyColumns) {
    const columns = Symbol.iterator in entries ? undefined : entries;
    const list = columns ? undefined : [...(entries as Iterable<readonly [number, number]>)];
    const n = columns ? columns.keys.length : list!.length;
    let bits = 4;
    while (1 << bits < n * 4) bits++;
    const size = 1 << bits;
    this.shift = 32 - bits;
    this.keys = new Uint32Array(size);
    this.values = new Int32Array(size);
    this.mask = size - 1;
    for (let i = 0; i < n; i++) {
      const k = columns ? columns.keys[i]! : list![i]![0];
      let s = slot(k, this.shift);
      while (this.values[s] !== 0 && this.keys[s] !== k >>> 0) s = (s + 1) & this.mask;
      if (this.values[s] === 0) { this.keys[s] = k >>> 0; this.values[s] = (columns ? (columns.values ? columns.values[i]! : i) : list![i]![1]) + 1; }
    }
  }

  /** A set of keys (every value 0). */
  static of(keys: ArrayLike<number> | Iterable<number>): KeyMap {
    const list = Array.isArray(keys) || ArrayBuffer.isView(keys) ? keys as ArrayLike<number> : [...(keys as Iterable<number>)];
    return new KeyMap({ keys: list, values: new Int32Array(list.length) });
  }

  /** The value of `key`, −1 when absent. */
  get(key: number): number {
    const mask = this.mask;
    for (let s = slot(key, this.shift); ; s = (s + 1) & mask) {
      const v = this.values[s]!;
      if (v === 0) return -1;
      if (this.keys[s] === key) return v - 1;
    }
  }

  has(key: number): boolean {
    return this.get(key) >= 0;
  }
}

function slot(key: number, shift: number): number {
  return Math.imul(key, 0x9e3779b1) >>> shift;
}

/** Do `keys[a, aEnd)` and `keys[b, bEnd)` hold the same keys in the same order? */
export function sameKeys(keys: Uint32Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
  if (aEnd - a !== bEnd - b) return false;
  for (let j = 0; j < aEnd - a; j++) if (keys[a + j] !== keys[b + j]) return false;
  return true;
}

/**
 * A fixed set of nonzero 32-bit keys in a table where no two keys share a slot (a multiplicative hash whose multiplier
 * was searched for them): a lookup is one load and one compare, no probing loop (the text reader looks up every word).
 */
export class SlotSet {
  private constructor(private readonly table: Uint32Array, private readonly multiplier: number, private readonly shift: number) {}

  /**
   * The set of `keys`, or undefined when a key is 0 or no multiplier of the 64 tried spreads them over at most
   * 2^16 slots (then use a KeyMap).
   */
  static of(keys: readonly number[]): SlotSet | undefined {
    if (keys.some((k) => k >>> 0 === 0)) return undefined;
    let bits = 4;
    while (1 << bits < keys.length * 8) bits++;
    for (; bits <= 16; bits++) {
      for (let t = 0; t < 64; t++) {
        const multiplier = Math.imul(0x9e3779b1, 2 * t + 1) | 1, shift = 32 - bits, table = new Uint32Array(1 << bits);
        let spread = true;
        for (const k of keys) {
          const s = Math.imul(k, multiplier) >>> shift;
          if (table[s] !== 0 && table[s] !== k >>> 0) { spread = false; break; }
          table[s] = k >>> 0;
        }
        if (spread) return new SlotSet(table, multiplier, shift);
      }
    }
    return undefined;
  }

  has(key: number): boolean {
    // As KeyMap's: a key is an unsigned 32-bit number (a negative number is in no set).
    return this.table[Math.imul(key, this.multiplier) >>> this.shift] === key;
  }
}
