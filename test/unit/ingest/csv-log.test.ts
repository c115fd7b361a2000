/**
 * Kubelet lines downloaded from a log platform as a CSV table (ingest/csv-log.ts): Grafana, CloudWatch Logs Insights,
 * Datadog, Kibana, Splunk, Azure Log Analytics. Each table is written here the way the platform writes it (quoting,
 * line ends, time format, column names); expectations are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { analyze, countedLines, eventRows } from './ingest-helpers.ts';
import { readCsvLogHeader, splitCsvFields, tableTimeToEpochUs } from '../../../src/ingest/csv-log.ts';
import { formatEpochUs } from '../../../src/util/time.ts';
import { analyzeSources } from '../../../src/model/analyze.ts';

const KILL = 'I0623 15:42:16.744070    1748 nodeshutdown_manager_linux.go:316] "Shutdown manager killing pod with gracePeriod" pod="ns/client-0" gracePeriod=15';
const ADD = 'I0623 15:44:33.989839    1748 kubelet.go:2394] "SyncLoop ADD" source="api" pods=["ns/client-0"]';
const BACKOFF = 'E0623 15:45:00.000001    1748 pod_workers.go:1294] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" with CrashLoopBackOff: \\"back-off 10s restarting failed container=app pod=client-0_ns(1234)\\"" pod="ns/client-0" podUID=1234';
const CONTAINERD = 'time="2022-06-23T15:43:00Z" level=info msg="StartContainer for \\"abc\\" returns successfully"';

/** A CSV cell as RFC 4180 writers quote it (`all`: every cell quoted, as Grafana does). */
function cell(v: string | number, all = false): string {
  const s = String(v);
  return all || /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function table(header: string[], rows: (string | number)[][], opts: { all?: boolean; eol?: string; delimiter?: string } = {}): string {
  const eol = opts.eol ?? '\n';
  const d = opts.delimiter ?? ',';
  return [header, ...rows].map((r) => r.map((v) => cell(v, opts.all)).join(d)).join(eol) + eol;
}

function rows(trace: ReturnType<typeof analyze>): string[] {
  return eventRows(trace).map((r) => `${r.at} ${r.where} ${r.node} ${r.kind} ${r.pod}`);
}

describe('log platform CSV downloads', () => {
  it('Grafana: an Excel sep= line, every cell quoted, CRLF, newest first, epoch ms, the node and program in a labels object', () => {
    const labels = (unit: string) => JSON.stringify({ host: 'node-7', unit, job: 'systemd-journal' });
    const text = 'sep=,\r\n' + table(['labels', 'Time', 'Line', 'tsNs', 'id'], [
      [labels('kubelet.service'), 1655999100000, BACKOFF, '1655999100000000000', 'a'],
      [labels('kubelet.service'), 1655999073989, ADD, '1655999073989000000', 'b'],
      [labels('containerd.service'), 1655998980000, CONTAINERD, '1655998980000000000', 'c'],
      [labels('kubelet.service'), 1655998936744, KILL, '1655998936744000000', 'd'],
    ], { all: true, eol: '\r\n' });
    const trace = analyze({ name: 'Explore-logs.csv', data: text });
    const src = trace.sources[0];
    expect(rows(trace)).toEqual([
      '2022-06-23 15:42:16.744070 Explore-logs.csv:6 node-7 pw.shutdown-kill ns/client-0',
      '2022-06-23 15:44:33.989839 Explore-logs.csv:4 node-7 syncloop.add ns/client-0',
      '2022-06-23 15:45:00.000001 Explore-logs.csv:3 node-7 pw.sync-error ns/client-0',
    ]);
    expect(src.format).toBe('log-platform-csv');
    expect(src.year).toEqual({ value: 2022, how: 'wrapper' });
    expect(src.reversed).toBe(true);
    expect(src.node).toBe('node-7');
    // The sep= line, the header row and containerd's row are not kubelet lines.
    expect(src.lines).toMatchObject({ total: 6, klog: 3, unrecognized: 3 });
    expect(trace.findings.length + 1).toBeGreaterThan(0);
    expect(src.diagnostics.find((d) => d.line === 2)?.message)
      .toBe('a CSV table: log lines from "Line", time from "Time", node from "labels", program from none');
  });

  it('CloudWatch Logs Insights: each @message a Fluent Bit record of the journal (Container Insights), the node in it', () => {
    const record = (m: string) => JSON.stringify({ hostname: 'ip-10-0-1-2.ec2.internal', systemd_unit: 'kubelet.service', message: m });
    const text = table(['@timestamp', '@message'], [['2022-06-23 15:42:16.744', record(KILL)], ['2022-06-23 15:44:33.989', record(ADD)]]);
    const trace = analyze({ name: 'logs-insights-results.csv', data: text });
    expect(rows(trace)).toEqual([
      '2022-06-23 15:42:16.744070 logs-insights-results.csv:2 ip-10-0-1-2.ec2.internal pw.shutdown-kill ns/client-0',
      '2022-06-23 15:44:33.989839 logs-insights-results.csv:3 ip-10-0-1-2.ec2.internal syncloop.add ns/client-0',
    ]);
    expect(trace.sources[0].format).toBe('log-platform-csv');
  });

  it('Datadog, Kibana, Azure Log Analytics and Splunk (_raw keeps the journal line): node, program and year from their columns', () => {
    const cases: [string, string[], (string | number)[][], string][] = [
      ['datadog.csv', ['Date', 'Host', 'Service', 'Message'], [['2022-06-23T15:42:16.744Z', 'node-3', 'kubelet', KILL], ['2022-06-23T15:43:00.000Z', 'node-3', 'containerd', CONTAINERD], ['2022-06-23T15:44:33.989Z', 'node-3', 'kubelet', ADD]], 'node-3'],
      ['kibana.csv', ['@timestamp', 'host.name', 'message'], [['Jun 23, 2022 @ 15:42:16.744', 'node-5', KILL], ['Jun 23, 2022 @ 15:44:33.989', 'node-5', ADD]], 'node-5'],
      ['azure.csv', ['TimeGenerated [UTC]', 'Computer', 'ProcessName', 'SyslogMessage'], [['6/23/2022, 3:42:16.744 PM', 'aks-np-vmss000000', 'kubelet', KILL], ['6/23/2022, 3:44:33.989 PM', 'aks-np-vmss000000', 'kubelet', ADD]], 'aks-np-vmss000000'],
      ['splunk.csv', ['_time', 'host', 'source', '_raw'], [['2022-06-23T15:42:16.744+0000', 'node-4', '/var/log/messages', `Jun 23 15:42:16 node-4 kubelet[1748]: ${KILL}`], ['2022-06-23T15:44:33.989+0000', 'node-4', '/var/log/messages', `Jun 23 15:44:33 node-4 kubelet[1748]: ${ADD}`]], 'node-4'],
    ];
    for (const [name, header, body, node] of cases) {
      const trace = analyze({ name, data: table(header, body) });
      const src = trace.sources[0];
      expect(eventRows(trace).map((r) => `${r.at} ${r.node} ${r.kind}`), name).toEqual([
        `2022-06-23 15:42:16.744070 ${node} pw.shutdown-kill`, `2022-06-23 15:44:33.989839 ${node} syncloop.add`,
      ]);
      expect([src.format, src.year.value, src.year.how], name).toEqual(['log-platform-csv', 2022, 'wrapper']);
      expect(countedLines(src), name).toBe(src.lines.total);
    }
  });

  it('a quoted cell over several lines (a multi-line value) is one record spanning its lines; any chunk size reads the same', () => {
    const status = 'I0623 15:44:40.000000    1748 status_manager.go:874] "Patch status for pod" pod="ns/client-0" patch=<\n\t{"status":{"phase":"Running"}}\n >';
    const text = table(['timestamp', 'host', 'message'], [['2022-06-23T15:44:33.989Z', 'n1', ADD], ['2022-06-23T15:44:40Z', 'n1', status], ['2022-06-23T15:44:41Z', 'n1', KILL]]);
    const trace = analyze({ name: 't.csv', data: text });
    expect(eventRows(trace).map((r) => r.where)).toEqual(['t.csv:6', 't.csv:2', 't.csv:3+3']);
    expect(trace.sources[0].lines).toMatchObject({ total: 6, klog: 3, continuation: 2, unrecognized: 1 });
    for (const chunk of [1, 5, 64]) expect(rows(analyze({ name: 't.csv', data: text }, { chunk }))).toEqual(rows(trace));
  });

  it('rows that start with an unquoted klog header stay rows: the byte fast path leaves a table alone', () => {
    const probe = (i: number) => `I0623 15:44:${String(10 + (i % 50)).padStart(2, '0')}.000000    1748 kubelet.go:2270] SyncLoop (housekeeping)`;
    // More rows than the fast path waits for before it takes lines (the file's direction is told from the first 64).
    const text = 'Line,Time,Host\n' + Array.from({ length: 200 }, (_, i) => `${probe(i)},${1655999050000 + (i % 50) * 1000},node-2`).join('\n') + '\n';
    for (const fastPath of [true, false]) {
      const trace = analyzeSources([{ name: 'p.csv', data: text }], { defaultYear: 2024, yearFromCaller: false, fastPath });
      expect(trace.sources[0].year.value).toBe(2022);
      expect(trace.events.count).toBe(200);
      // Every record is the row's: on its node (the fast path would have read the line without its row).
      expect(new Set(eventRows(trace).map((r) => `${r.node} ${r.kind}`))).toEqual(new Set(['node-2 housekeeping.start']));
    }
  });

  it('an unclosed quote: the row is given up with its line named, the rest of the table read', () => {
    const text = table(['timestamp', 'message'], [['2022-06-23T15:42:16Z', KILL]]) + '2022-06-23T15:43:00Z,"I0623 15:43:00.000000 1748 kubelet.go:1] never closed\nmore\n';
    const trace = analyze({ name: 'u.csv', data: text });
    const src = trace.sources[0];
    expect(eventRows(trace).map((r) => r.kind)).toEqual(['pw.shutdown-kill']);
    expect(src.diagnostics.map((d) => `${d.line} ${d.level} ${d.message}`)).toContain('3 warning a CSV row whose quoted field does not close (2 lines): not read');
    expect(countedLines(src)).toBe(src.lines.total);
  });

  it('a header row without a column of log lines is said so, and the file read as plain lines', () => {
    const trace = analyze({ name: 'x.csv', data: 'Date,Host,Service,Status\n2022-06-23,n1,kubelet,info\n' });
    expect(trace.sources[0].diagnostics[0]).toMatchObject({
      line: 1, level: 'warning',
      message: 'a CSV header row ("Date", "Host", "Service", "Status") without a column of log lines (one named message, @message, Line, log, _raw, textPayload…): the table is read as plain lines',
    });
    // Prose with commas is no header row: its words name no column known here, or it ends like a sentence (rook#3761).
    for (const prose of ['On worker, kubelet logs, report continuously:', 'Yes, no, maybe', 'Date, host, then it broke:']) {
      expect(analyze({ name: 'x.md', data: `${prose}\nI0903 15:42:11.178317    5950 kubelet.go:1887] SyncLoop (ADD, "api"): ""\n` }).sources[0].diagnostics
        .some((d) => d.message.includes('CSV header')), prose).toBe(false);
    }
  });

  it('a table is never taken for terminal-cut lines, whatever its rows\' lengths (a property test\'s counterexample)', () => {
    const row = `"${KILL.replace(/"/g, '""')}"`;
    const text = ['Time,Line,labels', row, '"', row, '"'].join('\n');
    for (const chunk of [1, 1 << 16]) {
      const src = analyze({ name: 'c.csv', data: text }, { chunk }).sources[0];
      expect(countedLines(src)).toBe(5);
      expect(src.diagnostics.some((d) => d.message.startsWith('lines cut at'))).toBe(false);
    }
  });

  it('damaged tables never throw and every line is counted once', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const pieces = ['"', '""', ',', '\n', '\r\n', KILL.slice(0, 40), ADD, 'x', '{', '\t', ' '];
    for (let k = 0; k < 50; k++) {
      let text = 'time,host,message\n';
      for (let i = 0; i < 60; i++) text += pieces[rand(pieces.length)];
      const src = analyze({ name: 'd.csv', data: text }).sources[0];
      expect(countedLines(src)).toBe(src.lines.total);
    }
  });
});

