/** The app ships the seed write-ups in public/incidents; they must stay byte-identical to the originals. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_SEEDS_DIR, SHIPPED_SEEDS_DIR } from '../../helpers.ts';

describe('shipped seed copies', () => {
  it('has one shipped copy per seed', () => {
    const shipped = readdirSync(SHIPPED_SEEDS_DIR).filter((f) => f.startsWith('seed-'));
    expect(shipped.map((f) => f.slice(5, 8)).sort()).toEqual(['000', '001', '002', '003', '004']);
  });

  it.runIf(existsSync(SHARED_SEEDS_DIR))('matches the shared originals byte for byte', () => {
    for (const original of readdirSync(SHARED_SEEDS_DIR)) {
      const prefix = original.slice(0, 3);
      const copy = readdirSync(SHIPPED_SEEDS_DIR).find((f) => f.startsWith(`seed-${prefix}`))!;
      expect(readFileSync(join(SHIPPED_SEEDS_DIR, copy)).equals(readFileSync(join(SHARED_SEEDS_DIR, original))), copy).toBe(true);
    }
  });
});
