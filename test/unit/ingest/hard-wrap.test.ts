/**
 * Lines cut at a fixed width (a terminal's copy, `fold -w`, a mail) are joined back (ingest/hard-wrap.ts): a log
 * cut at any width reads as the same events, pods and findings as the log itself, whatever the chunk size; a log
 * whose longest lines merely repeat, or whose long lines are followed by multi-line values, is not taken for one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateKubeletLog } from '../../../scripts/gen-kubelet-log.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import { HardWraps } from '../../../src/ingest/hard-wrap.ts';
import { findGutter, withoutGutter } from '../../../src/ingest/wrap-gutter.ts';
import { parseKlogHeaderAt, newKlogHeader } from '../../../src/ingest/klog-header.ts';
import { joinRaw } from '../../../src/model/raw-text.ts';
import { str } from '../../../src/model/trace-query.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText } from '../../helpers.ts';
import { eventRows, readRecords } from './ingest-helpers.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'findings');

/** `fold -s -w width`: every line wrapped after the last space that fits, or cut at the width where none does. */
function foldAtSpaces(text: string, width: number): string {
  return text.split('\n').map((line) => {
    const pieces: string[] = [];
    let rest = line;
    while (rest.length > width) {
      const space = rest.lastIndexOf(' ', width - 1);
      const cut = space >= 0 ? space + 1 : width;
      pieces.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    pieces.push(rest);
    return pieces.join('\n');
  }).join('\n');
}

/** `fold -w width`: every line cut into pieces of `width` characters. */
function fold(text: string, width: number): string {
  return text.split('\n').map((line) => {
    const pieces: string[] = [];
    for (let at = 0; at < line.length; at += width) pieces.push(line.slice(at, at + width));
    return pieces.length ? pieces.join('\n') : '';
  }).join('\n');
}

function generated(sizeBytes: number, seed: number, era: 'structured' | 'printf' = 'structured'): string {
  const parts: string[] = [];
  generateKubeletLog({ sizeBytes, seed, era }, (c) => { parts.push(c); });
  return parts.join('');
}

/** What the model made of each event: its time, kind, pod, container and detail (not its line numbers). */
function story(t: Trace): string[] {
  const ev = t.events;
  const out: string[] = [];
  for (let i = 0; i < ev.count; i++) {
    const pod = ev.pod[i] >= 0 ? t.pods[ev.pod[i]] : undefined;
    out.push(`${ev.timeUs[i]} ${ev.kind[i]} ${pod ? `${pod.namespace}/${pod.name}` : '-'} ${str(t, ev.cid[i])} ${str(t, ev.text[i])}`);
  }
  return out;
}

const latin1 = new TextDecoder('latin1');
/** The trace with its raw text as one string (the chunks it was read in are not part of what was read). */
function comparable(t: Trace): unknown {
  return { ...t, raw: t.raw.map((r) => ({ text: latin1.decode(joinRaw(r)), lineStarts: r.lineStarts })) };
}

const header = newKlogHeader();
const startsRecord = (text: string, _after: string) => parseKlogHeaderAt(text, 0, header);

describe('hard-wrapped logs', () => {
  const log = generated(300 << 10, 11);
  const whole = analyzeText(log);

  it('reads a log cut at any width as the log itself', () => {
    for (const width of [60, 100, 137, 220]) {
      const cut = analyzeText(fold(log, width));
      expect(story(cut), `cut at ${width}`).toEqual(story(whole));
      expect(cut.pods.map((p) => p.name)).toEqual(whole.pods.map((p) => p.name));
      expect(cut.sources[0].lines.unrecognized).toBe(0);
      expect(cut.sources[0].diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(new RegExp(`^lines cut at ${width} characters`)));
    }
  });

  it('a cut that fell on a space an editor then trimmed (a line one short of the width) is joined with that space (longhorn/longhorn#3778)', () => {
    // Cut at 158 where one piece ended with the space before "bindMount": pasted, the piece lost it.
    const cut = fold(log, 158).split('\n').map((l) => (l.length === 158 && l.endsWith(' ') && !l.endsWith('  ') ? l.trimEnd() : l));
    const trimmed = cut.filter((l) => l.length === 157).length;
    expect(trimmed).toBeGreaterThan(10);
    const read = analyzeText(cut.join('\n'));
    expect(story(read)).toEqual(story(whole));
    expect(read.sources[0].lines.unrecognized).toBe(0);
    const a = analyzeText(readFileSync(join(FIXTURES, 'volume-op-failing-3.log'), 'utf8'), 'longhorn.log');
    expect(runDetectors(a).map((f) => f.title)).toEqual(['Volume UnmapVolume.UnmapBlockVolume failed for dd9cedeb-01dd-4a7b-afeb-57c8c1aed9e4 (disk-0): the unmount command fails']);
  });

  it('reads a log wrapped at spaces (fold -s) as the log itself', () => {
    for (const width of [80, 120]) {
      const wrapped = analyzeText(foldAtSpaces(log, width));
      expect(story(wrapped), `wrapped at ${width}`).toEqual(story(whole));
      expect(wrapped.sources[0].lines.unrecognized).toBe(0);
      expect(wrapped.sources[0].diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(/^lines wrapped at spaces/));
    }
    const journal = readFileSync(join(FIXTURES, 'probe-failures-1.log'), 'utf8');
    expect(runDetectors(analyzeText(foldAtSpaces(journal, 72), 'journal.log')).map((f) => f.id)).toContain('probe-failures');
  });

  it('gives the same trace whatever the chunk size', () => {
    const text = fold(generated(60 << 10, 12, 'printf'), 90);
    const reference = comparable(analyzeText(text, 'cut.log', { chunk: 1 << 20 }));
    for (const chunk of [7, 1000, 65_536]) expect(comparable(analyzeText(text, 'cut.log', { chunk })), `chunks of ${chunk}`).toEqual(reference);
  });

  it('finds what the log itself shows in a journal cut at 80 columns', () => {
    const journal = readFileSync(join(FIXTURES, 'probe-failures-1.log'), 'utf8');
    const cut = analyzeText(fold(journal, 80), 'journal.log');
    expect(cut.sources[0].lines.unrecognized).toBe(0);
    expect(runDetectors(cut).map((f) => f.id)).toEqual(runDetectors(analyzeText(journal, 'journal.log')).map((f) => f.id));
    expect(runDetectors(cut).map((f) => f.id)).toContain('probe-failures');
  });

  it('leaves a line exactly as long as the width alone when the next line starts a record', () => {
    const lines = generated(40 << 10, 13).trimEnd().split('\n');
    const cutText = fold(lines.join('\n'), 100);
    // A record of exactly 100 characters, not cut, between cut ones.
    const exact = 'I0315 10:02:03.123456    2891 kubelet.go:2400] "SyncLoop ADD" source="api" pods=["default/exact-"]';
    expect(exact.length).toBeLessThan(100);
    const name = `exact-${'x'.repeat(100 - exact.length)}`;
    const padded = exact.replace('exact-', name);
    expect(padded.length).toBe(100);
    const text = `${cutText}\n${padded}\n${fold(lines.slice(0, 20).join('\n'), 100)}\n`;
    const trace = analyzeText(text);
    expect(trace.pods.map((p) => p.name)).toContain(name);
    expect(trace.sources[0].lines.unrecognized).toBe(0);
  });

  it('does not take repeated longest lines, or long lines before multi-line values, for cut ones', () => {
    const repeated = Array.from({ length: 30 }, (_, k) => `I0315 10:02:${String(k).padStart(2, '0')}.000000    2891 prober.go:107] "Probe failed" probeType="Readiness" pod="default/web-0" output="connection refused"`);
    expect(HardWraps.cutOf([...repeated, 'I0315 10:03:00.000000    2891 kubelet.go:1] "short"'], startsRecord).width).toBe(0);
    const blocks = Array.from({ length: 10 }, () => [
      'I0315 10:02:03.000000    2891 kubelet_pods.go:1] "Pod status" pod="default/web-0" status=<',
      '\tphase: Running', '\tconditions: []', ' >',
    ]).flat();
    expect(HardWraps.cutOf(blocks, startsRecord).width).toBe(0);
    expect(HardWraps.cutOf(fold(repeated.join('\n'), 50).split('\n'), startsRecord)).toEqual({ width: 50, atSpaces: false });
    expect(HardWraps.cutOf(foldAtSpaces(repeated.join('\n'), 50).split('\n'), startsRecord)).toMatchObject({ atSpaces: true });
    // A document whose short lines end with markdown's line-breaking spaces is not wrapped text.
    const markdown = Array.from({ length: 20 }, (_, k) => [`Step ${k}: restart the kubelet  `, 'and watch the pod.', `${'x'.repeat(40 + k)} long line`]).flat();
    expect(HardWraps.cutOf(markdown, startsRecord).width).toBe(0);
    // Records with a trailing space followed by records: nothing wrapped.
    expect(HardWraps.cutOf(repeated.map((l) => `${l} `), startsRecord).width).toBe(0);
  });

  it('a terminal screen padded with spaces to its width: the unpadded rows of the width were cut and are joined, the padding dropped', () => {
    const W = 120;
    const pad = (l: string) => l.padEnd(W, ' ');
    const whole = (k: number) => pad(`I0315 10:02:0${k}.000000    2891 kubelet.go:1] "short ${k}"`);
    const long = (k: number) => `I0315 10:02:1${k}.000000    2891 remote_runtime.go:114] StopPodSandbox "sb${k}" from runtime service failed: rpc error: code = 2 desc = NetworkPlugin cni failed to teardown pod "web-${k}_default" network`;
    const rows = [whole(1), long(1).slice(0, W), pad(long(1).slice(W)), whole(2), long(2).slice(0, W), pad(long(2).slice(W)), whole(3)];
    expect(HardWraps.cutOf(rows, startsRecord)).toEqual({ width: W, atSpaces: false, padded: true });
    const trace = analyzeText(rows.join('\n') + '\n');
    expect(trace.sources[0].lines).toMatchObject({ klog: 5, continuation: 2, unrecognized: 0 });
    const texts = Array.from({ length: trace.events.count }, (_, e) => trace.strings[trace.events.text[e]] ?? '');
    expect(texts.filter((t) => t.includes('NetworkPlugin cni failed to teardown pod'))).toHaveLength(2);
    expect(texts.some((t) => t.endsWith(' '))).toBe(false);
  });

  it('a short excerpt with just two long lines of one width, each followed by the rest of it, is cut too (not two short ones)', () => {
    const long = (k: number) => `I0315 10:02:0${k}.000000    2891 kubelet_node_status.go:709] "Node became not ready" node="n1" condition={"type":"Ready","status":"False","reason":"KubeletNotReady","message":"container runtime network not ready: NetworkReady=false"}`;
    const two = [long(1), long(2)].flatMap((l) => [l.slice(0, 150), l.slice(150)]);
    expect(HardWraps.cutOf(['I0315 10:02:00.000000    2891 kubelet.go:1] "start"', ...two], startsRecord)).toEqual({ width: 150, atSpaces: false });
    // In a longer text two such lines are chance (a document's prose after two records of one length).
    const record = (k: number) => `I0315 10:02:0${k}.000000    2891 kubelet.go:1] "${'x'.repeat(140)}"`;
    const doc = Array.from({ length: 6 }, (_, k) => [`I0315 10:01:0${k}.000000    2891 kubelet.go:1] "short ${k}"`, 'prose']).flat();
    expect(HardWraps.cutOf([...doc, record(1), 'prose', record(2), 'more prose'], startsRecord).width).toBe(0);
    // Short lines of one length followed by prose are not cut lines.
    expect(HardWraps.cutOf(['I0315 10:02:03.000000 1 a.go:1] "x"', 'then this', 'I0315 10:02:04.000000 1 a.go:1] "y"', 'and that'], startsRecord).width).toBe(0);
  });

  it('the same long record quoted in markdown three times (one length, each followed by the next quoted record) is not cut (kubeflow/kubeflow#2698)', () => {
    const line = (s: string) => `> Mar 14 08:36:${s} minikube kubelet[3244]: E0314 08:36:${s}.517795    3244 pod_workers.go:190] Error syncing pod 4b4728cd-4620-11e9-9bf4-d409029b649b ("modeldb-backend-54f88cf869-xbnz4_kubeflow(4b4728cd-4620-11e9-9bf4-d409029b649b)"), skipping: failed to "StartContainer" for "modeldb-backend" with ImagePullBackOff: "Back-off pulling image \"mitdbg/modeldb-backend:kf0.4\""`;
    const trace = analyzeText(['43', '56', '59'].map(line).join('\n'));
    expect(trace.sources[0].lines).toMatchObject({ total: 3, klog: 3, continuation: 0 });
  });

  it('the width most cut lines share, when a few lines are a fence longer (kubernetes/kubernetes#22911 shape)', () => {
    const rec = (k: number) => `E0907 00:20:1${k}.615448    3457 kubelet.go:2275] Failed cleaning up orphaned pod directories: remove /var/lib/kubelet/pods/85e13d83-711e-11e6-9db3-42010af0003f/volumes/kubernetes.io~secret/token-${k}: device or resource busy`;
    const cut = [1, 2, 3, 4].flatMap((k) => [rec(k).slice(0, 112), rec(k).slice(112)]);
    cut[0] = '```' + cut[0];
    expect(HardWraps.cutOf(cut, startsRecord)).toEqual({ width: 112, atSpaces: false });
    // A line much longer than the shared width is no paster's prefix: not cut.
    expect(HardWraps.cutOf([...cut, `I0907 00:20:19.000001    3457 kubelet.go:1] "${'x'.repeat(200)}"`], startsRecord).width).toBe(0);
  });

  it('two cut lines in a longer excerpt, each going on in the middle of a token, are cut (kubernetes/kubernetes#137993 shape)', () => {
    const frames = Array.from({ length: 8 }, (_, k) => [`        k8s.io/kubernetes/pkg/kubelet/f${k}(0x1)`, `                k8s.io/kubernetes/pkg/kubelet/f${k}.go:${k + 10} +0x1`]).flat();
    // Cut inside `panicGoValue` (at 140, the key starts at 132), as the issue's paste was.
    const base = 'E0319 17:08:49.016993 4073428 panic.go:262] "Observed a panic" panic="';
    const head = `${base}${'r'.repeat(132 - base.length - 2)}" panicGoValue="x" stacktrace=<`;
    const second = '        k8s.io/kubernetes/pkg/kubelet/kuberuntime.(*kubeGenericRuntimeManager).doPodResizeAction(0xc000c4b380, {0x2bef9a8, 0xc000751160}, 0xc0012701';
    const lines = [head.slice(0, 140), head.slice(140), ...frames.slice(0, 6), second.slice(0, 140), second.slice(140) + ')', ...frames.slice(6)];
    expect(HardWraps.cutOf(lines, startsRecord)).toEqual({ width: 140, atSpaces: false });
  });

  it('lines chopped at a screen\'s edge (less -S) are told, not joined; one message repeated at one length is not (aws-quickstart/quickstart-amazon-eks#7 shape)', () => {
    const j = (t: string, rest: string) => `Feb 18 12:46:${t} ip-10-0-1-229.us-west-2.compute.internal kubelet[4015]: ${rest}`;
    const lines = [
      j('23', 'I0218 12:46:23.437247    4015 kubelet_node_status.go:79] Attempting to register node ip-10-0-1-229.us-west-2.compute.internal'),
      j('23', 'E0218 12:46:23.581741    4015 kubelet_node_status.go:103] Unable to register node "ip-10-0-1-229.us-west-2.compute.internal" with API server: Unauthorized'),
      j('23', 'E0218 12:46:23.581834    4015 reflector.go:205] k8s.io/kubernetes/pkg/kubelet/kubelet.go:455: Failed to list *v1.Service: Unauthorized'),
      j('23', 'E0218 12:46:23.593169    4015 reflector.go:205] k8s.io/kubernetes/pkg/kubelet/config/apiserver.go:47: Failed to list *v1.Pod: Unauthorized'),
      j('24', 'E0218 12:46:24.101010    4015 reflector.go:205] k8s.io/kubernetes/pkg/kubelet/kubelet.go:464: Failed to list *v1.Node: Unauthorized'),
    ].map((l) => l.slice(0, 180));
    const diags = (text: string) => analyzeText(text).sources[0].diagnostics.filter((d) => d.message.includes('chopped at a screen')).map((d) => d.message);
    expect(diags([...lines, 'lines 941-1001/1001 (END)'].join('\n'))).toEqual([
      '5 lines end at exactly 180 characters, each followed by a new line of the log: they were chopped at a screen\'s edge (`less -S`, a terminal that does not wrap), and what lay beyond it is not in the log — errors may be cut short',
    ]);
    // Each is read as the message it begins where enough of it is left: line 4 stops at ": Failed", which many begin with.
    expect(eventRows(analyzeText(lines.join('\n'))).map((r) => r.kind)).toEqual(['node.registering', 'node.register-failed', 'api.list-failed', 'unknown', 'api.list-failed']);
    // The same message four times, of one length: whole lines.
    const repeated = [1, 2, 3, 4].map((k) => j(`2${k}`, `E0218 12:46:2${k}.593169    4015 kubelet.go:2130] Container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized`));
    expect(diags(repeated.join('\n'))).toEqual([]);
  });

  it('a header that ends its line, its message hard-wrapped on the lines after it, is one record (a homelab notes file, kubelet 1.26)', () => {
    // An editor wrapped a pasted journal line at ~100 columns right after `pod_workers.go:965]`.
    const text = readFileSync(join(FIXTURES, '..', 'logs', 'header-then-wrapped-message.md'), 'utf8');
    const trace = analyzeText(text, 'notes.md');
    expect(trace.events.count).toBe(1);
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['notes.md:6+5 pw.sync-error']);
    expect(trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid}`)).toEqual(['kube-system/kube-apiserver-lexicon b003695d86b7fa8a74df14eff26934a5']);
    // The lines joined at the spaces they were wrapped at: the back-off and the container are read from the error.
    expect(str(trace, trace.events.text[0])).toContain('CrashLoopBackOff: "back-off 5m0s restarting failed container=kube-apiserver pod=kube-apiserver-lexicon');
    expect(trace.sources[0].lines).toMatchObject({ klog: 1, continuation: 4 });
  });

  it('the message after a header that ends its line: a printf one too; a blank line or the next record ends it', () => {
    const text = [
      'I0312 10:42:26.101676    2353 kubelet.go:1887]',
      'SyncLoop (ADD, "api"): "web-0_default(6b28ae97-0a9f-11e8-bf96-1c1b0deeddfa)"',
      '',
      'Some prose after the quote.',
      'I0312 10:42:27.000001    2353 kubelet.go:1887]',
      'SyncLoop (DELETE, "api"):',
      '"web-0_default(6b28ae97-0a9f-11e8-bf96-1c1b0deeddfa)"',
      'I0312 10:42:28.000001    2353 kubelet.go:1887] SyncLoop (REMOVE, "api"): "web-0_default(6b28ae97-0a9f-11e8-bf96-1c1b0deeddfa)"',
    ].join('\n');
    const trace = analyzeText(text, 'k.md');
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['k.md:1+2 syncloop.add', 'k.md:5+3 syncloop.delete', 'k.md:8 syncloop.remove']);
    // A header cut short (damaged) takes no line after it as its message.
    const cut = analyzeText('I0312 10:42:26.101676    2353 kubelet.go:18\nSyncLoop (ADD, "api"): "web-0_default(6b28ae97-0a9f-11e8-bf96-1c1b0deeddfa)"', 'c.log');
    expect(eventRows(cut).map((r) => `${r.where} ${r.kind}`)).toEqual(['c.log:1 unknown']);
  });

  it('one message repeated for three pods, of one length because their UIDs are, is not chopped at a screen\'s edge (kubernetes/kubernetes#109596)', () => {
    const text = readFileSync(join(FIXTURES, '..', 'logs', 'removal-not-terminated-static-pods.md'), 'utf8');
    const trace = analyzeText(text, 'issue.md');
    expect(trace.sources[0].diagnostics.filter((d) => d.message.includes('chopped'))).toEqual([]);
    expect(trace.events.count).toBe(3);
  });

  it('journal lines `systemctl status` shortened in their middle (`…r-master01"`) are said to be so, not chopped at a screen\'s edge (kubeadm upgrade notes, 1.22)', () => {
    const text = readFileSync(join(FIXTURES, '..', 'logs', 'systemctl-status-mid-ellipsis.md'), 'utf8');
    const diags = analyzeText(text, 'notes.md').sources[0].diagnostics.map((d) => d.message);
    expect(diags.filter((m) => m.includes('chopped'))).toEqual([]);
    expect(diags.filter((m) => m.includes('the ellipsis in its middle'))).toHaveLength(9);
    // Prose's "... " and a quoted "Waiting..." are no such cut.
    const prose = analyzeText(['\u25cf kubelet.service - kubelet', '     Active: active (running) since Fri 2022-02-25 18:06:42 CST; 1min ago',
      'Feb 25 18:06:44 master01 kubelet[4417]: I0225 18:06:44.793870    4417 kubelet.go:1701] "Waiting..." pod="kube-system/etcd-master01"'].join('\n'), 's.md');
    expect(prose.sources[0].diagnostics.filter((d) => d.message.includes('ellipsis'))).toEqual([]);
  });

  it('a structured record an editor wrapped at the space before a key (`podUID=…` alone on a line) keeps its pairs (kubernetes/kubernetes#134954)', () => {
    const text = readFileSync(join(FIXTURES, '..', 'logs', 'structured-wrapped-before-keys.md'), 'utf8');
    const trace = analyzeText(text, 'issue.md');
    expect(eventRows(trace)[0].where).toBe('issue.md:4+3');
    expect(trace.pods.map((p) => `${p.namespace}/${p.name} ${p.uid}`)).toEqual(['kube-apiserver/kube-apiserver-pod 50840762a90781c8d1322ebf15d60a08']);
  });
});


