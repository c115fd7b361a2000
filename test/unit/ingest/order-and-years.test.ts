/**
 * Time: newest-first files (journalctl -r) put back in order, the year of year-less klog times (and a new year inside
 * a log, in either direction), and the caller's year only as the last resort.
 */
import { describe, expect, it } from 'vitest';
import { analyze, eventRows, fixture } from './ingest-helpers.ts';
import { dumpTrace } from '../../../src/model/dump.ts';
import { RecordOrder } from '../../../src/ingest/record-order.ts';
import type { LogRecord } from '../../../src/ingest/record.ts';
import { yearlessUs } from '../../../src/util/time.ts';
import { analyzeSources } from '../../../src/model/analyze.ts';

/** The dump without the per-source summary lines and with line references blanked (the two files number lines differently). */
function storyOf(dump: string): string {
  return dump.split('\n').filter((l) => !l.startsWith('source ')).join('\n').replace(/@\d+/g, '@_');
}

const reverseLines = (text: string) => text.trimEnd().split('\n').reverse().join('\n') + '\n';

describe('newest-first files', () => {
  const forward = fixture('journald-oldest-first.log');
  const backward = reverseLines(forward);

  it('a journalctl -r file reconstructs the same story as the oldest-first file', () => {
    const a = analyze({ name: 'journal.txt', data: forward });
    const b = analyze({ name: 'journal.txt', data: backward });
    expect(a.sources[0].reversed).toBe(false);
    expect(b.sources[0].reversed).toBe(true);
    expect(storyOf(dumpTrace(b, { events: true }))).toBe(storyOf(dumpTrace(a, { events: true })));
    // The story is not trivially empty: one pod through its life, across the new year.
    expect(storyOf(dumpTrace(a, { events: true }))).toContain('pod shop/cart-7d9f8-abcde');
    expect(a.events.count).toBe(8);
  });

  it('keeps each record\'s own first line; a multi-line value that arrived upside down is read right way up', () => {
    const b = analyze({ name: 'journal.txt', data: backward });
    expect(eventRows(b).map((r) => `${r.at} ${r.where} ${r.kind}`)).toEqual([
      '2023-12-31 23:59:58.101544 journal.txt:12 syncloop.add',
      // Same time as the line above: the order of the oldest-first file is kept.
      '2023-12-31 23:59:58.101544 journal.txt:11 pw.pending-update',
      '2023-12-31 23:59:58.301122 journal.txt:10 sync.pod-enter',
      '2023-12-31 23:59:59.912873 journal.txt:5+4 status.patch',
      '2024-01-01 00:00:01.554012 journal.txt:4 syncloop.delete',
      '2024-01-01 00:00:01.554190 journal.txt:3 pw.teardown-deleted',
      '2024-01-01 00:00:01.601339 journal.txt:2 runtime.kill',
      '2024-01-01 00:00:02.977421 journal.txt:1 syncloop.remove',
    ]);
    expect(b.sources[0].lines).toEqual({ total: 12, klog: 8, continuation: 3, unrecognized: 1, blank: 0 });
  });

  it('a value pasted with spaces for its TAB and an empty line in it, upside down, is its own record\'s even right under another opener', () => {
    // Oldest-first: two records with multi-line values, their TABs turned into spaces by the paste.
    const j = (rest: string) => `May 03 17:40:32 node-1 kubelet[5493]: ${rest}`;
    const oldestFirst = [
      j('E0503 17:40:32.221314    5493 remote_runtime.go:193] "RunPodSandbox from runtime service failed" err=<'),
      j('        rpc error: code = Unknown desc = failed to setup network for sandbox "c9c9": plugin failed'),
      j('        '),
      j('        second line of the error'),
      j(' >'),
      j('E0503 17:40:32.221354    5493 kuberuntime_sandbox.go:72] "Failed to create sandbox for pod" err=<'),
      j('        rpc error: code = Unknown desc = failed to setup network for sandbox "c9c9": plugin failed'),
      j(' > pod="default/web-0"'),
    ].join('\n') + '\n';
    const a = analyze({ name: 'j.txt', data: oldestFirst });
    const b = analyze({ name: 'j.txt', data: reverseLines(oldestFirst) });
    expect(a.events.count).toBe(2);
    expect(b.sources[0].lines).toEqual(a.sources[0].lines);
    expect(b.sources[0].lines).toEqual({ total: 8, klog: 2, continuation: 6, unrecognized: 0, blank: 0 });
    expect(storyOf(dumpTrace(b, { events: true }))).toBe(storyOf(dumpTrace(a, { events: true })));
    expect(storyOf(dumpTrace(a, { events: true }))).toContain('default/web-0');
  });
});

