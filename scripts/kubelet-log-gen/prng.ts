/**
 * A tiny deterministic pseudo-random generator (Marsaglia xorshift32 over a mixed seed). The generated log must be
 * the same for the same seed on every machine, so nothing here may touch Math.random or the clock.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    // Mix the seed so that nearby seeds (1, 2, 3) start far apart; xorshift must never start at 0.
    let x = (seed ^ 0x9e3779b9) >>> 0;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
    this.state = (x ^ (x >>> 16)) >>> 0 || 0x6d2b79f5;
  }

  /** Next unsigned 32-bit value. */
  u32(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }

  /** Exponentially distributed waiting time with the given mean (a Poisson process's gaps). */
  exponential(mean: number): number {
    return -Math.log(1 - this.float()) * mean;
  }

  /** `count` lower-case hex digits. */
  hex(count: number): string {
    let s = '';
    while (s.length < count) s += this.u32().toString(16).padStart(8, '0');
    return s.slice(0, count);
  }

  /** A random (version 4) UUID, the form API pods get as their UID. */
  uuid(): string {
    const variant = '89ab'[this.u32() & 3];
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
  }

  /** `count` characters from `alphabet`. */
  word(alphabet: string, count: number): string {
    let s = '';
    for (let i = 0; i < count; i++) s += alphabet[Math.floor(this.float() * alphabet.length)];
    return s;
  }
}
