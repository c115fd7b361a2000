/**
 * The fast path (bare klog lines read by their bytes, model/fast-records.ts) must build exactly the trace the text
 * path builds: every column, string id, pod, span, diagnostic and line offset. Checked on generated logs of both
 * eras with everything the fast path has to hand back mixed in — multi-line values, panics, wrapped and JSON lines,
 * CRLF, NUL bytes, non-ASCII messages, lines cut inside a value (once and repeated), odd caller names, prose (document mode), upside-down blocks, glog headers,
 * unknown messages from several files, very long messages, dates on the record's day — and random damage, at
 * random chunk sizes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateKubeletLog } from '../../../scripts/gen-kubelet-log.ts';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { Collector } from '../../../src/model/collector.ts';
import type { Trace } from '../../../src/model/trace.ts';

function generated(era: 'structured' | 'printf', seed: number, sizeBytes = 48 * 1024): string[] {
  const parts: string[] = [];
  generateKubeletLog({ sizeBytes, seed, era }, (c) => { parts.push(c); });
  return parts.join('').trimEnd().split('\n');
}

const H = (file = 'kubelet.go:100', sev = 'I') => `${sev}0314 09:30:00.000001  243524 ${file}] `;

/** Lines (or groups of lines) that the fast path must give back to the text path, or read exactly like it. */
const SPECIAL: string[] = [
  `${H()}"Multi-line value" pod="default/web-0" status=<\n\tline one\n\tline two\n >`,
  `${H('kubelet.go:1', 'F')}"fatal"\npanic: boom\ngoroutine 1 [running]:\n\tmain.go:1 +0x1`,
  `${H()}"SyncLoop (probe)" probe="readiness" status="ready" pod="default/web-0"\r`,
  `${H()}"with a NUL \u0000 byte" pod="default/web-0"`,
  `${H()}"Probe succeeded" probeType="Readiness" pod="default/café-0" containerName="app"`,
  `${H('component-base/logs.go:1')}"dash in the caller 2024-03-14"`,
  `Mar 14 09:30:00 node-1 kubelet[243524]: ${H()}"SyncLoop (SYNC) pods" total=1 pods=[default/web-0]`,
  '{"ts":1710408600000.5,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[{"name":"web-9","namespace":"default"}]}',
  '',
  'Some prose a person wrote about this log.',
  'I0314 09:3',
  ' >',
  '\tupside-down value line',
  `${H('pleg.go:1')}"Something the catalog does not know"`,
  `${H('config.go:7')}"Something the catalog does not know"`,
  `${H()}"Status for pod updated successfully" pod="default/web-0" statusVersion=3 status={StartTime:2024-03-14 09:14:07 +0000 UTC}`,
  `${H()}"Long message" pod="default/web-1" blob="${'x'.repeat(9000)}"`,
  'Running on machine: other-host',
  `${H()}"Starting kubelet main sync loop"\n${H()}"Starting kubelet main sync loop"`,
  `${H()}"Tab continuation follows"\n\tcontinued`,
  // Cut inside a value or the message: the text path reports each, so the fast path must too (a repeat is a memo hit).
  `${H()}"SyncLoop ADD" source="api" pods=["default/web-0", "defau`,
  `${H()}"SyncLoop DEL`,
  `${H()}"SyncLoop DEL\n${H()}"SyncLoop DEL`,
  `${H()}"Killing container with a grace period" pod="default/web-0" gracePeriod=`,
  // A prompt's program prints klog lines of its own (no kubelet pid), a controller's file is another program's, and
  // crictl's FATA line says the line before it was crictl's.
  `admin@node-1:~$ sudo crictl pull registry.k8s.io/pause:3.10\nE0314 09:30:00.000001  187561 log.go:32] "PullImage from image service failed" err="denied"\nadmin@node-1:~$ journalctl -u kubelet`,
  `I0314 09:30:00.000001       1 controllermanager.go:164] Version: v1.15.12`,
  `E0314 09:30:00.000001   10146 log.go:32] "Status from runtime service failed" err="deadline"\nFATA[0002] getting status of runtime: deadline`,
];

const CHARS = ['"', '\\', '\t', ' ', '=', '<', '>', ']', ':', '\0', 'é', 'I', '0', '\r', '-'];

function build(base: string[], picks: { at: number; special: number; damage: number; ch: number }[]): string {
  const lines = base.slice();
  for (const p of picks) {
    const at = 70 + (p.at % Math.max(1, lines.length - 70));
    if (p.special < SPECIAL.length) lines.splice(at, 0, SPECIAL[p.special]);
    else {
      const line = lines[at];
      const cut = p.damage % (line.length + 1);
      lines[at] = line.slice(0, cut) + CHARS[p.ch % CHARS.length] + line.slice(cut + 1);
    }
  }
  return lines.join('\n') + '\n';
}

const latin1 = new TextDecoder('latin1');

/** Raw bytes as text: vitest compares large byte arrays element by element, slowly. */
function comparable(trace: Trace): Trace {
  return { ...trace, raw: trace.raw.map((r) => ({ ...r, pieces: r.pieces.map((c) => latin1.decode(c)) })) } as unknown as Trace;
}

