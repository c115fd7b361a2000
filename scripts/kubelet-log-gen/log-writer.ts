/**
 * Formats klog lines (`Lmmdd hh:mm:ss.uuuuuu PPPPPPP file:line] msg`, kubelet-reference §6.1) and hands them to a
 * sink in large chunks, so that writing 200 MB costs a few hundred writes, not a million.
 *
 * Time: the simulation works in µs since the log's start; the writer adds the start's wall clock. Within one
 * simulated action each line moves a cursor forward by a few µs (the goroutine's work between two log calls).
 * Printed times are monotonic except for a rare inversion of a few µs, as real klog output shows when two
 * goroutines take their timestamps before the write lock.
 */
import type { Prng } from './prng.ts';

export type ChunkSink = (chunk: string) => void;

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

export class LogWriter {
  bytes = 0;
  lines = 0;
  private parts: string[] = [];
  private partsChars = 0;
  private cursorUs = 0;
  private lastUs = 0;
  private secondKey = -1;
  private secondPrefix = '';
  private readonly pidField: string;

  constructor(
    private readonly sink: ChunkSink,
    private readonly rng: Prng,
    private readonly startEpochUs: number,
    pid: number,
    private readonly chunkChars = 1 << 20,
  ) {
    this.pidField = String(pid).padStart(7, ' ');
  }

  /** Starts an action at simulated time `tUs` (never before what was already printed). */
  at(tUs: number): void {
    this.cursorUs = Math.max(Math.round(tUs), this.lastUs);
  }

  /** Moves the action's cursor forward (work that takes time between two lines). */
  advance(us: number): void {
    this.cursorUs += Math.round(us);
  }

  get nowUs(): number {
    return this.cursorUs;
  }

  /** Epoch µs of a simulated time (for timestamps inside messages). */
  epochUs(tUs: number): number {
    return this.startEpochUs + tUs;
  }

  /** One log line. `caller` is `file.go:line`; `body` is the message with its key/value pairs. */
  line(severity: 'I' | 'W' | 'E', caller: string, body: string): void {
    this.cursorUs += this.rng.int(2, 45);
    let t = this.cursorUs;
    this.lastUs = t;
    // A rare small inversion: this goroutine took its timestamp just before the previous line's.
    if (this.lines > 0 && this.rng.chance(0.004)) t -= this.rng.int(1, 30);
    this.push(`${severity}${this.timestamp(t)} ${this.pidField} ${caller}] ${body}`);
  }

  /** A physical line that belongs to the previous record (a multi-line `key=<` value). */
  continuation(text: string): void {
    this.push(text);
  }

  flush(): void {
    if (this.parts.length === 0) return;
    this.sink(this.parts.join('\n') + '\n');
    this.parts = [];
    this.partsChars = 0;
  }

  private push(text: string): void {
    this.parts.push(text);
    this.partsChars += text.length + 1;
    this.bytes += text.length + 1;
    this.lines++;
    if (this.partsChars >= this.chunkChars) this.flush();
  }

  /** `mmdd hh:mm:ss.uuuuuu`; the part up to the second is cached (it changes at most once per second). */
  private timestamp(tUs: number): string {
    const epochUs = this.startEpochUs + tUs;
    const second = Math.floor(epochUs / 1e6);
    if (second !== this.secondKey) {
      const d = new Date(second * 1000);
      this.secondKey = second;
      this.secondPrefix = `${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}.`;
    }
    const us = epochUs - second * 1e6;
    return this.secondPrefix + (us + 1e6).toString().slice(1);
  }
}
