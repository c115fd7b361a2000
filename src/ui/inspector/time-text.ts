/** Time strings for the inspector: absolute as logged, and relative to the chosen origin when there is one. */
import { formatDurationUs, formatEpochUs } from '../../util/time.ts';

export function timeText(us: number, originUs: number): string {
  const abs = formatEpochUs(us);
  if (!Number.isFinite(originUs)) return abs;
  const d = us - originUs;
  return `${abs}  (${d >= 0 ? '+' : ''}${formatDurationUs(d)} from origin)`;
}