function both(text: string, chunk: number, name = 'kubelet.log'): [Trace, Trace] {
  const opts = { defaultYear: 2024, yearFromCaller: true };
  return [
    comparable(analyzeSources([{ name, data: text }], { ...opts, fastPath: true }, chunk)),
    comparable(analyzeSources([{ name, data: text }], { ...opts, fastPath: false }, chunk)),
  ];
}

const STRUCTURED = generated('structured', 3);
const PRINTF = generated('printf', 4);

describe('fast path', () => {
  it('reads most lines of a plain log by their bytes', () => {
    const collector = new Collector({ defaultYear: 2024 });
    const handle = collector.addSource('kubelet.log');
    // The first 64 records tell the file's direction and are read as text, with the rest of their stretch of bytes.
    handle.push(new TextEncoder().encode(generated('structured', 5, 400 * 1024).join('\n') + '\n'));
    handle.end();
    expect(collector.out.readAsBytes).toBeGreaterThan(collector.out.count * 0.8);
  });

  it('reads a line cut inside a value by its bytes and warns for each copy of it', () => {
    const cut = `${H()}"SyncLoop ADD" source="api" pods=["default/web-0", "defau`;
    const lines = [...generated('structured', 6, 200 * 1024), cut, cut, cut];
    const [fast, slow] = both(lines.join('\n') + '\n', 1 << 20);
    expect(fast).toEqual(slow);
    const warned = fast.sources[0].diagnostics.filter((d) => d.message.startsWith('the record is cut inside the value of pods='));
    expect(warned.map((d) => d.line)).toEqual([lines.length - 2, lines.length - 1, lines.length]);
    const collector = new Collector({ defaultYear: 2024 });
    const handle = collector.addSource('kubelet.log');
    handle.push(new TextEncoder().encode(lines.join('\n') + '\n'));
    handle.end();
    // All three went the fast way (a line that went the text way would not be counted here).
    const before = new Collector({ defaultYear: 2024 });
    const h2 = before.addSource('kubelet.log');
    h2.push(new TextEncoder().encode(lines.slice(0, -3).join('\n') + '\n'));
    h2.end();
    expect(collector.out.readAsBytes - before.out.readAsBytes).toBe(3);
  });

  it('leaves a line ending in a terminal\'s padding to the text way, which reads the records glued after it', () => {
    const glued = (k: number) => `${H()}"SyncLoop ADD" source="api" pods=["default/glued-${k}"]`.padEnd(200, ' ');
    const lines = [...generated('structured', 6, 200 * 1024), glued(1) + glued(2) + glued(3), ...generated('structured', 7, 8 * 1024)];
    const [fast, slow] = both(lines.join('\n') + '\n', 1 << 16);
    expect(fast).toEqual(slow);
    expect(fast.pods.filter((p) => p.name.startsWith('glued-')).map((p) => p.name).sort()).toEqual(['glued-1', 'glued-2', 'glued-3']);
  });

  it('builds the same trace as the text path, with everything it must hand back mixed in', () => {
    fc.assert(fc.property(
      fc.boolean(),
      fc.array(fc.record({ at: fc.nat(), special: fc.nat(SPECIAL.length + 6), damage: fc.nat(400), ch: fc.nat(20) }), { maxLength: 12 }),
      fc.constantFrom(97, 1021, 8192, 1 << 20),
      (printf, picks, chunk) => {
        const [fast, slow] = both(build(printf ? PRINTF : STRUCTURED, picks), chunk);
        expect(fast).toEqual(slow);
      },
    ), { numRuns: 25 });
  });

  it('builds the same trace for a document quoting a log (document mode) and for a glog file', () => {
    const prose = STRUCTURED.slice(0, 120).flatMap((l, i) => (i % 2 ? [l, 'Prose between the quoted lines.', 'More prose.', ''] : [l, 'A remark.']));
    // Write-ups quote some lines a second time: those are counted once.
    const quotedAgain = [...prose, 'As the log above shows:', ...STRUCTURED.slice(90, 100)];
    const [a, b] = both(quotedAgain.join('\n'), 4096, 'issue.md');
    expect(a).toEqual(b);
    expect(a.sources[0].format).toBe('klog-in-document');
    expect(a.sources[0].diagnostics.filter((d) => d.message.includes('quoted again')).length).toBe(10);
    // The same lines again with no text between are the log repeating itself, not a quote.
    const repeated = [...prose, ...STRUCTURED.slice(119, 120), ...STRUCTURED.slice(119, 120)];
    const [r, r2] = both(repeated.join('\n'), 4096, 'issue.md');
    expect(r).toEqual(r2);
    expect(r.sources[0].diagnostics.filter((d) => d.message.includes('quoted again')).length).toBe(1);
    const glog = ['Log file created at: 2024/03/14 09:14:00', 'Running on machine: host-a', ...STRUCTURED.slice(0, 200)];
    const [c, d] = both(glog.join('\n'), 3000, 'kubelet.host-a.root.log.INFO.20240314-091400.1');
    expect(c).toEqual(d);
    expect(c.nodes[0].name).toBe('host-a');
  });
});
