/**
 * Format detection looks at content, never at the file name; results do not depend on how the bytes are chunked
 * (including chunks that come out of a gunzip stream); several files of one node merge, files of several nodes stay
 * apart.
 */
import { describe, expect, it } from 'vitest';
import { createGunzip, gzipSync } from 'node:zlib';
import { analyze, eventRows, fixture } from './ingest-helpers.ts';
import { dumpTrace } from '../../../src/model/dump.ts';
import { Analyzer } from '../../../src/model/analyze.ts';
import type { Trace } from '../../../src/model/trace.ts';

/** The mixed paste fixture plus a line of damaged bytes (NUL, invalid UTF-8) and a CRLF klog line at the end. */
function mixedBytes(): Uint8Array {
  const enc = new TextEncoder();
  const tail = enc.encode('I0315 10:05:00.000001    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-1"]\r\n');
  const damaged = new Uint8Array([0x67, 0x61, 0x72, 0x00, 0x00, 0xff, 0xfe, 0xc3, 0x28, 0x62, 0x61, 0x67, 0x65, 0x0a]);
  const head = enc.encode(fixture('mixed-paste.txt'));
  const out = new Uint8Array(head.length + damaged.length + tail.length);
  out.set(head, 0);
  out.set(damaged, head.length);
  out.set(tail, head.length + damaged.length);
  return out;
}

/** Everything the trace says, in text: the dump with every event, plus each source's diagnostics. */
function fullText(trace: Trace): string {
  const diags = trace.sources.flatMap((s) => s.diagnostics.map((d) => `${s.name}:${d.line} ${d.level} ${d.message}`));
  return dumpTrace(trace, { events: true }) + diags.join('\n');
}

describe('detection by content', () => {
  const inputs: [string, string][] = [
    ['journald short-iso', fixture('journald-oldest-first.log')],
    ['talosctl', fixture('talosctl-two-nodes.log')],
    ['minikube logs', fixture('minikube-logs.txt')],
    ['document', fixture('issue-excerpt.md')],
    ['JSON logging', '{"ts":1710496923123.456,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[]}\n'],
    ['CRI', '2024-03-15T10:02:03.123456789Z stderr F I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]\n'],
  ];
  const misleading = ['kubelet.json', 'journal.export', 'notes.md', 'containers.log', 'events.csv', 'trace.syncloop'];
  /** The reading with the file's name replaced where the dump and diagnostics print it. */
  const named = (trace: Trace, name: string) => fullText(trace).replaceAll(`source ${name}:`, 'source input:').replaceAll(`\n${name}:`, '\ninput:');

  it('gives the same format and the same reading whatever the file is called', () => {
    for (const [what, text] of inputs) {
      const reference = analyze({ name: 'input', data: text });
      for (const name of misleading) {
        const other = analyze({ name, data: text });
        expect({ what, name, format: other.sources[0].format }).toEqual({ what, name, format: reference.sources[0].format });
        expect(named(other, name)).toBe(fullText(reference));
      }
    }
  });

  it('names the formats it found', () => {
    expect(inputs.map(([, text]) => analyze({ name: 'x', data: text }).sources[0].format)).toEqual([
      'klog-journald', 'klog-node-prefix', 'klog-journald', 'klog-in-document', 'json', 'klog-cri',
    ]);
  });
});