describe('journalctl\'s banner', () => {
  it('dates the records after it, not another host\'s lines quoted before it', () => {
    const text = [
      '# systemctl status kubelet', 'Mar 31 18:49:19 kubeadm-50 systemd[1]: Unit kubelet.service entered failed state.', '',
      '# journalctl -u kubelet', '-- Logs begin at Fri 2022-04-01 20:22:15 CST. --',
      'Apr 01 20:33:11 master-61 kubelet[8936]: I0401 20:33:11.865845    8936 kubelet.go:1] "SyncLoop (housekeeping)"',
    ].join('\n');
    const trace = analyze({ name: 'notes.md', data: text });
    expect(trace.sources[0].year).toEqual({ value: 2022, how: 'file-header' });
    expect(eventRows(trace).map((r) => r.at)).toEqual(['2022-03-31 18:49:19.000000', '2022-04-01 20:33:11.865845']);
  });
});

describe('years', () => {
  const newYear = [
    'I1231 23:59:58.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]',
    'I1231 23:59:59.999999    2891 kubelet.go:2405] "SyncLoop DELETE" source="api" pods=["default/web-0"]',
    'I0101 00:00:00.000001    2891 kubelet.go:2415] "SyncLoop REMOVE" source="api" pods=["default/web-0"]',
  ].join('\n');
  const expected = [
    '2023-12-31 23:59:58.000001 syncloop.add',
    '2023-12-31 23:59:59.999999 syncloop.delete',
    '2024-01-01 00:00:00.000001 syncloop.remove',
  ];

  it('a log that crosses a new year gets year+1 after the boundary', () => {
    const trace = analyze({ name: 'k.log', data: newYear }, { year: 2023 });
    expect(eventRows(trace).map((r) => `${r.at} ${r.kind}`)).toEqual(expected);
    expect(trace.sources[0].year).toEqual({ value: 2023, how: 'caller' });
  });

  it('a newest-first log that crosses a new year likewise', () => {
    const trace = analyze({ name: 'k.log', data: reverseLines(newYear) }, { year: 2023 });
    expect(trace.sources[0].reversed).toBe(true);
    expect(eventRows(trace).map((r) => `${r.at} ${r.kind}`)).toEqual(expected);
  });

  it('a journal in UTC around a new year: the klog (local time) date decides which side of it a line is on', () => {
    // The kubelet runs at UTC+8: its Jan 1 07:30 is the journal's Dec 31 23:30 UTC.
    const text = '2023-12-31T23:30:00+0000 node-1 kubelet[7]: I0101 07:30:00.000001       7 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]';
    expect(eventRows(analyze({ name: 'j.log', data: text }))[0].at).toBe('2024-01-01 07:30:00.000001');
  });

  const bare = 'I0315 10:02:03.123456    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]';

  it('uses the caller\'s year only when nothing in the input states one', () => {
    expect(analyze({ name: 'k.log', data: bare }, { year: 2021 }).sources[0].year).toEqual({ value: 2021, how: 'caller' });
    expect(analyze({ name: 'k.log', data: bare }).sources[0].year).toEqual({ value: 2024, how: 'assumed' });
    const stated: [string, string, { value: number; how: string }][] = [
      ['a CRI prefix', `2019-03-15T10:02:03.123456789Z stderr F ${bare}`, { value: 2019, how: 'wrapper' }],
      ['a JSON ts', '{"ts":1552644123123.456,"caller":"kubelet/kubelet.go:2389","msg":"SyncLoop ADD","v":2,"source":"api","pods":[]}', { value: 2019, how: 'json' }],
      ['a date inside a message on the record\'s own day',
        'I0315 10:02:03.123456    2891 kubelet.go:1919] SyncLoop (UPDATE, "api"): "web-0_default(5f1c2d3e-0000-4000-8000-00000000aa01):DeletionTimestamp=2019-03-15T10:02:33Z"',
        { value: 2019, how: 'message' }],
      // A Trace line's start time (Go's 02-Jan-2006), read by bytes and behind a journal prefix alike.
      ['a Trace line\'s start time', 'I0315 10:02:03.123456    2891 trace.go:219] Trace[2001621433]: "Calculate volume metrics of sys for pod default/web-0" (15-Mar-2019 10:01:59.856) (total time: 3859ms):',
        { value: 2019, how: 'message' }],
      ['a Trace line behind a journal prefix', 'Mar 15 10:02:03 node-1 kubelet[2891]: I0315 10:02:03.123456    2891 trace.go:219] Trace[2001621433]: "Calculate volume metrics of sys for pod default/web-0" (15-Mar-2019 10:01:59.856) (total time: 3859ms):',
        { value: 2019, how: 'message' }],
      // A helper program's own line (Go's log package: `2019/03/15 10:02:03`) quoted in an error (kubernetes/kubernetes#74551).
      ['a Go log date inside a message', 'E0315 10:02:03.380811    7038 httpstream.go:251] error forwarding port 2379 to pod 4c33311464fe, uid : exit status 1: 2019/03/15 10:02:03 socat[2412] E connect(5, AF=2 127.0.0.1:2379, 16): Connection refused',
        { value: 2019, how: 'message' }],
      ['the glog file header', `Log file created at: 2019/03/15 10:00:00\n${bare}`, { value: 2019, how: 'file-header' }],
      ['the document around the excerpt', `Posted on 2019-03-16 by an SRE.\n\n\`\`\`\n${bare}\n\`\`\`\n`, { value: 2019, how: 'document' }],
    ];
    for (const [what, text, year] of stated) {
      const src = analyze({ name: 'k.log', data: text }, { year: 2021 }).sources[0];
      expect({ what, year: src.year }).toEqual({ what, year });
    }
  });

  it('puts an excerpt in the year that brings its lines nearest to the document\'s dates', () => {
    const jan = (day: string) => `I01${day} 10:31:41.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]`;
    const dec = 'I1220 10:31:41.000001    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/web-0"]';
    const yearOf = (text: string) => analyze({ name: 'k.log', data: text }, { year: 2021 }).sources[0].year;
    // `systemctl status` says the service has run since late November: its lines of January 2 are the next year's.
    expect(yearOf(`Active: active (running) since Wed 2017-11-29 16:04:21 CST; 1 months 4 days ago\n\n${jan('02')}\n`))
      .toEqual({ value: 2018, how: 'document' });
    // An issue filed in March about lines of December 20: the December before.
    expect(yearOf(`Filed 2017-03-10.\n\n\`\`\`\n${dec}\n\`\`\`\n`)).toEqual({ value: 2016, how: 'document' });
    // Dates on both sides of the lines (a first and a later comment) keep the year they share.
    expect(yearOf(`Seen 2019-01-01, again 2019-01-30.\n${jan('15')}\n`)).toEqual({ value: 2019, how: 'document' });
  });

  // A pod UID from an API server before 1.15 is a version-1 UUID: 6171e2a7-d4e8-11e7-… was made 2017-11-29 09:33:39Z.
  const v1Add = (month: string, day: string) =>
    `I${month}${day} 09:33:40.124779   64794 kubelet.go:1837] SyncLoop (ADD, "api"): "nginx-56ccc998dd-nnsvj_default(6171e2a7-d4e8-11e7-9c45-000d3a25e3c0)"`;

  it('takes the year from the time inside version-1 pod UIDs: the first year that puts the line after the pod was made', () => {
    expect(analyze({ name: 'k.log', data: v1Add('11', '29') }, { year: 2021 }).sources[0].year).toEqual({ value: 2017, how: 'pod-uid' });
    // A line in March about a pod made in November: the next March.
    expect(analyze({ name: 'k.log', data: v1Add('03', '02') }, { year: 2021 }).sources[0].year).toEqual({ value: 2018, how: 'pod-uid' });
    // The same pod with its UID's version digit changed (a random UUID holds no time): the caller's year.
    const v4 = v1Add('11', '29').replace('-11e7-', '-41e7-');
    expect(analyze({ name: 'k.log', data: v4 }, { year: 2021 }).sources[0].year).toEqual({ value: 2021, how: 'caller' });
    // A year a wrapper states wins.
    expect(analyze({ name: 'k.log', data: `2019-11-29T09:33:40.1Z stderr F ${v1Add('11', '29')}` }).sources[0].year.value).toBe(2019);
  });

  it('takes the year from the scheduled time in a CronJob pod\'s name (Unix seconds before 1.21, minutes after)', () => {
    const add = (day: string, pod: string) => `I${day} 00:09:12.076351   31704 kubelet.go:1907] SyncLoop (ADD, "api"): "${pod}_test(e04434fe-79b1-41b7-86fe-448df262bd31)"`;
    // 1620346140 s is 2021-05-07 00:09:00 UTC.
    expect(analyze({ name: 'k.log', data: add('0507', 'app-1620346140-fflrv') }, { year: 2024 }).sources[0].year).toEqual({ value: 2021, how: 'cronjob-name' });
    // 27005769 min is 2021-05-07 00:09 UTC; a line in January about it is the next January's.
    expect(analyze({ name: 'k.log', data: add('0103', 'app-27005769-fflrv') }, { year: 2024 }).sources[0].year).toEqual({ value: 2022, how: 'cronjob-name' });
    // A ReplicaSet's pod-template hash made of digits only (no 0, 1 or 3) is no time.
    expect(analyze({ name: 'k.log', data: add('0507', 'web-5566779988-fflrv') }, { year: 2024 }).sources[0].year).toEqual({ value: 2024, how: 'caller' });
    // Lines without a date (read as 1 January) give the scheduled time no day to be measured against.
    expect(analyze({ name: 'k.log', data: add('0507', 'app-1620346140-fflrv').slice(5) }, { year: 2024 }).sources[0].year).toEqual({ value: 2024, how: 'caller' });
  });

  it('an assumed year never puts a log after the reader\'s clock: a date still to come this year is last year\'s', () => {
    const at = (month: number, day: number) => Date.UTC(2024, month - 1, day) * 1000;
    const opts = (nowUs: number) => ({ defaultYear: 2024, yearFromCaller: false, assumedNotAfterUs: nowUs });
    // bare is 15 March.
    expect(analyzeSources([{ name: 'k.log', data: bare }], opts(at(3, 1))).sources[0].year).toEqual({ value: 2023, how: 'assumed' });
    expect(analyzeSources([{ name: 'k.log', data: bare }], opts(at(3, 15))).sources[0].year).toEqual({ value: 2024, how: 'assumed' });
    // A year the caller gives is kept as given.
    expect(analyzeSources([{ name: 'k.log', data: bare }], { ...opts(at(3, 1)), yearFromCaller: true }).sources[0].year)
      .toEqual({ value: 2024, how: 'caller' });
  });

  it('an assumed year is one the kubelet\'s newest possible version was the newest release in, once it is out of support', () => {
    const opts = { defaultYear: 2026, yearFromCaller: false, assumedNotAfterUs: Date.UTC(2026, 10, 28) * 1000 };
    // The release build path says 1.14, out of support since 1.17; 1.15 came out 2019-06-19: 3 April is 2019's.
    const panic = [
      'I0403 09:26:35.512103    9519 runtime.go:69] Observed a panic: "invalid memory address or nil pointer dereference"',
      '/workspace/anago-v1.14.0-rc.1.5+641856db183520/src/k8s.io/kubernetes/_output/dockerized/go/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:76',
    ].join('\n');
    expect(analyzeSources([{ name: 'k.log', data: panic }], opts).sources[0].year).toEqual({ value: 2019, how: 'version' });
    // 15 December 2019 is past 1.15's release, but 2018's is before 1.14 came out: the year after.
    expect(analyzeSources([{ name: 'k.log', data: panic.replace('I0403', 'I1215') }], opts).sources[0].year).toEqual({ value: 2019, how: 'version' });
    // With no oldest version, the year before: 1.20 at most (printf pod worker lines), 1.23 out 2021-12-07.
    const printf = 'I1215 10:02:03.123456    2891 kubelet.go:1887] SyncLoop (ADD, "api"): "web-0_default(5f1c2d3e-0000-4000-8000-00000000aa01)"';
    expect(analyzeSources([{ name: 'k.log', data: printf }], opts).sources[0].versionRange.max).toBe('1.12');
    // A version still supported (or with no newest bound) says nothing against this year.
    expect(analyzeSources([{ name: 'k.log', data: bare.replace('kubelet.go:2389', 'kubelet.go:1') }], opts).sources[0].year).toEqual({ value: 2026, how: 'assumed' });
    // kubelet.go:2389 pins 1.28, out of support once 1.31 came out; 15 March 2023 is before 1.28 came out, 2024's
    // is past 1.29's release (2023-12-13): the year after, 2024.
    expect(analyzeSources([{ name: 'k.log', data: bare }], opts).sources[0].year).toEqual({ value: 2024, how: 'version' });
    // ≤1.20 (a printf image GC line; 1.21 came out 2021-04-08): 26 June is 2020's, 7 April 2021's.
    const gc = 'W0626 14:30:10.830198    5711 image_gc_manager.go:192] [imageGCManager] Failed to update image list: rpc error: code = DeadlineExceeded desc = context deadline exceeded';
    expect(analyzeSources([{ name: 'k.log', data: gc }], opts).sources[0].year).toEqual({ value: 2020, how: 'version' });
    expect(analyzeSources([{ name: 'k.log', data: gc.replace('W0626', 'W0407') }], opts).sources[0].year).toEqual({ value: 2021, how: 'version' });
    // 1.33 named in the text (a `kubectl get nodes` row) is out of support since 1.36 (2026-04-22): 23 August is 2025's,
    // before 1.34 came out.
    const named = ['controlplane   Ready    control-plane   9d   v1.33.2', 'Aug 23 13:53:14 node01 kubelet[8691]: E0823 13:53:14.926448    8691 run.go:72] "command failed" err="failed to parse kubelet flag: unknown flag: --improve-speed"'].join('\n');
    expect(analyzeSources([{ name: 'k.log', data: named }], opts).sources[0].year).toEqual({ value: 2025, how: 'version' });
    // A year the caller gives is kept as given.
    expect(analyzeSources([{ name: 'k.log', data: panic }], { ...opts, yearFromCaller: true }).sources[0].year).toEqual({ value: 2026, how: 'caller' });
  });

  it('a ctime-style date in the text around a log (a `watch` header, `date`) dates it (sustainable-computing-io/kepler#1799)', () => {
    const log = 'Sep 28 05:37:59 team kubelet[2865036]: I0928 05:37:59.659033 2865036 eviction_manager.go:369] "Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"';
    const opts = { defaultYear: 2026, yearFromCaller: false, assumedNotAfterUs: Date.UTC(2026, 10, 28) * 1000 };
    for (const stamp of ['Every 2.0s: kubectl get pods --all-namespaces   team: Sat Sep 28 08:57:39 2024', 'Sat Sep 28 08:57:39 UTC 2024']) {
      const trace = analyzeSources([{ name: 'post.md', data: ['Logs:', log, '', stamp].join('\n') }], opts);
      expect(trace.sources[0].year).toEqual({ value: 2024, how: 'document' });
    }
    // Without it, the year is assumed.
    expect(analyzeSources([{ name: 'post.md', data: ['Logs:', log].join('\n') }], opts).sources[0].year.how).toBe('assumed');
  });

  it('a date inside a message on another day is not taken for the record\'s year', () => {
    const text = 'I0315 10:02:03.123456    2891 kubelet.go:1919] SyncLoop (UPDATE, "api"): "web-0_default(5f1c2d3e-0000-4000-8000-00000000aa01):DeletionTimestamp=2019-06-01T00:00:00Z"';
    expect(analyze({ name: 'k.log', data: text }, { year: 2021 }).sources[0].year).toEqual({ value: 2021, how: 'caller' });
  });
});

describe('RecordOrder', () => {
  const rec = (sec: number, line: number) => ({ line, yearlessUs: yearlessUs(3, 15, sec * 1e6) }) as LogRecord;

  it('passes an oldest-first file straight through and a newest-first one backwards', () => {
    const out: number[] = [];
    const order = new RecordOrder((r) => out.push(r.line));
    for (let i = 0; i < 100; i++) order.push(rec(i, i + 1));
    expect(order.end()).toBe(false);
    expect(out).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    out.length = 0;
    const back = new RecordOrder((r) => out.push(r.line));
    for (let i = 0; i < 100; i++) back.push(rec(100 - i, i + 1));
    expect(back.end()).toBe(true);
    expect(out).toEqual(Array.from({ length: 100 }, (_, i) => 100 - i));
  });

  it('a newest-first file too big to hold is read in file order, and says so', () => {
    const out: number[] = [];
    const order = new RecordOrder((r) => out.push(r.line), 80);
    for (let i = 0; i < 100; i++) order.push(rec(100 - i, i + 1));
    expect(order.end()).toBe(true);
    expect(order.tooLargeToReorder).toBe(true);
    expect(out).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
});
