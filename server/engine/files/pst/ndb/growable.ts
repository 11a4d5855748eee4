/**
 * A column of numbers that grows by doubling, kept in a typed array: the B-tree entries of a PST are
 * a few numbers each, and a mailbox has hundreds of thousands of blocks, so they are kept as columns
 * of doubles and integers (tens of bytes an entry) instead of one object each.
 */
type NumberArray = Float64Array | Uint32Array | Uint16Array;

export class Growable<T extends NumberArray> {
  private array: T;
  length = 0;

  constructor(private readonly make: (size: number) => T) {
    this.array = make(1024);
  }

  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = this.make(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }

  at(index: number): number {
    return this.array[index] ?? 0;
  }

  set(index: number, value: number): void {
    this.array[index] = value;
  }
}

export const doubles = () => new Growable((n) => new Float64Array(n));
export const uint32s = () => new Growable((n) => new Uint32Array(n));
export const uint16s = () => new Growable((n) => new Uint16Array(n));