describe('chunk boundaries', () => {
  const bytes = mixedBytes();
  const whole = fullText(analyze({ name: 'mixed.txt', data: bytes }, { chunk: bytes.length }));

  it('the mixed fixture reads as expected (so the comparison below compares something)', () => {
    const trace = analyze({ name: 'mixed.txt', data: bytes });
    const src = trace.sources[0];
    expect(src.lines).toEqual({ total: 39, klog: 11, continuation: 7, unrecognized: 12, blank: 9 });
    expect(src.eras).toEqual({ printf: 1, structured: 9, json: 1 });
    // The cut line, and the note that its one JSON record is timed in UTC beside klog's local times.
    expect(src.diagnostics.map((d) => `${d.line} ${d.level}`).sort()).toEqual(['0 info', '38 warning']);
    expect(eventRows(trace).map((r) => `${r.where} ${r.sev} ${r.node} ${r.kind} ${r.pod}`)).toEqual([
      'mixed.txt:5 I node-3 syncloop.add default/web-0',
      'mixed.txt:6+3 I node-3 status.patch default/web-0',
      'mixed.txt:13 E node-3 pw.sync-error default/web-0',
      'mixed.txt:15 W node-3 housekeeping.slow ',
      // CRI: stdout line 19 sits between the halves (18 and 20) of the stderr line.
      'mixed.txt:19 I node-3 housekeeping.slow ',
      'mixed.txt:18+3 I node-3 syncloop.delete default/web-0',
      'mixed.txt:23 I node-3 syncloop.remove default/web-0',
      'mixed.txt:24 I node-3 syncloop.add default/web-1',
      'mixed.txt:27 I 10.5.0.3 syncloop.add default/web-2',
      // Another kubelet process, on a node the bare lines do not name ("on an old-version node"): not node-3's.
      'mixed.txt:30 I node syncloop.add default/web-3',
      // A panic nothing recovered, with its dump: the process's own report, not part of the line before it.
      'mixed.txt:31+5 F node node.crash ',
      'mixed.txt:39 I node-3 syncloop.delete default/web-1',
    ]);
  });

  it('gives the same dump and diagnostics for chunk sizes 1, 2, 3, 7, 64, 4096 and the whole file', () => {
    for (const chunk of [1, 2, 3, 7, 64, 4096]) {
      expect({ chunk, text: fullText(analyze({ name: 'mixed.txt', data: bytes }, { chunk })) }).toEqual({ chunk, text: whole });
    }
  });

  it('reads the chunks a gunzip stream produces (the hosts decompress; the core sees plain chunks)', async () => {
    const gz = gzipSync(bytes);
    const chunks: Uint8Array[] = [];
    await new Promise<void>((resolve, reject) => {
      const gunzip = createGunzip({ chunkSize: 100 });
      gunzip.on('data', (b: Buffer) => chunks.push(new Uint8Array(b)));
      gunzip.on('end', () => resolve());
      gunzip.on('error', reject);
      gunzip.end(gz);
    });
    expect(chunks.length).toBeGreaterThan(10);
    const a = new Analyzer({ defaultYear: 2024, yearFromCaller: false });
    const h = a.addSource('mixed.txt', { gzip: true });
    for (const c of chunks) h.push(c);
    const info = h.end();
    expect(info.gzip).toBe(true);
    expect(info.bytes).toBe(bytes.length);
    expect(fullText(a.finish())).toBe(whole);
  });
});

describe('several files', () => {
  const older = [
    'I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]',
    'I0315 10:02:05.000001    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]',
  ].join('\n');
  const newer = [
    'I0315 10:02:04.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-1"]',
    'I0315 10:02:06.000001    2891 kubelet.go:2415] "SyncLoop REMOVE" source="api" pods=["default/web-0"]',
  ].join('\n');

  it('rotated files of one node merge into one time line, in whatever order they are given', () => {
    for (const order of [[0, 1], [1, 0]]) {
      const files = [{ name: 'kubelet.log.1', data: older }, { name: 'kubelet.log', data: newer }];
      const trace = analyze(order.map((i) => files[i]));
      expect(trace.nodes.map((n) => n.name)).toEqual(['node']);
      expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.kind} ${r.pod}`)).toEqual([
        '2024-03-15 10:02:03.123456 kubelet.log.1:1 syncloop.add default/web-0',
        '2024-03-15 10:02:04.000001 kubelet.log:1 syncloop.add default/web-1',
        '2024-03-15 10:02:05.000001 kubelet.log.1:2 syncloop.delete default/web-0',
        '2024-03-15 10:02:06.000001 kubelet.log:2 syncloop.remove default/web-0',
      ]);
      // One pod web-0 across both files.
      expect(trace.pods.filter((p) => p.name === 'web-0')).toHaveLength(1);
    }
  });

  it('files of several nodes stay apart: node from the journal host, the glog header, or the glog file name', () => {
    const journal = (host: string) => `Mar 15 10:02:03 ${host} kubelet[2891]: I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`;
    const glog = 'Log file created at: 2024/03/15 10:00:00\nRunning on machine: node-c\nI0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]';
    const trace = analyze([
      { name: 'a.log', data: journal('node-a') },
      { name: 'b.log', data: journal('node-b') },
      { name: 'c.log', data: glog },
      { name: 'kubelet.node-d.root.log.INFO.20240315-100000.2891', data: older },
    ]);
    expect(trace.sources.map((s) => s.node)).toEqual(['node-a', 'node-b', 'node-c', 'node-d']);
    expect(trace.nodes.map((n) => n.name).sort()).toEqual(['node-a', 'node-b', 'node-c', 'node-d']);
    // The same pod name on four nodes is four pods.
    expect(trace.pods.filter((p) => p.name === 'web-0').map((p) => trace.nodes[p.node].name).sort()).toEqual(['node-a', 'node-b', 'node-c', 'node-d']);
  });
});
