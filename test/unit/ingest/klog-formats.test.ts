/**
 * klog text of both eras, with and without --add-dir-header, glog file headers, and the continuation lines a record
 * can have (multi-line values, panics, lines a web page wrapped). Expectations are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { analyze, callers, countedLines, eventRows, readRecords } from './ingest-helpers.ts';
import { Era } from '../../../src/ingest/record.ts';
import { seedText } from '../../helpers.ts';
import { printedMessage } from '../../../src/model/trace-query.ts';

const UID = '5f1c2d3e-0000-4000-8000-00000000aa01';

describe('klog printf era (≤1.20)', () => {
  const text = [
    'I0312 10:42:26.101676 2353235 kubelet.go:1887] SyncLoop (ADD, "api"): "web-0_default(9c048a53-53b2-11ea-b6ae-6c92bf85be08)"',
    'I0312 10:42:26.200000 2353235 kuberuntime_container.go:559] Killing container "docker://8a61fda8d43e" with 30 second grace period',
    'W0312 10:42:27.101676 2353235 kubelet.go:1903] SyncLoop (DELETE, "api"): "web-0_default(9c048a53-53b2-11ea-b6ae-6c92bf85be08)"',
    'E0312 10:42:28.000001 2353235 kubelet.go:1897] SyncLoop (REMOVE, "api"): "web-0_default(9c048a53-53b2-11ea-b6ae-6c92bf85be08)"',
    '',
  ].join('\n');

  it('reads severity, time with microseconds, pid, caller and the catalog kind of each line', () => {
    const trace = analyze({ name: 'kubelet.log', data: text });
    const src = trace.sources[0];
    expect(src.format).toBe('klog');
    expect(src.lines).toEqual({ total: 4, klog: 4, continuation: 0, unrecognized: 0, blank: 0 });
    expect(src.eras).toEqual({ printf: 4, structured: 0, json: 0 });
    // The pod's UID is a version-1 UUID made on 2020-02-20: the first 12 March after it.
    expect(src.year).toEqual({ value: 2020, how: 'pod-uid' });
    expect(eventRows(trace)).toEqual([
      { at: '2020-03-12 10:42:26.101676', where: 'kubelet.log:1', sev: 'I', node: 'node', kind: 'syncloop.add', pod: 'default/web-0' },
      { at: '2020-03-12 10:42:26.200000', where: 'kubelet.log:2', sev: 'I', node: 'node', kind: 'runtime.kill', pod: '' },
      { at: '2020-03-12 10:42:27.101676', where: 'kubelet.log:3', sev: 'W', node: 'node', kind: 'syncloop.delete', pod: 'default/web-0' },
      { at: '2020-03-12 10:42:28.000001', where: 'kubelet.log:4', sev: 'E', node: 'node', kind: 'syncloop.remove', pod: 'default/web-0' },
    ]);
    const { records } = readRecords(text);
    expect(callers(records)).toEqual(['kubelet.go:1887', 'kuberuntime_container.go:559', 'kubelet.go:1903', 'kubelet.go:1897']);
    expect(records.map((r) => r.pid)).toEqual([2353235, 2353235, 2353235, 2353235]);
    expect(records.every((r) => r.era === Era.Printf)).toBe(true);
  });
});

describe('a glog build that spells the severity out', () => {
  it('reads INFO:/WARNING:/ERROR: headers as I/W/E (k8s#56996\'s journal); a word not followed by the date is no header', () => {
    const text = [
      `12月 11 11:42:07 slave-188 kubelet[9486]: INFO:1211 11:42:07.972324    9486 kuberuntime_manager.go:384] No ready sandbox for pod "etcd-0_admin(${UID})" can be found. Need to start a new one`,
      `WARNING:1211 11:42:08.000001    9486 kubelet.go:1903] SyncLoop (DELETE, "api"): "etcd-0_admin(${UID})"`,
      `ERROR:1211 11:42:09.000002    9486 kubelet.go:1897] SyncLoop (REMOVE, "api"): "etcd-0_admin(${UID})"`,
      'INFO: the kubelet was restarted here',
    ].join('\n');
    const { records } = readRecords(text);
    expect(records.map((r) => [r.severity, callers([r])[0]])).toEqual([[0, 'kuberuntime_manager.go:384'], [1, 'kubelet.go:1903'], [2, 'kubelet.go:1897']]);
    const trace = analyze({ name: 'k.log', data: text }, { year: 2017 });
    const rows = eventRows(trace);
    expect(rows.map((r) => [r.sev, r.kind, r.pod])).toEqual([['I', 'runtime.sandbox-changed', 'admin/etcd-0'], ['W', 'syncloop.delete', 'admin/etcd-0'], ['E', 'syncloop.remove', 'admin/etcd-0']]);
    // The message as printed leaves the spelled-out header behind, as it does a one-letter one.
    expect(printedMessage(trace, 0)).toMatch(/^No ready sandbox for pod "etcd-0_admin\(/);
  });
});

describe('klog structured era (1.21+)', () => {
  const text = [
    `I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`,
    `E0315 10:02:04.000001    2891 pod_workers.go:1300] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" with CrashLoopBackOff: \\"back-off 10s restarting failed container=app pod=web-0_default(${UID})\\"" pod="default/web-0" podUID="${UID}"`,
    `W0315 10:02:04.500000    2891 kubelet.go:2290] "Housekeeping took longer than expected" expected="1s" actual="1.5s"`,
    `I0315 10:02:05.100003    2891 status_manager.go:883] "Patch status for pod" pod="default/web-0" podUID="${UID}" patch=<`,
    '\t{',
    `\t\t"metadata": {"uid": "${UID}"},`,
    '', // a value line whose TAB an editor trimmed away
    '\t\t"status": {"phase": "Running"}',
    '\t}',
    ' >',
    `I0315 10:02:06.000004    2891 kubelet.go:2415] "SyncLoop REMOVE" source="api" pods=["default/web-0"]`,
  ].join('\n');

  it('reads quoted values with escapes, err first, and a multi-line value with its closing " >"', () => {
    const trace = analyze({ name: 'kubelet.log', data: text });
    const src = trace.sources[0];
    expect(src.format).toBe('klog');
    expect(src.lines).toEqual({ total: 11, klog: 5, continuation: 6, unrecognized: 0, blank: 0 });
    expect(src.eras).toEqual({ printf: 0, structured: 5, json: 0 });
    expect(eventRows(trace)).toEqual([
      { at: '2024-03-15 10:02:03.123456', where: 'kubelet.log:1', sev: 'I', node: 'node', kind: 'syncloop.add', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:04.000001', where: 'kubelet.log:2', sev: 'E', node: 'node', kind: 'pw.sync-error', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:04.500000', where: 'kubelet.log:3', sev: 'W', node: 'node', kind: 'housekeeping.slow', pod: '' },
      { at: '2024-03-15 10:02:05.100003', where: 'kubelet.log:4+7', sev: 'I', node: 'node', kind: 'status.patch', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:06.000004', where: 'kubelet.log:11', sev: 'I', node: 'node', kind: 'syncloop.remove', pod: 'default/web-0' },
    ]);
    // The error text was unescaped by the catalog: the escaped quotes inside err= did not end the value.
    const err = trace.events.text[1];
    expect(trace.strings[err]).toBe(`failed to "StartContainer" for "app" with CrashLoopBackOff: "back-off 10s restarting failed container=app pod=web-0_default(${UID})"`);
    const { records } = readRecords(text);
    expect(records[3].text.endsWith('\t}\n >')).toBe(true);
    expect(records[3].text).toContain('\t\t"status": {"phase": "Running"}');
  });

  it('reads the --add-dir-header caller path and classifies the line the same way', () => {
    const plain = `I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`;
    const withDir = `I0315 10:02:03.123456    2891 kubelet/kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`;
    expect(callers(readRecords(withDir).records)).toEqual(['kubelet/kubelet.go:2389']);
    const a = eventRows(analyze({ name: 'a.log', data: plain }));
    const b = eventRows(analyze({ name: 'a.log', data: withDir }));
    expect(b).toEqual(a);
    expect(b[0].kind).toBe('syncloop.add');
  });
});

describe('glog/klog log files (--log-dir)', () => {
  const text = [
    'Log file created at: 2023/09/19 11:11:00',
    'Running on machine: worker-7',
    'Binary: Built with gc go1.17.13 for linux/amd64',
    'Log line format: [IWEF]mmdd hh:mm:ss.uuuuuu threadid file:line] msg',
    'I0919 11:11:20.322601  190330 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[default/nginx-deployment-bd4476b48-fpgvc]',
    'I0919 11:11:20.322631  190330 pod_workers.go:625] "Pod is marked for graceful deletion, begin teardown" pod="default/nginx-deployment-bd4476b48-fpgvc" podUID=95d6b80b-77f5-4218-824e-69eec4998c22',
  ].join('\n');

  it('takes the year from "Log file created at" and the node from "Running on machine"', () => {
    const trace = analyze({ name: 'kubelet.INFO', data: text }, { year: 2030 });
    const src = trace.sources[0];
    expect(src.format).toBe('klog');
    expect(src.node).toBe('worker-7');
    expect(src.year).toEqual({ value: 2023, how: 'file-header' });
    expect(src.lines).toEqual({ total: 6, klog: 2, continuation: 0, unrecognized: 4, blank: 0 });
    expect(eventRows(trace)).toEqual([
      { at: '2023-09-19 11:11:20.322601', where: 'kubelet.INFO:5', sev: 'I', node: 'worker-7', kind: 'syncloop.delete', pod: 'default/nginx-deployment-bd4476b48-fpgvc' },
      { at: '2023-09-19 11:11:20.322631', where: 'kubelet.INFO:6', sev: 'I', node: 'worker-7', kind: 'pw.teardown-deleted', pod: 'default/nginx-deployment-bd4476b48-fpgvc' },
    ]);
    // The four header lines are known, not garbage: no "not a kubelet log line" diagnostics.
    expect(src.diagnostics).toEqual([]);
  });

  it('takes the node from a glog file name when the header is gone (rotated or cut)', () => {
    const trace = analyze({ name: 'logs/kubelet.ip-10-0-1-7.ec2.internal.root.log.INFO.20230919-111100.190330', data: text.split('\n').slice(4).join('\n') });
    expect(trace.sources[0].node).toBe('ip-10-0-1-7.ec2.internal');
    expect(eventRows(trace).map((r) => r.node)).toEqual(['ip-10-0-1-7.ec2.internal', 'ip-10-0-1-7.ec2.internal']);
  });
});

describe('continuation lines', () => {
  it('reads a panic nothing recovered as a record of its own (node.crash) with its whole dump, blank lines inside', () => {
    const text = [
      `I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`,
      `I0315 10:02:03.200000    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]`,
      'panic: runtime error: invalid memory address or nil pointer dereference',
      '[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1f7c3a2]',
      '',
      'goroutine 412 [running]:',
      'k8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncLoopIteration(0xc000a2c000, {0x5b2a6c0, 0xc0001a6000})',
      '\tvendor/k8s.io/kubernetes/pkg/kubelet/kubelet.go:2405 +0x1c5',
      '',
      'goroutine 1 [chan receive, 12 minutes]:',
      'main.main()',
      '\tcmd/kubelet/kubelet.go:41 +0x9e',
      `I0315 10:02:09.000001    3017 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-1"]`,
    ].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    expect(trace.sources[0].lines).toEqual({ total: 13, klog: 3, continuation: 8, unrecognized: 0, blank: 2 });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind} ${r.pod}`)).toEqual([
      'k.log:1 syncloop.add default/web-0',
      // The DELETE before it keeps its one line: the crash is the process dying, not part of that line.
      'k.log:2 syncloop.delete default/web-0',
      'k.log:3+10 node.crash ',
      'k.log:13 syncloop.add default/web-1',
    ]);
  });

  it('ends a pasted dump at the prose that follows it', () => {
    const text = [
      'I0312 10:42:26.201676 2353235 kubelet.go:1903] SyncLoop (DELETE, "api"): "web-0_default(9c048a53-53b2-11ea-b6ae-6c92bf85be08)"',
      'panic: runtime error: index out of range [3] with length 3',
      '',
      'goroutine 201 [running]:',
      'k8s.io/kubernetes/pkg/kubelet/prober.(*worker).doProbe(0xc00091e000)',
      '\t/workspace/src/k8s.io/kubernetes/pkg/kubelet/prober/worker.go:233 +0x7c8',
      'created by k8s.io/kubernetes/pkg/kubelet/prober.(*manager).AddPod',
      '',
      'After this the kubelet restarted (see below).',
    ].join('\n');
    const trace = analyze({ name: 'k.md', data: text });
    expect(trace.sources[0].lines).toEqual({ total: 9, klog: 1, continuation: 5, unrecognized: 1, blank: 2 });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['k.md:1 syncloop.delete', 'k.md:2+6 node.crash']);
  });

  it('joins a line a web page hard-wrapped inside a quoted value (seed 004, "KillContainerE" / "rror:")', () => {
    const lines = seedText('004').split('\n');
    const at = lines.findIndex((l) => l.endsWith('with KillContainerE'));
    expect(at).toBeGreaterThan(0);
    const excerpt = lines.slice(at - 1, at + 5).join('\n');
    const trace = analyze({ name: 'seed-004-excerpt.txt', data: excerpt });
    expect(eventRows(trace).map((r) => `${r.where} ${r.sev} ${r.kind} ${r.pod}`)).toEqual([
      'seed-004-excerpt.txt:1 I sync.terminating-exit default/nginx-deployment-bd4476b48-fpgvc',
      'seed-004-excerpt.txt:2+3 E pw.sync-error default/nginx-deployment-bd4476b48-fpgvc',
      'seed-004-excerpt.txt:5+2 I pw.work-done default/nginx-deployment-bd4476b48-fpgvc',
    ]);
    const { records } = readRecords(excerpt);
    expect(records[1].text).toContain('with KillContainerError: \\"rpc error');
    expect(records[1].text).toContain('with KillPodSandboxError: \\"rpc error');
    // "…podUID=95d6b80b-77f5-4" + "218-824e-…": the uid is whole again.
    expect(records[2].text).toContain('podUID=95d6b80b-77f5-4218-824e-69eec4998c22 updateType=1');
  });

  it('takes the journal entries a message printed with newlines became (same identifier and second, no header) for its rest', () => {
    const j = (t: string, rest: string) => `Dec 15 07:48:${t} ip-10-11-54-66 kubelet[846]: ${rest}`;
    const text = [
      j('43', 'E1215 07:48:43.850951     846 nestedpendingoperations.go:262] Operation for "vol-1" failed. No retries permitted until 2016-12-15 07:48:44.350951 (durationBeforeRetry 500ms). Error: UnmountVolume.TearDown failed for volume "vol-1". Unmount failed: exit status 32'),
      j('43', 'Unmounting arguments: /var/lib/kubelet/pods/878056da/volumes/kubernetes.io~aws-ebs/pvc-1'),
      j('43', 'Output: umount: /var/lib/kubelet/pods/878056da/volumes/kubernetes.io~aws-ebs/pvc-1: not mounted'),
      j('45', 'a line of the next second is not its rest'),
    ].join('\n');
    const { records } = readRecords(text);
    expect(records).toHaveLength(1);
    expect(records[0].text).toContain('\nOutput: umount:');
    expect(records[0].text).not.toContain('next second');
    expect(analyze({ name: 'j.log', data: text }).sources[0].lines).toMatchObject({ klog: 1, continuation: 2 });
  });

  it('warns that a journal line below a pasted systemctl status was shortened where it ends in an ellipsis, and drops the ellipsis', () => {
    const text = ['   Active: active (running) since Wed 2019-02-27 16:00:00 CST; 1h ago', ' Main PID: 21899 (kubelet)', '',
      'Feb 27 17:08:22 node-1 kubelet[21899]: E0227 17:08:22.931371   21899 pod_workers.go:190] Error syncing pod 3836dc03...'].join('\n');
    const trace = analyze({ name: 'status.txt', data: text });
    expect(trace.sources[0].diagnostics.map((d) => [d.line, d.message.startsWith('the record is cut where `systemctl status` shortened it')])).toContainEqual([4, true]);
    const { records } = readRecords(text);
    expect(records[0].text.endsWith('...')).toBe(false);
  });

  it('does not take a logrus line of the same journal (k3s) for the tail of the structured record before it', () => {
    const j = (t: string, rest: string) => `Oct 12 08:03:${t} node-1 k3s[1995]: ${rest}`;
    const text = [
      j('10', 'E1012 08:03:10.890393  1995 kubelet.go:2424] "Error getting node" err="node \\"node-1\\" not found"'),
      j('10', 'time="2022-10-12T08:03:10+01:00" level=info msg="Applying CRD helmcharts.helm.cattle.io"'),
      j('10', 'I1012 08:03:10.926837  1995 kubelet_node_status.go:73] "Successfully registered node" node="node-1"'),
      j('11', 'E1012 08:03:11.071200  1995 kubelet.go:2010] "Skipping pod synchronization" err="container runtime status check may not have completed yet"'),
      j('11', 'ts=2022-10-12T08:03:11.2Z level=warn msg="logfmt from another program"'),
    ].join('\n');
    const trace = analyze({ name: 'k3s.log', data: text });
    expect(trace.sources[0].lines).toEqual({ total: 5, klog: 3, continuation: 0, unrecognized: 2, blank: 0 });
    const { records } = readRecords(text);
    expect(records.map((r) => r.text.includes('level=') || r.text.includes('Applying CRD'))).toEqual([false, false, false]);
  });

  it('reads the kubelet lines k0s wraps in logfmt records (msg= holds the line, component= the program), bare or in a journal', () => {
    // Go-quoted as logrus quotes msg=: quotes and backslashes escaped.
    const q = (line: string) => JSON.stringify(line);
    const rec = (t: string, component: string, line: string) => `time="2023-06-19 14:32:${t}" level=info msg=${q(line)} component=${component} stream=stderr`;
    const lines = [
      rec('03', 'containerd', 'time="2023-06-19T14:32:03.177330253Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0} failed"'),
      rec('03', 'kubelet', 'E0619 14:32:03.177531     117 kuberuntime_sandbox.go:72] "Failed to create sandbox for pod" err="rpc error: code = Unknown desc = failed to create containerd task" pod="default/web-0"'),
      rec('04', 'kubelet', `I0619 14:32:04.000001     117 kubelet.go:2441] "SyncLoop ADD" source="api" pods=["default/web-1"]`),
      // An ordinary logrus line of another program (no component=, no kubelet line inside) stays what it is.
      'time="2023-06-19T14:32:05Z" level=info msg="Starting k0s worker"',
    ];
    const trace = analyze({ name: 'k0s.log', data: lines.join('\n') });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-logfmt');
    expect(src.lines).toEqual({ total: 4, klog: 2, continuation: 0, unrecognized: 2, blank: 0 });
    expect(eventRows(trace).map((r) => `${r.at} ${r.kind} ${r.pod}`)).toEqual([
      '2023-06-19 14:32:03.177531 runtime.sandbox-create-failed default/web-0',
      '2023-06-19 14:32:04.000001 syncloop.add default/web-1',
    ]);
    // The event text is the kubelet's, unquoted once.
    expect(trace.strings[trace.events.text[0]]).toContain('rpc error: code = Unknown');
    // k0s under systemd: the journal line's host is the node.
    const journal = lines.slice(1, 3).map((l) => `Jun 19 14:32:03 worker-1 k0s[811]: ${l}`).join('\n');
    const j = analyze({ name: 'journal.txt', data: journal });
    expect(j.sources[0].node).toBe('worker-1');
    expect(eventRows(j).map((r) => `${r.at} ${r.kind}`)).toEqual([
      '2023-06-19 14:32:03.177531 runtime.sandbox-create-failed',
      '2023-06-19 14:32:04.000001 syncloop.add',
    ]);
  });

  it('keeps the lines of a multi-line value whose TABs a paste turned into spaces (a structured panic\'s stacktrace=<)', () => {
    const j = (rest: string) => `Jan 06 15:04:03 debian microk8s.daemon-kubelite[28396]: ${rest}`;
    const text = [
      j('E0106 15:04:03.816753   28396 runtime.go:142] "Observed a panic" panic="runtime error: invalid memory address or nil pointer dereference" stacktrace=<'),
      j('        goroutine 7576 [running]:'),
      j('        k8s.io/apimachinery/pkg/util/runtime.logPanic({0x4844c58, 0x6aaf6e0}, {0x3937500, 0x6a29d20})'),
      j('                k8s.io/apimachinery/pkg/util/runtime/runtime.go:132 +0xbc'),
      j(' >'),
      j('I0106 15:04:04.000001   28396 kubelet.go:2441] "SyncLoop ADD" source="api" pods=["default/web-0"]'),
    ].join('\n');
    const trace = analyze({ name: 'kubelite.log', data: text });
    expect(trace.sources[0].lines).toEqual({ total: 6, klog: 2, continuation: 4, unrecognized: 0, blank: 0 });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['kubelite.log:1+5 node.panic', 'kubelite.log:6 syncloop.add']);
  });

  it('joins the indented continuation of a wrapped printf line (seed 003, "of pod …")', () => {
    const lines = seedText('003').split('\n');
    const at = lines.findIndex((l) => l.trim().startsWith('of pod prometheus-node-exporter-l7vzz'));
    expect(at).toBeGreaterThan(0);
    const excerpt = lines.slice(at - 1, at + 2).join('\n');
    const trace = analyze({ name: 'seed-003-excerpt.txt', data: excerpt });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind} ${r.pod}`)).toEqual([
      'seed-003-excerpt.txt:1+3 runtime.kill-decision monitoring/prometheus-node-exporter-l7vzz',
    ]);
    const src = trace.sources[0];
    expect(src.lines).toEqual({ total: 3, klog: 1, continuation: 2, unrecognized: 0, blank: 0 });
    expect(countedLines(src)).toBe(src.lines.total);
  });
});
