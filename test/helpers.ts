/** Shared test helpers: the seed documents, and analysing text with a given chunk size. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeSources } from '../src/model/analyze.ts';
import type { Trace } from '../src/model/trace.ts';

export const SEEDS_DIR = join(import.meta.dirname, '..', '..', 'shared', 'seeds');

export function seedPath(prefix: string): string {
  const name = readdirSync(SEEDS_DIR).find((f) => f.startsWith(prefix));
  if (!name) throw new Error(`seed ${prefix} not found in ${SEEDS_DIR}`);
  return join(SEEDS_DIR, name);
}

export function seedText(prefix: string): string {
  return readFileSync(seedPath(prefix), 'utf8');
}

export function analyzeText(text: string | Uint8Array, name = 'test.log', opts: { year?: number; chunk?: number } = {}): Trace {
  return analyzeSources([{ name, data: text }], opts.year ? { defaultYear: opts.year, yearFromCaller: true } : { defaultYear: 2024, yearFromCaller: false }, opts.chunk);
}
