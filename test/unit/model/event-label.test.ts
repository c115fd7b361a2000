/**
 * Event labels (model/trace-query.eventLabel), shown on the timeline, in hover text and in the inspector: a
 * structured message is its constant text plus the detail; a printf-only message reads as printed, not as its
 * template with every value elided.
 */
import { describe, expect, it } from 'vitest';
import { eventLabel, recordedEventMessage } from '../../../src/model/trace-query.ts';
import { analyzeText } from '../../helpers.ts';

function labels(text: string): string[] {
  const trace = analyzeText(text);
  const out: string[] = [];
  for (let e = 0; e < trace.events.count; e++) out.push(eventLabel(trace, e));
  return out;
}

describe('eventLabel', () => {
  it('shows a printf-only line as printed', () => {
    const [label] = labels('I0301 18:36:53.543210 4318 server.go:1086] GET /healthz: (41.4µs) 500 [[Go-http-client/1.1] 127.0.0.1:51234]\n');
    expect(label).toContain('GET /healthz: (41.4µs) 500');
    expect(label).not.toContain('…');
  });

  it('keeps a structured message as its text plus the detail', () => {
    const [label] = labels('I0315 10:02:03.000001 2891 kubelet.go:2114] "SyncLoop ADD" source="api" pods=["default/web-0"]\n');
    expect(label.startsWith('SyncLoop ADD')).toBe(true);
  });
});

describe('eventLabel of a line quoted as inline code', () => {
  it('drops the closing backtick the reader does not keep', () => {
    const [label] = labels('`I0229 18:36:57.348255    3429 server.go:1086] GET /healthz: (91.598µs) 500`\n');
    expect(label).toBe('GET /healthz: (91.598µs) 500');
  });
});

describe('eventLabel of a line quoted whole', () => {
  it('is its message, without the quotes (litmuschaos/litmus#30: a journal export\'s MESSAGE values cut out with sed)', () => {
    const text = [
      ' "E0321 07:09:19.376093     801 kuberuntime_logs.go:201] Failed with err write tcp 20.10.49.13:10250->20.10.49.11:34608: write: connection reset by peer when writing log for log file \\"/var/log/pods/8cc50428-2b3f-11e8-9309-000c298ff5fc/maya-apiserver_0.log\\": &{}"',
      ' "I0321 07:09:19.380074     801 logs.go:41] http: multiple response.WriteHeader calls" ',
    ].join('\n');
    const [first, second] = labels(text);
    expect(first.startsWith('Failed with err write tcp 20.10.49.13:10250')).toBe(true);
    expect(second).toBe('http: multiple response.WriteHeader calls');
  });
});

describe('eventLabel of a Go runtime line behind a journal prefix', () => {
  it('is the runtime\'s text, without the journal\'s date, host and process', () => {
    const [label] = labels('Jan 02 10:31:41 node-1 kubelet[22966]: I0102 10:31:40.000001   22966 kubelet.go:1794] "SyncLoop (housekeeping)"\nJan 02 10:31:41 node-1 kubelet[22966]: fatal error: concurrent map writes\n').slice(-1);
    expect(label).toBe('fatal error: concurrent map writes');
  });
});

describe('eventLabel of an entry several messages share', () => {
  it('is the message the line printed, not the entry\'s first', () => {
    expect(labels([
      'I0103 01:49:48.650285   30646 kubelet.go:517] Hairpin mode set to "hairpin-veth"',
      'I0315 10:02:03.000001    2891 cpu_manager.go:200] "Reconciling" reconcilePeriod="10s"',
      'I0315 10:02:03.000002    2891 server.go:1256] "Started kubelet"',
    ].join('\n'))).toEqual(['Hairpin mode set to "hairpin-veth"', 'Reconciling', 'Started kubelet']);
  });
});

describe('recordedEventMessage', () => {
  it('reads a recorded Event\'s message in the structured, JSON and printf forms', () => {
    const lines = [
      'I0115 08:07:13.392773 25631 event.go:307] "Event occurred" object="default/dra" fieldPath="spec.containers{dra}" kind="Pod" apiVersion="v1" type="Normal" reason="Killing" message="Container dra definition changed, will be restarted"',
      '{"ts":1705306034000.1,"caller":"record/event.go:307","msg":"Event occurred","v":0,"object":"default/dra","kind":"Pod","type":"Warning","reason":"FailedPreStopHook","message":"Exec lifecycle hook ([sh -c \\"sleep 5\\"]) for Container \\"app\\" failed"}',
      "I0115 08:07:15.000001 25631 event.go:281] Event(v1.ObjectReference{Kind:\"Pod\", Namespace:\"default\", Name:\"web-0\"}): type: 'Warning' reason: 'DNSConfigForming' Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.0.0.2 10.0.0.3 10.0.0.4",
    ];
    const trace = analyzeText(lines.join('\n') + '\n');
    const messages = Array.from({ length: trace.events.count }, (_, e) => recordedEventMessage(trace, e)).sort();
    expect(messages).toEqual([
      'Container dra definition changed, will be restarted',
      'Exec lifecycle hook ([sh -c "sleep 5"]) for Container "app" failed',
      'Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.0.0.2 10.0.0.3 10.0.0.4',
    ]);
  });
});
