/**
 * Kubelet restarts: each start with the process before it — its last line, how it ended when a line says so, and
 * the stretch with no kubelet between — as the timeline shades it and the CLI reports it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeRestart, kubeletRestarts, kubeletRestartsOf } from '../../../src/model/kubelet-restarts.ts';
import { analyzeJson } from '../../../src/cli/analyze-command.ts';
import { computeDensity } from '../../../src/render/density.ts';
import { drawMinimap } from '../../../src/render/draw-minimap.ts';
import { drawTimeline } from '../../../src/render/draw-timeline.ts';
import { hitTest } from '../../../src/render/hit-test.ts';
import { rowTopPx } from '../../../src/render/frame.ts';
import { LIGHT_THEME } from '../../../src/render/theme.ts';
import { hoverText } from '../../../src/ui/timeline/hover-text.ts';
import { encodeTraceFile, importTraceFile } from '../../../src/trace/trace-file.ts';
import { analyzeText } from '../../helpers.ts';
import { runDetectors } from '../../../src/findings/run.ts';
import { frameFor, recordingContext } from '../render/render-kit.ts';

const jl = (time: string, pid: number, text: string) => `Mar 15 ${time.slice(0, 8)} wk-2 kubelet[${pid}]: ${text}`;
const klog = (time: string, pid: number, file: string, msg: string, sev = 'I') => jl(time, pid, `${sev}0315 ${time} ${pid} ${file}] ${msg}`);
const systemd = (time: string, msg: string) => `Mar 15 ${time.slice(0, 8)} wk-2 systemd[1]: ${msg}`;
const housekeeping = (time: string, pid: number) => klog(time, pid, 'kubelet.go:2426', '"SyncLoop (housekeeping)"');
const version = (time: string, pid: number) => klog(time, pid, 'server.go:487', '"Kubelet version" kubeletVersion="v1.29.4"');
const syncStart = (time: string, pid: number) => klog(time, pid, 'kubelet.go:2329', '"Starting kubelet main sync loop"');

/** A kubelet killed by the OOM killer, restarted by systemd 10 s later; then stopped by hand and started again. */
const JOURNAL = [
  version('10:00:00.100000', 700),
  syncStart('10:00:01.000000', 700),
  housekeeping('10:00:03.000000', 700),
  housekeeping('10:00:05.000000', 700),
  systemd('10:00:06.200000', 'kubelet.service: A process of this unit has been killed by the OOM killer.'),
  systemd('10:00:06.250000', 'kubelet.service: Main process exited, code=killed, status=9/KILL'),
  systemd('10:00:06.250000', "kubelet.service: Failed with result 'oom-kill'."),
  systemd('10:00:16.300000', 'kubelet.service: Scheduled restart job, restart counter is at 1.'),
  systemd('10:00:16.300000', 'Started kubelet: The Kubernetes Node Agent.'),
  version('10:00:16.400000', 812),
  syncStart('10:00:17.000000', 812),
  housekeeping('10:00:19.000000', 812),
  version('10:02:00.000000', 950),
  syncStart('10:02:00.900000', 950),
  housekeeping('10:02:03.000000', 950),
  '',
].join('\n');

