/**
 * Kubelet lines downloaded from a log platform instead of the node: Google Cloud Logging entries (a console download:
 * one pretty-printed JSON array; `gcloud logging read`; NDJSON), Elasticsearch hits, Fluent Bit records, and JSON
 * printed over several lines by `journalctl -o json-pretty` or `jq .`. Expectations are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { analyze, countedLines, eventRows } from './ingest-helpers.ts';

const SHUTDOWN = 'I0623 15:42:16.744070    1748 nodeshutdown_manager_linux.go:316] "Shutdown manager killing pod with gracePeriod" pod="ns/client-0" gracePeriod=15';
const ADD = 'I0623 15:44:33.989839    1748 kubelet.go:2394] "SyncLoop ADD" source="api" pods=["ns/client-0"]';
const NODE = 'gke-dev-default-pool-1a2b';

/** A Cloud Logging entry of the kubelet's journal as the console downloads it. */
function gcpEntry(message: string, timestamp: string, logName = 'projects/p/logs/kubelet') {
  return {
    insertId: 'x1', jsonPayload: { MESSAGE: message, _HOSTNAME: NODE, SYSLOG_IDENTIFIER: 'kubelet', _PID: '1748' },
    resource: { type: 'k8s_node', labels: { node_name: NODE, location: 'us-central1-a', cluster_name: 'dev', project_id: 'p' } },
    timestamp, severity: 'INFO', logName, receiveTimestamp: timestamp,
  };
}

function rows(trace: ReturnType<typeof analyze>): string[] {
  return eventRows(trace).map((r) => `${r.at} ${r.where} ${r.node} ${r.kind} ${r.pod}`);
}

describe('log platform exports', () => {
  const entries = [
    gcpEntry(SHUTDOWN, '2022-06-23T15:42:16.744070Z'),
    gcpEntry('time="2022-06-23T15:43:00Z" level=info msg="StartContainer"', '2022-06-23T15:43:00Z', 'projects/p/logs/container-runtime'),
    gcpEntry(ADD, '2022-06-23T15:44:33.989839Z'),
  ];
  const expected = [
    `2022-06-23 15:42:16.744070 downloaded-logs.json:2+22 ${NODE} pw.shutdown-kill ns/client-0`,
    `2022-06-23 15:44:33.989839 downloaded-logs.json:46+22 ${NODE} syncloop.add ns/client-0`,
  ];

  it('a Cloud Logging download: one pretty-printed array, each entry\'s lines read as one; the node and the year from the entry', () => {
    const text = JSON.stringify(entries, null, 2);
    const trace = analyze({ name: 'downloaded-logs.json', data: text });
    const src = trace.sources[0];
    expect(rows(trace)).toEqual(expected);
    expect(src.format).toBe('log-platform-export');
    expect(src.node).toBe(NODE);
    expect(src.year.value).toBe(2022);
    // The `[`, the containerd entry's lines and the `]` are not kubelet lines; each kubelet entry's other lines are its own.
    expect(src.lines.klog).toBe(2);
    expect(src.lines.unrecognized).toBe(2 + 22);
    expect(countedLines(src)).toBe(text.split('\n').length);
  });

  it('the same entries one per line (gcloud, NDJSON); Elasticsearch hits and Fluent Bit records', () => {
    const ndjson = entries.map((e) => JSON.stringify(e)).join('\n');
    expect(eventRows(analyze({ name: 'e.ndjson', data: ndjson })).map((r) => `${r.where} ${r.node} ${r.kind}`))
      .toEqual([`e.ndjson:1 ${NODE} pw.shutdown-kill`, `e.ndjson:3 ${NODE} syncloop.add`]);
    const hits = [
      { _index: 'logs', _source: { '@timestamp': '2022-06-23T15:42:16.744Z', message: SHUTDOWN, host: { name: 'node-7' } } },
      { log: `${ADD}\n`, kubernetes: { host: 'node-7' }, time: '2022-06-23T15:44:33.989839Z' },
    ].map((e) => JSON.stringify(e)).join('\n');
    const trace = analyze({ name: 'hits.json', data: hits });
    expect(rows(trace)).toEqual([
      '2022-06-23 15:42:16.744070 hits.json:1 node-7 pw.shutdown-kill ns/client-0',
      '2022-06-23 15:44:33.989839 hits.json:2 node-7 syncloop.add ns/client-0',
    ]);
  });

  it('journalctl -o json-pretty and a kubelet JSON log through jq: objects over several lines', () => {
    const pretty = JSON.stringify({ __REALTIME_TIMESTAMP: '1655998936744070', _HOSTNAME: 'n1', SYSLOG_IDENTIFIER: 'kubelet', MESSAGE: SHUTDOWN }, null, 4);
    const jq = JSON.stringify({ ts: 1655998936744.07, caller: 'kubelet/kubelet.go:2394', msg: 'SyncLoop ADD', v: 0, source: 'api', pods: ['ns/client-0'] }, null, 2);
    const trace = analyze({ name: 'j.txt', data: `${pretty}\n${jq}` });
    expect(eventRows(trace).map((r) => `${r.where} ${r.kind}`)).toEqual(['j.txt:1+6 pw.shutdown-kill', 'j.txt:7+10 syncloop.add']);
  });

  it('an object that is no log entry, or never closes (within its bounds, before the next log line), is read line by line as before', () => {
    const text = ['{', '  "MESSAGE": "unterminated', ...Array.from({ length: 5000 }, () => '  x'), ADD].join('\n');
    const trace = analyze({ name: 'bad.json', data: text });
    expect(eventRows(trace).map((r) => r.kind)).toEqual(['syncloop.add']);
    expect(trace.sources[0].lines).toMatchObject({ total: 5003, klog: 1, unrecognized: 5002 });
    // A document's fragment that never closes ends at the next log line.
    const fragment = analyze({ name: 'issue.md', data: ['Config:', '{', '  "kind": "KubeletConfiguration",', SHUTDOWN, ADD].join('\n') });
    expect(eventRows(fragment).map((r) => `${r.where} ${r.kind}`)).toEqual(['issue.md:4 pw.shutdown-kill', 'issue.md:5 syncloop.add']);
    // A whole object quoted in an issue is prose to the reader, its blank lines blank and its dates the document's.
    const quoted = ['Seen on 2023-09-19:', '{', '  "status": "Running",', '', '  "since": "2023-09-19"', '}', SHUTDOWN].join('\n');
    const src = analyze({ name: 'issue.md', data: quoted }).sources[0];
    expect(src.lines).toMatchObject({ total: 7, klog: 1, blank: 1, unrecognized: 5 });
    expect(src.year.value).toBe(2023);
  });
});

