/**
 * Gaps in the log: where lines were left out (an elision mark, the text between two excerpts of a document, the next
 * file's section, journald dropping lines), the states across the hole are unknown; a quiet log with no cut is not.
 */
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { isElisionMark, isSuppressionNotice } from '../../../src/ingest/line-kinds.ts';
import { SpanFlag, type Trace } from '../../../src/model/trace.ts';
import { analyzeText } from '../../helpers.ts';

const UID = '7a1c2a53-2b7e-4c55-9d0f-0c1c6a2f1111';
const add = (t: string) => `I0315 ${t} 2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=["default/web-0"]`;
const started = (t: string) =>
  `I0315 ${t} 2891 kubelet.go:2146] "SyncLoop (PLEG): event for pod" pod="default/web-0" event=&{ID:${UID} Type:ContainerStarted Data:0f3c9a1b2c3d4e5f60718293a4b5c6d7e8f9012345678901234567890abcdef}`;
const housekeeping = (t: string) => `I0315 ${t} 2891 kubelet.go:2171] "SyncLoop (housekeeping)"`;
const died = (t: string) =>
  `I0315 ${t} 2891 kubelet.go:2146] "SyncLoop (PLEG): event for pod" pod="default/web-0" event=&{ID:${UID} Type:ContainerDied Data:0f3c9a1b2c3d4e5f60718293a4b5c6d7e8f9012345678901234567890abcdef}`;

/** The container band of web-0: [label, flags] in time order. */
function containerBands(trace: Trace): [string, number][] {
  const pod = trace.pods.find((p) => p.name === 'web-0')!;
  const lane = pod.lanes.map((l) => trace.lanes[l]).find((l) => l.kind === 'container')!;
  const out: [string, number][] = [];
  for (let k = trace.laneSpanStart[lane.index]; k < trace.laneSpanStart[lane.index + 1]; k++) {
    const s = trace.laneSpanIdx[k];
    out.push([trace.strings[trace.spans.state[s]], trace.spans.flags[s]]);
  }
  return out;
}

describe('cut marks', () => {
  it('knows elision marks by their look, not by a word in a sentence', () => {
    for (const mark of ['...', '…', '  [...]', '[…]', '<snip>', '-- snip --', '[... 300 lines omitted ...]', '(truncated)', '.....', '*** 8< ***']) {
      expect(isElisionMark(mark, 0), mark).toBe(true);
    }
    for (const text of ['', '..', 'The kubelet skipped the pod.', 'I cut the log here', '-- Boot 1234 --', 'a'.repeat(100) + '...']) {
      expect(isElisionMark(text, 0), text).toBe(false);
    }
    expect(isSuppressionNotice('Suppressed 1024 messages from kubelet.service', 0)).toBe(true);
    expect(isSuppressionNotice('Suppressed messages', 0)).toBe(false);
  });
});

