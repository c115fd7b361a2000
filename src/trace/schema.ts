/**
 * A small structural validator for untrusted JSON (trace files, link payloads). A spec describes the expected shape;
 * `readJson(spec, value, path)` walks the value along the spec and returns a fresh copy holding only the described
 * fields, or throws a ShareError naming the first wrong field (`pods[3].uid: expected a string`).
 *
 * The walk follows the spec, never the data, so its depth is the spec's depth however deeply the input nests. Copying
 * into fresh objects means keys such as `__proto__` in the input are never carried into the app.
 *
 * Numbers: JSON has no NaN or ±Infinity, so writers encode them as the strings "NaN", "Infinity", "-Infinity" (and
 * -0 as "-0"); `num` fields accept those strings back. See `jsonNumberReplacer`.
 */
import { ShareError } from './errors.ts';

export type Spec =
  | { readonly t: 'num' }
  | { readonly t: 'int'; readonly min: number; readonly max: number }
  | { readonly t: 'str'; readonly max: number }
  | { readonly t: 'bool' }
  | { readonly t: 'enum'; readonly values: readonly string[] }
  | { readonly t: 'arr'; readonly of: Spec; readonly max: number }
  | { readonly t: 'obj'; readonly fields: Readonly<Record<string, Spec>> }
  | { readonly t: 'opt'; readonly of: Spec }
  | { readonly t: 'intKeyed'; readonly of: Spec; readonly max: number }
  | { readonly t: 'tagged'; readonly tag: string; readonly cases: Readonly<Record<string, Spec>> }
  | { readonly t: 'scalarMap'; readonly max: number; readonly maxChars: number };

export const num = (): Spec => ({ t: 'num' });
export const int = (min = -(2 ** 31), max = 2 ** 32): Spec => ({ t: 'int', min, max });
export const str = (max = 1 << 20): Spec => ({ t: 'str', max });
export const bool = (): Spec => ({ t: 'bool' });
export const oneOf = (values: readonly string[]): Spec => ({ t: 'enum', values });
export const arrayOf = (of: Spec, max = 1 << 24): Spec => ({ t: 'arr', of, max });
export const object = (fields: Record<string, Spec>): Spec => ({ t: 'obj', fields });
export const optional = (of: Spec): Spec => ({ t: 'opt', of });
/** An object whose keys are non-negative integers (JSON's form of `Record<number, T>`). */
export const intKeyed = (of: Spec, max = 1 << 24): Spec => ({ t: 'intKeyed', of, max });
/** A discriminated union: `value[tag]` picks the case spec (an object spec that should list the tag too). */
export const tagged = (tag: string, cases: Record<string, Spec>): Spec => ({ t: 'tagged', tag, cases });
/** A flat object of string/number/boolean values. */
export const scalarMap = (max = 64, maxChars = 1024): Spec => ({ t: 'scalarMap', max, maxChars });

const NON_FINITE: Readonly<Record<string, number>> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 };

/** JSON.stringify replacer that keeps NaN, ±Infinity and -0 (read back by `num` fields). */
export function jsonNumberReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) return String(value === 0 ? '-0' : value);
  return value;
}

function fail(path: string, expected: string, value: unknown): never {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'string' ? `"${value.slice(0, 40)}"` : typeof value;
  throw new ShareError('bad-structure', `${path || 'the document'}: expected ${expected}, found ${got}`);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readJson(spec: Spec, value: unknown, path: string): unknown {
  switch (spec.t) {
    case 'num':
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && Object.hasOwn(NON_FINITE, value)) return NON_FINITE[value];
      return fail(path, 'a number', value);
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail(path, 'an integer', value);
      if (value < spec.min || value > spec.max) throw new ShareError('bad-structure', `${path}: ${value} is out of range (${spec.min}…${spec.max})`);
      return value;
    case 'str':
      if (typeof value !== 'string') return fail(path, 'a string', value);
      if (value.length > spec.max) throw new ShareError('too-large', `${path}: text longer than ${spec.max} characters`);
      return value;
    case 'bool':
      return typeof value === 'boolean' ? value : fail(path, 'true or false', value);
    case 'enum':
      if (typeof value === 'string' && spec.values.includes(value)) return value;
      return fail(path, `one of ${spec.values.slice(0, 8).map((v) => `"${v}"`).join(', ')}${spec.values.length > 8 ? ', …' : ''}`, value);
    case 'arr': {
      if (!Array.isArray(value)) return fail(path, 'a list', value);
      if (value.length > spec.max) throw new ShareError('too-large', `${path}: more than ${spec.max} entries`);
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) out[i] = readJson(spec.of, value[i], `${path}[${i}]`);
      return out;
    }
    case 'obj': {
      if (!isPlainObject(value)) return fail(path, 'an object', value);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(spec.fields)) {
        const field = spec.fields[key];
        const v = Object.hasOwn(value, key) ? value[key] : undefined;
        if (field.t === 'opt') {
          if (v !== undefined && v !== null) out[key] = readJson(field.of, v, path ? `${path}.${key}` : key);
        } else {
          if (v === undefined) throw new ShareError('bad-structure', `${path ? `${path}.` : ''}${key}: missing`);
          out[key] = readJson(field, v, path ? `${path}.${key}` : key);
        }
      }
      return out;
    }
    case 'opt':
      return value === undefined || value === null ? undefined : readJson(spec.of, value, path);
    case 'intKeyed': {
      if (!isPlainObject(value)) return fail(path, 'an object', value);
      const keys = Object.keys(value);
      if (keys.length > spec.max) throw new ShareError('too-large', `${path}: more than ${spec.max} entries`);
      const out: Record<number, unknown> = {};
      for (const k of keys) {
        const n = Number(k);
        if (!Number.isSafeInteger(n) || n < 0 || String(n) !== k) throw new ShareError('bad-structure', `${path}: key "${k.slice(0, 40)}" is not an index`);
        out[n] = readJson(spec.of, value[k], `${path}[${k}]`);
      }
      return out;
    }
    case 'tagged': {
      if (!isPlainObject(value)) return fail(path, 'an object', value);
      const tag = value[spec.tag];
      if (typeof tag !== 'string' || !Object.hasOwn(spec.cases, tag)) {
        return fail(`${path}.${spec.tag}`, `one of ${Object.keys(spec.cases).map((c) => `"${c}"`).join(', ')}`, tag);
      }
      return readJson(spec.cases[tag], value, path);
    }
    case 'scalarMap': {
      if (!isPlainObject(value)) return fail(path, 'an object', value);
      const keys = Object.keys(value);
      if (keys.length > spec.max) throw new ShareError('too-large', `${path}: more than ${spec.max} entries`);
      const out: Record<string, string | number | boolean> = {};
      for (const k of keys) {
        const v = value[k];
        if (k.length > spec.maxChars || (typeof v === 'string' && v.length > spec.maxChars)) throw new ShareError('too-large', `${path}: entry too long`);
        if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return fail(`${path}.${k}`, 'a string, number or boolean', v);
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
  }
}