describe('kubelet restarts', () => {
  const trace = analyzeText(JOURNAL, 'journal.log', { year: 2024 });
  const ev = trace.events;
  const list = kubeletRestarts(trace);

  it('each new process is a start, with the last line of the one before and how it ended', () => {
    // The first process's start is in the log too: nothing before it.
    expect(list.map((r) => [r.pid, ev.line[r.startEvent]])).toEqual([[700, 1], [812, 10], [950, 13]]);
    const [first, oom, manual] = list;
    expect(first.previous).toBeUndefined();
    expect(ev.line[oom.previous!.lastEvent]).toBe(4);
    // The first line saying how it ended: systemd's OOM line, not the exit status after it.
    expect(ev.line[oom.previous!.exitEvent]).toBe(5);
    expect(oom.startUs - oom.previous!.fromUs).toBe(11_400_000);
    expect(oom.previous!.cut).toBe(false);
    expect(ev.line[manual.previous!.lastEvent]).toBe(12);
    expect(manual.previous!.exitEvent).toBe(-1);
    expect(kubeletRestartsOf(trace, 0)).toEqual(list);
  });

  it('says it in words, and the CLI JSON carries it', () => {
    expect(describeRestart(trace, list[0])).toBe('Kubelet start (pid 700) at line 1: the log shows no earlier kubelet process on this node');
    expect(describeRestart(trace, list[1])).toMatch(/^Kubelet start \(pid 812\) at line 10, 11\.40s after the last line of the previous process \(pid 700, line 4\), which ended: .*OOM.* \(line 5\)$/);
    expect(describeRestart(trace, list[2])).toMatch(/^Kubelet start \(pid 950\) at line 13, 1m41s after the last line of the previous process \(pid 812, line 12\); no line says how it ended$/);
    const json = analyzeJson(trace) as { nodes: { kubeletStarts: unknown[] }[] };
    expect(json.nodes[0].kubeletStarts[0]).toEqual({ line: 1, time: '2024-03-15 10:00:00.100000', pid: 700, previous: null });
    expect(json.nodes[0].kubeletStarts[1]).toEqual({
      line: 10, time: '2024-03-15 10:00:16.400000', pid: 812,
      previous: { pid: 700, lastLine: 4, lastTime: '2024-03-15 10:00:05.000000', exitLine: 5, linesMissing: false, restartUnseen: false, downUs: 11_400_000 },
    });
  });

  it('a trace file carries them: the same starts, previous processes and words after export and import', async () => {
    const back = (await importTraceFile(encodeTraceFile({ trace, notes: [] }))).trace;
    expect(kubeletRestarts(back)).toEqual(list);
    expect(kubeletRestarts(back).map((r) => describeRestart(back, r))).toEqual(list.map((r) => describeRestart(trace, r)));
  });

  it('a fatal line or a crash report is how the process ended', () => {
    const text = [
      housekeeping('10:00:03.000000', 700),
      klog('10:00:04.000000', 700, 'server.go:302', '"Failed to run kubelet" err="failed to run Kubelet: running with swap on is not supported"', 'E'),
      klog('10:00:04.000100', 700, 'server.go:302', 'failed to run Kubelet: running with swap on is not supported', 'F'),
      version('10:00:14.000000', 701),
      '',
    ].join('\n');
    const t = analyzeText(text, 'fatal.log', { year: 2024 });
    const r = kubeletRestarts(t).find((x) => x.pid === 701)!;
    expect(t.events.line[r.previous!.lastEvent]).toBe(3);
    expect(r.previous!.exitEvent).toBe(r.previous!.lastEvent);
  });

  it('a journal that starts with systemd\'s lines about the kill: they are the kubelet\'s (the unit names it), and the start after says how the last process ended', () => {
    for (const [unit, ident] of [['kubelet', 'kubelet'], ['kubelet', 'hyperkube'], ['k3s', 'k3s']]) {
      const text = JOURNAL.split('\n').slice(4).join('\n').replaceAll('kubelet.service', `${unit}.service`).replaceAll('kubelet[', `${ident}[`);
      const t = analyzeText(text, 'journal.log', { year: 2024 });
      expect(t.sources[0].lines, ident).toMatchObject({ klog: 6, unrecognized: 0 });
      const r = kubeletRestarts(t)[0];
      expect(t.events.line[r.startEvent]).toBe(6);
      expect(t.events.line[r.previous!.exitEvent]).toBe(1);
      expect(describeRestart(t, r)).toMatch(/^Kubelet start \(pid 812\) at line 6, 10\.40s after the previous process ended: .*OOM killer.* \(line 1\)$/);
    }
  });

  it('lines missing between the two processes: not known to be down time', () => {
    const text = [housekeeping('10:00:03.000000', 700), '[... 400 lines omitted ...]', version('10:30:00.000000', 812), ''].join('\n');
    const t = analyzeText(text, 'cut.log', { year: 2024 });
    const r = kubeletRestarts(t).find((x) => x.pid === 812)!;
    expect(r.previous!.cut).toBe(true);
    expect(describeRestart(t, r)).toMatch(/lines are missing between it and the last line of the previous process \(pid 700, line 1\)/);
  });

  it('two processes far apart with neither the stop nor the start in the log: another process, no down time', () => {
    const far = [housekeeping('10:00:03.000000', 700), housekeeping('16:30:00.000000', 812), housekeeping('16:30:02.000000', 812), ''].join('\n');
    const t = analyzeText(far, 'far.log', { year: 2024 });
    const r = kubeletRestarts(t).find((x) => x.pid === 812)!;
    expect(r.previous).toMatchObject({ cut: false, unseen: true });
    expect(describeRestart(t, r)).toBe('Another kubelet process (pid 812) at line 2, 6h29m after the last line of the previous process (pid 700, line 1): no line shows the one stop or the other start, so the restart was somewhere in between');
    expect(analyzeJson(t)).toMatchObject({ nodes: [{ kubeletStarts: [{ pid: 812, previous: { restartUnseen: true, downUs: null } }] }] });
    // The same pair close together is one restart with its down time; so is the far pair with a start-up line.
    const near = analyzeText(far.replaceAll('16:30:00', '10:00:09').replaceAll('16:30:02', '10:00:11'), 'near.log', { year: 2024 });
    expect(kubeletRestarts(near)[0].previous).toMatchObject({ unseen: false });
    const started = analyzeText([housekeeping('10:00:03.000000', 700), version('16:29:59.000000', 812), housekeeping('16:30:00.000000', 812), ''].join('\n'), 's.log', { year: 2024 });
    expect(kubeletRestarts(started)[0].previous).toMatchObject({ unseen: false });
  });

  it('a log without pids: a start told by the sync loop has no previous process, one told by the version line has', () => {
    const json = (ts: number, msg: string) => JSON.stringify({ ts, caller: 'kubelet/kubelet.go:2329', msg, v: 0 });
    const t = analyzeText([json(1710496800000, 'SyncLoop (housekeeping)'), json(1710496900000, 'Starting kubelet main sync loop'), ''].join('\n'), 'k.json', { year: 2024 });
    const list = kubeletRestarts(t);
    expect(list).toHaveLength(1);
    expect(list[0].previous).toBeUndefined();
    // Told by the version line, the first a kubelet prints, the start still has the old process's last line before it.
    const byVersion = analyzeText([json(1710496800000, 'SyncLoop (housekeeping)'), JSON.stringify({ ts: 1710496812000, caller: 'app/server.go:487', msg: 'Kubelet version', v: 0, kubeletVersion: 'v1.29.4' }), ''].join('\n'), 'k.json', { year: 2024 });
    const [r] = kubeletRestarts(byVersion);
    expect(r.previous?.fromUs).toBe(byVersion.events.timeUs[0]);
    expect(describeRestart(byVersion, r)).toBe('Kubelet start at line 2, 12.00s after the last line of the previous process (line 1); no line says how it ended');
  });
});