describe('a viewer\'s indentation of wrapped rows (wrap-gutter.ts)', () => {
  const row = 70;
  // Rows of `row` characters, each after the first indented by 4 spaces, joined back into one line.
  const wrapped = (text: string) => {
    const rows = [text.slice(0, row)];
    for (let at = row; at < text.length; at += row) rows.push(text.slice(at, at + row));
    return rows.join('    ');
  };
  const lines = [0, 1, 2, 3].map((k) => `Mar 15 10:02:0${k} node-1 kubelet[2891]: E0315 10:02:0${k}.000001    2891 status_manager.go:667] "Failed to get status for pod" podUID=5f1c2d3e-0000-4000-8000-00000000aa0${k} pod="default/web-${k}" err="connection refused"`);

  it('is found at the same place in the first lines and taken out of every line, one row after another', () => {
    const g = findGutter(lines.map(wrapped));
    expect(g).toEqual({ at: row, spaces: 4, periodChars: row + 4 });
    for (const l of lines) expect(withoutGutter(wrapped(l), g!)).toBe(l);
  });

  it('a column of the log itself (a klog header\'s padded pid at one place in every line) is none', () => {
    expect(findGutter(lines)).toBeUndefined();
  });

  it('analyzing such a paste reads the pods whole', () => {
    const trace = analyzeText(lines.map(wrapped).join('\n'));
    expect(trace.pods.map((p) => p.uid).sort()).toEqual(lines.map((_, k) => `5f1c2d3e-0000-4000-8000-00000000aa0${k}`));
  });
});