describe('gaps in the log', () => {
  it('an elision mark: the band before is known, the hole unknown, the band after inferred', () => {
    const text = [add('10:00:00.000000'), started('10:00:01.000000'), '...', housekeeping('10:05:00.000000'), died('10:06:00.000000'), ''].join('\n');
    const trace = analyzeText(text, 'cut.log');
    expect(trace.sources[0].cuts).toEqual([{ line: 3, kind: 'elision' }]);
    expect(trace.gaps).toHaveLength(1);
    const gap = trace.gaps[0];
    expect([gap.line, gap.kind, (gap.endUs - gap.startUs) / 1e6]).toEqual([3, 'elision', 299]);
    const bands = containerBands(trace);
    expect(bands.map(([l]) => l)).toEqual(['running', 'not in the log', 'running', 'exited']);
    expect(bands[1][1] & SpanFlag.Unknown).toBeTruthy();
    expect(bands[2][1] & SpanFlag.Inferred).toBeTruthy();
    expect(trace.anomalies.filter((a) => a.kind === 'gap').map((a) => a.message)).toEqual([
      'lines left out at line 3 of cut.log (an elision mark): 299.0 s of unnamed node is not in the log; states across it are unknown',
    ]);
  });

  it('an elision mark right after a record cut inside a quoted value ends the record: it is a gap, not the value\'s rest', () => {
    // kubernetes/kubernetes#116020: an image GC line cut in its imageID="…, then `...` and lines 15 minutes later.
    const cut = `I0315 10:00:02.000000 2891 image_gc_manager.go:387] "Removing image to free bytes" imageID="sha256:0f3c9a1b2c3d`;
    const text = [add('10:00:00.000000'), cut, '...', housekeeping('10:15:00.000000'), ''].join('\n');
    const trace = analyzeText(text, 'cut.log');
    expect(trace.sources[0].lines).toMatchObject({ klog: 3, continuation: 0 });
    expect(trace.gaps.map((g) => [g.line, g.kind])).toEqual([[3, 'elision']]);
  });

  it('a quiet log, and another program\'s lines in a plain log, are not gaps', () => {
    const quiet = [add('10:00:00.000000'), started('10:00:01.000000'), housekeeping('11:30:00.000000'), ''].join('\n');
    expect(analyzeText(quiet).gaps).toEqual([]);
    const stray = [add('10:00:00.000000'), started('10:00:01.000000'), 'some other program said hello', housekeeping('10:05:00.000000'), ''].join('\n');
    const trace = analyzeText(stray);
    expect(trace.sources[0].cuts).toEqual([]);
    expect(trace.gaps).toEqual([]);
    expect(containerBands(trace).map(([l]) => l)).toEqual(['running']);
  });

  it('journald dropping the kubelet\'s lines leaves the time before its notice unknown', () => {
    const j = (t: string, line: string) => `Mar 15 ${t} node-a kubelet[2891]: ${line}`;
    const text = [
      j('10:00:00', add('10:00:00.000000')), j('10:00:01', started('10:00:01.000000')),
      j('10:00:40', housekeeping('10:00:40.000000')),
      'Mar 15 10:01:10 node-a systemd-journald[412]: Suppressed 5120 messages from kubelet.service',
      j('10:01:10', housekeeping('10:01:10.000000')), '',
    ].join('\n');
    const trace = analyzeText(text, 'journal.txt', { year: 2024 });
    expect(trace.sources[0].cuts).toEqual([{ line: 4, kind: 'suppressed' }]);
    expect(trace.gaps.map((g) => [(g.endUs - g.startUs) / 1e6, g.kind])).toEqual([[30, 'suppressed']]);
  });

  it('a hole one source leaves is not a gap where another source of the node covers it', () => {
    const excerpt = [add('10:00:00.000000'), started('10:00:01.000000'), '[...]', died('10:06:00.000000'), ''].join('\n');
    const full = [housekeeping('10:00:02.000000'), housekeeping('10:03:00.000000'), housekeeping('10:05:59.000000'), ''].join('\n');
    const alone = analyzeSources([{ name: 'excerpt.log', data: excerpt }], { defaultYear: 2024 });
    expect(alone.gaps.map((g) => (g.endUs - g.startUs) / 1e6)).toEqual([359]);
    const both = analyzeSources([{ name: 'excerpt.log', data: excerpt }, { name: 'full.log', data: full }], { defaultYear: 2024 });
    // full.log covers 10:00:02 to 10:05:59: only the second before and the second after stay unknown.
    expect(both.gaps.map((g) => (g.endUs - g.startUs) / 1e6)).toEqual([1, 1]);
  });

  it('cuts are found the same whatever the chunk size', () => {
    const text = [add('10:00:00.000000'), started('10:00:01.000000'), '...', housekeeping('10:05:00.000000'), '```', 'prose', '```',
      died('10:09:00.000000'), ''].join('\n');
    const whole = analyzeText(text, 'c.log');
    for (const chunk of [1, 3, 17]) {
      const t = analyzeText(text, 'c.log', { chunk });
      expect(t.sources[0].cuts).toEqual(whole.sources[0].cuts);
      expect(t.gaps).toEqual(whole.gaps);
    }
  });
});
