/** Growable typed-array columns, so that a million events cost a few flat buffers instead of a million objects. */

type TypedArrayCtor<T> = { new (length: number): T };

export class GrowableColumn<T extends Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array> {
  private data: T;
  length = 0;

  constructor(private readonly ctor: TypedArrayCtor<T>, initialCapacity = 1024) {
    this.data = new ctor(initialCapacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length * 2);
    this.data[this.length++] = value;
  }

  get(i: number): number {
    return this.data[i];
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  private grow(capacity: number): void {
    const next = new this.ctor(Math.max(capacity, 16));
    next.set(this.data as never);
    this.data = next;
  }

  /** A right-sized copy of the filled part (the builder's buffer is left behind for GC). */
  finish(): T {
    return this.data.slice(0, this.length) as T;
  }
}

export function growF64(initial = 1024) { return new GrowableColumn(Float64Array, initial); }
export function growI32(initial = 1024) { return new GrowableColumn(Int32Array, initial); }
export function growU32(initial = 1024) { return new GrowableColumn(Uint32Array, initial); }
export function growU16(initial = 1024) { return new GrowableColumn(Uint16Array, initial); }
export function growU8(initial = 1024) { return new GrowableColumn(Uint8Array, initial); }