describe('records glued after a terminal\'s padding (glued-records.ts)', () => {
  const rec = (k: number) => `I0419 20:${String(k).padStart(2, '0')}:00.000001   13942 kubelet.go:2470] "SyncLoop ADD" source="api" pods=["default/web-${k}"]`;
  const pad = (text: string) => text.padEnd(220, ' ');

  it('are read as records of their own, past the first lines and the fast path too, on the physical line they share', () => {
    const before = Array.from({ length: 150 }, (_, k) => rec(Math.floor(k / 4)));
    const glued = pad(rec(50)) + pad(rec(51)) + pad(rec(52));
    // (As bytes, the way a file is read: the fast path takes bare klog lines only from bytes.)
    const trace = analyzeText(new TextEncoder().encode([...before, glued, rec(53)].join('\n')));
    const rows = eventRows(trace).filter((r) => /web-5[0-3]/.test(r.pod));
    expect(rows.map((r) => `${r.pod} ${r.where.split(':')[1]}`)).toEqual(['default/web-50 151', 'default/web-51 151', 'default/web-52 151', 'default/web-53 152']);
    expect(trace.sources[0].lines).toMatchObject({ total: 152, klog: 154 });
    expect(trace.sources[0].diagnostics.map((d) => d.message).join('\n')).toContain('records run together on one line');
  });

  it('journal lines are cut only before a record of the same wrapper', () => {
    const j = (k: number) => `Sep 07 13:23:0${k} ip-10-0-0-1 kubelet[1668]: I0907 13:23:0${k}.475528    1668 kubelet.go:1] "SyncLoop ADD" source="api" pods=["default/db-${k}"]`;
    const { records } = readRecords(`${pad(j(1))}${pad(j(2))}\n${j(3)}\n`);
    expect(records.map((r) => r.line)).toEqual([1, 1, 2]);
    expect(records[0].text.endsWith('"]')).toBe(true);
  });

  it('the line\'s own indentation, a run before prose, and a klog header after other words are no glued record', () => {
    const indented = `          ${rec(1)}`;
    const prose = `${rec(2)}          and then it stopped`;
    const later = `${rec(3)}          see I0419 20:35:13.000001   13942 kubelet.go:1] "x"`;
    const { records, diagnostics } = readRecords([indented, prose, later].join('\n'));
    expect(records).toHaveLength(3);
    expect(diagnostics.join('\n')).not.toContain('run together');
  });
});

