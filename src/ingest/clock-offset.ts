/**
 * The klog header's clock against the wrapper's. klog prints the time in the kubelet process's own time zone (its
 * TZ: often UTC in a container or a minimal host image); journalctl prints the host's (or the reader's) zone, a
 * container runtime and a log platform UTC. When every line's two times differ by the same whole number of quarter
 * hours, the two clocks are in different zones: said once, so that the times the app shows (the kubelet's) are not
 * compared with the wrapper's by mistake. Journald's whole seconds and a line's way through the journal differ by
 * far less than a quarter hour.
 */
import type { WrapperKind } from './wrappers.ts';

const QUARTER_HOUR_US = 15 * 60e6;
const HALF_DAY_US = 12 * 3600e6;
const BUCKETS = 97; // -12 h … +12 h in quarter hours
/** Lines needed, and the share of them at one offset, to call it the source's. */
const MIN_SAMPLES = 3;
const MIN_SHARE = 0.8;

function whose(kind: WrapperKind): string {
  if (kind.startsWith('journald')) return 'the journal\'s timestamps';
  if (kind === 'cri') return 'the container runtime\'s timestamps (UTC)';
  if (kind === 'log-export' || kind === 'log-table') return 'the log platform\'s timestamps';
  return 'the timestamps beside each line';
}

function hoursAndMinutes(us: number): string {
  const quarters = Math.round(us / QUARTER_HOUR_US);
  const h = Math.floor(quarters / 4);
  const min = (quarters % 4) * 15;
  return h && min ? `${h} h ${min} min` : h ? `${h} h` : `${min} min`;
}

export class ClockOffsets {
  private readonly counts = new Uint32Array(BUCKETS);
  private samples = 0;
  private kind: WrapperKind = 'none';

  /** A record's two times of day (µs since midnight): the wrapper's and its klog header's. */
  sample(wrapperTodUs: number, klogTodUs: number, kind: WrapperKind): void {
    let d = wrapperTodUs - klogTodUs;
    if (d > HALF_DAY_US) d -= 2 * HALF_DAY_US;
    else if (d < -HALF_DAY_US) d += 2 * HALF_DAY_US;
    this.counts[Math.round(d / QUARTER_HOUR_US) + (BUCKETS >> 1)]++;
    this.samples++;
    this.kind = kind;
  }

  /** The diagnostic to give, or '' when the clocks agree (or the lines are too few or disagree among themselves). */
  summary(): string {
    if (this.samples < MIN_SAMPLES) return '';
    let best = 0;
    for (let b = 1; b < BUCKETS; b++) if (this.counts[b] > this.counts[best]) best = b;
    const offsetUs = (best - (BUCKETS >> 1)) * QUARTER_HOUR_US;
    if (offsetUs === 0 || this.counts[best] < this.samples * MIN_SHARE) return '';
    const side = offsetUs > 0 ? 'behind' : 'ahead of';
    return `the klog headers' times are ${hoursAndMinutes(Math.abs(offsetUs))} ${side} ${whose(this.kind)} (${this.counts[best]} of ${this.samples} lines): ` +
      'the kubelet prints its own time zone\'s time (TZ), which differs from the one beside its lines; the times shown are the kubelet\'s';
  }
}
