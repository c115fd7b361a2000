/**
 * Go panics and goroutine dumps: every line of a dump belongs to the record it follows — the frames of every Go
 * version (`panic(0x…, 0x…)` before Go 1.17, `panic({0x…, 0x…})` after), source locations however a tool indented
 * them, the bare `file.go:76` lines of old "Observed a panic" records, goroutine headers, `created by`. The Go
 * runtime's own report of the process dying (`panic: …` after a record that is no panic report, `fatal error: …`,
 * `SIGABRT: abort`) starts a record of its own (Era.Stderr, node.crash), timed by the journal when there is one.
 * None of their lines is "not a kubelet log line", and the record after the dump is read as usual.
 */
import { describe, expect, it } from 'vitest';
import { analyze, countedLines, eventRows } from './ingest-helpers.ts';
import { analyzeSources } from '../../../src/model/analyze.ts';
import { runDetectors } from '../../../src/findings/run.ts';

const UID = '5f1c2d3e-0000-4000-8000-00000000aa01';

function summary(trace: ReturnType<typeof analyze>) {
  const src = trace.sources[0];
  return {
    lines: src.lines,
    events: eventRows(trace).map((r) => `${r.where} ${r.sev} ${r.kind}`),
    diagnostics: src.diagnostics.map((d) => `${d.line} ${d.level}: ${d.message}`),
  };
}

