/**
 * The command line makes the collector's column buffers without clearing them (CollectOptions.uninitializedBuffer):
 * that is safe only if every column of every record is written before anything reads it and nothing reads past the
 * records. Buffers full of garbage must give exactly the trace that cleared buffers give — for the fast path's bare
 * klog lines and for lines read as text (journald, JSON, multi-pod lines, continuation lines), in two sources.
 */
import { describe, expect, it } from 'vitest';
import { generateKubeletLog } from '../../../scripts/gen-kubelet-log.ts';
import { fingerprintDiff, traceFingerprint } from '../../../scripts/bench/trace-fingerprint.ts';
import { Analyzer, type AnalyzeOptions } from '../../../src/model/analyze.ts';
import type { Trace } from '../../../src/model/trace.ts';

function mixedLog(seed: number): string {
  const parts: string[] = [];
  generateKubeletLog({ sizeBytes: 1 << 20, seed }, (c) => { parts.push(c); });
  return [
    'Mar 15 10:02:03 node-a kubelet[2891]: I0315 10:02:03.123456    2891 kubelet.go:2400] "SyncLoop (PLEG): event for pod" pod="default/web-0" event={"ID":"abc","Type":"ContainerStarted"}',
    '{"ts":1710496923123.456,"caller":"kubelet/kubelet.go:2400","msg":"SyncLoop ADD","v":2,"source":"api","pods":["default/json-pod","default/other"]}',
    ...parts.join('').split('\n'),
    'panic: runtime error: invalid memory address or nil pointer dereference',
    'goroutine 1 [running]:',
  ].join('\n');
}

function analyze(opts: Partial<AnalyzeOptions>): Trace {
  const a = new Analyzer({ defaultYear: 2024, yearFromCaller: true, ...opts });
  // Room made ahead, as the command line makes it for a big file: every record lands in a buffer made here.
  a.collector.expectRecords(100_000);
  const encoder = new TextEncoder();
  for (const [name, seed] of [['a.log', 3], ['b.log', 4]] as const) {
    const h = a.addSource(name);
    const bytes = encoder.encode(mixedLog(seed));
    for (let at = 0; at < bytes.length; at += 64 << 10) h.push(bytes.subarray(at, at + (64 << 10)));
    h.end();
  }
  return a.finish();
}

describe('collector columns made without clearing', () => {
  it('give the same trace as cleared ones, whatever the buffers held', () => {
    let made = 0;
    const garbage = (bytes: number): ArrayBuffer => {
      made++;
      const b = new ArrayBuffer(bytes);
      new Uint8Array(b).fill(0xa7);
      return b;
    };
    const cleared = analyze({});
    const uncleared = analyze({ uninitializedBuffer: garbage });
    // Every column was made from garbage (the room made ahead).
    expect(made).toBe(21);
    expect(cleared.events.count).toBeGreaterThan(5000);
    expect(fingerprintDiff(traceFingerprint(cleared), traceFingerprint(uncleared))).toEqual([]);
  });
});
