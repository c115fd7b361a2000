/**
 * Damaged input is parsed as far as possible, reported with its line number, and never stops the rest of the file:
 * a lost first character, a pager-cut line, a missing pid, a header cut before `]`, garbage, NUL bytes, invalid
 * UTF-8, a 10 MB line, an empty file, a binary file.
 */
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { analyze, countedLines, eventRows, fixture, readRecords } from './ingest-helpers.ts';
import { Severity } from '../../../src/ingest/klog-header.ts';

const ADD = (t: string, pod: string) => `I0315 10:02:${t}    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/${pod}"]`;
const enc = new TextEncoder();

function diagnosticsOf(trace: ReturnType<typeof analyze>): string[] {
  return trace.sources[0].diagnostics.map((d) => `${d.line} ${d.level}: ${d.message}`);
}

describe('damaged klog lines', () => {
  it('a lost first character, a missing pid, a line cut by a pager, a header cut before "]"', () => {
    const text = [
      ADD('01.000001', 'a'),
      ADD('02.000002', 'b').slice(1), // lost first character
      'I0315 10:02:03.000003 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/c"]', // no pid
      ADD('04.000004', 'd').slice(0, 80), // cut by `less -S` at 80 columns, inside pods=[…]
      'I0315 10:02:05.000005    2891 kubelet.go:2405] "SyncLoop DEL', // cut inside the message
      'I0315 10:02:06.000006    2891 kubelet.go:24', // cut inside the header
      'I0315 10:02:0', // cut before the header is whole
      ADD('08.000008', 'h'),
    ].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.sev} ${r.kind}`)).toEqual([
      '2024-03-15 10:02:01.000001 k.log:1 I syncloop.add',
      '2024-03-15 10:02:02.000002 k.log:2 I syncloop.add',
      '2024-03-15 10:02:03.000003 k.log:3 I syncloop.add',
      '2024-03-15 10:02:04.000004 k.log:4 I syncloop.add',
      '2024-03-15 10:02:05.000005 k.log:5 I unknown',
      '2024-03-15 10:02:06.000006 k.log:6 I unknown',
      '2024-03-15 10:02:08.000008 k.log:8 I syncloop.add',
    ]);
    expect(diagnosticsOf(trace)).toEqual([
      '2 warning: damaged klog header (missing severity letter); parsed as far as possible',
      '3 warning: damaged klog header (missing pid); parsed as far as possible',
      // Both still make their events (line 5's is unknown: its message cannot be told), and say they were cut.
      '4 warning: the record is cut after pods= (no value); read as far as it goes',
      '5 warning: the record is cut inside its message (the quote is not closed); read as far as it goes',
      '6 warning: damaged klog header (header cut before "]"); parsed as far as possible',
      '7 warning: looks like a kubelet log line but its header is damaged or cut; skipped: "I0315 10:02:0"',
    ]);
    expect(trace.sources[0].lines).toEqual({ total: 8, klog: 7, continuation: 0, unrecognized: 1, blank: 0 });
  });

  it('a header without its severity letter and date (a paste whose first columns were cut away) is dated by the records before it', () => {
    const stripped = (t: string, pod: string) => ADD(t, pod).slice(6);
    const text = [
      'I0315 23:59:58.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/a"]',
      stripped('59.000002', 'b').replace('10:02:', '23:59:'),
      // Indented by the paste, and past midnight: the next day.
      '  ' + stripped('01.000003', 'c').replace('10:02:', '00:00:'),
      // A time and a number alone are not a header.
      '00:00:02.000004 1234 seconds left',
    ].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.kind} ${r.pod}`)).toEqual([
      '2024-03-15 23:59:58.000001 k.log:1 syncloop.add default/a',
      '2024-03-15 23:59:59.000002 k.log:2 syncloop.add default/b',
      '2024-03-16 00:00:01.000003 k.log:3 syncloop.add default/c',
    ]);
    expect(diagnosticsOf(trace)).toEqual([
      '2 warning: damaged klog header (no severity letter or date); parsed as far as possible',
      '3 warning: damaged klog header (no severity letter or date); parsed as far as possible',
      '4 info: not a kubelet log line; skipped: "00:00:02.000004 1234 seconds left"',
    ]);
    // With nothing before them to date them by: 1 January, said once.
    const alone = analyze({ name: 'k.log', data: [stripped('01.000001', 'a'), stripped('02.000002', 'b')].join('\n') });
    expect(eventRows(alone).map((r) => r.at)).toEqual(['2024-01-01 10:02:01.000001', '2024-01-01 10:02:02.000002']);
    expect(diagnosticsOf(alone)).toContain('1 warning: klog lines without a date (time of day only) and nothing before them to date them by: read as 1 January');
    // Before a line with a date: that line's day.
    const before = analyze({ name: 'k.log', data: [stripped('01.000001', 'a'), ADD('02.000002', 'b').replace('I0315', 'I0612')].join('\n') });
    expect(eventRows(before).map((r) => r.at)).toEqual(['2024-06-12 10:02:01.000001', '2024-06-12 10:02:02.000002']);
    expect(diagnosticsOf(before)).toContain('1 info: a klog line without a date (time of day only) before any line with one: put on the day of the next line with a date');
    // After a document's date (an issue's header), that day, said once.
    const doc = analyze({ name: 'k.log', data: ['reporter · description · 2017-03-08', '', stripped('01.000001', 'a'), stripped('02.000002', 'b')].join('\n') });
    expect(eventRows(doc).map((r) => r.at)).toEqual(['2017-03-08 10:02:01.000001', '2017-03-08 10:02:02.000002']);
    expect(diagnosticsOf(doc)[0]).toBe('3 warning: klog lines without a date (time of day only): read as on 2017-03-08, the last date in the text before them');
    // Behind a journal prefix, the journal's date.
    const journal = analyze({ name: 'k.log', data: `Mar 20 10:02:01 node-1 kubelet[2891]: ${stripped('01.000001', 'a')}` });
    expect(eventRows(journal).map((r) => `${r.at} ${r.node}`)).toEqual(['2024-03-20 10:02:01.000001 node-1']);
  });

  it('a header cut down to pid and caller (`29867 server.go:292] …`) is timed by the lines around it', () => {
    const pidOnly = (t: string, pod: string) => ADD(t, pod).slice(22).trimStart();
    // Before any time: held, then timed as the next line with one (here a systemd line in a journal).
    const first = analyze({ name: 'k.log', data: [
      pidOnly('01.000001', 'a'),
      pidOnly('02.000002', 'b'),
      'Mar 20 10:02:09 node-1 systemd[1]: kubelet.service: Main process exited, code=exited, status=1/FAILURE',
    ].join('\n') });
    expect(eventRows(first).map((r) => `${r.at} ${r.where} ${r.kind} ${r.pod}`)).toEqual([
      '2024-03-20 10:02:09.000000 k.log:1 syncloop.add default/a',
      '2024-03-20 10:02:09.000000 k.log:2 syncloop.add default/b',
      '2024-03-20 10:02:09.000000 k.log:3 service.exited ',
    ]);
    expect(diagnosticsOf(first)).toEqual([
      '1 warning: damaged klog header (no severity letter, date or time); parsed as far as possible',
      '2 warning: damaged klog header (no severity letter, date or time); parsed as far as possible',
      '1 info: 2 klog lines without a date or time (only the caller, and perhaps the pid, left of the header): timed as the next line with a time',
    ]);
    // After a timed record: its time.
    const after = analyze({ name: 'k.log', data: [ADD('01.000001', 'a'), pidOnly('05.000005', 'b')].join('\n') });
    expect(eventRows(after).map((r) => `${r.at} ${r.pod}`)).toEqual(['2024-03-15 10:02:01.000001 default/a', '2024-03-15 10:02:01.000001 default/b']);
    // Only a Go caller makes a pid and a word a header.
    const prose = analyze({ name: 'k.log', data: ['29867 apples:3] and pears', '12 main:4] x', ADD('01.000001', 'a')].join('\n') });
    expect(prose.sources[0].lines.klog).toBe(1);
  });

  it('a line cut inside a bracketed or quoted value: the pods read whole are kept, the cut is reported, at the end of a file too', () => {
    const text = [
      ADD('01.000001', 'a'),
      'I0315 10:02:02.000002    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/b", "defau',
      'I0315 10:02:03.000003    2891 kubelet.go:2152] "SyncLoop (PLEG): event for pod" pod="default/a" event=&{ID:5f1c2d3e Type:Contai',
      'I0315 10:02:04.000004    2891 status_manager.go:883] "Patch status for pod" pod="default/a" patch=<',
      '\t{"status":{"phase":"Running"}}',
      ADD('05.000005', 'e'),
      'I0315 10:02:06.000006    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/e"] err="a \\"quoted\\" tail',
    ].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind} ${r.pod}`)).toEqual([
      'k.log:1 syncloop.add default/a',
      'k.log:2 syncloop.add default/b',
      'k.log:3 syncloop.pleg default/a',
      'k.log:4+2 status.patch default/a',
      'k.log:6 syncloop.add default/e',
      'k.log:7 syncloop.delete default/e',
    ]);
    // The bulk ADD's whole item is a known pod; the cut one is not made up from its first letters.
    expect(trace.pods.map((p) => `${p.namespace}/${p.name}`).sort()).toEqual(['default/a', 'default/b', 'default/e']);
    expect(diagnosticsOf(trace)).toEqual([
      '2 warning: the record is cut inside the value of pods= (a "[" is not closed); read as far as it goes',
      '3 warning: the record is cut inside the value of event= (a "{" is not closed); read as far as it goes',
      '4 warning: the record is cut inside the multi-line value of patch= (no closing " >"); read as far as it goes',
      '7 warning: the record is cut inside the value of err= (its quote is not closed); read as far as it goes',
    ]);
  });

  it('a markdown fence after a record cut inside a quote closes the block: it and the prose after are not the record\'s (kubernetes/kubernetes#112631)', () => {
    const text = [
      'Old Log', '```',
      'E0921 12:50:42.876383   19307 kubelet.go:1347] "Image garbage collection failed multiple times in a row" err="failed to garbage collect required amount of images. Wanted to free 2986842521 bytes, but',
      '```', 'New Log', '```',
      'E0921 12:50:42.876383   19307 kubelet.go:1347] "Image garbage collection failed multiple times in a row" err="Failed to garbage collect required amount of images. Attempted to free 2986842521 bytes, but only found 0 bytes eligible to free."',
      '```',
    ].join('\n');
    const trace = analyze({ name: 'k.md', data: text });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['k.md:3', 'k.md:7']);
    expect(trace.sources[0].lines).toMatchObject({ klog: 2, continuation: 0 });
  });

  it('journal lines of a command\'s own log that a record quotes (dated as its first line is) continue it, in the same second (kubernetes/kubernetes#30959)', () => {
    const j = (t: string) => `Aug 21 00:04:20 node-f5 kubelet[151358]: ${t}`;
    const text = [
      j('I0821 00:04:20.805749  151358 rbd_util.go:241] rbd: map error exit status 6 2016-08-21 00:04:10.802512 7fdbbe321100 -1 did not load config file, using default settings.'),
      j('2016-08-21 00:04:10.812965 7fdbbe321100 -1 auth: unable to find a keyring on /etc/ceph/ceph.client.admin.keyring'),
      j('rbd: sysfs write failed'),
      j('E0821 00:04:20.805809  151358 disk_manager.go:61] failed to attach disk'),
      // Another logger's dated line, its date not in the record: not the record's.
      j('I0821 00:04:20.905809  151358 kubelet.go:1799] SyncLoop (housekeeping)'),
      j('2019/06/28 18:37:39 http: TLS handshake error from 10.0.0.1:4431: EOF'),
    ].join('\n');
    const trace = analyze({ name: 'j.log', data: text });
    expect(trace.sources[0].lines).toMatchObject({ klog: 3, continuation: 2, unrecognized: 1 });
  });

  it('lines trimmed to their caller alone are records without a time (kinvolk/kube-spawn#13)', () => {
    const text = [
      'kubelet logs:', '```',
      'cni.go:157] Unable to update cni config: No networks found in /etc/cni/net.d',
      'kubelet.go:2073] Container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized',
      '```',
      // Not a caller: a frame's file, a URL's path, prose.
      'see pkg/kubelet/kubelet.go:2073 for why', 'main.go:12]',
    ].join('\n');
    const trace = analyze({ name: 'k.md', data: text });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['k.md:3 node.cni-config', 'k.md:4 node.network-not-ready']);
    expect(diagnosticsOf(trace)).toContainEqual('3 info: 2 klog lines without a date or time (only the caller, and perhaps the pid, left of the header): no kubelet line after them has a time either, so their time is unknown (shown at the start of 1 January)');
  });

  it('lines whose header lost its time of day keep their severity, date and order; a journal\'s time times them where it has one', () => {
    const text = [
      'kubelet[27516]: W0216 eviction_manager.go:329] eviction manager: attempting to reclaim ephemeral-storage',
      'kubelet[27516]: I0216 eviction_manager.go:340] eviction manager: must evict pod(s) to reclaim ephemeral-storage',
      // With its pid kept, and after a line with a time on the same day.
      'I0216 10:00:00.000001 27516 kubelet.go:1] SyncLoop (housekeeping)',
      'E0216 27516 eviction_manager.go:563] eviction manager: pod etcd-m1_kube-system(939d4dd36e909e6a6bbc5874ae',
      // Not a header: no Go caller after the date, or a date that is none.
      'W0216 something else] x', 'I1345 eviction_manager.go:1] x',
    ].join('\n');
    const trace = analyze({ name: 'k.md', data: text }, { year: 2019 });
    expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.kind}`)).toEqual([
      '2019-02-16 00:00:00.000000 k.md:1 eviction.reclaim',
      '2019-02-16 00:00:00.000000 k.md:2 eviction.must-evict',
      '2019-02-16 10:00:00.000001 k.md:3 housekeeping.start',
      '2019-02-16 10:00:00.000001 k.md:4 unknown',
    ]);
    expect(trace.events.severity[0]).toBe(Severity.Warning);
    expect(trace.events.pid[3]).toBe(27516);
    expect(diagnosticsOf(trace).filter((d) => d.includes('time of day'))).toHaveLength(1);
    const journal = analyze({ name: 'j.log', data: 'Feb 16 10:02:03 node-1 kubelet[27516]: W0216 eviction_manager.go:329] eviction manager: attempting to reclaim ephemeral-storage\n' }, { year: 2019 });
    expect(eventRows(journal).map((r) => r.at)).toEqual(['2019-02-16 10:02:03.000000']);
  });

  it('lines trimmed to a syslog date and the caller, the host an ellipsis, are records of their own, not a fold (kubernetes/kubernetes#123778)', () => {
    const pleg = (t: string, cid: string) => `Feb 28 16:33:${t} ... kubelet.go:2456] "SyncLoop (PLEG): event for pod" pod="kube-system/coredns-f88c6698d-zmjgk" event={"ID":"001d42a0-1729-44fc-9959-b6e751ee44d9","Type":"ContainerStarted","Data":"${cid}"}`;
    const text = ['```', pleg('53', 'a'.repeat(64)), pleg('54', 'b'.repeat(64)), '```'].join('\n');
    const trace = analyze({ name: 'k.md', data: text });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['k.md:2', 'k.md:3']);
  });

  it('a line the poster cut with an ellipsis inside a quote has no rest: the prose after it is not the record\'s (rw20-05, a Qiita post)', () => {
    const text = [
      '# journalctl -u kubelet ... ... kubelet[49647]: E0228 06:12:17.694318 49647 pod_workers.go:918] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"liveness\\" with CrashLoopBackOff: \\"back-off 1m20s restarting failed container=liveness pod=liveness-exec_default...',
      '以下、補足です。',
      // Cut without an ellipsis (a web page's width), the rest of the value follows.
      'E0228 06:12:18.000000 49647 pod_workers.go:918] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"liveness\\" with CrashLoopBackOff: \\"back-off 1m20s restarting failed',
      ' container=liveness pod=liveness-exec_default(5d1f)\\""',
    ].join('\n');
    const trace = analyze({ name: 'k.md', data: text });
    expect(trace.sources[0].lines).toMatchObject({ klog: 2, continuation: 1 });
    expect(trace.strings[trace.events.text[0]]).not.toContain('補足');
  });

  it('a line quoted as inline code: the closing backtick is not part of its message (kubernetes/kubernetes#22259)', () => {
    const trace = analyze({ name: 'k.md', data: 'Kubelet hangs since:\n`E0229 18:31:47.064312    3429 kubelet.go:2341] Failed cleaning pods: cannot connect to Docker endpoint`\n' });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['k.md:2']);
    expect(trace.strings[trace.events.text[0]]).toBe('cannot connect to Docker endpoint');
  });

  it('the error a poster broke onto its own line where the kubelet\'s message always goes on is the record\'s rest; prose there is not (kubernetes/kubernetes#65110)', () => {
    const record = 'E0614 19:34:44.845970    8529 nestedpendingoperations.go:267] Operation for "\\"kubernetes.io/secret/uid-1-token\\" (\\"uid-1\\")" failed. No retries permitted until 2018-06-14 19:36:46.845913615 +0200 CEST m=+1842.055811319 (durationBeforeRetry 2m2s).';
    const rest = 'Error: "UnmountVolume.TearDown failed for volume \\"token\\" : device or resource busy"';
    const joined = analyze({ name: 'p.md', data: ['```', record, rest, '```'].join('\n') });
    expect(joined.sources[0].lines).toMatchObject({ klog: 1, continuation: 1 });
    expect(readRecords([record, rest].join('\n')).records[0].text).toContain('(durationBeforeRetry 2m2s). Error: "UnmountVolume.TearDown failed');
    // Not after another message, nor a line that starts otherwise.
    for (const [a, b] of [[record.replace('(durationBeforeRetry 2m2s).', 'done.'), rest], [record, 'Error was seen on three nodes']]) {
      expect(analyze({ name: 'p.md', data: ['```', a, b, '```'].join('\n') }).sources[0].lines.continuation, b).toBe(0);
    }
  });

  it('an event line broken after its object or inside its type\'s quotes is joined with nothing between (kubernetes/kubernetes#19677)', () => {
    const object = 'I0115 00:04:31.682140    3679 server.go:569] Event(api.ObjectReference{Kind:"Pod", Namespace:"kube-system", Name:"web", UID:"u1", APIVersion:"v1", ResourceVersion:"", FieldPath:""})';
    const inQuotes = readRecords([`${object}: type: '`, 'Normal\' reason: \'BackOff\' Back-off pulling image "etcd:2.2.1"'].join('\n')).records;
    expect(inQuotes).toHaveLength(1);
    expect(inQuotes[0].text).toContain('FieldPath:""}): type: \'Normal\' reason: \'BackOff\' Back-off');
    const afterObject = readRecords([object, ': type: \'Warning\' reason: \'FailedSync\' Error syncing pod, skipping'].join('\n')).records;
    expect(afterObject).toHaveLength(1);
    expect(afterObject[0].text).toContain('FieldPath:""}): type: \'Warning\' reason: \'FailedSync\'');
    // A line of prose after it is not its rest.
    expect(analyze({ name: 'p.md', data: ['```', object, 'Normal pods look fine', '```'].join('\n') }).sources[0].lines.continuation).toBe(0);
  });

  it('a line trimmed to its caller and quoted as inline code is a record without its backticks (kubernetes/kubernetes#70978)', () => {
    const trace = analyze({ name: 'pr.md', data: 'when the grace period < 2, the output is:\n`kuberuntime_container.go:559] Killing container "docker://15267165fbff" with 0 second grace period`\nBut in fact it is reset.' });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['pr.md:2 runtime.kill']);
    expect(trace.strings[trace.events.text[0]]).not.toContain('`');
    // Prose in backticks that only names a file is not one.
    expect(analyze({ name: 'pr.md', data: 'see `kubelet.go:1887` for the loop' }).sources[0].lines.klog).toBe(0);
  });

  it('a failed mount\'s arguments and output on lines of their own are the record\'s, as the kubelet printed them (kubernetes/kubernetes#30310)', () => {
    const record = 'E0809 20:45:58.053442    6432 nestedpendingoperations.go:233] Operation for ... failed. No retries permitted until 2016-08-09 20:46:14.053397506 +0000 UTC (durationBeforeRetry 16s). Error: MountVolume.SetUp failed for volume ... with: mount failed: exit status 32';
    const lines = [record, 'Mounting arguments: 10.0.0.5:/export /var/lib/kubelet/pods/u1/volumes/kubernetes.io~nfs/data nfs []', 'Output: mount: wrong fs type, bad option, bad superblock on 10.0.0.5:/export,',
      '       missing codepage or helper program, or other error'];
    const [rec] = readRecords(lines.join('\n')).records;
    expect(rec.text).toContain('exit status 32\nMounting arguments: 10.0.0.5:/export');
    expect(rec.text).toContain('\nOutput: mount: wrong fs type');
    expect(rec.lineCount).toBe(4);
    const trace = analyze({ name: 'p.md', data: ['```', ...lines, '```'].join('\n') });
    expect(eventRows(trace).map((r) => r.kind)).toEqual(['volume.op-failed']);
    // "Output:" with no mount before it is no part of a record.
    expect(analyze({ name: 'p.md', data: ['```', record.replace('mount failed: exit status 32', 'timeout'), 'Output: none', '```'].join('\n') }).sources[0].lines.continuation).toBe(0);
  });

  it('the last line of a source, cut by the paste with no mark, is read as the message it begins (a line before it is not)', () => {
    const UID = 'ce17fabb-a9d4-4111-9240-abd10dbee194';
    const cut = `I0507 10:19:30.417458   33184 kuberuntime_manager.go:424] No sandbox for pod "test-754d5ccb96-cpl96_default(${UID})" can be fou`;
    const add = `I0507 10:19:30.099442   33184 kubelet.go:1887] SyncLoop (ADD, "api"): "test-754d5ccb96-cpl96_default(${UID})"`;
    const last = analyze({ name: 'k.log', data: [add, cut].join('\n') });
    expect(eventRows(last).map((r) => `${r.kind} ${r.pod}`)).toEqual(['syncloop.add default/test-754d5ccb96-cpl96', 'runtime.sandbox-changed default/test-754d5ccb96-cpl96']);
    // Blank lines after it change nothing; a line after it does.
    expect(eventRows(analyze({ name: 'k.log', data: [add, cut, '', ''].join('\n') })).map((r) => r.kind)).toEqual(['syncloop.add', 'runtime.sandbox-changed']);
    expect(eventRows(analyze({ name: 'k.log', data: [cut, add].join('\n') })).map((r) => r.kind)).toEqual(['syncloop.add', 'unknown']);
    // Alone, a line is taken as written.
    expect(eventRows(analyze({ name: 'k.log', data: cut })).map((r) => r.kind)).toEqual(['unknown']);
  });

  it('a journal read through its pager: lines wider than the terminal end with its ">", which is not read as text', () => {
    // less -S shows a line wider than the terminal up to its last column, with a ">" there.
    const WIDTH = 170;
    const onScreen = (line: string) => (line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}>` : line);
    const J = 'Apr 03 11:40:17 master kubelet[682]: ';
    const lines = [
      `${J}I0403 11:40:17.100000     682 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["kube-system/etcd-master"]`,
      `${J}E0403 11:40:17.200000     682 pod_workers.go:965] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"etcd\\" with CrashLoopBackOff: \\"back-off 5m0s restarting failed container=etcd pod=etcd-master_kube-system(5f1c)\\"" pod="kube-system/etcd-master" podUID=5f1c`,
      // Cut just after a closing quote (below): closed, but as wide as the lines cut before it.
      '',
      // Narrower than the terminal: its own '>' is the kubelet's.
      `${J}I0403 11:40:17.400000     682 kubelet.go:100] "Unknown thing" err=<nil>`,
    ];
    const probe = `${J}I0403 11:40:17.300000     682 prober.go:107] "Probe failed" probeType="Liveness" pod="kube-system/etcd-master" containerName="`;
    lines[2] = `${probe}${'e'.repeat(WIDTH - 2 - probe.length)}" probeResult=failure output="HTTP probe failed"`;
    const screen = lines.map(onScreen);
    expect(screen[2].slice(-2)).toBe('">');
    expect(screen[1].length).toBe(WIDTH);
    expect(screen[2].length).toBe(WIDTH);
    const trace = analyze({ name: 'journal.txt', data: screen.join('\n') });
    const ev = trace.events;
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind} ${r.pod}`)).toEqual([
      'journal.txt:1 syncloop.add kube-system/etcd-master',
      'journal.txt:2 pw.sync-error ',
      'journal.txt:3 probe.failed kube-system/etcd-master',
      'journal.txt:4 unknown ',
    ]);
    // The cut sync error still names its container, and not as "etcd>".
    expect(trace.strings[ev.cname[1]]).toBe('etcd');
    for (let e = 0; e < 3; e++) expect(trace.strings[ev.text[e]].endsWith('>')).toBe(false);
    const pager = `the line ends with a pager's ">" at column ${WIDTH}: the rest of it was cut off on screen (journalctl pipes through less -S; --no-pager or -o cat keeps whole lines); read as far as it goes`;
    expect(diagnosticsOf(trace)).toEqual([`2 warning: ${pager}`, `3 warning: ${pager}`]);
  });

  it('bare klog lines through a pager (less -S on the file): the same, on the byte fast path too', () => {
    const WIDTH = 180;
    const UID = '8a7e3c2d-1b4f-4c5e-9a8b-7c6d5e4f3a2b';
    const onScreen = (line: string) => (line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}>` : line);
    const lines = [
      ADD('01.000001', 'a'),
      // printf era: an odd number of quotes is left open.
      `E0315 10:02:02.000002    2891 pod_workers.go:191] Error syncing pod ${UID} ("a_default(${UID})"), skipping: failed to "StartContainer" for "app" with CrashLoopBackOff: "back-off 20s restarting failed container=app pod=a_default(${UID})"`,
      ADD('03.000003', 'c'),
      'I0315 10:02:04.000004    2891 kubelet.go:100] some line of the kubelet ending with an arrow ->',
    ].map(onScreen);
    const trace = analyze({ name: 'k.log', data: lines.join('\n') });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind} ${r.pod}`)).toEqual([
      'k.log:1 syncloop.add default/a',
      'k.log:2 pw.sync-error default/a',
      'k.log:3 syncloop.add default/c',
      'k.log:4 unknown ',
    ]);
    expect(trace.strings[trace.events.text[1]].endsWith('>')).toBe(false);
    expect(diagnosticsOf(trace)).toEqual([
      `2 warning: the line ends with a pager's ">" at column ${WIDTH}: the rest of it was cut off on screen (journalctl pipes through less -S; --no-pager or -o cat keeps whole lines); read as far as it goes`,
    ]);
  });

  it('a printf message a pager cut short is read as the known message it begins, with only its whole fields', () => {
    const UID = '0a1b2c3d-1111-2222-3333-444455556666';
    const POD = `nginx-7d8b49557c-abcde_default(${UID})`;
    const sandbox = (sec: string, pod: string) => `I0312 10:42:${sec}.101676 2353235 kuberuntime_manager.go:422] No sandbox for pod "${pod}" can be found. Need to start a new one`;
    const lines = [
      `I0312 10:42:26.101676 2353235 kubelet.go:1887] SyncLoop (ADD, "api"): "${POD}"`,
      // Cut inside its quoted pod's UID (left open: the pager's cut is told from it): the name and namespace are whole.
      sandbox('27', `nginx-7d8b49557c-abcde-with-a-longer-name_default(${UID})`),
      // Cut at the same width, inside the literal after the pod: the pod is whole.
      sandbox('28', POD),
      // "Failed to " begins too many messages to tell which.
      'E0312 10:42:29.101676 2353235 kubelet.go:1200] Failed to do something the catalog does not know at all, at some length, long enough',
      // Cut inside the pod's name: no pod.
      sandbox('30', `nginx-${'x'.repeat(120)}_default(${UID})`),
    ];
    const WIDTH = lines[2].indexOf('can be') + 7;
    const onScreen = (line: string) => (line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}>` : line);
    const trace = analyze({ name: 'k.log', data: lines.map(onScreen).join('\n') });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind} ${r.pod}`)).toEqual([
      'k.log:1 syncloop.add default/nginx-7d8b49557c-abcde',
      'k.log:2 runtime.sandbox-changed default/nginx-7d8b49557c-abcde-with-a-longer-name',
      'k.log:3 runtime.sandbox-changed default/nginx-7d8b49557c-abcde',
      'k.log:4 unknown ',
      'k.log:5 runtime.sandbox-changed ',
    ]);
    // Whole, the same beginning is no sandbox line: only a line cut short is read by its beginning.
    const whole = analyze({ name: 'k.log', data: lines[2].slice(0, WIDTH - 1) });
    expect(eventRows(whole).map((r) => r.kind)).toEqual(['unknown']);
  });

  it('a prow build log\'s own lines (`I0606 08:59:59.116] …`, a time to the millisecond and no pid) are no damaged kubelet headers (kubernetes/kubernetes#64687)', () => {
    const text = ['I0606 08:59:59.116] • Failure [1200.884 seconds]', 'I0606 08:59:59.117]   wait for pod "x" to disappear', ADD('01.000001', 'a'), 'I0606 08:5'].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['k.log:3']);
    expect(diagnosticsOf(trace).filter((d) => d.includes('damaged or cut'))).toEqual(['4 warning: looks like a kubelet log line but its header is damaged or cut; skipped: "I0606 08:5"']);
  });

  it('an excerpt\'s last line, cut where nothing marks a cut, is read by its beginning only when it ends inside the known message\'s words, not inside a bare value', () => {
    const first = ADD('01.000001', 'a');
    const handshake = (tail: string) => `I0315 10:02:02.000002    2891 log.go:172] http: TLS handshake error from 172.16.197.122:40456: ${tail}`;
    // Whole: a client that hung up ("EOF") — another message that begins the same way.
    expect(eventRows(analyze({ name: 'k.log', data: [first, handshake('EOF')].join('\n') })).map((r) => r.kind)).toEqual(['syncloop.add', 'unknown']);
    // Cut inside the words after the value: the known message.
    expect(eventRows(analyze({ name: 'k.log', data: [first, handshake('no serving cert')].join('\n') })).map((r) => r.kind)).toEqual(['syncloop.add', 'server.no-serving-cert']);
  });

  it('journal lines chopped at a screen\'s edge inside pods\' UIDs still name the pods (a guide\'s `journalctl -xeu kubelet`, jimenezcorzo/Kubernetes-The-Hard-Way-15.3-LXC)', () => {
    const trace = analyze({ name: 'guide.md', data: fixture('chopped-160-rolling-update.md') });
    expect(trace.pods.map((p) => `${p.namespace}/${p.name}`).sort()).toEqual(['default/webapp-795bbd7d8-77ggn', 'default/webapp-795bbd7d8-csd2c', 'default/webapp-8544985cc7-nnffw']);
    // No UID was read whole: none is made up.
    expect(trace.pods.map((p) => p.uid)).toEqual(['', '', '']);
  });

  it('a volume error cut inside the pod\'s UID still names the pod it named whole (hetznercloud/csi-driver#66)', () => {
    const text = 'May 20 07:40:33 minion-2 k3s[6779]: E0520 07:40:33.922180    6779 nestedpendingoperations.go:301] Operation for "{volumeName:kubernetes.io/csi/csi.hetzner.cloud^5514603 podName: nodeName:}" failed. No retries permitted until 2020-05-20 07:40:37.922136657 +0200 CEST m=+190.295219174 (durationBeforeRetry 4s). Error: "Volume has not been added to the list of VolumesInUse in the node\'s volume status for volume \\"pvc-28ee81f4\\" (UniqueName: \\"kubernetes.io/csi/csi.hetzner.cloud^5514603\\") pod \\"rook-ceph-osd-prepare-set1-data-0-n22jc-4n7l9\\" (UID: \\"aceebf44-4254-4384-';
    const trace = analyze({ name: 'k.log', data: text });
    expect(trace.pods.map((p) => [p.name, p.uid])).toEqual([['rook-ceph-osd-prepare-set1-data-0-n22jc-4n7l9', '']]);
  });

  it('a pod or container named by a value the line is cut inside is not made up from its first letters', () => {
    const text = [
      ADD('01.000001', 'kube-proxy-z48h8'),
      'I0315 10:02:02.000002    2891 kuberuntime_container_linux.go:167] "No swap cgroup controller present" swapBehavior="" pod="default/kube-p',
      'I0315 10:02:03.000003    2891 prober.go:107] "Probe failed" probeType="Readiness" pod="default/kube-proxy-z48h8" podUID=0a1b containerName="kube-pr',
    ].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    expect(trace.pods.map((p) => `${p.namespace}/${p.name}`)).toEqual(['default/kube-proxy-z48h8']);
    expect(eventRows(trace).map((r) => `${r.where} ${r.pod}`)).toEqual(['k.log:1 default/kube-proxy-z48h8', 'k.log:2 ', 'k.log:3 default/kube-proxy-z48h8']);
    // The probe line's cut container name is not a container "kube-pr".
    expect(trace.containers.map((c) => c.name)).not.toContain('kube-pr');
  });

  it('a message cut before its closing quote is still known when its start names it (the volume lines say what they are first)', () => {
    const text = [
      'I0613 01:11:37.100000    2573 reconciler_common.go:258] "operationExecutor.VerifyControllerAttachedVolume started for volume \\"lib-modules\\" (Unique',
      'I0613 01:11:37.200000    2573 kubelet.go:2405] "SyncLoop DEL',
    ].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    // The second could be DELETE or something else: it stays unknown rather than guessed.
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['k.log:1 volume.verify-attached', 'k.log:2 unknown']);
  });

  it('garbage in the middle of a log is skipped and pointed at by line number', () => {
    const text = [ADD('01.000001', 'a'), '#&*(@ 1234 lkj ~~ qqq', '%%%%%%%%', ADD('02.000002', 'b')].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['k.log:1', 'k.log:4']);
    expect(diagnosticsOf(trace)).toEqual([
      '2 info: not a kubelet log line; skipped: "#&*(@ 1234 lkj ~~ qqq"',
      '3 info: not a kubelet log line; skipped: "%%%%%%%%"',
    ]);
  });
});

