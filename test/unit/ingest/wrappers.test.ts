/**
 * Lines wrapped by other tools: CRI container logs (with partial lines), talosctl node prefixes, CI timestamps,
 * kubectl/minikube section headers, and excerpts pasted into a document. Expectations are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { analyze, countedLines, eventRows, fixture, readRecords } from './ingest-helpers.ts';

const UID = '5f1c2d3e-0000-4000-8000-00000000aa01';

describe('CRI container log (kubelet in a container)', () => {
  const text = [
    '2024-03-15T10:02:03.123456789Z stderr F I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]',
    '2024-03-15T10:02:04.000001000Z stderr P E0315 10:02:04.000001    2891 pod_workers.go:1300] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" with CrashLo',
    '2024-03-15T10:02:04.000002000Z stdout F I0315 10:02:04.000002    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]',
    '2024-03-15T10:02:04.000003000Z stderr P opBackOff: \\"back-off 10s restarting failed container=app pod=web-0_default(' + UID + ')\\"" pod="defa',
    '2024-03-15T10:02:04.000004000Z stderr F ult/web-0" podUID="' + UID + '"',
    '2024-03-15T10:02:05.000001000Z stderr F I0315 10:02:05.000001    2891 kubelet.go:2415] "SyncLoop REMOVE" source="api" pods=["default/web-0"]',
  ].join('\n');

  it('strips the prefix, takes the year from it, and joins partial (P) lines with the rest of their stream', () => {
    const trace = analyze({ name: 'kubelet-abc_kube-system_kubelet-0.log', data: text }, { year: 2019 });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-cri');
    expect(src.year).toEqual({ value: 2024, how: 'wrapper' });
    expect(src.lines).toEqual({ total: 6, klog: 4, continuation: 2, unrecognized: 0, blank: 0 });
    expect(src.eras).toEqual({ printf: 0, structured: 4, json: 0 });
    expect(eventRows(trace)).toEqual([
      { at: '2024-03-15 10:02:03.123456', where: 'kubelet-abc_kube-system_kubelet-0.log:1', sev: 'I', node: 'node', kind: 'syncloop.add', pod: 'default/web-0' },
      // Lines 2, 4 and 5 (stderr) make one record; line 3 (stdout) sits between them.
      { at: '2024-03-15 10:02:04.000001', where: 'kubelet-abc_kube-system_kubelet-0.log:2+4', sev: 'E', node: 'node', kind: 'pw.sync-error', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:04.000002', where: 'kubelet-abc_kube-system_kubelet-0.log:3', sev: 'I', node: 'node', kind: 'syncloop.delete', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:05.000001', where: 'kubelet-abc_kube-system_kubelet-0.log:6', sev: 'I', node: 'node', kind: 'syncloop.remove', pod: 'default/web-0' },
    ]);
    const { records } = readRecords(text);
    const joined = records.find((r) => r.line === 2)!;
    expect(joined.text).toContain('with CrashLoopBackOff: \\"back-off 10s');
    expect(joined.text.endsWith(`pod="default/web-0" podUID="${UID}"`)).toBe(true);
  });

  it('reads a partial line that the file ends before completing', () => {
    const cut = text.split('\n').slice(0, 2).join('\n');
    const trace = analyze({ name: 'cri.log', data: cut });
    expect(eventRows(trace).map((r) => `${r.where} ${r.sev} ${r.kind}`)).toEqual(['cri.log:1 I syncloop.add', 'cri.log:2 E pw.sync-error']);
    expect(countedLines(trace.sources[0])).toBe(2);
  });
});

describe('JSON logging in a CRI log file', () => {
  it('strips the CRI prefix from JSON lines too', () => {
    const text = '2024-03-15T10:02:03.123456789Z stderr F {"ts":1710496923123.456,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[{"name":"web-0","namespace":"default"}]}';
    const trace = analyze({ name: 'cri.log', data: text });
    expect(trace.sources[0].format).toBe('json');
    expect(trace.sources[0].eras).toEqual({ printf: 0, structured: 0, json: 1 });
    expect(eventRows(trace).map((r) => `${r.at} ${r.kind} ${r.pod}`)).toEqual(['2024-03-15 10:02:03.123456 syncloop.add default/web-0']);
  });
});

describe('several nodes in one file', () => {
  it('journal lines with the day padded, unpadded or two digits each carry their own host', () => {
    const line = (date: string, host: string, sec: string) => `${date} 19:41:${sec} ${host} kubelet[7402]: I0602 19:41:${sec}.214662    7402 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`;
    const trace = analyze({ name: 'j.log', data: [line('Jun  2', 'node-a', '48'), line('Jun 2', 'node-b', '49'), line('Jun 02', 'node-c', '50')].join('\n') });
    expect(eventRows(trace).map((r) => `${r.at.slice(5)} ${r.node}`)).toEqual(['06-02 19:41:48.214662 node-a', '06-02 19:41:49.214662 node-b', '06-02 19:41:50.214662 node-c']);
  });

  it('a remote syslog template\'s "<time> <host> [<severity>] [<program>]" gives host and program; severities alone are no program', () => {
    const line = (host: string, tags: string) => `2017-12-18T22:36:59.048Z ${host} ${tags} I1218 22:36:58.022261    1356 kubelet.go:1887] SyncLoop (ADD, "api"): "web-0_default(${UID})"`;
    const trace = analyze({ name: 's.log', data: [line('knode3', '[err] [kubelet]'), line('knode4', '[kubelet]')].join('\n') });
    expect(eventRows(trace).map((r) => r.node)).toEqual(['knode3', 'knode4']);
    expect(trace.sources[0].year).toEqual({ value: 2017, how: 'wrapper' });
    // Only severities in brackets: no program, so no host either (the line is read past the time only).
    const bare = analyze({ name: 't.log', data: line('knode3', '[err] [info]') });
    expect(eventRows(bare).map((r) => r.node)).not.toContain('knode3');
  });

  it('a Windows node is named from its glog header, its kubelet\'s Windows-only files, or Windows\' own words (fast path and ordinary way)', () => {
    const line = (file: string, msg: string) => `E0503 13:38:42.526895    5324 ${file}] ${msg}`;
    const linux = line('kubelet.go:1845', 'skipping pod synchronization - [PLEG is not healthy: pleg has yet to be successful]');
    expect(analyze({ name: 'l.log', data: [linux, linux].join('\n') }).sources[0].windows).toBeUndefined();
    const header = ['Log file created at: 2020/05/03 13:38:35', 'Running on machine: w1', 'Binary: Built with gc go1.13.9 for windows/amd64', linux].join('\n');
    expect(analyze({ name: 'h.log', data: header }).sources[0].windows).toBe('the glog file header ("built … for windows")');
    // A bare line read by its bytes: its file's name, seen once.
    const file = [linux, line('cni_windows.go:59', 'error while adding to cni network: open /run/flannel/subnet.env: no such file'), linux].join('\n');
    expect(analyze({ name: 'f.log', data: file }).sources[0].windows).toBe('a line from cni_windows.go, which only the Windows build has');
    const hcs = [linux, `${line('remote_runtime.go:495', 'ListContainerStats from runtime service failed: rpc error: code = Unknown desc = hcsshim::OpenComputeSystem cf9d: A virtual machine or container with the specified identifier does not exist.')}\n  (wrapped)`].join('\n');
    expect(analyze({ name: 'w.log', data: hcs }).sources[0].windows).toBe('the runtime\'s hcsshim errors');
  });

  it('a markdown fence glued to the journal line it opens still leaves the line its host', () => {
    const line = 'Aug 27 19:16:09 ip-240-55-243-71 kubelet[7956]: I0827 19:16:09.674979    7956 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]';
    const trace = analyze({ name: 'issue.md', data: ['Logs:', '```' + line, '```'].join('\n') });
    expect(eventRows(trace).map((r) => `${r.node} ${r.kind}`)).toEqual(['ip-240-55-243-71 syncloop.add']);
  });

  it('talosctl-style "10.5.0.2: " prefixes: each record carries its node', () => {
    const trace = analyze({ name: 'talos-kubelet.log', data: fixture('talosctl-two-nodes.log') });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-node-prefix');
    expect(src.eras).toEqual({ printf: 0, structured: 5, json: 0 });
    expect(trace.nodes.map((n) => n.name).sort()).toEqual(['10.5.0.2', '10.5.0.3']);
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.node} ${r.kind} ${r.pod}`)).toEqual([
      '2024-03-15 10:02:03.100001 talos-kubelet.log:1 10.5.0.2 syncloop.add default/web-0',
      '2024-03-15 10:02:03.100002 talos-kubelet.log:2 10.5.0.3 syncloop.add default/web-1',
      '2024-03-15 10:02:04.200001 talos-kubelet.log:3+3 10.5.0.2 status.patch default/web-0',
      '2024-03-15 10:02:04.200002 talos-kubelet.log:6 10.5.0.3 syncloop.delete default/web-1',
      '2024-03-15 10:02:05.300001 talos-kubelet.log:7 10.5.0.2 syncloop.delete default/web-0',
    ]);
    // Same pod name on two nodes would be two pods; here each pod lives on its own node.
    const nodeOf = (name: string) => trace.nodes[trace.pods.find((p) => p.name === name)!.node].name;
    expect(nodeOf('web-0')).toBe('10.5.0.2');
    expect(nodeOf('web-1')).toBe('10.5.0.3');
  });

  it('host-name prefixes ("worker-a.lab: ") count as nodes too, but a word such as "kubelet: " does not', () => {
    const line = (host: string, t: string, pod: string) => `${host}: I0315 10:02:${t}    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/${pod}"]`;
    const trace = analyze({ name: 'pdsh.log', data: [line('worker-a.lab', '03.000001', 'a'), line('worker-b.lab', '03.000002', 'b'), line('kubelet', '03.000003', 'c')].join('\n') });
    expect(eventRows(trace).map((r) => r.node)).toEqual(['worker-a.lab', 'worker-b.lab', 'worker-a.lab']);
    // systemd's unit name before each line (`kubelet.service: I0504 …`, as some tools print it) is no node.
    const units = analyze({ name: 'unit.log', data: [line('kubelet.service', '03.000001', 'a'), line('kubelet.service', '03.000002', 'b')].join('\n') });
    expect(units.sources[0].format).toBe('klog');
    expect(units.nodes.map((n) => n.name)).not.toContain('kubelet.service');
  });
});

describe('CI logs and section headers', () => {
  it('GitHub Actions per-line timestamps (7 fraction digits) around "==> kubelet <==" sections', () => {
    const text = [
      '2024-03-15T10:02:02.9999999Z ==> kubelet <==',
      '2024-03-15T10:02:03.1234567Z I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]',
      '2024-03-15T10:02:04.0000012Z I0315 10:02:04.000001    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]',
    ].join('\n');
    const trace = analyze({ name: 'job-log.txt', data: text }, { year: 2019 });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-timestamped');
    expect(src.year).toEqual({ value: 2024, how: 'wrapper' });
    expect(src.lines).toEqual({ total: 3, klog: 2, continuation: 0, unrecognized: 1, blank: 0 });
    expect(src.eras).toEqual({ printf: 0, structured: 2, json: 0 });
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.kind}`)).toEqual([
      '2024-03-15 10:02:03.123456 job-log.txt:2 syncloop.add',
      '2024-03-15 10:02:04.000001 job-log.txt:3 syncloop.delete',
    ]);
    expect(readRecords(text).reader.facts.sectionHeaders).toBe(1);
  });

  it('a log viewer\'s local date glued to each klog header (Rancher 1.x): US order with AM/PM, day-first, the year taken', () => {
    const text = [
      '4/12/2017 10:40:03 PMI0412 19:40:03.656270    5560 kubelet.go:1752] skipping pod synchronization - [Failed to start ContainerManager]',
      '9/30/2016 11:01:18 AME0930 18:01:18.175573   10091 container_manager_linux.go:567] error opening pid file /var/run/docker.pid',
      '3-1-2017 00:16:09I0102 23:16:09.469260   20483 manager.go:198] Machine: {NumCores:2}',
    ];
    expect(text.map((t) => analyze({ name: 'r.log', data: t }).sources[0]).map((s) => [s.lines.klog, s.year.value, s.year.how])).toEqual([
      [1, 2017, 'wrapper'], [1, 2016, 'wrapper'], [1, 2017, 'wrapper'],
    ]);
    // Not a date: an impossible day and month, a two-digit year.
    for (const t of ['13/13/2017 10:40:03 I0412 19:40:03.656270    5560 kubelet.go:1752] x', '4/12/17 10:40:03 I0412 19:40:03.656270    5560 kubelet.go:1752] x']) {
      expect(analyze({ name: 'r.log', data: t }, { year: 2021 }).sources[0].year.value, t).toBe(2021);
    }
  });

  it('journal lines kept as comments in a script (`  # Feb 02 … mars kubelet-containerd.sh[303310]: …`) keep their host (pdbrown/usernetes)', () => {
    const text = [
      'SUPPRESS_ERRORS=(',
      '  # Feb 02 13:39:08 mars kubelet-containerd.sh[304154]: E0202 13:39:08.127980      90 kubelet.go:1335] "Image garbage collection failed multiple times in a row" err="invalid capacity 0 on image filesystem"',
      '  "Image garbage collection failed"',
      ')',
    ].join('\n');
    const trace = analyze({ name: 'kubelet.sh', data: text });
    expect(trace.sources[0].node).toBe('mars');
    expect(trace.sources[0].lines.klog).toBe(1);
  });

  it('journal lines numbered by a viewer (`3 Mar 12 …`), one quoted as inline code: the number is no part of them, the host is kept', () => {
    const line = 'Mar 12 10:49:32 node-a kubelet[23221]: E0312 10:49:32.719846   23221 controller.go:178] failed to update node lease, error: timeout';
    for (const text of [`\`3 ${line}\``, `3 ${line}`, `117 ${line}`]) {
      const trace = analyze({ name: 'n.log', data: text });
      expect([trace.sources[0].lines.klog, trace.sources[0].node], text).toEqual([1, 'node-a']);
      expect(trace.strings[trace.events.text[0]] ?? '', text).not.toContain('`');
    }
    // A journal line whose month a copy cut off (`9 09:58:07 …`) is not taken for a numbered one.
    const cut = analyze({ name: 'c.log', data: '12 10:49:32 node-a kubelet[23221]: E0312 10:49:32.719846   23221 controller.go:178] failed' });
    expect(cut.sources[0].lines.klog).toBe(1);
  });

  it('a journal line whose date was cut away keeps its host before a klog header (`host1 kubelet[1537]: W1017 …`); prose of that shape is not read so', () => {
    const trace = analyze({ name: 'h.log', data: 'host1 kubelet[1537]: W1017 13:43:54.773608    1537 helpers.go:286] Unable to create pod sandbox due to conflict. Attempting to remove sandbox "0edb2f8a1c3d"' });
    expect([trace.sources[0].lines.klog, trace.sources[0].node]).toEqual([1, 'host1']);
    const prose = analyze({ name: 'p.log', data: 'See kubelet[1537]: it said nothing useful' });
    expect(prose.sources[0].lines.klog).toBe(0);
  });

  it('a CNI plugin\'s own stderr in the kubelet\'s journal is a record of it; a host the poster replaced by "..." names none; the prose\'s "Kubernetes v1.7.4" dates it (weaveworks/weave#3143)', () => {
    // https://github.com/weaveworks/weave/issues/3143 — weave-cni could not release an IP: the weave router was down.
    const trace = analyze({ name: 'cni-plugin-stderr-ellipsis-host.md', data: fixture('cni-plugin-stderr-ellipsis-host.md') });
    expect(eventRows(trace).map((r) => `${r.where} ${r.sev} ${r.kind} ${r.node}`)).toEqual(['cni-plugin-stderr-ellipsis-host.md:5 E runtime.cni-plugin-output node']);
    expect(trace.sources[0].node).toBe('node');
    expect(trace.sources[0].versionRange.label).toBe('1.7');
    expect(trace.sources[0].year.value).toBe(2017);
  });

  it('a klog line quoted as a string (cut out of a JSON field with sed): unquoted and read', () => {
    const text = [
      ' "I0321 07:09:19.380074     801 logs.go:41] http: multiple response.WriteHeader calls" ',
      '"I0321 07:09:20.000001     801 kubelet.go:2389] \\"SyncLoop ADD\\" source=\\"api\\" pods=[\\"default/web-0\\"]",',
    ].join('\n');
    const trace = analyze({ name: 'q.log', data: text });
    expect(trace.sources[0].lines.klog).toBe(2);
    expect(eventRows(trace).map((r) => `${r.kind} ${r.pod}`)).toEqual(['server.http-notice ', 'syncloop.add default/web-0']);
  });

  it('a diff\'s "+" or a stray backtick before journal lines: the wrapper is still read (its node too)', () => {
    const line = 'Jan 10 09:41:08 speed3 dockerd-current[21270]: W0110 14:41:08.646423   23589 eviction_manager.go:332] eviction manager: attempting to reclaim imagefs';
    for (const text of [`+\`\`\`\n+${line}\n+\`\`\``, `\`${line}`]) {
      const src = analyze({ name: 'd.log', data: text }).sources[0];
      expect([src.lines.klog, src.node], text).toEqual([1, 'speed3']);
    }
  });

  it('a Grafana copy: each line\'s timestamp alone on the line before it (not blank; its date gives the year)', () => {
    const text = [
      '2024-02-27 04:42:43.206\t',
      'I0227 10:42:43.206377    3746 kubelet.go:2394] "SyncLoop ADD" source="api" pods=["workload-x/workload-x-76fc88b86d-cgwkc"]',
      '',
      '2024-02-27 04:42:43.379\t',
      'I0227 10:42:43.379059    3746 kubelet.go:2410] "SyncLoop DELETE" source="api" pods=["workload-x/workload-x-76fc88b86d-cgwkc"]',
    ].join('\n');
    const src = analyze({ name: 'grafana.txt', data: text }).sources[0];
    expect(src.lines).toEqual({ total: 5, klog: 2, continuation: 0, unrecognized: 2, blank: 1 });
    expect(src.year.value).toBe(2024);
    expect(src.diagnostics).toEqual([]);
  });

  it('a Google Cloud Logging copy: each entry\'s time, then its node, on lines of their own (the node is the record\'s)', () => {
    const text = [
      '2022-06-23 08:42:16.744 PDT',
      'gke-dev-default-pool-1a2b',
      'I0623 15:42:16.744070    1748 nodeshutdown_manager_linux.go:316] "Shutdown manager killing pod with gracePeriod" pod="ns/client-0" gracePeriod=15',
      '',
      '2022-06-23 08:44:33.989 PDT',
      'gke-dev-default-pool-1a2b',
      'I0623 15:44:33.989839    1746 kubelet.go:2394] "SyncLoop ADD" source="api" pods=["ns/client-0"]',
    ].join('\n');
    const trace = analyze({ name: 'cloud-logging.txt', data: text });
    expect(trace.sources[0].node).toBe('gke-dev-default-pool-1a2b');
    expect(eventRows(trace).map((r) => r.node)).toEqual(['gke-dev-default-pool-1a2b', 'gke-dev-default-pool-1a2b']);
    // A lone word, or a name not after a lone time, names no node.
    for (const [first, second] of [['2022-06-23 08:42:16.744 PDT', 'Events'], ['Then on', 'gke-dev-default-pool-1a2b']]) {
      const other = analyze({ name: 'c.txt', data: [first, second, text.split('\n')[2]].join('\n') });
      expect(other.sources[0].node, second).toBe('node');
    }
  });

  it('minikube logs: other components\' sections, journal banners and "-- No entries --" are skipped quietly', () => {
    const trace = analyze({ name: 'minikube-logs.txt', data: fixture('minikube-logs.txt') });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-journald');
    expect(src.node).toBe('minikube');
    expect(src.lines).toEqual({ total: 14, klog: 3, continuation: 0, unrecognized: 9, blank: 2 });
    expect(src.diagnostics).toEqual([]);
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.sev} ${r.kind} ${r.pod}`)).toEqual([
      '2024-03-15 10:02:03.123456 minikube-logs.txt:12 I syncloop.add default/web-0',
      '2024-03-15 10:02:04.000001 minikube-logs.txt:13 E pw.sync-error default/web-0',
      '2024-03-15 10:02:05.000001 minikube-logs.txt:14 I syncloop.delete default/web-0',
    ]);
  });
});

describe('minikube 1.x reports: lines behind bullets', () => {
  it('"* " before every line (kubernetes/minikube#11932): sections, journal banner and lines read, node minikube', () => {
    // Trimmed from the issue (its kubelet lines are written here in the same form, one per record kind).
    const text = [
      '* ==> kube-scheduler [0b1c2d3e4f50] <==',
      '* E0708 09:33:30.000001       1 reflector.go:138] Failed to watch *v1.Pod: connection refused',
      '* ',
      '* ==> kubelet <==',
      '* -- Logs begin at Thu 2021-07-08 09:23:44 UTC, end at Thu 2021-07-08 09:33:41 UTC. --',
      '* Jul 08 09:33:38 minikube kubelet[33857]: I0708 09:33:38.354668   33857 kubelet.go:1846] "Starting kubelet main sync loop"',
      '* Jul 08 09:33:39 minikube kubelet[33857]: I0708 09:33:39.000001   33857 kubelet.go:1932] "SyncLoop ADD" source="api" pods=[default/web-0]',
    ].join('\n');
    const trace = analyze({ name: 'minikube-logs.txt', data: text });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-journald');
    expect(src.node).toBe('minikube');
    expect(src.year).toEqual({ value: 2021, how: 'file-header' });
    // The kube-scheduler container's section is another program's lines.
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.node} ${r.kind}`)).toEqual([
      '2021-07-08 09:33:38.354668 minikube-logs.txt:6 minikube syncloop.start',
      '2021-07-08 09:33:39.000001 minikube-logs.txt:7 minikube syncloop.add',
    ]);
    // The bulleted blank line is blank; the section headers and banner are known lines, not prose.
    expect(src.lines).toEqual({ total: 7, klog: 2, continuation: 0, unrecognized: 4, blank: 1 });
    expect(src.diagnostics.map((d) => d.message)).toEqual([
      '1 log record of other programs skipped (kube-scheduler 1); the kubelet\'s identifier: kubelet (by its name)',
    ]);
    expect(readRecords(text).reader.facts.sectionHeaders).toBe(3);
  });

  it('"\\t* " as minikube\'s integration tests print the report (kubernetes/minikube#9668): the journal\'s host', () => {
    const text = [
      '\t* ==> kubelet <==',
      '\t* Nov 10 23:10:48 pause-20201110150411-1336009 kubelet[6487]: I1110 23:10:48.825190    6487 kubelet.go:1821] Starting kubelet main sync loop.',
    ].join('\n');
    const src = analyze({ name: 'test-output.txt', data: text }, { year: 2020 }).sources[0];
    expect(src.format).toBe('klog-journald');
    expect(src.node).toBe('pause-20201110150411-1336009');
  });

  it('a CI timestamp, a bullet, then a journal line (kubernetes/minikube#8620): the journal\'s host, the CI\'s year', () => {
    // Trimmed from the issue.
    const text = [
      '2020-07-01T14:50:19.7283954Z * ==> kubelet <==',
      '2020-07-01T14:50:19.7285447Z * Jul 01 14:50:16 minikube kubelet[1868]: I0701 14:50:16.357781    1868 remote_runtime.go:59] parsed scheme: ""',
      '2020-07-01T14:50:19.7286188Z * Jul 01 14:50:17 minikube kubelet[1868]: I0701 14:50:17.000001    1868 kubelet.go:1821] Starting kubelet main sync loop.',
    ].join('\n');
    const trace = analyze({ name: 'ci.txt', data: text }, { year: 2019 });
    const src = trace.sources[0];
    expect(src.node).toBe('minikube');
    expect(src.year).toEqual({ value: 2020, how: 'wrapper' });
    expect(eventRows(trace).map((r) => `${r.at} ${r.node} ${r.kind}`)).toEqual([
      '2020-07-01 14:50:16.357781 minikube node.startup-step',
      '2020-07-01 14:50:17.000001 minikube syncloop.start',
    ]);
    expect(readRecords(text).reader.facts.journaldIdents).toEqual({ kubelet: 2 });
  });

  it('"  - " before the lines minikube start lists under "Problems detected in kubelet:" (kubernetes/minikube#8542)', () => {
    // Trimmed from the issue.
    const uid = '91440a0228dd84ec2ca1dbb97995518f';
    const text = [
      '* Problems detected in kubelet:',
      `  - Jun 23 20:16:09 minikube kubelet[2061]: E0623 20:16:09.633335    2061 pod_workers.go:191] Error syncing pod ${uid} ("kube-apiserver-minikube_kube-system(${uid})"), skipping: failed to "StartContainer" for "kube-apiserver" with CrashLoopBackOff: "back-off 5m0s restarting failed container=kube-apiserver pod=kube-apiserver-minikube_kube-system(${uid})"`,
    ].join('\n');
    const trace = analyze({ name: 'start.txt', data: text });
    expect(eventRows(trace).map((r) => `${r.where} ${r.node} ${r.sev} ${r.kind} ${r.pod}`)).toEqual([
      'start.txt:2 minikube E pw.sync-error kube-system/kube-apiserver-minikube',
    ]);
  });

  it('bare kubelet lines beside a container\'s section: the section\'s lines are that program\'s', () => {
    const text = [
      '==> etcd [3a7c0e2b1d44] <==',
      '{"level":"info","ts":"2024-03-15T10:02:00.000Z","caller":"etcdserver/server.go:2044","msg":"published local member"}',
      '==> kube-apiserver [9f8e7d6c5b4a] <==',
      'I0315 10:02:01.000001       1 controller.go:611] quota admission added evaluator for: leases.coordination.k8s.io',
      '==> kubelet <==',
      'I0315 10:02:03.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]',
    ].join('\n');
    const trace = analyze({ name: 'report.txt', data: text });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['report.txt:6 syncloop.add']);
    expect(trace.sources[0].diagnostics.map((d) => d.message)).toEqual([
      '2 log records of other programs skipped (etcd 1, kube-apiserver 1); the kubelet\'s lines are those that name no program',
    ]);
  });

  it('a markdown list in a document stays prose', () => {
    const text = ['* kubelet restarted twice', '- then the pod came back', '* '].join('\n');
    const { records, reader } = readRecords(text);
    expect(records).toEqual([]);
    expect(reader.counts).toEqual({ total: 3, klog: 0, continuation: 0, unrecognized: 3, blank: 0 });
  });
});

describe('excerpts pasted into a document', () => {
  it('reads the log lines between prose and markdown fences, and counts the rest as not log lines', () => {
    const trace = analyze({ name: 'issue-118203.md', data: fixture('issue-excerpt.md') });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-in-document');
    expect(src.eras).toEqual({ printf: 0, structured: 3, json: 0 });
    // The issue's own date decides the year.
    expect(src.year).toEqual({ value: 2023, how: 'document' });
    expect(src.lines).toEqual({ total: 17, klog: 3, continuation: 1, unrecognized: 8, blank: 5 });
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.sev} ${r.kind} ${r.pod}`)).toEqual([
      '2023-06-02 08:14:51.443219 issue-118203.md:9 I syncloop.delete kube-system/coredns-5d78c9869d-x7kq2',
      '2023-06-02 08:14:51.443291 issue-118203.md:10+2 I pw.teardown-deleted kube-system/coredns-5d78c9869d-x7kq2',
      '2023-06-02 08:15:21.009152 issue-118203.md:12 E runtime.kill-failed kube-system/coredns-5d78c9869d-x7kq2',
    ]);
    // Prose in a document is expected: no "not a kubelet log line" diagnostics.
    expect(src.diagnostics).toEqual([]);
  });

  it('reads journal lines pasted as inline-code list items (`` `- Jan 14 … kubelet[3044]: …` ``): the node from each line (a blog on OOM kills, AKS)', () => {
    const line = (t: string, msg: string) => `\`- Jan 14 ${t.slice(0, 8)} aks-agentpool-20086390-vmss00003C kubelet[3044]: I0114 ${t}    3044 ${msg}\``;
    const trace = analyze({ name: 'blog.md', data: ['Below the OOM killer wins.', '', line('18:02:18.923106', 'kubelet_pods.go:1285] "Killing unwanted pod" podName="alloc-mem-leak"'),
      '', line('18:02:19.001858', 'kubelet_pods.go:1288] "Failed killing the pod" podName="alloc-mem-leak"'), ''].join('\n') });
    expect(trace.sources[0].node).toBe('aks-agentpool-20086390-vmss00003C');
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['blog.md:3 housekeeping.kill-unwanted', 'blog.md:5 housekeeping.kill-unwanted-failed']);
  });
});

describe('the syslog protocol, priority first (a syslog server\'s raw capture, a forwarder\'s file)', () => {
  const ADD = (hms: string, pod: string) => `I0315 ${hms}.120000    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/${pod}"]`;
  it('RFC 5424 (structured data "-" or elements with quoted "]", a BOM before the message) and RFC 3164: host, program and year read', () => {
    const text = [
      `<30>1 2024-03-15T10:02:03.123456Z node-1 kubelet 2891 - - ${ADD('10:02:03', 'web-0')}`,
      '<30>1 2024-03-15T10:02:04.000000Z node-1 containerd 1000 - [meta sequenceId="7" note="a ] inside"] time="2024-03-15T10:02:04Z" level=info msg="StartContainer"',
      `<30>1 2024-03-15T10:02:05.000000+01:00 node-1 kubelet 2891 ID47 [origin ip="10.0.0.1"] \uFEFF${ADD('10:02:05', 'web-1')}`,
      `<30>Mar 15 10:02:06 node-1 kubelet[2891]: ${ADD('10:02:06', 'web-2')}`,
    ].join('\n');
    const trace = analyze({ name: 'syslog.log', data: text });
    const src = trace.sources[0];
    expect(eventRows(trace).map((r) => `${r.where} ${r.node} ${r.kind} ${r.pod}`)).toEqual([
      'syslog.log:1 node-1 syncloop.add default/web-0', 'syslog.log:3 node-1 syncloop.add default/web-1', 'syslog.log:4 node-1 syncloop.add default/web-2',
    ]);
    expect([src.format, src.year.value, src.year.how]).toEqual(['klog-journald', 2024, 'wrapper']);
    // containerd's line is another program's (a log line, not prose).
    expect(src.lines).toMatchObject({ total: 4, klog: 3, unrecognized: 1 });
  });

  it('RFC 5424 written to a file without its priority (rsyslog\'s protocol template): host and program read; another tool\'s timestamped line is not one (containerd/containerd#9947)', () => {
    const text = [
      '2024-02-07T02:45:40.739274+00:00 NodeA containerd 22938 - -  time="2024-02-07T02:45:40.738965836Z" level=info msg="RunPodSandbox for &PodSandboxMetadata{Name:podX,Uid:f4fc0242,Namespace:default,Attempt:0,}"',
      `2024-02-07T02:49:40.739405+00:00 NodeA kubelet 24578 - -  ${ADD('02:49:40', 'web-0').replace('I0315', 'I0207')}`,
    ].join('\n');
    const trace = analyze({ name: 'syslog.log', data: text });
    expect(eventRows(trace).map((r) => `${r.where} ${r.node} ${r.kind}`)).toEqual(['syslog.log:2 NodeA syncloop.add']);
    expect(trace.sources[0].year).toEqual({ value: 2024, how: 'wrapper' });
    // A CI runner's timestamp before a klog line stays a timestamp: its "host" and "program" are the header's.
    const ci = analyze({ name: 'ci.log', data: `2024-02-07T02:49:40.1Z ${ADD('02:49:40', 'web-0').replace('I0315', 'I0207')}` });
    expect(eventRows(ci).map((r) => r.kind)).toEqual(['syncloop.add']);
  });

  it('what only looks like a priority is not one: a markup tag, a priority over 191, RFC 5424 with a broken field', () => {
    for (const line of ['<b>bold</b> I0315 10:02:03.120000 2891 kubelet.go:1] x', `<192>1 2024-03-15T10:02:03Z n kubelet 1 - - ${ADD('10:02:03', 'a')}`,
      `<30>1 2024-03-15T10:02:03Z n kubelet 1 - [unclosed ${ADD('10:02:03', 'a')}`]) {
      const src = analyze({ name: 'x.log', data: line }).sources[0];
      expect(src.format, line).not.toBe('klog-journald');
    }
  });
});

describe('markdown bold a reporter put into a pasted log', () => {
  it('is taken off a line where it pairs up (kubernetes/website#8777), and kept where it does not', () => {
    const line = 'Jun 12 12:23:42 fed-node kubelet[17481]: F0612 12:23:42.383482   17481 server.go:233] failed to run **Kubelet: failed to create kubelet: misconfiguration: kubelet cgroup driver: "cgroupfs" is different from docker cgroup driver: "systemd"**';
    const trace = analyze({ name: 'issue.md', data: line });
    expect(eventRows(trace).map((r) => r.kind)).toEqual(['node.kubelet-failed']);
    const panic = 'E0612 12:23:42.383482   17481 runtime.go:76] Observed a panic: interface conversion: interface {} is **v1.Pod, not *v1.Pod';
    expect(readRecords(panic).records[0].text).toContain('**v1.Pod');
  });
});

describe('the node named by a shell prompt', () => {
  const line = 'I0331 20:15:30.501759    3952 kubelet.go:2394] SyncLoop (ADD, "api"): "test-034xr_e2e(f03e60df-f77c-11e5-bed9-080027242396)"';
  const nodeOf = (prompt: string) => analyze({ name: 'doc.md', data: `${prompt}\n${line}\n` }).sources[0].node;

  it('is the host of a prompt that reads the kubelet\'s log there', () => {
    expect(nodeOf('[root@kubernetes-node-1 vagrant]# journalctl -u kubelet -o cat --no-pager | grep "test-034xr"')).toBe('kubernetes-node-1');
    expect(nodeOf('core@worker-3:~$ sudo journalctl -u kubelet')).toBe('worker-3');
  });

  it('is not the host of a prompt running something else, nor localhost', () => {
    expect(nodeOf('user@laptop:~$ kubectl get pods -A')).toBe('node');
    expect(nodeOf('[root@localhost ~]# journalctl -u kubelet')).toBe('node');
  });

  it('is the host of a prompt reading a file only when the file is the node\'s own log (kubernetes/kubernetes#30363: a downloaded copy)', () => {
    expect(nodeOf('wojtekt@wojtekt-work:~/Downloads$ cat kubelet.txt | grep 66is1')).toBe('node');
    expect(nodeOf('[root@node-7 ~]# grep test-034xr /var/log/messages')).toBe('node-7');
    expect(nodeOf('admin@node-8:/var/log$ tail -n 50 kubelet.log')).toBe('node-8');
    expect(nodeOf('[root@node-9 ~]# cat /var/lib/kubelet/logs/kubelet.INFO | grep test')).toBe('node-9');
  });
});

describe('Docker Desktop\'s log of its VM (`[ISO][component][level] …`)', () => {
  it('reads the kubelet\'s lines, its headerless stderr as its own, and other components\' lines as theirs; a long scissors line cuts', () => {
    const text = [
      '[2024-03-07T10:32:41.617552843Z][kubelet][I] E0307 10:32:41.617327     768 kubelet.go:1921] "Failed creating a mirror pod for" err="pods \\"kube-apiserver-docker-desktop\\" already exists" pod="kube-system/kube-apiserver-docker-desktop"',
      '[2024-03-07T10:32:41.700000000Z][vpnkit-bridge][I] I0307 10:32:41.700000     512 main.go:10] "listening"',
      '-'.repeat(80) + '>8',
      '[2024-03-07T10:37:45.915734428Z][kubelet][I] Flag --container-runtime-endpoint has been deprecated, This parameter should be set via the config file specified by the Kubelet\'s --config flag.',
    ].join('\n');
    const trace = analyze({ name: 'log.txt', data: text });
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.kind}`)).toEqual([
      '2024-03-07 10:32:41.617327 log.txt:1 sync.mirror-create-failed',
      '2024-03-07 10:37:45.915734 log.txt:4 node.flag-deprecated',
    ]);
    expect(trace.sources[0].year).toEqual({ value: 2024, how: 'wrapper' });
    expect(trace.sources[0].cuts.map((c) => c.line)).toContain(3);
  });
});

describe('a container\'s own log printed at a prompt', () => {
  const kubelet = (t: string) => `Mar 26 02:56:${t} node-1 kubelet[2341]: I0326 02:56:${t}.266464    2341 kuberuntime_manager.go:767] Back-off 2m40s restarting failed container=kube-apiserver pod=kube-apiserver-node-1_kube-system(9725139d01a4b4c33809817a7f87b185)`;
  const apiserver = 'I0326 03:02:46.509849       1 server.go:145] Version: v1.11.7';

  it('`docker logs <id>` (a CoreOS prompt too) is that container\'s program: its klog lines are no kubelet records and make no kubelet start', () => {
    const text = ['```', 'core@node-1 ~ $ journalctl -fu kubelet', kubelet('56'), '```', '', '```', 'core@node-1 ~ $ docker logs add61058922f', apiserver,
      'Error: loading audit policy file: failed decoding file', '```', '```', 'core@node-1 ~ $ journalctl -fu kubelet', kubelet('58'), '```'].join('\n');
    const trace = analyze({ name: 'post.md', data: text });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['post.md:3', 'post.md:13']);
    expect(trace.nodes[0].starts).toEqual([]);
    expect(trace.sources[0].diagnostics.map((d) => d.message).join('\n')).toContain('1 log record of other programs skipped (add61058922f 1)');
  });

  it('`docker logs kubelet` (RKE\'s kubelet container) and a k3d node\'s container hold the kubelet\'s own lines', () => {
    for (const container of ['kubelet', 'k3d-dev-server-0']) {
      const trace = analyze({ name: 'post.md', data: ['```', `root@node-1:~# docker logs ${container}`, apiserver.replace('       1 server.go:145', '   28823 server.go:416'), '```'].join('\n') });
      expect(eventRows(trace)).toHaveLength(1);
    }
  });
});

describe('a program\'s label before each line', () => {
  it('Testcontainers\' `K3S: ` is no node name; a host name there is (testcontainers/testcontainers-java#10375)', () => {
    const line = 'E0627 08:27:47.159471      55 pod_workers.go:1301] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"coredns\\" with CrashLoopBackOff: \\"back-off 10s restarting failed container=coredns pod=coredns-697968c856-92jdv_kube-system(6b220854-264f-4415-8c7d-d3ca42872cd3)\\"" pod="kube-system/coredns-697968c856-92jdv" podUID="6b220854-264f-4415-8c7d-d3ca42872cd3"';
    expect(analyze({ name: 'k.log', data: `K3S: ${line}` }).nodes.map((n) => n.name)).toEqual(['node']);
    expect(analyze({ name: 'k.log', data: `worker-3: ${line}` }).nodes.map((n) => n.name)).toEqual(['worker-3']);
  });
});

describe('a journal line in inline code after prose', () => {
  it('is read from the fence on, its host and pid kept, without the closing fence (longhorn/longhorn#899)', () => {
    const line = 'Logs display ```Nov 18 19:16:40 ip-172-31-2-48 k3s[2203]: E1118 19:16:40.199202    2203 goroutinemap.go:150] Operation for "/var/lib/kubelet/plugins/io.rancher.longhorn/csi.sock" failed. No retries permitted until 2019-11-18 19:18:42.19917879 +0000 UTC m=+9725.332346661 (durationBeforeRetry 2m2s). Error: "RegisterPlugin error -- failed"```';
    const { records } = readRecords(['Issue:', line, ''].join('\n'));
    expect(records).toHaveLength(1);
    expect(records[0].host).toBe('ip-172-31-2-48');
    expect(records[0].pid).toBe(2203);
    expect(records[0].text.endsWith('failed"')).toBe(true);
    // Prose that names three backticks without a journal line after them stays prose.
    expect(readRecords('Use ```journalctl -u kubelet``` to see it').records).toHaveLength(0);
  });
});
