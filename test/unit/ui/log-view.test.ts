import { describe, expect, test } from 'vitest';
import { analyzeText, seedText } from '../../helpers.ts';
import { eventOfRow, eventRows, lineToEvent, rowOfEvent } from '../../../src/ui/log/log-rows.ts';
import { MAX_SCROLL_PX, virtualMetrics } from '../../../src/ui/log/virtual-scroll.ts';
import { parseRecordFields } from '../../../src/ui/inspector/parse-fields.ts';
import { eventRawText } from '../../../src/model/trace-query.ts';

describe('virtual scrolling', () => {
  test('a short list scrolls one row per row height', () => {
    const m = virtualMetrics(1000, 18, 360);
    expect(m.scrollHeightPx).toBe(18_000);
    expect(m.firstRow(180)).toBe(10);
    expect(m.scrollTopFor(10)).toBe(180);
  });

  test('a million lines fit under the browser height cap and the last line is reachable', () => {
    const rows = 1_000_000;
    const viewPx = 360;
    const m = virtualMetrics(rows, 18, viewPx);
    expect(m.scrollHeightPx).toBe(MAX_SCROLL_PX);
    expect(m.firstRow(0)).toBe(0);
    expect(m.firstRow(MAX_SCROLL_PX - viewPx) + viewPx / 18).toBeCloseTo(rows, 6);
    for (const r of [0, 1, 12_345, 500_000, rows - 20]) expect(m.firstRow(m.scrollTopFor(r))).toBeCloseTo(r, 6);
  });
});

describe('log rows and events', () => {
  const text = seedText('004');
  const trace = analyzeText(text, 'seed-004.log');
  const lines = text.split('\n');

  test('each event maps to the physical line it was read from, and back', () => {
    const map = lineToEvent(trace)[0];
    for (let e = 0; e < trace.events.count; e++) {
      const line = trace.events.line[e];
      expect(eventRawText(trace, e).split('\n')[0]).toBe(lines[line - 1].replace(/\r$/, ''));
      expect(map[line - 1]).toBe(e);
      const raw = { mode: 'raw' as const, source: 0, count: lines.length };
      expect(eventOfRow(trace, raw, rowOfEvent(trace, raw, e))).toBe(e);
    }
    // Prose lines belong to no event.
    expect(map[0]).toBe(-1);
  });

  test('the window list holds exactly the events inside the window, in order', () => {
    const t = trace.events.timeUs;
    const from = t[10];
    const to = t[30];
    const rows = eventRows(trace, undefined, { startUs: from, endUs: to });
    const expected = Array.from({ length: trace.events.count }, (_, e) => e).filter((e) => t[e] >= from && t[e] <= to);
    expect(Array.from(rows)).toEqual(expected);
    const list = { mode: 'events' as const, events: rows, count: rows.length };
    expect(rowOfEvent(trace, list, expected[3])).toBe(3);
    expect(rowOfEvent(trace, list, 0)).toBe(expected.includes(0) ? 0 : -1);
  });
});

describe('inspector field parsing', () => {
  test('a structured klog line gives its header, message and every key=value', () => {
    const line = 'I0919 11:11:20.322893  190330 kuberuntime_container.go:719] "Killing container with a grace period override" pod="default/nginx" podUID=95d6b80b containerName="nginx" containerID="containerd://24bee" gracePeriod=30';
    const p = parseRecordFields(line);
    expect(p.format).toBe('structured');
    expect(p.header).toEqual({ severity: 'I', pid: 190330, caller: 'kuberuntime_container.go:719' });
    expect(p.message).toBe('Killing container with a grace period override');
    expect(p.fields).toEqual([['pod', 'default/nginx'], ['podUID', '95d6b80b'], ['containerName', 'nginx'], ['containerID', 'containerd://24bee'], ['gracePeriod', '30']]);
  });

  test('a JSON log line gives its members; a printf line its message; quoted escapes are resolved', () => {
    const json = parseRecordFields('{"ts":1695121880.3,"caller":"kubelet/kubelet.go:2130","msg":"SyncLoop DELETE","v":0,"source":"api","pods":["default/nginx"]}');
    expect(json.format).toBe('json');
    expect(json.message).toBe('SyncLoop DELETE');
    expect(json.fields).toEqual(expect.arrayContaining([['source', 'api'], ['pods', '["default/nginx"]']]));
    const printf = parseRecordFields('I0312 10:42:26.101676 2353235 kubelet.go:1887] SyncLoop (ADD, "api"): "web-0_default(1234)"');
    expect(printf.format).toBe('printf');
    expect(printf.message).toBe('SyncLoop (ADD, "api"): "web-0_default(1234)"');
    const escaped = parseRecordFields('E0101 00:00:00.000000 1 x.go:1] "Error syncing pod, skipping" err="failed to \\"KillContainer\\" for \\"nginx\\""');
    expect(escaped.fields).toEqual([['err', 'failed to "KillContainer" for "nginx"']]);
  });
});
