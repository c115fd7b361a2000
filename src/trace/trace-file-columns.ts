/**
 * Typed-array columns in a trace file: each column is the base64 of its little-endian bytes, so a million events are
 * a few long strings instead of a million JSON numbers (and NaN in a Float64Array survives, which JSON cannot carry).
 */
import { decodeBase64, encodeBase64 } from './base64.ts';
import { ShareError } from './errors.ts';

export type Column = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;
export type ColumnType = 'f64' | 'i32' | 'u32' | 'u16' | 'u8';

const CTORS = { f64: Float64Array, i32: Int32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array } as const;
const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Reverses the bytes of every element in place (only ever needed on a big-endian host). */
function swapBytes(bytes: Uint8Array, width: number): void {
  if (width === 1) return;
  for (let i = 0; i < bytes.length; i += width) {
    for (let a = i, b = i + width - 1; a < b; a++, b--) {
      const t = bytes[a];
      bytes[a] = bytes[b];
      bytes[b] = t;
    }
  }
}

export function encodeColumn(column: Column): string {
  let bytes = new Uint8Array(column.buffer, column.byteOffset, column.byteLength);
  if (!HOST_IS_LITTLE_ENDIAN) {
    bytes = bytes.slice();
    swapBytes(bytes, column.BYTES_PER_ELEMENT);
  }
  return encodeBase64(bytes);
}

/** Decodes a column and checks it holds exactly `count` elements. */
export function decodeColumn<T extends ColumnType>(value: unknown, type: T, count: number, path: string): InstanceType<(typeof CTORS)[T]> {
  if (typeof value !== 'string') throw new ShareError('bad-structure', `${path}: expected a base64 column`);
  const ctor = CTORS[type];
  const expectedChars = Math.ceil((count * ctor.BYTES_PER_ELEMENT) / 3) * 4;
  if (value.length !== expectedChars) {
    throw new ShareError('bad-structure', `${path}: column length does not match its count (${count} values of ${type})`);
  }
  const bytes = decodeBase64(value, path);
  if (bytes.length !== count * ctor.BYTES_PER_ELEMENT) {
    throw new ShareError('bad-structure', `${path}: column holds ${bytes.length} bytes, expected ${count * ctor.BYTES_PER_ELEMENT}`);
  }
  if (!HOST_IS_LITTLE_ENDIAN) swapBytes(bytes, ctor.BYTES_PER_ELEMENT);
  // decodeBase64 returns a fresh, exactly sized buffer, so the view is aligned.
  return new ctor(bytes.buffer, 0, count) as InstanceType<(typeof CTORS)[T]>;
}
