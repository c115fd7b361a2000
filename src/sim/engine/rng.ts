/**
 * Seeded randomness for the simulator: the only source of chance it has (no Math.random, no clocks), so a run is
 * a pure function of its inputs. mulberry32 is small, fast and good enough to pick goroutines and jitter timers.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Next 32-bit unsigned integer. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return n <= 1 ? 0 : Math.floor(this.float() * n);
  }

  /** Uniform integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** `wait.Jitter(d, factor)`: uniform in [d, d·(1+factor)). */
  jitter(d: number, factor: number): number {
    return Math.floor(d + this.float() * factor * d);
  }
}

/** FNV-1a over a string (32 bit): stable per-name sub-seeds and identifiers. */
export function fnv1a32(s: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i) & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
    const hi = s.charCodeAt(i) >>> 8;
    if (hi) {
      h ^= hi;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h >>> 0;
}

/** A 64-hex-character runtime ID, derived from a name so it is the same whatever the interleaving. */
export function hexId(name: string, seed: number): string {
  let out = '';
  let h = fnv1a32(name, (0x811c9dc5 ^ seed) >>> 0);
  for (let i = 0; i < 8; i++) {
    h = fnv1a32(`${i}:${name}`, h);
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}
