/** Shared test helpers: the seed documents, and analysing text with a given chunk size. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeSources } from '../src/model/analyze.ts';
import type { Trace } from '../src/model/trace.ts';

/** The seed write-ups as the project was given them (beside the checkout), when present. */
export const SHARED_SEEDS_DIR = join(import.meta.dirname, '..', '..', 'shared', 'seeds');
/** The copies the app ships (byte-identical; test/unit/model/seed-copies.test.ts keeps them so). */
export const SHIPPED_SEEDS_DIR = join(import.meta.dirname, '..', 'public', 'incidents');
/** Tests read the shared seeds when the checkout sits beside them, else the shipped copies (a clone elsewhere). */
export const SEEDS_DIR = existsSync(SHARED_SEEDS_DIR) ? SHARED_SEEDS_DIR : SHIPPED_SEEDS_DIR;

export function seedPath(prefix: string): string {
  const shared = SEEDS_DIR === SHARED_SEEDS_DIR;
  const name = readdirSync(SEEDS_DIR).find((f) => f.startsWith(shared ? prefix : `seed-${prefix}`));
  if (!name) throw new Error(`seed ${prefix} not found in ${SEEDS_DIR}`);
  return join(SEEDS_DIR, name);
}

export function seedText(prefix: string): string {
  return readFileSync(seedPath(prefix), 'utf8');
}

export function analyzeText(text: string | Uint8Array, name = 'test.log', opts: { year?: number; chunk?: number; packRawText?: boolean } = {}): Trace {
  const years = opts.year ? { defaultYear: opts.year, yearFromCaller: true } : { defaultYear: 2024, yearFromCaller: false };
  return analyzeSources([{ name, data: text }], { ...years, packRawText: opts.packRawText }, opts.chunk);
}
