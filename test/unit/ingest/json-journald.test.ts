/**
 * `--logging-format=json` lines and every journalctl output mode (short, short-iso, short-precise, short-iso-precise,
 * short-unix, short-full, short-monotonic, short-delta, cat, json export), with any syslog identifier. Expectations
 * are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { cutWarning } from '../../../src/ingest/cut-warning.ts';
import { analyze, callers, eventRows, readRecords } from './ingest-helpers.ts';
import { Era } from '../../../src/ingest/record.ts';

const UID = '5f1c2d3e-0000-4000-8000-00000000aa01';
const CID = '4f6c0a1b2c3d4e5f60718293a4b5c6d7e8f90123456789abcdef0123456789ab';

describe('--logging-format=json', () => {
  // 1710496923123.456 ms = 2024-03-15 10:02:03.123456 UTC.
  const text = [
    '{"ts":1710496923123.456,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[{"name":"web-0","namespace":"default"}]}',
    `{"ts":1710496923200.1,"caller":"kuberuntime/kuberuntime_container.go:745","msg":"Killing container with a grace period","v":0,"pod":{"name":"web-0","namespace":"default"},"podUID":"${UID}","containerName":"app","containerID":"containerd://${CID}","gracePeriod":30}`,
    `{"ts":1710496924000.001,"caller":"kubelet/pod_workers.go:1300","msg":"Error syncing pod, skipping","err":"failed to \\"StartContainer\\" for \\"app\\" with CrashLoopBackOff","pod":{"name":"web-0","namespace":"default"},"podUID":"${UID}"}`,
  ].join('\n');

  it('reads ts (epoch ms, kept to the µs), caller, msg, v/err severity and nested pod objects', () => {
    const trace = analyze({ name: 'kubelet.log', data: text }, { year: 2031 });
    const src = trace.sources[0];
    expect(src.format).toBe('json');
    expect(src.eras).toEqual({ printf: 0, structured: 0, json: 3 });
    expect(src.year).toEqual({ value: 2024, how: 'json' });
    expect(eventRows(trace)).toEqual([
      { at: '2024-03-15 10:02:03.123456', where: 'kubelet.log:1', sev: 'I', node: 'node', kind: 'syncloop.add', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:03.200100', where: 'kubelet.log:2', sev: 'I', node: 'node', kind: 'runtime.kill', pod: 'default/web-0' },
      // An error line: `err` and no `v`.
      { at: '2024-03-15 10:02:04.000001', where: 'kubelet.log:3', sev: 'E', node: 'node', kind: 'pw.sync-error', pod: 'default/web-0' },
    ]);
    expect(trace.events.num[1]).toBe(30);
    const { records } = readRecords(text);
    expect(callers(records)).toEqual(['kubelet/kubelet.go:2389', 'kuberuntime/kuberuntime_container.go:745', 'kubelet/pod_workers.go:1300']);
    expect(records.every((r) => r.era === Era.Json)).toBe(true);
  });

  it('also reads ts in epoch seconds (zap\'s default) and as an RFC 3339 string', () => {
    const text = [
      '{"ts":1710496923.123456,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[]}',
      '{"ts":"2024-03-15T10:02:04.000001Z","caller":"kubelet/kubelet.go:2405","msg":"SyncLoop DELETE","v":2,"source":"api","pods":[]}',
    ].join('\n');
    expect(eventRows(analyze({ name: 'k.log', data: text })).map((r) => `${r.at} ${r.kind}`)).toEqual([
      '2024-03-15 10:02:03.123456 syncloop.add',
      '2024-03-15 10:02:04.000001 syncloop.delete',
    ]);
  });

  it('reports a cut JSON log line with its line number and reads the rest', () => {
    const cut = text.split('\n');
    cut[1] = cut[1].slice(0, 80);
    const trace = analyze({ name: 'kubelet.log', data: cut.join('\n') });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['kubelet.log:1', 'kubelet.log:3']);
    expect(trace.sources[0].diagnostics.map((d) => [d.line, d.level])).toEqual([[2, 'warning']]);
    expect(trace.sources[0].diagnostics[0].message).toContain('not valid JSON');
  });
});

describe('JSON and text records in one source', () => {
  it('says their clocks differ: JSON ts is UTC, a klog header the kubelet\'s local time (kubernetes/kubernetes#104997\'s before and after)', () => {
    const text = [
      'E0914 10:54:57.540301  127330 server.go:204] "Failed to construct kubelet dependencies" err="unable to load client CA file"',
      '{"ts":1631610094233.7605,"caller":"app/server.go:204","msg":"Failed to construct kubelet dependencies","err":"unable to load client CA file"}',
    ].join('\n');
    const notes = analyze({ name: 'mixed.log', data: text }).sources[0].diagnostics.map((d) => d.message);
    expect(notes).toContain('the source mixes JSON records (1), timed in UTC, with klog text records (1), timed in the kubelet\'s local time: unless the node runs in UTC, the two kinds stand hours apart on the timeline');
    const json = analyze({ name: 'json.log', data: text.split('\n')[1] }).sources[0].diagnostics.map((d) => d.message);
    expect(json.some((m) => m.startsWith('the source mixes'))).toBe(false);
  });
});

describe('the year from journalctl\'s banner', () => {
  const line = (d: string) => `${d} 22:26:30 host-1 kubelet[10125]: E${d === 'Apr 16' ? '0416' : '0105'} 22:26:30.150357   10125 kubelet.go:2373] "Container runtime network not ready" networkReady="NetworkReady=false"`;

  it('following (`journalctl -f`: only the beginning stated): the first year that puts the records after it', () => {
    const text = ['-- Logs begin at Mon 2022-05-30 17:37:44 PDT. --', line('Apr 16')].join('\n');
    expect(analyze({ name: 'j.log', data: text }).sources[0].year).toEqual({ value: 2023, how: 'file-header' });
  });

  it('with both ends stated, the end decides (a journal kept for years), also in the newer "Journal begins at" wording', () => {
    const text = ['-- Journal begins at Sat 2021-01-09 06:31:48 UTC, ends at Tue 2023-01-10 06:23:41 UTC. --', line('Jan 05')].join('\n');
    expect(analyze({ name: 'j.log', data: text }, { year: 2030 }).sources[0].year).toEqual({ value: 2023, how: 'file-header' });
  });
});

describe('JSON log lines a paste wrapped', () => {
  const skip = (ms: number) => `{"ts":${ms},"caller":"kubelet/kubelet.go:2406","msg":"Skipping pod synchronization","err":"container runtime status check may not have completed yet","errCauses":[{"error":"container runtime status check may not have completed yet"}]}`;
  const node = '10.200.1.5: ';

  it('joins a record split over two or three lines (behind a talosctl node prefix too) and counts the pieces as its continuation', () => {
    const a = skip(1753148291619.3523);
    const b = skip(1753148296620.5703);
    const c = skip(1753148301621.149);
    const text = [
      node + a.slice(0, a.indexOf(':[{')), a.slice(a.indexOf(':[{')),
      node + b.slice(0, 90), b.slice(90, 150), b.slice(150),
      node + c,
    ].join('\n');
    const trace = analyze({ name: 'talos.log', data: text });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual([
      'talos.log:1+2 syncloop.skipping', 'talos.log:3+3 syncloop.skipping', 'talos.log:6 syncloop.skipping',
    ]);
    expect(trace.sources[0].lines).toEqual({ total: 6, klog: 3, continuation: 3, unrecognized: 0, blank: 0 });
    expect(trace.sources[0].diagnostics).toEqual([]);
    expect(trace.sources[0].node).toBe('10.200.1.5');
  });

  it('joins a line cut inside a string as cut, losing nothing', () => {
    const a = skip(1753148291619.3523);
    const at = a.indexOf(' status check');
    const trace = analyze({ name: 'k.log', data: `${a.slice(0, at)}\n${a.slice(at)}` });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['k.log:1+2']);
    expect(trace.events.text[0] > 0 && trace.strings[trace.events.text[0]]).toContain('runtime status check');
  });

  it('a cut line that nothing completes is read as far as it goes, with a warning on its line, and the lines after it are read as ever', () => {
    const a = skip(1753148291619.3523);
    const text = [a.slice(0, 120), 'kubelet continuously reports messages like:', a.slice(0, 100), '', skip(1753148296620.5703)].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    // Lines 1 and 3 keep their time, caller and message; the prose between them is not theirs.
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['k.log:1 syncloop.skipping', 'k.log:3 syncloop.skipping', 'k.log:5 syncloop.skipping']);
    expect(trace.sources[0].diagnostics.filter((d) => d.level === 'warning').map((d) => [d.line, d.message])).toEqual([
      [1, cutWarning('inside its JSON object (the line ends before the object does)')],
      [3, cutWarning('inside its JSON object (the line ends before the object does)')],
    ]);
    expect(trace.sources[0].lines).toEqual({ total: 5, klog: 3, continuation: 0, unrecognized: 1, blank: 1 });
  });

  it('a line cut before its ts and msg are whole is skipped with a warning; a msg cut inside is read as far as it goes', () => {
    const a = skip(1753148291619.3523);
    const trace = analyze({ name: 'k.log', data: [a.slice(0, a.indexOf('"msg"') + 9), a.slice(0, 12), skip(1753148296620.5703)].join('\n') });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['k.log:1', 'k.log:3']);
    expect(trace.sources[0].diagnostics.map((d) => [d.line, d.message.startsWith('the record is cut')])).toEqual([[1, true], [2, false]]);
  });
});

describe('journalctl output modes', () => {
  const klog = (hh: string, rest: string) => `I0315 10:02:${hh}    2891 kubelet.go:2389] ${rest}`;

  it('short: "Mar 15 10:02:03 host ident[pid]: " and a space-padded day "Mar  5"; the year from the journal banner', () => {
    const text = [
      '-- Logs begin at Fri 2023-03-03 09:00:00 UTC, end at Wed 2023-03-15 11:00:00 UTC. --',
      `Mar  5 10:02:03 node-1 kubelet[2891]: I0305 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`,
      `Mar 15 10:02:04 node-1 kubelet[2891]: ${klog('04.000001', '"SyncLoop DELETE" source="api" pods=["default/web-0"]')}`,
      '-- No entries --',
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-journald');
    expect(src.node).toBe('node-1');
    expect(src.year).toEqual({ value: 2023, how: 'file-header' });
    expect(src.lines).toEqual({ total: 4, klog: 2, continuation: 0, unrecognized: 2, blank: 0 });
    expect(src.diagnostics).toEqual([]);
    expect(eventRows(trace)).toEqual([
      { at: '2023-03-05 10:02:03.123456', where: 'journal.txt:2', sev: 'I', node: 'node-1', kind: 'syncloop.add', pod: 'default/web-0' },
      { at: '2023-03-15 10:02:04.000001', where: 'journal.txt:3', sev: 'I', node: 'node-1', kind: 'syncloop.delete', pod: 'default/web-0' },
    ]);
  });

  it('short-iso (+0000 and +00:00), short-iso-precise and short-precise, with any identifier', () => {
    const text = [
      `2024-03-15T10:02:03+0000 node-1 k3s[2891]: ${klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]')}`,
      `2024-03-15T10:02:04+00:00 node-1 kubelet-wrapper[2891]: ${klog('04.000001', '"SyncLoop DELETE" source="api" pods=["default/web-0"]')}`,
      `2024-03-15T10:02:05.123456+00:00 node-1 kubelet.sh[2891]: ${klog('05.123456', '"SyncLoop REMOVE" source="api" pods=["default/web-0"]')}`,
      `Mar 15 10:02:06.654321 node-1 hyperkube[2891]: ${klog('06.654321', '"SyncLoop ADD" source="api" pods=["default/web-1"]')}`,
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text }, { year: 2019 });
    const src = trace.sources[0];
    expect(src.format).toBe('klog-journald');
    expect(src.year).toEqual({ value: 2024, how: 'wrapper' });
    expect(eventRows(trace)).toEqual([
      { at: '2024-03-15 10:02:03.123456', where: 'journal.txt:1', sev: 'I', node: 'node-1', kind: 'syncloop.add', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:04.000001', where: 'journal.txt:2', sev: 'I', node: 'node-1', kind: 'syncloop.delete', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:05.123456', where: 'journal.txt:3', sev: 'I', node: 'node-1', kind: 'syncloop.remove', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:06.654321', where: 'journal.txt:4', sev: 'I', node: 'node-1', kind: 'syncloop.add', pod: 'default/web-1' },
    ]);
    const { reader } = readRecords(text);
    expect(reader.facts.journaldIdents).toEqual({ k3s: 1, 'kubelet-wrapper': 1, 'kubelet.sh': 1, hyperkube: 1 });
  });

  it('a whole-node syslog where other programs\' lines outnumber the kubelet\'s is still a journal, not a document', () => {
    const other = (ss: string, who: string, rest: string) => `Mar 15 10:02:${ss} node-1 ${who}: ${rest}`;
    const text = [
      other('01', 'systemd[1]', 'Started Session 7 of user azureuser.'),
      other('02', 'containerd[811]', 'time="2024-03-15T10:02:02.1Z" level=info msg="shim disconnected" id=abc'),
      `Mar 15 10:02:03 node-1 kubelet[2891]: ${klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]')}`,
      other('03', 'containerd[811]', 'time="2024-03-15T10:02:03.5Z" level=info msg="cleaning up dead shim"'),
      other('04', 'systemd[1]', 'run-containerd-runc-k8s.io-abc-runc.mount: Deactivated successfully.'),
      `Mar 15 10:02:05 node-1 kubelet[2891]: ${klog('05.000001', '"SyncLoop DELETE" source="api" pods=["default/web-0"]')}`,
      other('06', 'kernel', 'eth0: renamed from veth1234'),
    ].join('\n');
    const trace = analyze({ name: 'syslog', data: text }, { year: 2024 });
    expect(trace.sources[0].format).toBe('klog-journald');
    expect(trace.sources[0].lines).toMatchObject({ total: 7, klog: 2, unrecognized: 5 });
  });

  it('journalctl under a Chinese, Japanese or Korean locale: the month as a number and 月 or 월', () => {
    const text = [
      `12月 25 16:02:37 node-zh kubelet[2891]: ${klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]').replace('0315', '1225').replace('10:02', '16:02')}`,
      `3월  5 10:02:04 node-ko kubelet[2891]: ${klog('04.000001', '"SyncLoop DELETE" source="api" pods=["default/web-0"]').replace('0315', '0305')}`,
    ];
    const zh = analyze({ name: 'zh.txt', data: text[0] }, { year: 2023 });
    expect(zh.sources[0].format).toBe('klog-journald');
    expect(zh.sources[0].node).toBe('node-zh');
    const ko = analyze({ name: 'ko.txt', data: text[1] }, { year: 2023 });
    expect(ko.sources[0].node).toBe('node-ko');
    expect(eventRows(ko).map((r) => `${r.at} ${r.kind}`)).toEqual(['2023-03-05 10:02:04.000001 syncloop.delete']);
  });

  it('journalctl under a European, Turkish or Cyrillic locale: the month abbreviated in that language, with or without its dot', () => {
    const add = klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]').replace('0315', '0920');
    const cases: [string, number][] = [
      ['sept. 20', 9], ['Sept. 20', 9], ['déc. 20', 12], ['févr. 20', 2], ['Mär 20', 3], ['mar 20', 3], ['Okt 20', 10], ['dic 20', 12], ['ago 20', 8], ['дек 20', 12], ['mai 20', 5],
      // Bulgarian (k8s PR 68754's journal), Ukrainian, Polish, Czech, Turkish, Swedish.
      ['сеп 20', 9], ['вер 20', 9], ['wrz 20', 9], ['zář 20', 9], ['Eyl 20', 9], ['maj 20', 5], ['paź 20', 10], ['лис 20', 11],
    ];
    for (const [date, month] of cases) {
      const line = `${date} 10:02:03 erebos kubelet[8665]: ${add.replace('I0920', `I${String(month).padStart(2, '0')}20`)}`;
      const trace = analyze({ name: 'fr.txt', data: line }, { year: 2018 });
      expect(trace.sources[0].format, date).toBe('klog-journald');
      expect(trace.sources[0].node, date).toBe('erebos');
    }
    // A word that is no month stays prose.
    expect(readRecords(`pas 20 10:02:03 erebos kubelet[8665]: ${add}`).records[0].wrapper).toBe('none');
  });

  it('talosctl with node names: "sanji: {…}" before a kubelet JSON record names the node; prose before an object does not', () => {
    const json = (ms: number, msg: string) => `{"ts":${ms},"caller":"kubelet/kubelet.go:2389","msg":"${msg}","v":0,"source":"api","pods":["default/web-0"]}`;
    const trace = analyze({ name: 'talos.txt', data: [`sanji: ${json(1746793592062.8118, 'SyncLoop ADD')}`, `sanji: ${json(1746793593000.5, 'SyncLoop DELETE')}`].join('\n') });
    expect(trace.sources[0].format).toBe('json');
    expect(trace.sources[0].node).toBe('sanji');
    expect(eventRows(trace).map((r) => r.kind)).toEqual(['syncloop.add', 'syncloop.delete']);
    expect(readRecords('Example: {"name": "web-0", "replicas": 2}').reader.counts).toMatchObject({ klog: 0, unrecognized: 1 });
  });

  it('wrapped lines indented as a whole (pasted into a document) keep their wrapper; an indented line without a log after it does not', () => {
    const json = (ms: number, msg: string) => `{"ts":${ms},"caller":"kubelet/kubelet.go:2389","msg":"${msg}","v":0,"source":"api","pods":["default/web-0"]}`;
    const talos = [`    10.0.0.5: ${json(1710496923123.456, 'SyncLoop ADD')}`, `    10.0.0.5: ${json(1710496924000.001, 'SyncLoop DELETE')}`].join('\n');
    const trace = analyze({ name: 'talos.md', data: talos });
    expect(trace.sources[0].node).toBe('10.0.0.5');
    expect(eventRows(trace).map((r) => r.kind)).toEqual(['syncloop.add', 'syncloop.delete']);
    const journal = `\tMar 15 10:02:03 node-1 kubelet[2891]: ${klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]')}`;
    expect(analyze({ name: 'j.md', data: journal }, { year: 2024 }).sources[0].node).toBe('node-1');
    // Prose indented under a log line that merely starts like an address stays what it was.
    const prose = [klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]'), '    10.0.0.5: was the address we used'].join('\n');
    expect(readRecords(prose).reader.counts).toMatchObject({ klog: 1, continuation: 1 });
  });

  it('journal lines numbered by grep -n (27:, or 28- for a context line) keep their host (kubernetes/kubernetes#79362)', () => {
    const line = (n: string, t: string, msg: string) => `${n}Jun 25 09:44:${t.slice(0, 2)} kubernetes1 kubelet[9388]: E0625 09:44:${t}    9388 kubelet.go:2244] ${msg}`;
    const text = [line('27:', '07.583090', 'node "kubernetes1" not found'), line('28-', '07.683417', 'node "kubernetes1" not found')].join('\n');
    const trace = analyze({ name: 'grep.txt', data: text }, { year: 2019 });
    expect(trace.sources[0].format).toBe('klog-journald');
    expect(trace.sources[0].node).toBe('kubernetes1');
    expect(trace.sources[0].lines).toMatchObject({ klog: 2, unrecognized: 0 });
  });

  it('journal lines grep found in named files (kubelet_service.log:, logs/k.log:27:) keep their host; a word before a colon is no file name', () => {
    // openshift/machine-config-operator#2215: a must-gather's journal, searched with grep over its files.
    const line = (prefix: string, t: string) => `${prefix}Nov 10 03:07:${t.slice(0, 2)}.${t.slice(3)} ip-10-0-143-173 hyperkube[1522]: E1110 03:07:${t}    1522 kubelet.go:1583] Failed creating a mirror pod for "web-0_default(c4a6d0bdd7ae69ac5efa10a12ad33bc0)": pods "web-0" is forbidden`;
    const text = [line('kubelet_service.log:', '32.757070'), line('logs/node-1/kubelet.log:27:', '33.757070')].join('\n');
    const trace = analyze({ name: 'grep.txt', data: text }, { year: 2020 });
    expect(trace.sources[0].node).toBe('ip-10-0-143-173');
    expect(trace.sources[0].lines).toMatchObject({ klog: 2, unrecognized: 0 });
    const prose = analyze({ name: 'note.txt', data: `Error:${line('', '32.757070')}` }, { year: 2020 });
    expect(prose.sources[0].node).not.toBe('ip-10-0-143-173');
  });

  it('a journal without a year takes it from NetworkManager\'s epoch stamp on its own line (containerd/containerd#12138)', () => {
    const text = [
      `Jul 22 07:26:35 node-1 kubelet[1234]: ${klog('35.418347', '"Failed to list images" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"').replace('0315 10:02', '0722 07:26')}`,
      'Jul 22 07:26:35 node-1 NetworkManager[3444]: <warn>  [1753140395.4923] dhcp4 (eth0): request timed out',
      `Jul 22 07:26:36 node-1 kubelet[1234]: ${klog('36.418347', '"Failed to list pod sandboxes" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"').replace('0315 10:02', '0722 07:26')}`,
    ].join('\n');
    expect(analyze({ name: 'journal.txt', data: text }).sources[0].year).toEqual({ value: 2025, how: 'document' });
  });

  it('a journal without a year takes it from the dates other programs print in their own lines (CRI-O, containerd)', () => {
    const text = [
      `Apr 26 20:02:56 node-1 hyperkube[1372]: ${klog('03.123456', '"SyncLoop DELETE" source="api" pods=["default/web-0"]').replace('0315 10:02', '0426 20:02')}`,
      'Apr 26 20:03:00 node-1 crio[1342]: time="2023-04-26 20:03:00.324136599Z" level=info msg="Stopped container 236f673ac44b: default/web-0/app"',
    ].join('\n');
    expect(analyze({ name: 'journal.txt', data: text }).sources[0].year).toEqual({ value: 2023, how: 'document' });
  });

  it('short-unix (epoch seconds: the year), short-full (weekday, date, zone) and short-monotonic / short-delta (uptime)', () => {
    const line = (prefix: string, ss: string, rest: string) => `${prefix} node-1 kubelet[2891]: ${klog(ss, rest)}`;
    const unixAndFull = [
      line('1710496923.123456', '03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]'),
      line('Fri 2024-03-15 10:02:04 UTC', '04.000001', '"SyncLoop DELETE" source="api" pods=["default/web-0"]'),
      line('Fri 2024-03-15 10:02:05 +0000', '05.000001', '"SyncLoop REMOVE" source="api" pods=["default/web-0"]'),
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: unixAndFull }, { year: 2019 });
    expect(trace.sources[0].format).toBe('klog-journald');
    expect(trace.sources[0].node).toBe('node-1');
    expect(trace.sources[0].year).toEqual({ value: 2024, how: 'wrapper' });
    expect(eventRows(trace).map((r) => `${r.at} ${r.node} ${r.kind}`)).toEqual([
      '2024-03-15 10:02:03.123456 node-1 syncloop.add', '2024-03-15 10:02:04.000001 node-1 syncloop.delete',
      '2024-03-15 10:02:05.000001 node-1 syncloop.remove',
    ]);

    const monotonic = [
      line('[ 1234.567890]', '03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]'),
      line('[ 1235.567891 <    1.000001>]', '04.123457', '"SyncLoop DELETE" source="api" pods=["default/web-0"]'),
    ].join('\n');
    const mono = analyze({ name: 'journal.txt', data: monotonic }, { year: 2022 });
    expect(mono.sources[0].format).toBe('klog-journald');
    expect(mono.sources[0].node).toBe('node-1');
    // Uptime says nothing about the date: the year is the caller's.
    expect(mono.sources[0].year).toEqual({ value: 2022, how: 'caller' });
    expect(eventRows(mono).map((r) => `${r.where} ${r.kind}`)).toEqual(['journal.txt:1 syncloop.add', 'journal.txt:2 syncloop.delete']);
    expect(mono.sources[0].lines.unrecognized).toBe(0);
  });

  it('journal lines whose date and host were cut away (`kubelet[19121]: `): the identifier still tells the kubelet\'s lines, and a dump stays with its record', () => {
    const text = [
      `kubelet[19121]: ${klog('35.574219', 'Observed a panic: "invalid memory address or nil pointer dereference" (runtime error: invalid memory address or nil pointer dereference)').replace('I0315', 'E0315').replace('kubelet.go:1', 'runtime.go:66')}`,
      'kubelet[19121]: goroutine 212 [running]:',
      'kubelet[19121]: k8s.io/kubernetes/pkg/kubelet/volumemanager.(*volumeManager).Run(0xc420a1c000)',
      'dockerd[811]: time="2024-03-15T10:02:36Z" level=info msg="ignoring event"',
      `kubelet[19121]: ${klog('36.000001', '"SyncLoop ADD" source="api" pods=["default/web-0"]')}`,
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(trace.sources[0].format).toBe('klog-journald');
    expect(trace.sources[0].lines).toEqual({ total: 5, klog: 2, continuation: 2, unrecognized: 1, blank: 0 });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['journal.txt:1+3 node.panic', 'journal.txt:5 syncloop.add']);
  });

  it('lines a journal wrote as `localhost` before the machine had its name are the node it names next: one node, one pod', () => {
    const uid = '7a2e3b1c-0000-4000-8000-00000000aa01';
    const at = (host: string, ss: string, rest: string) => `Mar 15 10:02:${ss.slice(0, 2)} ${host} kubelet[2891]: ${klog(ss, rest)}`;
    const pleg = (type: string) => `"SyncLoop (PLEG): event for pod" pod="openshift-etcd/etcd-bootstrap" event={ID:${uid} Type:${type} Data:9f2e}`;
    const text = [
      at('localhost', '03.123456', '"SyncLoop ADD" source="file" pods=["openshift-etcd/etcd-bootstrap"]'),
      at('localhost', '04.123456', pleg('ContainerStarted')),
      at('master-0.example.com', '09.123456', pleg('ContainerDied')),
      at('master-0.example.com', '10.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]'),
      at('localhost.localdomain', '11.123456', '"SyncLoop DELETE" source="api" pods=["default/web-0"]'),
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(trace.sources[0].node).toBe('master-0.example.com');
    expect(trace.nodes.map((n) => n.name)).toEqual(['master-0.example.com']);
    expect(trace.pods.map((p) => `${p.namespace}/${p.name} ${trace.nodes[p.node].name}`)).toEqual([
      'openshift-etcd/etcd-bootstrap master-0.example.com', 'default/web-0 master-0.example.com',
    ]);
    // A journal that never names a real host keeps the one it has.
    expect(analyze({ name: 'journal.txt', data: text.split('\n').slice(0, 2).join('\n') }).sources[0].node).toBe('localhost');
  });

  it('a `systemctl status kubelet` paste and `journalctl -x` explanations are the tools\' own lines, not stray; a journal indented as a whole stays a journal', () => {
    const text = [
      '● kubelet.service - kubelet: The Kubernetes Node Agent',
      '     Loaded: loaded (/lib/systemd/system/kubelet.service; enabled; vendor preset: enabled)',
      '    Drop-In: /usr/lib/systemd/system/kubelet.service.d',
      '             └─10-kubeadm.conf',
      '     Active: activating (auto-restart) (Result: exit-code) since Thu 2024-03-15 10:02:04 UTC; 3s ago',
      '   Main PID: 2891 (code=exited, status=1/FAILURE)',
      '',
      `    Mar 15 10:02:03 node-1 kubelet[2891]: ${klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]')}`,
      '    Mar 15 10:02:04 node-1 systemd[1]: kubelet.service: Main process exited, code=exited, status=1/FAILURE',
      '░░ Subject: Unit process exited',
      '░░ An ExecStart= process belonging to unit kubelet.service has exited.',
      '    Mar 15 10:02:04 node-1 containerd[611]: time="2024-03-15T10:02:04Z" level=info msg="shim disconnected"',
    ].join('\n');
    const trace = analyze({ name: 'status.txt', data: text });
    const src = trace.sources[0];
    expect(src.diagnostics).toEqual([]);
    expect(src.format).toBe('klog-journald');
    // The indented systemd line is the unit's exit, not a wrapped tail of the kubelet line before it.
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['status.txt:8 syncloop.add', 'status.txt:9 service.exited']);
  });

  it('keeps a multi-line value whose lines the journal stored as separate entries, and skips other programs', () => {
    const text = [
      `Mar 15 10:02:05 node-1 kubelet[2891]: I0315 10:02:05.100003    2891 status_manager.go:883] "Patch status for pod" pod="default/web-0" podUID="${UID}" patch=<`,
      `Mar 15 10:02:05 node-1 kubelet[2891]: \t{"status":{"phase":"Running"}}`,
      'Mar 15 10:02:05 node-1 containerd[611]: time="2024-03-15T10:02:05.1Z" level=info msg="StartContainer returned successfully"',
      'Mar 15 10:02:05 node-1 kubelet[2891]:  >',
      'Mar 15 10:02:06 node-1 containerd[611]: panic: assignment to entry in nil map',
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(trace.sources[0].lines).toEqual({ total: 5, klog: 1, continuation: 2, unrecognized: 2, blank: 0 });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['journal.txt:1+4 status.patch']);
    // Other programs' lines in a journal are expected there: not reported as garbage.
    expect(trace.sources[0].diagnostics).toEqual([]);
  });

  it('cat: bare klog lines, year from the caller', () => {
    const text = klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]');
    const trace = analyze({ name: 'journal.txt', data: text }, { year: 2022 });
    expect(trace.sources[0].format).toBe('klog');
    expect(trace.sources[0].year).toEqual({ value: 2022, how: 'caller' });
    expect(eventRows(trace)[0].at).toBe('2022-03-15 10:02:03.123456');
  });

  it('json export: MESSAGE as a string, as an array of UTF-8 bytes, or holding a JSON log object', () => {
    const bytes = [...new TextEncoder().encode(`E0315 10:02:04.000001    2891 pod_workers.go:1300] "Error syncing pod, skipping" err="détail" pod="default/web-0" podUID="${UID}"\n`)];
    const entry = (us: string, message: unknown) => JSON.stringify({
      __CURSOR: 's=1;i=2', __REALTIME_TIMESTAMP: us, _HOSTNAME: 'node-7', SYSLOG_IDENTIFIER: 'kubelet', _PID: '2891', MESSAGE: message,
    });
    const text = [
      entry('1710496923123456', klog('03.123456', '"SyncLoop ADD" source="api" pods=["default/web-0"]')),
      entry('1710496924000001', bytes),
      entry('1710496925123456', '{"ts":1710496925123.456,"caller":"kubelet/kubelet.go:2405","msg":"SyncLoop DELETE","v":2,"source":"api","pods":[{"name":"web-0","namespace":"default"}]}'),
    ].join('\n');
    const trace = analyze({ name: 'journal.json', data: text }, { year: 2019 });
    const src = trace.sources[0];
    expect(src.format).toBe('journald-json-export');
    expect(src.node).toBe('node-7');
    expect(src.year).toEqual({ value: 2024, how: 'wrapper' });
    expect(src.eras).toEqual({ printf: 0, structured: 2, json: 1 });
    expect(eventRows(trace)).toEqual([
      { at: '2024-03-15 10:02:03.123456', where: 'journal.json:1', sev: 'I', node: 'node-7', kind: 'syncloop.add', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:04.000001', where: 'journal.json:2', sev: 'E', node: 'node-7', kind: 'pw.sync-error', pod: 'default/web-0' },
      { at: '2024-03-15 10:02:05.123456', where: 'journal.json:3', sev: 'I', node: 'node-7', kind: 'syncloop.delete', pod: 'default/web-0' },
    ]);
    expect(trace.strings[trace.events.text[1]]).toBe('détail');
  });

  it('JSON logging behind the journal: the journal line holds the JSON object', () => {
    const text = [
      'Mar 15 10:02:03 node-2 kubelet[2891]: {"ts":1710496923123.456,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[{"name":"web-0","namespace":"default"}]}',
      'Mar 15 10:02:05 node-2 kubelet[2891]: {"ts":1710496925123.456,"caller":"kubelet/kubelet.go:2405","msg":"SyncLoop DELETE","v":2,"source":"api","pods":[{"name":"web-0","namespace":"default"}]}',
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(trace.sources[0].format).toBe('json-journald');
    expect(eventRows(trace).map((r) => `${r.at} ${r.node} ${r.kind}`)).toEqual([
      '2024-03-15 10:02:03.123456 node-2 syncloop.add',
      '2024-03-15 10:02:05.123456 node-2 syncloop.delete',
    ]);
  });
});
