/** A growable column of unsigned 32-bit numbers (capacity doubles; no per-entry boxing). */
export class U32Column {
  data: Uint32Array;
  length = 0;
  constructor(capacity = 64) {
    this.data = new Uint32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  /** Append every number of `values`, in order (one capacity check for all). */
  pushAll(values: readonly number[]): void {
    const end = this.length + values.length;
    if (end > this.data.length) {
      let size = this.data.length * 2;
      while (size < end) size *= 2;
      const next = new Uint32Array(size);
      next.set(this.data);
      this.data = next;
    }
    const data = this.data;
    for (let i = 0; i < values.length; i++) data[this.length + i] = values[i]!;
    this.length = end;
  }
  /** Overwrite entry `i` (< length). */
  set(i: number, v: number): void {
    this.data[i] = v;
  }
  /** The filled part, as its own array. */
  freeze(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}
