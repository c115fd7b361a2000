/**
 * The one bridge between trace time (epoch µs) and horizontal CSS px. Wraps a d3 linear scale for the ticks; its
 * domain is shifted by a base (midnight of the first day, or 0 for offsets) so d3 works on small numbers (epoch µs
 * are ~1.7e15, where float steps are coarse for tick maths) and the ticks land on round times.
 */
import { scaleLinear, type ScaleLinear } from 'd3';

const US_PER_DAY = 86_400_000_000;

export class TimeScale {
  readonly startUs: number;
  readonly endUs: number;
  readonly widthPx: number;
  /** µs per CSS px at this zoom. */
  readonly usPerPx: number;
  private readonly baseUs: number;
  private readonly scale: ScaleLinear<number, number>;

  /** `tickBaseUs`: ticks are round offsets from it (default: midnight before startUs; pass 0 for small offsets). */
  constructor(startUs: number, endUs: number, widthPx: number, tickBaseUs?: number) {
    this.startUs = startUs;
    this.endUs = endUs > startUs ? endUs : startUs + 1;
    this.widthPx = Math.max(1, widthPx);
    this.usPerPx = (this.endUs - this.startUs) / this.widthPx;
    this.baseUs = tickBaseUs ?? Math.floor(startUs / US_PER_DAY) * US_PER_DAY;
    this.scale = scaleLinear().domain([this.startUs - this.baseUs, this.endUs - this.baseUs]).range([0, this.widthPx]);
  }

  toPx(us: number): number {
    return (us - this.startUs) / this.usPerPx;
  }

  toUs(px: number): number {
    return this.startUs + px * this.usPerPx;
  }

  /** Tick positions (epoch µs) with 1-2-5 steps in µs, about `count` of them. */
  ticks(count: number): { timesUs: number[]; stepUs: number } {
    const raw = this.scale.ticks(count);
    const stepUs = raw.length > 1 ? raw[1] - raw[0] : this.endUs - this.startUs;
    return { timesUs: raw.map((t) => t + this.baseUs), stepUs };
  }
}