describe('a cut width with a longer line pasted from another copy', () => {
  it('many lines of one width, each followed by the rest of a line, are cut there even beside a longer unwrapped record (kubernetes/kubernetes#60827)', () => {
    const long = `Feb 28 20:07:05 aks-1 docker[1886]: I0228 20:07:05.188492    1979 server.go:794] GET /stats/summary/: (127.346101ms) 200 [[Go-http-client/1.1] 10.0.0.1:52012] ${'x'.repeat(40)}`;
    const record = `Feb 28 20:07:11 aks-1 docker[1886]: E0228 20:07:11.578479    1979 kubelet_node_status.go:357] Error updating node status, will retry: failed to patch status "${'{\\"status\\":{}}'.repeat(30)}" for node "aks-1": net/http: request canceled (Client.Timeout exceeded while awaiting headers)`;
    const width = 120;
    const pieces: string[] = [];
    for (let at = 0; at < record.length; at += width) pieces.push(record.slice(at, at + width));
    expect(pieces.length).toBeGreaterThan(5);
    const trace = analyzeText(['```', long, ...pieces, '```'].join('\n'));
    const rows = eventRows(trace);
    expect(rows.map((r) => r.kind)).toEqual(['unknown', 'node.status-error']);
    expect(trace.sources[0].diagnostics.map((d) => d.message).join('\n')).toContain(`lines cut at ${width} characters`);
  });
});

