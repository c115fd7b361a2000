/**
 * Growable typed-array columns, so that a million events cost a few flat buffers instead of a million objects.
 *
 * There is one class per element type, written out five times on purpose: with a single generic class every
 * `push` would see five typed-array kinds and V8's element store would go megamorphic, which measured about 6×
 * slower in the collector's per-record loop (a class factory does not help: its classes share the same feedback).
 */

export type NumericArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

export interface GrowableColumn<T extends NumericArray> {
  readonly length: number;
  push(value: number): void;
  get(i: number): number;
  set(i: number, value: number): void;
  /** The filled part without copying (shares the buffer; valid until the next push). */
  view(): T;
  /** A right-sized copy of the filled part (the builder's buffer is left behind for GC). */
  finish(): T;
}

const grown = (capacity: number) => Math.max(capacity * 2, 16);

class F64Column implements GrowableColumn<Float64Array> {
  length = 0;
  private data: Float64Array;
  constructor(initialCapacity: number) { this.data = new Float64Array(initialCapacity); }
  push(value: number): void {
    if (this.length === this.data.length) { const next = new Float64Array(grown(this.length)); next.set(this.data); this.data = next; }
    this.data[this.length++] = value;
  }
  get(i: number): number { return this.data[i]; }
  set(i: number, value: number): void { this.data[i] = value; }
  view(): Float64Array { return this.data.subarray(0, this.length); }
  finish(): Float64Array { return this.data.slice(0, this.length); }
}

class I32Column implements GrowableColumn<Int32Array> {
  length = 0;
  private data: Int32Array;
  constructor(initialCapacity: number) { this.data = new Int32Array(initialCapacity); }
  push(value: number): void {
    if (this.length === this.data.length) { const next = new Int32Array(grown(this.length)); next.set(this.data); this.data = next; }
    this.data[this.length++] = value;
  }
  get(i: number): number { return this.data[i]; }
  set(i: number, value: number): void { this.data[i] = value; }
  view(): Int32Array { return this.data.subarray(0, this.length); }
  finish(): Int32Array { return this.data.slice(0, this.length); }
}

class U32Column implements GrowableColumn<Uint32Array> {
  length = 0;
  private data: Uint32Array;
  constructor(initialCapacity: number) { this.data = new Uint32Array(initialCapacity); }
  push(value: number): void {
    if (this.length === this.data.length) { const next = new Uint32Array(grown(this.length)); next.set(this.data); this.data = next; }
    this.data[this.length++] = value;
  }
  get(i: number): number { return this.data[i]; }
  set(i: number, value: number): void { this.data[i] = value; }
  view(): Uint32Array { return this.data.subarray(0, this.length); }
  finish(): Uint32Array { return this.data.slice(0, this.length); }
}

class U16Column implements GrowableColumn<Uint16Array> {
  length = 0;
  private data: Uint16Array;
  constructor(initialCapacity: number) { this.data = new Uint16Array(initialCapacity); }
  push(value: number): void {
    if (this.length === this.data.length) { const next = new Uint16Array(grown(this.length)); next.set(this.data); this.data = next; }
    this.data[this.length++] = value;
  }
  get(i: number): number { return this.data[i]; }
  set(i: number, value: number): void { this.data[i] = value; }
  view(): Uint16Array { return this.data.subarray(0, this.length); }
  finish(): Uint16Array { return this.data.slice(0, this.length); }
}

class U8Column implements GrowableColumn<Uint8Array> {
  length = 0;
  private data: Uint8Array;
  constructor(initialCapacity: number) { this.data = new Uint8Array(initialCapacity); }
  push(value: number): void {
    if (this.length === this.data.length) { const next = new Uint8Array(grown(this.length)); next.set(this.data); this.data = next; }
    this.data[this.length++] = value;
  }
  get(i: number): number { return this.data[i]; }
  set(i: number, value: number): void { this.data[i] = value; }
  view(): Uint8Array { return this.data.subarray(0, this.length); }
  finish(): Uint8Array { return this.data.slice(0, this.length); }
}

export function growF64(initial = 1024): GrowableColumn<Float64Array> { return new F64Column(initial); }
export function growI32(initial = 1024): GrowableColumn<Int32Array> { return new I32Column(initial); }
export function growU32(initial = 1024): GrowableColumn<Uint32Array> { return new U32Column(initial); }
export function growU16(initial = 1024): GrowableColumn<Uint16Array> { return new U16Column(initial); }
export function growU8(initial = 1024): GrowableColumn<Uint8Array> { return new U8Column(initial); }

type Transferable = ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
const clone = (globalThis as { structuredClone?: (value: unknown, options: { transfer: ArrayBuffer[] }) => unknown }).structuredClone;

/**
 * Gives back the memory of a column nothing reads any more, now rather than at the next full garbage collection:
 * its buffer is detached (ArrayBuffer.prototype.transfer(0) frees it at once; where that is missing, a transfer by
 * structuredClone still detaches it). Every view of the buffer is then empty, so a reader that was not done with
 * it reads nothing instead of stale numbers — which the tests would notice. On a big load the collector's columns
 * are tens of MB each, and a large buffer let go is otherwise kept until a full collection comes.
 */
export function releaseColumn(view: ArrayBufferView): void {
  const buffer = view.buffer as Transferable;
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength === 0) return;
  if (typeof buffer.transfer === 'function') buffer.transfer(0);
  else clone?.(buffer, { transfer: [buffer] });
}
