/**
 * The klog header's clock against the wrapper's (ingest/clock-offset.ts): a kubelet printing another time zone than
 * the journal, the runtime or a log platform beside it is said once per source; the journal's whole seconds and
 * ordinary delays are not an offset. Lines are constructed; the two real cases that led here (a Docker Desktop
 * export 8 h apart, a dockerd-current journal 5 h apart) are in the round-3 corpus notes.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from './ingest-helpers.ts';

const ADD = (hms: string, pod: string) => `I0315 ${hms}.120000    2891 kubelet.go:2389] "SyncLoop ADD" source="api" pods=["default/${pod}"]`;
const offsetNotes = (text: string) =>
  analyze({ name: 'k.log', data: text }).sources[0].diagnostics.filter((d) => d.message.startsWith("the klog headers' times")).map((d) => d.message.split(':')[0]);

describe('clock offset between the klog headers and the wrapper', () => {
  it('a journal five hours ahead of the kubelet (TZ=UTC in the kubelet, local time in journalctl)', () => {
    const text = ['10:02:03', '10:02:04', '10:02:09'].map((t, i) => `Mar 15 ${Number(t.slice(0, 2)) + 5}${t.slice(2)} node-1 kubelet[2891]: ${ADD(t, `web-${i}`)}`).join('\n');
    expect(offsetNotes(text)).toEqual(["the klog headers' times are 5 h behind the journal's timestamps (3 of 3 lines)"]);
  });

  it('CRI times (UTC) against a kubelet in India (+05:30), across midnight', () => {
    const text = [
      `2024-03-14T23:59:59.500000000Z stderr F ${ADD('05:29:59', 'a')}`,
      `2024-03-15T00:00:00.100000000Z stderr F ${ADD('05:30:00', 'b')}`,
      `2024-03-15T00:00:01.100000000Z stderr F ${ADD('05:30:01', 'c')}`,
    ].join('\n');
    expect(offsetNotes(text)).toEqual(["the klog headers' times are 5 h 30 min ahead of the container runtime's timestamps (UTC) (3 of 3 lines)"]);
  });

  it('no note for a journal in the kubelet\'s own zone (whole seconds, a line late by a few seconds), nor for lines that disagree', () => {
    const same = ['10:02:03', '10:02:04', '10:02:09'].map((t, i) => `Mar 15 ${t} node-1 kubelet[2891]: ${ADD(t, `web-${i}`)}`).join('\n');
    expect(offsetNotes(same)).toEqual([]);
    const late = `Mar 15 10:02:12 node-1 kubelet[2891]: ${ADD('10:02:09', 'x')}\n${same}`;
    expect(offsetNotes(late)).toEqual([]);
    const mixed = [`Mar 15 15:02:03 node-1 kubelet[2891]: ${ADD('10:02:03', 'a')}`, `Mar 15 10:02:04 node-1 kubelet[2891]: ${ADD('10:02:04', 'b')}`,
      `Mar 15 12:02:05 node-1 kubelet[2891]: ${ADD('10:02:05', 'c')}`].join('\n');
    expect(offsetNotes(mixed)).toEqual([]);
  });
});