describe('kubelet restarts on the timeline', () => {
  const trace = analyzeText(JOURNAL, 'journal.log', { year: 2024 });
  const oom = kubeletRestarts(trace)[1];
  const frame = frameFor(trace, trace.startUs, trace.startUs + 30_000_000, 3000);

  it('shades the rows of the node while no kubelet ran, and labels the start and the down time', () => {
    const log = recordingContext();
    const fills: [string, number, number][] = [];
    const ctx = new Proxy(log.ctx, {
      get(t, prop: string) {
        if (prop === 'fillRect') return (x: number, y: number, w: number) => { fills.push([String((t as unknown as Record<string, unknown>).fillStyle), x, w]); };
        return (t as unknown as Record<string, unknown>)[prop];
      },
      set(t, prop: string, v) { (t as unknown as Record<string, unknown>)[prop] = v; return true; },
    }) as unknown as CanvasRenderingContext2D;
    drawTimeline(ctx, frame, []);
    const x0 = frame.scale.toPx(oom.previous!.fromUs);
    const x1 = frame.scale.toPx(oom.startUs);
    // One shade per row drawn (the node header, its lanes and the pinned sync loop), from the last line to the start;
    // the next restart's shade begins at 10:00:19 (in view) and is clipped at the right edge.
    const shades = fills.filter(([style, x]) => style === LIGHT_THEME.kubeletDown && x < x1);
    expect(shades.length).toBe(frame.layout.rows.length + frame.layout.pinned.length);
    for (const [, x, w] of shades) {
      expect(x).toBeCloseTo(x0, 5);
      expect(x + w).toBeCloseTo(x1, 5);
    }
    const next = fills.filter(([style, x]) => style === LIGHT_THEME.kubeletDown && x > x1);
    expect(next.map(([, x, w]) => x + w)).toEqual(shades.map(() => frame.widthPx));
    expect(fills.filter(([style, x]) => style === LIGHT_THEME.kubeletStart && Math.abs(x - x1) < 1).length).toBe(shades.length);
    expect(log.texts).toContain('kubelet start · pid 812');
    expect(log.texts).toContain('kubelet down');
  });

  it('the pointer on the start line or in the shade finds the restart, and the tooltip tells it', () => {
    const header = frame.layout.rows.find((r) => r.kind === 'group' && r.group.kind === 'node')!;
    const y = rowTopPx(frame, header) + 3;
    const onLine = hitTest(frame, frame.scale.toPx(oom.startUs) + 2, y);
    expect(onLine).toEqual({ kind: 'restart', node: 0, startEvent: oom.startEvent, lane: -1 });
    const inShade = hitTest(frame, frame.scale.toPx(oom.startUs - 5_000_000), y);
    expect(inShade).toEqual(onLine);
    expect(hoverText(trace, onLine!)).toMatch(/^10:00:16\.400000 {2}Kubelet start \(pid 812\) at line 10, 11\.40s after/);
    // Before the shade, the header is just the header.
    expect(hitTest(frame, frame.scale.toPx(oom.previous!.fromUs - 2_000_000), y)).toMatchObject({ kind: 'group' });
  });

  it('the overview strip has a tick at each start', () => {
    const fills: [string, number][] = [];
    const target: Record<string, unknown> = {};
    const ctx = new Proxy(target, {
      get: (t, prop: string) => (prop === 'fillRect' ? (x: number) => { fills.push([String(t.fillStyle), x]); } : t[prop] ?? (() => undefined)),
      set: (t, prop: string, v) => { t[prop] = v; return true; },
    }) as unknown as CanvasRenderingContext2D;
    const density = computeDensity(trace, undefined, trace.startUs, trace.endUs);
    const list = kubeletRestarts(trace);
    drawMinimap(ctx, density, LIGHT_THEME, 600, 34, trace.startUs, trace.endUs, list);
    const ticks = fills.filter(([style]) => style === LIGHT_THEME.kubeletStart).map(([, x]) => x + 0.5);
    expect(ticks).toEqual(list.map((r) => Math.round(((r.startUs - density.startUs) / (density.endUs - density.startUs)) * 600)));
    expect(ticks.length).toBe(3);
  });
});