describe('Go panics and goroutine dumps', () => {
  it('Go 1.17+ (constructed): HandleCrash, then panic({0x…, 0x…}), frames with {…} arguments, created by … in goroutine', () => {
    // Written from Go's traceback format: register-ABI arguments in braces, `?` for values that may be stale.
    const text = [
      `I0315 10:02:03.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`,
      'E0315 10:02:03.123456    2891 runtime.go:79] Observed a panic: "invalid memory address or nil pointer dereference" (runtime error: invalid memory address or nil pointer dereference)',
      'goroutine 412 [running]:',
      'k8s.io/apimachinery/pkg/util/runtime.logPanic({0x3d3e2a0?, 0x6f0f1b0})',
      '\tvendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:75 +0x99',
      'k8s.io/apimachinery/pkg/util/runtime.HandleCrash({0x0, 0x0, 0xc000ac2000?})',
      '\tvendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:49 +0x75',
      'panic({0x3d3e2a0, 0x6f0f1b0})',
      '\t/usr/local/go/src/runtime/panic.go:884 +0x212',
      'k8s.io/kubernetes/pkg/kubelet.(*Kubelet).SyncPod(0xc000b5c000, {0x4b8e1c0, 0xc0010a2f00}, 0x0, 0xc000e4d400, 0x0)',
      '\tpkg/kubelet/kubelet.go:1699 +0x1a5',
      'k8s.io/kubernetes/pkg/kubelet.(*podWorkers).podWorkerLoop.func1(...)',
      '\tpkg/kubelet/pod_workers.go:1275',
      'created by k8s.io/kubernetes/pkg/kubelet.(*podWorkers).UpdatePod in goroutine 389',
      '\tpkg/kubelet/pod_workers.go:934 +0x93c',
      `I0315 10:02:04.000001    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]`,
    ].join('\n');
    expect(summary(analyze({ name: 'k.log', data: text }))).toEqual({
      lines: { total: 16, klog: 3, continuation: 13, unrecognized: 0, blank: 0 },
      events: ['k.log:1 I syncloop.add', 'k.log:2+14 E node.panic', 'k.log:16 I syncloop.delete'],
      diagnostics: [],
    });
  });

  it('journald, 1.18 (kubernetes/kubernetes#86676): panic(0x…, 0x…), locations indented with spaces, a path a terminal wrapped', () => {
    // Trimmed from the issue; the record header line and the record after the dump are written in the same form.
    const j = (rest: string) => `Dec 27 21:41:30 kinder-upgrade-control-plane-1 kubelet[30265]: ${rest}`;
    const text = [
      j('E1227 21:41:30.500142   30265 runtime.go:78] Observed a panic: "invalid memory address or nil pointer dereference" (runtime error: invalid memory address or nil pointer dereference)'),
      j('goroutine 603 [running]:'),
      j('k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime.logPanic(0x3a2dec0, 0x6d6df80)'),
      j('        /go/src/k8s.io/kubernetes/_output/dockerized/go/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/'),
      'pkg/util/runtime/runtime.go:74 +0xa3',
      j('panic(0x3a2dec0, 0x6d6df80)'),
      j('        /usr/local/go/src/runtime/panic.go:679 +0x1b2'),
      j('k8s.io/kubernetes/pkg/kubelet/cm.(*qosContainerManagerImpl).setCPUCgroupConfig(0xc000a8a0a0, 0xc000f14f38, 0x42803a4, 0xa)'),
      j('        /go/src/k8s.io/kubernetes/_output/dockerized/go/src/k8s.io/kubernetes/pkg/kubelet/cm/qos_container_manager_linux.go:172 +0x3b'),
      j('created by k8s.io/kubernetes/pkg/kubelet/cm.(*qosContainerManagerImpl).Start'),
      j('        /go/src/k8s.io/kubernetes/_output/dockerized/go/src/k8s.io/kubernetes/pkg/kubelet/cm/qos_container_manager_linux.go:155 +0x2d6'),
      j(`I1227 21:41:31.000001   30265 kubelet.go:1906] SyncLoop (ADD, "api"): "web-0_default(${UID})"`),
    ].join('\n');
    const trace = analyze({ name: 'journal.txt', data: text });
    expect(summary(trace)).toEqual({
      lines: { total: 12, klog: 2, continuation: 10, unrecognized: 0, blank: 0 },
      events: ['journal.txt:1+11 E node.panic', 'journal.txt:12 I syncloop.add'],
      diagnostics: [],
    });
    expect(trace.sources[0].node).toBe('kinder-upgrade-control-plane-1');
  });

  it('syslog without a pid, the TAB dropped (kubernetes/kubernetes#105806): untabbed locations are part of the dump', () => {
    // Trimmed from the issue: /var/log/messages drops the TAB before each location.
    const m = (rest: string) => `Oct 21 09:36:20 localhost kubelet: ${rest}`;
    const text = [
      m('E1021 09:36:20.416355   23145 runtime.go:78] Observed a panic: "invalid memory address or nil pointer dereference" (runtime error: invalid memory address or nil pointer dereference)'),
      m('goroutine 318 [running]:'),
      m('panic(0x3a70aa0, 0x6fe3f50)'),
      m('/usr/local/go/src/runtime/panic.go:679 +0x1b2'),
      m('k8s.io/kubernetes/pkg/kubelet/cm.(*qosContainerManagerImpl).setCPUCgroupConfig(0xc00096edc0, 0xc001075050, 0x42c8445, 0xa)'),
      m('/home/sre/kubernetes/_output/local/go/src/k8s.io/kubernetes/pkg/kubelet/cm/qos_container_manager_linux.go:172 +0x3b'),
      m('k8s.io/kubernetes/pkg/kubelet/cm.(*qosContainerManagerImpl).UpdateCgroups(0xc00096edc0, 0x0, 0x0)'),
      m('/home/sre/kubernetes/_output/local/go/src/k8s.io/kubernetes/pkg/kubelet/cm/qos_container_manager_linux.go:292 +0x291'),
      m(`I1021 09:36:21.000001   23145 kubelet.go:1906] SyncLoop (ADD, "api"): "web-0_default(${UID})"`),
    ].join('\n');
    expect(summary(analyze({ name: 'messages', data: text }))).toEqual({
      lines: { total: 9, klog: 2, continuation: 7, unrecognized: 0, blank: 0 },
      events: ['messages:1+8 E node.panic', 'messages:9 I syncloop.add'],
      diagnostics: [],
    });
  });

  it('1.14 "Observed a panic" (kubernetes/kubernetes#77174): the bare caller paths, assembly files included', () => {
    // Trimmed from the issue (the long build paths shortened): HandleCrash of that era printed one path per line.
    const text = [
      'E0428 09:37:13.276141   26151 runtime.go:69] Observed a panic: "invalid memory address or nil pointer dereference" (runtime error: invalid memory address or nil pointer dereference)',
      '/workspace/anago-v1.14.1/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:76',
      '/workspace/anago-v1.14.1/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:65',
      '/usr/local/go/src/runtime/panic.go:522',
      '/workspace/anago-v1.14.1/src/k8s.io/kubernetes/vendor/k8s.io/client-go/tools/cache/reflector.go:189',
      '/usr/local/go/src/runtime/asm_amd64.s:1337',
      `I0428 09:37:14.000001   26151 kubelet.go:1906] SyncLoop (ADD, "api"): "web-0_default(${UID})"`,
    ].join('\n');
    expect(summary(analyze({ name: 'k.log', data: text }))).toEqual({
      lines: { total: 7, klog: 2, continuation: 5, unrecognized: 0, blank: 0 },
      events: ['k.log:1+6 E node.panic', 'k.log:7 I syncloop.add'],
      diagnostics: [],
    });
  });

  it('a fatal crash is a record of its own: panic … [recovered], [signal …], goroutine headers of the newer form, main.main(), runtime stack, SIGQUIT dumps', () => {
    const text = [
      `I0315 10:02:03.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`,
      'panic: runtime error: invalid memory address or nil pointer dereference [recovered]',
      '\tpanic: runtime error: invalid memory address or nil pointer dereference',
      '[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1f7c3a2]',
      '',
      'goroutine 1 gp=0xc000002380 m=0 mp=0x5b7f2a0 [running]:',
      'panic({0x3d3e2a0, 0x6f0f1b0})',
      '\t/usr/local/go/src/runtime/panic.go:785 +0x132 fp=0xc000a1f8d8 sp=0xc000a1f828 pc=0x43b3d2',
      'main.main()',
      '\tcmd/kubelet/kubelet.go:41 +0x25',
      '',
      'runtime stack:',
      'runtime.throw({0x44a0b1c?, 0x0?})',
      '\t/usr/local/go/src/runtime/panic.go:1101 +0x48',
      'SIGQUIT: quit',
      'PC=0x46e201 m=0 sigcode=0',
      '...additional frames elided...',
      'exit status 2',
      `I0315 10:02:09.000001    3017 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-1"]`,
    ].join('\n');
    const trace = analyze({ name: 'k.log', data: text });
    expect(summary(trace)).toEqual({
      lines: { total: 19, klog: 2, continuation: 15, unrecognized: 0, blank: 2 },
      events: ['k.log:1 I syncloop.add', 'k.log:2+17 F node.crash', 'k.log:19 I syncloop.add'],
      diagnostics: [],
    });
    expect(countedLines(trace.sources[0])).toBe(19);
  });

  it('prose after a dump still ends it, and prose that merely mentions panic( or a file.go:12 is not a dump', () => {
    const text = [
      'E0315 10:02:03.123456    2891 runtime.go:79] Observed a panic: boom',
      'goroutine 412 [running]:',
      'panic({0x3d3e2a0, 0x6f0f1b0})',
      '\t/usr/local/go/src/runtime/panic.go:884 +0x212',
      'The kubelet then restarted; see kubelet.go:2389 for where.',
      'panic(the printer) is not a frame either.',
    ].join('\n');
    const s = summary(analyze({ name: 'k.md', data: text }));
    expect(s.events).toEqual(['k.md:1+4 E node.panic']);
    expect(s.lines).toEqual({ total: 6, klog: 1, continuation: 3, unrecognized: 2, blank: 0 });
  });

  it('a dump longer than an event can span (70,001 lines) keeps 65,535 of them and says so; the next record is read', () => {
    const lines = ['E0315 10:02:03.123456    2891 runtime.go:79] Observed a panic: boom', 'goroutine 1 [running]:'];
    for (let k = 0; lines.length < 70_001; k++) lines.push(`k8s.io/kubernetes/pkg/kubelet.f${k}(0xc000b5c000)`, `\tpkg/kubelet/kubelet.go:${k} +0x1a5`);
    lines.length = 70_001;
    lines.push(`I0315 10:02:04.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`);
    const trace = analyze({ name: 'k.log', data: lines.join('\n') });
    const s = summary(trace);
    expect(s.events).toEqual(['k.log:1+65535 E node.panic', 'k.log:70002 I syncloop.add']);
    expect(s.diagnostics).toEqual([
      '1 warning: the record spans 70,001 lines, more than the 65,535 an event can: lines 65536–70001 (the rest of a goroutine dump?) are counted but not part of its event',
    ]);
    expect(s.lines).toEqual({ total: 70_002, klog: 2, continuation: 70_000, unrecognized: 0, blank: 0 });
  });

  describe('the process dying (node.crash)', () => {
    const j = (time: string, rest: string, ident = 'kubelet[1893]') => `Mar 04 ${time} worker-2 ${ident}: ${rest}`;
    const crashJournal = [
      j('09:12:41', 'I0304 09:12:41.502118    1893 kubelet_node_status.go:498] "Fast updating node status as it just became ready"'),
      j('09:14:02', 'fatal error: concurrent map writes'),
      j('09:14:02', ''),
      j('09:14:02', 'goroutine 811 [running]:'),
      j('09:14:02', 'k8s.io/kubernetes/pkg/kubelet/cm/devicemanager.(*ManagerImpl).GetCapacity(0xc000a1c000)'),
      j('09:14:02', '        k8s.io/kubernetes/pkg/kubelet/cm/devicemanager/manager.go:612 +0x164'),
      j('09:14:02', 'kubelet.service: Main process exited, code=exited, status=2/INVALIDARGUMENT', 'systemd[1]'),
      j('09:14:12', 'I0304 09:14:12.402118    2210 server.go:415] "Kubelet version" kubeletVersion="v1.27.3"'),
    ];

    it('in a journal: timed by the journal\'s clock from the record before it (81 s later), not given that record\'s time or its fraction', () => {
      const trace = analyze({ name: 'journal.txt', data: crashJournal.join('\n') });
      expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.sev} ${r.kind}`)).toEqual([
        '2024-03-04 09:12:41.502118 journal.txt:1 I node.fast-ready',
        // The journal prints whole seconds: the crash is at the start of its second, not at the fraction of the
        // record before it again.
        '2024-03-04 09:14:02.000000 journal.txt:2+5 F node.crash',
        // systemd's line about the kubelet's unit: the process's end as its service manager saw it.
        '2024-03-04 09:14:02.000000 journal.txt:7 E service.exited',
        '2024-03-04 09:14:12.402118 journal.txt:8 I kubelet.version',
      ]);
      expect(trace.sources[0].lines).toEqual({ total: 8, klog: 2, continuation: 5, unrecognized: 0, blank: 1 });
      expect(trace.sources[0].eras).toEqual({ printf: 0, structured: 2, json: 0 });
      const finding = runDetectors(trace).find((f) => f.id === 'kubelet-panic')!;
      expect(finding.title).toBe('Kubelet crashed in kubelet/cm/devicemanager.(*ManagerImpl).GetCapacity (manager.go:612): concurrent map writes');
      expect(finding.explanation).toContain('The kubelet started again 10.40s after the last one (line 8): the process had died');
      // The exit systemd saw is that crash's, not another finding.
      expect(runDetectors(trace).filter((f) => f.id === 'kubelet-exited')).toEqual([]);
    });

    it('klog lines that reached the journal late: a logrus line at its own time and systemd\'s at the journal\'s, the lag not added to them (k3s-io/k3s#587)', () => {
      const k = (time: string, rest: string, ident = 'k3s[30703]') => `Jun 28 ${time} k3s ${ident}: ${rest}`;
      const trace = analyze({ name: 'journal.txt', data: [
        k('18:37:39', 'E0628 18:36:48.753554   30703 controller.go:115] failed to ensure node lease exists, will retry in 200ms, error: timeout'),
        k('18:37:39', 'E0628 18:36:54.870908   30703 kubelet_node_status.go:340] Error updating node status, will retry: error getting node "k3s": timeout'),
        k('18:37:39', 'time="2019-06-28T18:37:39.014193136Z" level=fatal msg="leaderelection lost for k3s"'),
        k('18:37:39', 'k3s.service: Main process exited, code=exited, status=1/FAILURE', 'systemd[1]'),
      ].join('\n') });
      expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.sev}`)).toEqual([
        '2019-06-28 18:36:48.753554 journal.txt:1 E',
        '2019-06-28 18:36:54.870908 journal.txt:2 E',
        // 44 s after the record before it, as the journal and its own time say — not at that record's klog time.
        '2019-06-28 18:37:39.014193 journal.txt:3 F',
        // Whole seconds: the process's end is not put before the line that ended it, in its second.
        '2019-06-28 18:37:39.014193 journal.txt:4 E',
      ]);
    });

    it('a logrus line whose own time disagrees with the journal\'s, or with no lag, is timed as before', () => {
      const k = (time: string, rest: string) => `Jun 28 ${time} k3s k3s[30703]: ${rest}`;
      const rows = (lines: string[]) => eventRows(analyze({ name: 'j.txt', data: lines.join('\n') })).map((r) => r.at);
      // No lag: the journal's clock moved on 2 s from the record before it.
      expect(rows([
        k('18:37:37', 'E0628 18:37:37.500000   30703 kubelet_node_status.go:340] Error updating node status, will retry: timeout'),
        k('18:37:39', 'time="2019-06-28T18:37:39.014193136Z" level=fatal msg="leaderelection lost for k3s"'),
      ])[1]).toBe('2019-06-28 18:37:39.000000');
      // A lag, but the line's own time is a minute off the journal's: the lag stays.
      expect(rows([
        k('18:37:39', 'E0628 18:36:54.870908   30703 kubelet_node_status.go:340] Error updating node status, will retry: timeout'),
        k('18:37:39', 'time="2019-06-28T18:38:40.014193136Z" level=fatal msg="leaderelection lost for k3s"'),
      ])[1]).toBe('2019-06-28 18:36:54.870908');
    });

    it('a crash report alone (the start of a journal excerpt) takes the journal\'s time; another program\'s is not the kubelet\'s', () => {
      const trace = analyze({ name: 'journal.txt', data: [
        j('09:14:02', 'panic: assignment to entry in nil map'),
        j('09:14:02', 'goroutine 811 [running]:'),
        j('09:14:03', 'panic: runtime error: slice bounds out of range', 'containerd[880]'),
        j('09:14:12', 'I0304 09:14:12.402118    2210 server.go:415] "Kubelet version" kubeletVersion="v1.27.3"'),
      ].join('\n') });
      expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.kind}`)).toEqual([
        '2024-03-04 09:14:02.000000 journal.txt:1+2 node.crash',
        '2024-03-04 09:14:12.402118 journal.txt:4 kubelet.version',
      ]);
    });

    it('the crash handler\'s re-raised panic stays with its "Observed a panic" record: one panic, said to have ended the process', () => {
      const text = [
        'E0315 10:02:03.123456    2891 runtime.go:79] Observed a panic: "assignment to entry in nil map" (assignment to entry in nil map)',
        'goroutine 412 [running]:',
        'k8s.io/kubernetes/pkg/kubelet/status.(*manager).syncBatch(0xc000a2c000)',
        '\tpkg/kubelet/status/status_manager.go:712 +0x1c5',
        'panic: assignment to entry in nil map [recovered]',
        '\tpanic: assignment to entry in nil map',
        '',
        'goroutine 412 [running]:',
        'k8s.io/kubernetes/pkg/kubelet/status.(*manager).syncBatch(0xc000a2c000)',
        '\tpkg/kubelet/status/status_manager.go:712 +0x1c5',
      ].join('\n');
      const trace = analyzeSources([{ name: 'k.log', data: text }]);
      expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['k.log:1+10 node.panic']);
      const findings = runDetectors(trace).filter((f) => f.id === 'kubelet-panic');
      expect(findings.map((f) => f.title)).toEqual(['Kubelet panic in kubelet/status.(*manager).syncBatch (status_manager.go:712)']);
      expect(findings[0].explanation).toContain('raised the panic again after logging it');
      expect(findings[0].explanation).toContain('or the service manager did not start the kubelet again');
    });

    it('quoted in markdown (`> ` before each line): read as the journal it quotes; a crash in a vendored library is named by its frame', () => {
      const q = (time: string, rest: string) => `> Jul 02 ${time} node-7 kubelet: ${rest}`;
      const trace = analyze({ name: 'issue.md', data: [
        q('14:20:11', 'E0702 14:20:11.902311    3170 summary.go:102] Failed to get system container stats for "/system.slice/docker.service"'),
        q('14:20:12', 'panic: runtime error: slice bounds out of range'),
        '>',
        q('14:20:12', 'goroutine 88121 [running]:'),
        q('14:20:12', 'k8s.io/kubernetes/vendor/github.com/google/cadvisor/container/raw.(*rawContainerHandler).GetStats(0xc4210a8000, 0x0, 0x0, 0x0)'),
        q('14:20:12', '/workspace/src/k8s.io/kubernetes/vendor/github.com/google/cadvisor/container/raw/handler.go:231 +0x3f2'),
      ].join('\n') });
      expect(eventRows(trace).map((r) => `${r.where} ${r.node} ${r.kind}`)).toEqual(['issue.md:1 node-7 unknown', 'issue.md:2+5 node-7 node.crash']);
      expect(trace.sources[0].lines).toEqual({ total: 6, klog: 1, continuation: 4, unrecognized: 0, blank: 1 });
      expect(runDetectors(trace).filter((f) => f.id === 'kubelet-panic').map((f) => f.title)).toEqual([
        'Kubelet crashed in github.com/google/cadvisor/container/raw.(*rawContainerHandler).GetStats (handler.go:231): runtime error: slice bounds out of range',
      ]);
    });

    it('a journal excerpt that is only a crash report: a journald source of its node, with no "no kubelet lines" warning', () => {
      const trace = analyze({ name: 'journal.txt', data: crashJournal.slice(1, 6).join('\n') });
      const src = trace.sources[0];
      expect([src.format, src.node]).toEqual(['klog-journald', 'worker-2']);
      expect(src.diagnostics).toEqual([]);
      expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['journal.txt:1+5 node.crash']);
    });

    it('a fatal signal names no frame (every goroutine is dumped) and says where such signals come from', () => {
      const trace = analyze({ name: 'journal.txt', data: [
        crashJournal[0],
        j('09:20:00', 'SIGABRT: abort'),
        j('09:20:00', 'PC=0x4723a1 m=0 sigcode=0'),
        j('09:20:00', 'goroutine 1 [select, 41 minutes]:'),
        j('09:20:00', 'k8s.io/kubernetes/cmd/kubelet/app.run({0x5d9c4b8, 0xc0001a2000}, 0xc000a1c000, 0xc000b00000, {0x5dc4f20, 0xc000c00000})'),
        j('09:20:00', '        k8s.io/kubernetes/cmd/kubelet/app/server.go:806 +0x1c5'),
      ].join('\n') });
      const f = runDetectors(trace).filter((x) => x.id === 'kubelet-panic');
      expect(f.map((x) => x.title)).toEqual(['Kubelet crashed: SIGABRT: abort']);
      expect(f[0].explanation).toContain('SIGABRT and SIGQUIT usually come from outside');
      expect(f[0].next).toContain('Find what sent the signal');
    });

    it('the command\'s own "Error:" line is a record in a journal (the identifier says whose), even newest first; not in a bare file', () => {
      const newestFirst = [
        j('11:40:22', 'I0304 11:40:22.324007    2313 server.go:416] Version: v1.9.2'),
        j('11:40:22', 'Started kubelet: The Kubernetes Node Agent.', 'systemd[1]'),
        j('11:40:12', 'kubelet.service: main process exited, code=exited, status=1/FAILURE', 'systemd[1]'),
        j('11:40:12', 'error: unable to load client CA file /etc/kubernetes/pki/ca.crt: open /etc/kubernetes/pki/ca.crt: no such file or directory', 'kubelet[2308]'),
        j('11:40:12', 'I0304 11:40:12.076525    2308 server.go:416] Version: v1.9.2', 'kubelet[2308]'),
      ];
      const trace = analyze({ name: 'journal.txt', data: newestFirst.join('\n') });
      // (No year is stated: a 1.9 kubelet's is assumed, one 1.9 was the newest release in.)
      expect(trace.sources[0].year).toEqual({ value: 2018, how: 'version' });
      expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.sev} ${r.kind}`)).toEqual([
        '2018-03-04 11:40:12.076525 journal.txt:5 I kubelet.version',
        // Ten journal seconds before the record printed above it.
        '2018-03-04 11:40:12.324007 journal.txt:4 E node.kubelet-failed',
        '2018-03-04 11:40:12.324007 journal.txt:3 E service.exited',
        '2018-03-04 11:40:22.324007 journal.txt:2 I service.started',
        '2018-03-04 11:40:22.324007 journal.txt:1 I kubelet.version',
      ]);
      const bare = analyze({ name: 'notes.md', data: ['I0304 11:40:12.076525    2308 server.go:416] Version: v1.9.2', 'error: this is prose'].join('\n') });
      expect(eventRows(bare).map((r) => r.kind)).toEqual(['kubelet.version']);
    });

    it('a journal excerpt that starts inside a stack: a record of its own, a panic when the panic machinery is in it', () => {
      const stack = (frames: string[]) => [j('09:20:00', 'goroutine 603 [running]:'), ...frames.map((f) => j('09:20:00', f))].join('\n');
      const panicking = analyze({ name: 'journal.txt', data: stack([
        'k8s.io/apimachinery/pkg/util/runtime.logPanic({0x3a2dec0, 0x6d6df80})',
        '        k8s.io/apimachinery/pkg/util/runtime/runtime.go:75 +0x99',
        'panic({0x3a2dec0, 0x6d6df80})',
        '        runtime/panic.go:884 +0x212',
        'k8s.io/kubernetes/pkg/kubelet/cm.(*qosContainerManagerImpl).setCPUCgroupConfig(0xc000a8a0a0, 0xc000f14f38)',
        '        k8s.io/kubernetes/pkg/kubelet/cm/qos_container_manager_linux.go:172 +0x3b',
      ]) });
      expect(eventRows(panicking).map((r) => `${r.where} ${r.kind}`)).toEqual(['journal.txt:1+7 node.stack']);
      expect(panicking.sources[0].lines.unrecognized).toBe(0);
      const f = runDetectors(panicking).filter((x) => x.id === 'kubelet-panic');
      expect(f.map((x) => x.title)).toEqual(['Kubelet panic in kubelet/cm.(*qosContainerManagerImpl).setCPUCgroupConfig (qos_container_manager_linux.go:172)']);
      expect(f[0].explanation).toContain('its value is not in the log: the excerpt starts inside the stack');
      // A goroutine's stack without the panic machinery (a dump asked for): no panic.
      const waiting = analyze({ name: 'journal.txt', data: stack([
        'k8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncLoop(0xc000b5c000, {0x4b8e1c0, 0xc0010a2f00})',
        '        k8s.io/kubernetes/pkg/kubelet/kubelet.go:2220 +0x1a5',
      ]) });
      expect(runDetectors(waiting).filter((x) => x.id === 'kubelet-panic')).toEqual([]);
    });

    it('without a journal, a crash takes the time of the line before it and keeps its whole report', () => {
      const trace = analyze({ name: 'k.log', data: [
        'I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]',
        'SIGABRT: abort',
        'PC=0x46e201 m=0 sigcode=0',
        'goroutine 0 [idle]:',
      ].join('\n') });
      expect(eventRows(trace).map((r) => `${r.at} ${r.where} ${r.sev} ${r.kind}`)).toEqual([
        '2024-03-15 10:02:03.123456 k.log:1 I syncloop.add',
        '2024-03-15 10:02:03.123456 k.log:2+3 F node.crash',
      ]);
    });
  });
});
