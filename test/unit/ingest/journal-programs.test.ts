/**
 * A whole node's journal holds other programs' klog lines (kube-proxy, a CNI daemon): only the kubelet's identifier
 * makes kubelet records. The others are counted as not kubelet lines and named in one summary, never reported as
 * stray lines, and their pids are not kubelet restarts. Expectations are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { analyze, countedLines, eventRows, readRecords } from './ingest-helpers.ts';
import { isKubeletName } from '../../../src/ingest/journal-programs.ts';

const UID = '5f1c2d3e-0000-4000-8000-00000000aa01';
const kubelet = (t: string, rest: string) => `I0315 10:02:${t}    2891 ${rest}`;
const proxy = (t: string, rest: string) => `I0315 10:02:${t}     777 ${rest}`;

function rows(trace: ReturnType<typeof analyze>): string[] {
  return eventRows(trace).map((r) => `${r.where} ${r.kind} ${r.pod}`);
}

function starts(trace: ReturnType<typeof analyze>): number[] {
  return trace.nodes.flatMap((n) => n.starts.map((e) => trace.events.pid[e]));
}

describe('kubelet identifiers', () => {
  it('names: "kubelet" anywhere in it, or a distribution that runs the kubelet in its own process', () => {
    for (const ident of ['kubelet', 'kubelet-wrapper', 'kubelet.sh', 'start-kubelet', 'k3s', 'k3s-agent', 'rke2-agent', 'rke2', 'k0sworker',
      'hyperkube', 'microk8s.daemon-kubelite', 'atomic-openshift-node']) expect(isKubeletName(ident), ident).toBe(true);
    for (const ident of ['kube-proxy', 'kube-apiserver', 'containerd', 'dockerd', 'flanneld', 'calico-node', 'bash', 'systemd']) {
      expect(isKubeletName(ident), ident).toBe(false);
    }
  });
});

describe('other programs in a whole node\'s journal', () => {
  it('short: kube-proxy\'s klog lines (before and between the kubelet\'s) are not kubelet records, and its pid is no restart', () => {
    const text = [
      `Mar 15 10:02:01 n1 kube-proxy[777]: ${proxy('01.000001', 'server_others.go:206] "Using iptables Proxier"')}`,
      `Mar 15 10:02:01 n1 kube-proxy[777]: ${proxy('01.000002', 'proxier.go:1510] "Syncing iptables rules"')}`,
      `Mar 15 10:02:02 n1 kubelet[2891]: ${kubelet('02.000001', 'kubelet.go:2070] "Starting kubelet main sync loop"')}`,
      `Mar 15 10:02:03 n1 kubelet[2891]: ${kubelet('03.000001', 'kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]')}`,
      `Mar 15 10:02:04 n1 kube-proxy[777]: ${proxy('04.000001', 'proxier.go:824] "SyncProxyRules complete" elapsed="12.3ms"')}`,
      'Mar 15 10:02:04 n1 containerd[611]: time="2024-03-15T10:02:04Z" level=info msg="StartContainer returned successfully"',
      `Mar 15 10:02:05 n1 kubelet[2891]: ${kubelet('05.000001', 'kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]')}`,
      `Mar 15 10:02:06 n1 kube-proxy[777]: ${proxy('06.000001', 'proxier.go:824] "SyncProxyRules complete" elapsed="10.1ms"')}`,
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    const src = trace.sources[0];
    expect(rows(trace)).toEqual(['journal.txt:3 syncloop.start ', 'journal.txt:4 syncloop.add default/web-0', 'journal.txt:7 syncloop.delete default/web-0']);
    expect(src.lines).toEqual({ total: 8, klog: 3, continuation: 0, unrecognized: 5, blank: 0 });
    expect(starts(trace)).toEqual([2891]);
    expect(src.node).toBe('n1');
    expect(src.diagnostics.map((d) => `${d.line} ${d.level}: ${d.message}`)).toEqual([
      '0 info: 4 log records of other programs skipped (kube-proxy 4); the kubelet\'s identifier: kubelet (by its name)',
    ]);
    expect(readRecords(text).reader.facts.journaldIdents).toEqual({ kubelet: 3 });
  });

  it('MicroShift: one process runs every component and names each line\'s before its header; only the kubelet\'s are records', () => {
    const text = [
      ` 1月 28 17:55:39 jetson07 microshift[779521]: infrastructure-services-manager W0128 17:55:39.896091  779521 controllers.go:99] Failed to apply apps [components/service-ca/deployment.yaml]: Internal error occurred`,
      ` 1月 28 17:55:40 jetson07 microshift[779521]: kubelet I0128 17:55:40.963540  779521 kubelet.go:2447] "SyncLoop ADD" source="api" pods=["default/web-0"]`,
      ` 1月 28 17:55:41 jetson07 microshift[779521]: kubelet I0128 17:55:41.001406  779521 reflector.go:351] Caches populated for *v1.ConfigMap from object-"default"/"kube-root-ca.crt"`,
      ` 1月 28 17:55:41 jetson07 microshift[779521]: kube-apiserver I0128 17:55:41.002000  779521 handler.go:275] Adding GroupVersion apps v1 to ResourceManager`,
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(rows(trace)).toEqual(['journal.txt:2 syncloop.add default/web-0', 'journal.txt:3 api.cache-synced ']);
    expect(trace.sources[0].lines).toEqual({ total: 4, klog: 2, continuation: 0, unrecognized: 2, blank: 0 });
    expect(trace.sources[0].diagnostics.map((d) => d.message)).toEqual([
      '2 log records of other programs skipped (microshift/infrastructure-services-manager 1, microshift/kube-apiserver 1); the kubelet\'s identifier: microshift/kubelet (by its name)',
    ]);
  });

  it('short-iso: another program\'s multi-line value and its continuation lines are its own, not the kubelet\'s', () => {
    const text = [
      `2024-03-15T10:02:01+0000 n1 kube-proxy[777]: ${proxy('01.000001', 'proxier.go:700] "Syncing" rules=<')}`,
      '2024-03-15T10:02:01+0000 n1 kube-proxy[777]: \t-A KUBE-SERVICES -j KUBE-NODEPORTS',
      '2024-03-15T10:02:01+0000 n1 kube-proxy[777]:  >',
      `2024-03-15T10:02:03+0000 n1 kubelet[2891]: ${kubelet('03.000001', 'kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]')}`,
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(rows(trace)).toEqual(['journal.txt:4 syncloop.add default/web-0']);
    expect(trace.sources[0].lines).toEqual({ total: 4, klog: 1, continuation: 0, unrecognized: 3, blank: 0 });
    expect(countedLines(trace.sources[0])).toBe(4);
  });

  it('json export: entries of other SYSLOG_IDENTIFIERs are skipped', () => {
    const entry = (us: string, ident: string, pid: string, message: string) => JSON.stringify({
      __CURSOR: `s=1;i=${us}`, __REALTIME_TIMESTAMP: us, _HOSTNAME: 'node-7', SYSLOG_IDENTIFIER: ident, _PID: pid, MESSAGE: message,
    });
    const text = [
      entry('1710496921000001', 'kube-proxy', '777', proxy('01.000001', 'server_others.go:206] "Using iptables Proxier"')),
      entry('1710496923123456', 'kubelet', '2891', kubelet('03.123456', 'kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]')),
      entry('1710496924000001', 'kube-proxy', '777', proxy('04.000001', 'proxier.go:824] "SyncProxyRules complete" elapsed="12.3ms"')),
      entry('1710496925000001', 'kubelet', '2891', kubelet('05.000001', 'kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]')),
    ].join('\n');
    const trace = analyze({ name: 'journal.json', data: text });
    expect(trace.sources[0].format).toBe('journald-json-export');
    expect(rows(trace)).toEqual(['journal.json:2 syncloop.add default/web-0', 'journal.json:4 syncloop.delete default/web-0']);
    expect(trace.sources[0].lines).toEqual({ total: 4, klog: 2, continuation: 0, unrecognized: 2, blank: 0 });
    // The kubelet's first line is no restart; kube-proxy's pid between its lines would have read as two.
    expect(starts(trace)).toEqual([]);
  });

  it('a kubelet under an unnamed identifier is found by its messages: the program whose lines the catalog knows', () => {
    // A unit whose ExecStart is a wrapper script: journald names the kubelet's lines after the script.
    const text = [
      `Mar 15 10:02:01 n1 kube-proxy[777]: ${proxy('01.000001', 'server_others.go:206] "Using iptables Proxier"')}`,
      `Mar 15 10:02:02 n1 start-node[2891]: ${kubelet('02.000001', 'kubelet.go:2070] "Starting kubelet main sync loop"')}`,
      `Mar 15 10:02:03 n1 start-node[2891]: ${kubelet('03.000001', `kubelet.go:1906] SyncLoop (ADD, "api"): "web-0_default(${UID})"`)}`,
      `Mar 15 10:02:04 n1 kube-proxy[777]: ${proxy('04.000001', 'proxier.go:824] "SyncProxyRules complete" elapsed="12.3ms"')}`,
      `Mar 15 10:02:05 n1 kube-proxy[777]: ${proxy('05.000001', 'proxier.go:824] "SyncProxyRules complete" elapsed="12.3ms"')}`,
      `Mar 15 10:02:06 n1 kube-proxy[777]: ${proxy('06.000001', 'proxier.go:824] "SyncProxyRules complete" elapsed="12.3ms"')}`,
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(rows(trace)).toEqual(['journal.txt:2 syncloop.start ', 'journal.txt:3 syncloop.add default/web-0']);
    expect(starts(trace)).toEqual([2891]);
    expect(trace.sources[0].diagnostics.map((d) => d.message)).toEqual([
      '4 log records of other programs skipped (kube-proxy 4); the kubelet\'s identifier: start-node (as the program most of whose messages are the kubelet\'s)',
    ]);
  });

  it('a journal of one unnamed identifier is that program\'s, the kubelet\'s', () => {
    const text = [
      `Mar 15 10:02:03 n1 bash[2891]: ${kubelet('03.000001', 'kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]')}`,
      `Mar 15 10:02:04 n1 bash[2891]: ${kubelet('04.000001', 'some_file.go:12] "A message no catalog knows"')}`,
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(rows(trace)).toEqual(['journal.txt:1 syncloop.add default/web-0', 'journal.txt:2 unknown ']);
    expect(trace.sources[0].diagnostics).toEqual([]);
  });
});