describe('CSV pieces', () => {
  it('splits RFC 4180 rows: quoted delimiters, doubled quotes, newlines in a field, empty fields', () => {
    const out: string[] = [];
    const n = splitCsvFields('a,"b,c","say ""hi""","x\ny",,', 44, out);
    expect(out.slice(0, n)).toEqual(['a', 'b,c', 'say "hi"', 'x\ny', '', '']);
    expect(out.slice(0, splitCsvFields('one\t"two"\tthree', 9, out))).toEqual(['one', 'two', 'three']);
  });

  it('knows a header row by its column names, whatever the delimiter', () => {
    expect(readCsvLogHeader('"@timestamp","@message","@logStream"')).toMatchObject({ delimiter: 44, messages: [1], time: 0, host: -1 });
    expect(readCsvLogHeader('Date;Host;Service;Message')).toMatchObject({ delimiter: 59, messages: [3], time: 0, host: 1, program: 2 });
    expect(readCsvLogHeader('timestamp\ttextPayload\tjsonPayload.MESSAGE\tresource.labels.node_name'))
      .toMatchObject({ delimiter: 9, messages: [1, 2], host: 3 });
    // A log line is no header row, nor is prose with commas.
    expect(readCsvLogHeader(ADD)).toBeUndefined();
    expect(readCsvLogHeader('Then, after the message, the pod restarted.')).toBeUndefined();
  });

  it('reads the time formats platforms write', () => {
    const t = (s: string) => formatEpochUs(tableTimeToEpochUs(s));
    expect(t('1655998936744')).toBe('2022-06-23 15:42:16.744000');
    expect(t('1655998936744070123')).toBe('2022-06-23 15:42:16.744070');
    expect(t('1655998936')).toBe('2022-06-23 15:42:16.000000');
    expect(t('2022-06-23 15:42:16.744')).toBe('2022-06-23 15:42:16.744000');
    expect(t('Jun 23, 2022 @ 15:42:16.744')).toBe('2022-06-23 15:42:16.744000');
    expect(t('6/23/2022, 12:42:16.744 AM')).toBe('2022-06-23 00:42:16.744000');
    expect(t('6/23/2022, 3:42:16 PM')).toBe('2022-06-23 15:42:16.000000');
    expect(tableTimeToEpochUs('yesterday')).toBeNaN();
    expect(tableTimeToEpochUs('13/45/2022, 3:42:16 PM')).toBeNaN();
  });
});
