/**
 * The one error type share and export code throws on bad input. Every failure to read a trace file, a share link or a
 * CSV table becomes a ShareError with a code the UI can switch on and a message a person can read; nothing else
 * escapes the importers (see `asShareError`).
 */
export type ShareErrorCode =
  /** Input bigger than the stated limit (checked before decompressing or parsing). */
  | 'too-large'
  /** Not valid base64/base64url, or not UTF-8 text. */
  | 'bad-encoding'
  /** Compressed data that is corrupt or cut short. */
  | 'bad-compression'
  /** Not JSON at all, or JSON nested too deeply to read. */
  | 'bad-json'
  /** Readable, but not a Syncloop trace file / link. */
  | 'wrong-format'
  /** A format version this build cannot read (usually: made by a newer Syncloop). */
  | 'unsupported-version'
  /** The right format with a wrong, missing or out-of-range field. */
  | 'bad-structure'
  /** A CSV table without the required columns or without a single usable row. */
  | 'bad-csv'
  /** A user-given sanitize pattern that could run slowly or uses an unsupported feature. */
  | 'unsafe-pattern'
  /** Work stopped because it exceeded its budget (e.g. a sanitize pattern over a huge log). */
  | 'budget-exceeded';

export class ShareError extends Error {
  override readonly name = 'ShareError';
  constructor(readonly code: ShareErrorCode, message: string) {
    super(message);
  }
}

/** Wraps anything thrown while reading untrusted input, so callers only ever see a ShareError. */
export function asShareError(e: unknown, what: string): ShareError {
  if (e instanceof ShareError) return e;
  if (e instanceof RangeError) return new ShareError('too-large', `${what}: too large or too deeply nested to read (${e.message})`);
  const message = e instanceof Error ? e.message : String(e);
  return new ShareError('bad-structure', `${what}: could not be read (${message})`);
}