describe('a line a terminal wrapped once, inside a word', () => {
  const orphaned = 'E0416 19:44:35.803861    2391 kubelet_volumes.go:154] Orphaned pod "017aa18b-44cb-11e9-84a1-eeeeeeeeeeee" found, but volume paths are still present on disk : There were a total of 155 errors similar to th';
  const housekeeping = 'I0416 19:44:37.000001    2391 kubelet.go:1] SyncLoop (housekeeping)';

  it('joins the rest of the word back with nothing between, too few rows for a width to show', () => {
    const { records, diagnostics } = readRecords(['```', orphaned, 'is. Turn up verbosity to see them.', '```'].join('\n'));
    expect(records).toHaveLength(1);
    expect(records[0].text.endsWith('similar to this. Turn up verbosity to see them.')).toBe(true);
    expect(records[0].lineCount).toBe(2);
    expect(diagnostics).toContain('0 info: lines a terminal wrapped inside a word were joined back: 1 wrapped line');
  });

  it('joins a second row the same way, and goes on with the next record', () => {
    const row1 = 'E0504 21:40:11.784575     896 kubelet.go:1635] Unable to mount volumes for pod "busy-pod_default(6fc9a468-4fe3-11e8-9052-4ed61f7ca20e)": timeout expired fo';
    const { records } = readRecords([row1, 'r the volumes of pod "default"/"busy-pod" to attach or mount; list of unmounted volumes=[vol1]. list of unattached vo', 'lumes=[vol1]; skipping pod', housekeeping].join('\n'));
    expect(records.map((r) => r.lineCount)).toEqual([3, 1]);
    expect(records[0].text).toContain('timeout expired for the volumes');
    expect(records[0].text.endsWith('list of unattached volumes=[vol1]; skipping pod')).toBe(true);
  });

  it('leaves a prompt, a pager\'s status line, prose, a short line\'s follower and a line after another program\'s alone', () => {
    for (const next of ['root@node-1:~# journalctl -u kubelet', 'lines 963-1001/1001 (END)', 'and then it stopped working.', 'Then it stopped.', '..May 16 18:02:45 node-1 kubelet: x', 'more prose']) {
      const { records } = readRecords([orphaned, next].join('\n'));
      expect(records[0].lineCount, next).toBe(1);
    }
    // A row too short to be a screen's width ends where the line ended.
    expect(readRecords([housekeeping + ' pod', 'is gone'].join('\n')).records[0].lineCount).toBe(1);
    // Not the line right after the record's row.
    const j = (rest: string) => `Apr 16 19:44:35 node-1 ${rest}`;
    const { records } = readRecords([j(`kubelet[2391]: ${orphaned}`), j('containerd[3039]: time="2019-04-16T19:44:35Z" level=info msg="x"'), 'is. Turn up verbosity to see them.'].join('\n'));
    expect(records[0].lineCount).toBe(1);
  });
});
