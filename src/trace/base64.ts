/**
 * Base64 (RFC 4648 §4) for typed-array columns in trace files and base64url (§5, no padding) for link payloads.
 * Hand-written because the pure core has neither `btoa` nor `Buffer`; decoding is strict and says where it failed.
 */
import { ShareError } from './errors.ts';

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function encodeTable(alphabet: string): Uint8Array {
  const t = new Uint8Array(64);
  for (let i = 0; i < 64; i++) t[i] = alphabet.charCodeAt(i);
  return t;
}

/** char code → 6-bit value, 255 = not in the alphabet. */
function decodeTable(alphabet: string): Uint8Array {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 64; i++) t[alphabet.charCodeAt(i)] = i;
  return t;
}

const ENC_STD = encodeTable(STANDARD);
const ENC_URL = encodeTable(URL_SAFE);
const DEC_STD = decodeTable(STANDARD);
const DEC_URL = decodeTable(URL_SAFE);
const ascii = new TextDecoder('latin1');

function encode(bytes: Uint8Array, table: Uint8Array, pad: boolean): string {
  const n = bytes.length;
  const full = n - (n % 3);
  const outLen = pad ? Math.ceil(n / 3) * 4 : Math.ceil((n * 4) / 3);
  const out = new Uint8Array(outLen);
  let o = 0;
  for (let i = 0; i < full; i += 3) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out[o++] = table[v >> 18];
    out[o++] = table[(v >> 12) & 63];
    out[o++] = table[(v >> 6) & 63];
    out[o++] = table[v & 63];
  }
  const rest = n - full;
  if (rest > 0) {
    const v = (bytes[full] << 16) | (rest === 2 ? bytes[full + 1] << 8 : 0);
    out[o++] = table[v >> 18];
    out[o++] = table[(v >> 12) & 63];
    if (rest === 2) out[o++] = table[(v >> 6) & 63];
    if (pad) {
      if (rest === 1) out[o++] = 61;
      out[o++] = 61;
    }
  }
  return ascii.decode(out);
}

function decode(text: string, table: Uint8Array, what: string): Uint8Array<ArrayBuffer> {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */ && text.length - end < 2) end--;
  if (end % 4 === 1) throw new ShareError('bad-encoding', `${what}: base64 text has an impossible length (${text.length})`);
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? table[c] : 255;
    if (v === 255) throw new ShareError('bad-encoding', `${what}: character ${i + 1} is not base64`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 255;
    }
  }
  return out;
}

export function encodeBase64(bytes: Uint8Array): string {
  return encode(bytes, ENC_STD, true);
}

export function decodeBase64(text: string, what = 'data'): Uint8Array<ArrayBuffer> {
  return decode(text, DEC_STD, what);
}

export function encodeBase64Url(bytes: Uint8Array): string {
  return encode(bytes, ENC_URL, false);
}

export function decodeBase64Url(text: string, what = 'data'): Uint8Array<ArrayBuffer> {
  return decode(text, DEC_URL, what);
}