describe('a start the log begins with', () => {
  const startsOf = (lines: string[]) => {
    const trace = analyzeText(lines.join('\n'), 'k.log');
    return trace.nodes[0].starts.map((e) => trace.events.line[e]);
  };

  it('pod sources added near the first line mark a start at that line, with no start line in the log (a Windows kubelet, kubernetes-sigs/sig-windows-tools#171 shape)', () => {
    const start = [
      klog('03:37:54.419220', 5228, 'clientconn.go:948', 'ClientConn switching balancer to "pick_first"'),
      klog('03:37:54.419400', 5228, 'kubelet.go:404', '"Attempting to sync node with API server"'),
      klog('03:37:54.419400', 5228, 'kubelet.go:272', '"Adding static pod path" path="C:\\\\var\\\\lib\\\\kubelet\\\\etc\\\\kubernetes\\\\manifests"'),
      klog('03:37:54.419400', 5228, 'kubelet.go:283', '"Adding apiserver pod source"'),
    ];
    expect(startsOf(start)).toEqual([1]);
    // Housekeeping for a minute, then the same lines: not the first lines of the log, so no start is made up.
    expect(startsOf([housekeeping('03:36:00.000000', 5228), housekeeping('03:36:02.000000', 5228), ...start.slice(2)])).toEqual([]);
  });

  it('the first kubelet process after systemd\'s "Started" is that start\'s, though no earlier pid is in the log', () => {
    expect(startsOf([
      systemd('10:00:16.300000', 'Started kubelet: The Kubernetes Node Agent.'),
      housekeeping('10:00:17.000000', 812),
    ])).toEqual([2]);
    expect(startsOf([housekeeping('10:00:17.000000', 812), housekeeping('10:00:19.000000', 812)])).toEqual([]);
  });

  it('a start no line shows takes its time from a pasted `systemctl status` whose main PID is the new process (sigitp-git/ubuntu-mlnx-dpdk notes)', () => {
    // An EKS node's notes: systemctl status, the lines it shows (cut at the terminal's width), a restart, the status again.
    const text = readFileSync(new URL('../../fixtures/logs/systemctl-status-restart.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'notes.md');
    const restarts = kubeletRestarts(trace);
    expect(restarts.map((r) => r.pid)).toEqual([3535357]);
    expect(describeRestart(trace, restarts[0])).toMatch(/: the `systemctl status` pasted with it \(line 35\) has this process running since 2025-01-10 19:11:19, so the restart was then$/);
    // A status block of another process says nothing of this start.
    const other = analyzeText(text.replace('Main PID: 3535357', 'Main PID: 3535356'), 'notes.md');
    expect(describeRestart(other, kubeletRestarts(other)[0])).toMatch(/so the restart was somewhere in between$/);
  });

  it('a pasted `systemctl status` of another unit (firewalld after the kubelet) says nothing of the kubelet\'s service (kolkhis/lab-utils notes)', () => {
    // Notes on a kubeadm 1.32 control plane: the kubelet's status block, its journal, then `systemctl status firewalld`.
    const text = readFileSync(new URL('../../fixtures/logs/systemctl-status-two-units.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'notes.md');
    expect(trace.sources[0].service).toEqual({ active: 'active (running)', mainPid: 123350, since: '2025-01-31 14:15:03', line: 8 });
    // Without the kubelet's block, the firewalld block is not taken for it.
    const lines = text.split('\n');
    const alone = analyzeText(lines.filter((_, k) => k < 3 || k > 13).join('\n'), 'notes.md');
    expect(alone.sources[0].service).toBeUndefined();
  });

  it('kubectl\'s own klog errors pasted in a terminal session (memcache.go, a new pid per command) are no kubelet restarts', () => {
    // A kubeadm node's terminal transcript (2024): `sudo kubectl …` without a kubeconfig, between `systemctl status kubelet`.
    const text = readFileSync(new URL('../../fixtures/logs/kubectl-errors-in-terminal.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'terminal.md');
    expect(kubeletRestarts(trace)).toEqual([]);
    expect(trace.nodes.flatMap((n) => n.starts)).toHaveLength(0);
  });

  it('a controller\'s line in a combined log (local-up-cluster: kube-controller-manager beside the kubelet) is no kubelet restart (kubernetes/kubernetes#57865)', () => {
    const text = readFileSync(new URL('../../fixtures/logs/combined-local-up-cluster.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'combined.md');
    expect(kubeletRestarts(trace)).toEqual([]);
    expect(trace.nodes.flatMap((n) => n.starts)).toHaveLength(0);
    // Its line is kept, on the 'other' lane, and said to be another program's once.
    const notes = trace.sources[0].diagnostics.filter((d) => d.message.startsWith('a line of'));
    expect(notes.map((d) => [d.line, d.message])).toEqual([[2, 'a line of kube-controller-manager (node_lifecycle_controller.go is its file, no kubelet\'s): kept, its pid not read as the kubelet\'s']]);
    // The kubelet's own lines keep their pid; the other program's has none here.
    expect(Array.from(trace.events.pid.slice(0, trace.events.count))).toEqual([0, 16293, 16293]);
    // The same file name alone in a kubelet log of another pid would still be a new process: the file decides, not the pid.
    const kubeletOnly = analyzeText(text.split('\n').filter((l) => !l.includes('node_lifecycle_controller')).join('\n'), 'k.md');
    expect(kubeletOnly.events.count).toBe(2);
  });

  it('three nodes\' `systemctl status` windows in one document: each block is kept, and a main PID started seconds before its first line makes that line its start (a lab journal, kubelet 1.36)', async () => {
    const text = readFileSync(new URL('../../fixtures/logs/status-windows-three-nodes.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'journal.md');
    expect(trace.sources[0].services?.map((b) => `${b.line} ${b.mainPid} ${b.since}`)).toEqual([
      '6 801 2026-06-08 10:37:32', '68 798 2026-06-08 10:37:33', '100 793 2026-06-08 10:37:36',
    ]);
    const starts = kubeletRestarts(trace);
    // deep-cp-01's lines are three hours after its process started: no start in them.
    expect(starts.map((r) => `${trace.nodes[r.node].name} ${r.pid} line ${trace.events.line[r.startEvent]}`)).toEqual(['deep-wrk-01 798 line 77', 'deep-wrk-02 793 line 109']);
    expect(describeRestart(trace, starts[1])).toContain('(the `systemctl status` pasted with it, line 100, has it running since 2026-06-08 10:37:36)');
    // The blocks go into a trace file and come back.
    expect((await importTraceFile(encodeTraceFile({ trace, notes: [] }))).trace.sources[0].services).toEqual(trace.sources[0].services);
    // So the runtime check failing 31 s after the start is the start's transient, not a node left NotReady.
    const findings = runDetectors(trace);
    expect(findings.filter((f) => f.id === 'node-not-ready' || f.id === 'runtime-down').map((f) => `${f.id} ${f.severity}`)).toEqual(['runtime-down info', 'node-not-ready info']);
  });

  it('klog lines a prompt\'s crictl or kubectl printed in a pasted terminal session are no kubelet process; a prompt reading the journal gives the kubelet\'s lines back', () => {
    const text = [
      'ubuntu@k8s-master-01:~$ sudo crictl pull 172.16.2.1:5000/pause:3.10',
      'E0915 23:50:41.396489  187561 log.go:32] "PullImage from image service failed" err="rpc error: code = InvalidArgument desc = failed to pull and unpack image" image="172.16.2.1:5000/pause:3.10"',
      'ubuntu@k8s-master-01:~$ kubectl get nodes',
      'E0915 23:50:43.100000  187599 memcache.go:265] couldn\'t get current server API group list: Get "http://localhost:8080/api?timeout=32s": dial tcp 127.0.0.1:8080: connect: connection refused',
      'ubuntu@k8s-master-01:~$ sudo journalctl -u kubelet --no-pager | tail -2',
      'Sep 15 23:50:44 k8s-master-01 kubelet[901]: I0915 23:50:44.396489     901 kubelet.go:2431] "SyncLoop DELETE" source="api" pods=["default/x"]',
      'Sep 15 23:50:45 k8s-master-01 kubelet[901]: I0915 23:50:45.396489     901 kubelet.go:2447] "SyncLoop REMOVE" source="api" pods=["default/x"]',
    ].join('\n');
    const trace = analyzeText(text, 'terminal.md');
    expect(kubeletRestarts(trace)).toEqual([]);
    expect(Array.from(trace.events.pid.slice(0, trace.events.count))).toEqual([0, 0, 901, 901]);
    expect(trace.sources[0].diagnostics.filter((d) => d.message.startsWith('a line of')).map((d) => `${d.line}: ${d.message}`)).toEqual([
      '2: a line of `crictl`, run at the prompt on line 1: kept, its pid not read as the kubelet\'s',
      '4: a line of `kubectl`, run at the prompt on line 3: kept, its pid not read as the kubelet\'s',
    ]);
    // `kubectl logs` prints a pod's log, not kubectl's own lines.
    const logs = analyzeText(['u@h:~$ kubectl logs -n kube-system kubelet-x', text.split('\n')[1]].join('\n'), 'logs.md');
    expect(Array.from(logs.events.pid.slice(0, logs.events.count))).toEqual([187561]);
  });

  it('a CRI client klog line followed by crictl\'s own FATA line is crictl\'s: no kubelet start (Japanese troubleshooting notes, kubeadm with containerd)', () => {
    const text = readFileSync(new URL('../../fixtures/logs/crictl-line-in-notes.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'notes.md');
    expect(kubeletRestarts(trace)).toEqual([]);
    expect(trace.sources[0].diagnostics.filter((d) => d.message.startsWith('a line of')).map((d) => d.line)).toEqual([12]);
    // The FATA line is not taken into the record.
    const e = Array.from({ length: trace.events.count }, (_, i) => i).find((i) => trace.events.line[i] === 12)!;
    expect(trace.events.lineCount[e]).toBe(1);
  });

  it('a controller-manager\'s version banner (controllermanager.go, pid 1) pasted after the kubelet\'s lines is no kubelet start (Azure/aks-engine docs, 1.15)', () => {
    const text = readFileSync(new URL('../../fixtures/logs/controller-manager-logs-after-kubelet.md', import.meta.url), 'utf8');
    const trace = analyzeText(text, 'doc.md');
    expect(kubeletRestarts(trace).map((r) => r.pid)).toEqual([73220]);
    // Its line is kept, of no kind, on the 'other' lane; the version it names is not the kubelet's evidence.
    const e = Array.from({ length: trace.events.count }, (_, i) => i).filter((i) => trace.events.line[i] === 49);
    expect(e.map((i) => `${trace.events.kind[i]} ${trace.lanes[trace.events.lane[i]].kind} ${trace.events.pid[i]}`)).toEqual(['0 other 0']);
    expect(trace.sources[0].versionRange.signals.join(' ')).not.toContain('kubelet version v1.15');
  });
});

describe('a start told by the Go clock of a process\'s first line', () => {
  // kubernetes/kubernetes#122338: a node condition printed with Go's monotonic reading (m=+seconds since the start).
  const notReady = (time: string, pid: number, sinceStart: string) => klog(time, pid, 'setters.go:549',
    `"Node became not ready" node="wk-2" condition={Type:Ready Status:False LastHeartbeatTime:2024-03-15 ${time}000 +0000 UTC m=+${sinceStart} Reason:KubeletNotReady}`);

  it('is a start when the process had run under a minute', () => {
    const trace = analyzeText([notReady('10:00:00.400000', 900, '0.403692528'), housekeeping('10:00:02.000000', 900)].join('\n'), 'j.log', { year: 2024 });
    expect(kubeletRestarts(trace).map((r) => r.pid)).toEqual([900]);
  });

  it('is none when it had run for an hour', () => {
    const trace = analyzeText([notReady('10:00:00.400000', 900, '3600.403692528'), housekeeping('10:00:02.000000', 900)].join('\n'), 'j.log', { year: 2024 });
    expect(kubeletRestarts(trace)).toEqual([]);
  });
});

describe('a second poster\'s bare lines in the same thread', () => {
  it('are another process on a node they do not name, not a restart of the named node\'s kubelet (kubernetes/kubernetes#92442)', () => {
    // https://github.com/kubernetes/kubernetes/pull/92442 — tedyu's journal (hyperkube[79799] on ip-10-0-147-205),
    // then sjenning's test node's bare klog lines (pid 46821).
    const trace = analyzeText(readFileSync(new URL('../../fixtures/logs/two-posters-one-thread.md', import.meta.url), 'utf8'));
    expect(kubeletRestarts(trace)).toEqual([]);
    const nodeOf = (name: string) => trace.nodes[trace.pods.find((p) => p.name === name)!.node].name;
    expect(nodeOf('kube-apiserver-ip-10-0-147-205.us-west-1.compute.internal')).toBe('ip-10-0-147-205');
    expect(nodeOf('mirror-pod-remove-test-127.0.0.1')).not.toBe('ip-10-0-147-205');
  });
});