describe('Grafana and Loki JSON downloads', () => {
  it('Grafana\'s "Download logs" JSON (line, date, fields) and logcli --output=jsonl (line, labels): the node and the year from them', () => {
    const grafana = JSON.stringify([
      { line: SHUTDOWN, timestamp: '1655998936744070000', date: '2022-06-23T15:42:16.744Z', fields: { host: 'node-9', unit: 'kubelet.service', job: 'systemd-journal' } },
      { line: 'time="2022-06-23T15:43:00Z" level=info msg="StartContainer"', timestamp: '1655998980000000000', date: '2022-06-23T15:43:00.000Z', fields: { host: 'node-9', unit: 'containerd.service' } },
    ], null, 2);
    const trace = analyze({ name: 'Explore-logs.json', data: grafana });
    expect(rows(trace)).toEqual(['2022-06-23 15:42:16.744070 Explore-logs.json:2+10 node-9 pw.shutdown-kill ns/client-0']);
    expect(trace.sources[0].year).toEqual({ value: 2022, how: 'wrapper' });
    const logcli = [ADD, SHUTDOWN].map((line) => JSON.stringify({ labels: { host: 'node-9', unit: 'kubelet.service' }, line, timestamp: '2022-06-23T15:44:33.989839Z' })).join('\n');
    expect(eventRows(analyze({ name: 'logcli.jsonl', data: logcli })).map((r) => `${r.node} ${r.kind}`)).toEqual(['node-9 pw.shutdown-kill', 'node-9 syncloop.add']);
  });

  it('a malformed %-escape in a Cloud Logging logName is kept as it is, not thrown', () => {
    const entry = JSON.stringify({ textPayload: ADD, logName: 'projects/p/logs/%E0%A4%A', timestamp: '2022-06-23T15:44:33.989839Z' });
    expect(eventRows(analyze({ name: 'bad.json', data: entry })).map((r) => r.kind)).toEqual(['syncloop.add']);
  });
});