describe('damaged bytes', () => {
  it('NUL bytes and invalid UTF-8: the line is read as far as it goes and reported', () => {
    const bytes = new Uint8Array([
      ...enc.encode(ADD('01.000001', 'a') + '\n'),
      0, 0, 0, 0, 10, // a line of NULs (a file preallocated and never written, after a crash)
      ...enc.encode('E0315 10:02:02.000002    2891 pod_workers.go:1300] "Error syncing pod, skipping" err="bad '),
      0xff, 0xfe, // not UTF-8
      ...enc.encode(' bytes" pod="default/a"\n'),
      ...enc.encode(ADD('03.000003', 'c') + '\n'),
    ]);
    const trace = analyze({ name: 'k.log', data: bytes });
    expect(eventRows(trace).map((r) => `${r.where} ${r.sev} ${r.kind} ${r.pod}`)).toEqual([
      'k.log:1 I syncloop.add default/a',
      'k.log:3 E pw.sync-error default/a',
      'k.log:4 I syncloop.add default/c',
    ]);
    expect(trace.strings[trace.events.text[1]]).toBe('bad \uFFFD\uFFFD bytes');
    expect(diagnosticsOf(trace)).toEqual([
      '2 warning: line contains NUL bytes; read as far as possible',
      '3 warning: line contains invalid UTF-8 (shown as \uFFFD); read as far as possible',
      '2 info: not a kubelet log line; skipped: "\\u0000\\u0000\\u0000\\u0000"',
    ]);
  });

  it('a 10 MB line costs linear time, is reported, and the lines after it are read', () => {
    const long = 'I0315 10:02:02.000002    2891 kubelet.go:2290] "Housekeeping took longer than expected" actual="' + 'x'.repeat(10 * 1024 * 1024) + '"';
    const text = [ADD('01.000001', 'a'), long, ADD('03.000003', 'c')].join('\n');
    const t0 = performance.now();
    const trace = analyze({ name: 'k.log', data: text });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['k.log:1 syncloop.add', 'k.log:2 housekeeping.slow', 'k.log:3 syncloop.add']);
    expect(diagnosticsOf(trace)).toEqual(['2 warning: line longer than 262144 characters; only its start is parsed']);
    expect(trace.sources[0].bytes).toBe(enc.encode(text).length);
  });

  it('an empty file, a file of blank lines', () => {
    const empty = analyze({ name: 'empty.log', data: '' });
    expect(empty.sources[0].format).toBe('empty');
    expect(empty.events.count).toBe(0);
    expect(diagnosticsOf(empty)).toEqual(['0 info: the file is empty']);
    const blank = analyze({ name: 'blank.log', data: '\n  \n\t\n\r\n' });
    expect(blank.sources[0].format).toBe('unknown');
    expect(blank.sources[0].lines).toEqual({ total: 4, klog: 0, continuation: 0, unrecognized: 0, blank: 4 });
  });

  it('a binary file (a gzip file read without decompressing it) is named as such', () => {
    const gz = gzipSync(enc.encode(Array.from({ length: 200 }, (_, i) => ADD(`01.${String(i).padStart(6, '0')}`, `p${i}`)).join('\n')));
    const trace = analyze({ name: 'kubelet.log', data: gz });
    const src = trace.sources[0];
    expect(src.format).toBe('binary');
    expect(trace.events.count).toBe(0);
    expect(src.diagnostics.some((d) => d.line === 0 && d.level === 'error' && d.message === 'this is binary data, not a text log')).toBe(true);
    expect(countedLines(src)).toBe(src.lines.total);
  });
});
