/**
 * Readable text dumps of a Trace: one block per pod with its containers and the story of each state machine, one
 * line per state change. Used by the golden tests and by the CLI's text output — so a change in reconstruction
 * shows up as a readable diff.
 */
import { formatEpochUs, formatTimeOfDayUs, epochToParts } from '../util/time.ts';
import { SpanFlag, type Trace } from './trace.ts';
import { eventLabel, podLabel } from './trace-query.ts';
import { ASSUMED_NODE_NAME } from './source-segment.ts';
import { KINDS } from '../catalog/catalog.ts';

export interface DumpOptions {
  /** Include spans flagged unknown (default true). */
  unknown?: boolean;
  /** Print the source line number of the event that entered each state (default true). */
  lines?: boolean;
  /** List every event of each pod after its states. */
  events?: boolean;
}

function time(us: number, withDate: boolean): string {
  return withDate ? formatEpochUs(us) : formatTimeOfDayUs(epochToParts(us).todUs);
}

/** A node the log never named reads as `(unnamed)`, not as the placeholder name the model keeps for it. */
function nodeField(name: string | undefined): string {
  return name === undefined ? '?' : name === ASSUMED_NODE_NAME ? '(unnamed)' : name;
}

const clipped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Lines listed for a pod without a story (dumpPod). */
const MAX_STORYLESS_EVENTS = 5;

/** A static pod's mirror (the API's copy) and a mirror's static pod, by uid: they are one pod seen from two sides. */
function twinNote(trace: Trace, twin: number): string {
  const other = twin >= 0 ? trace.pods[twin] : undefined;
  return other?.uid ? ` ${other.kind === 'mirror' ? 'mirror' : 'static'}=${other.uid}` : '';
}

/** The story of one pod. */
export function dumpPod(trace: Trace, pod: number, opts: DumpOptions = {}): string[] {
  const p = trace.pods[pod];
  const out: string[] = [];
  const multiDay = trace.endUs - trace.startUs > 20 * 3600e6 || epochToParts(trace.startUs).day !== epochToParts(trace.endUs).day;
  out.push(`pod ${podLabel(p)}${p.uid ? ` uid=${p.uid}` : ''} node=${nodeField(trace.nodes[p.node]?.name)}${p.kind !== 'regular' ? ` ${p.kind}${twinNote(trace, p.twin)}` : ''}` +
    ` events=${p.eventCount}${p.warningCount ? ` warnings=${p.warningCount}` : ''}${p.errorCount ? ` errors=${p.errorCount}` : ''}` +
    (p.admission.result !== 'unknown' ? ` admission=${p.admission.result}${p.admission.reason ? `(${p.admission.reason})` : ''}` : ''));
  const sp = trace.spans;
  const ev = trace.events;
  const spanLine = (s: number) => {
    const f = sp.flags[s];
    const notes = [
      f & SpanFlag.Inferred ? 'inferred' : '', f & SpanFlag.Unknown ? 'unknown' : '', f & SpanFlag.Anomalous ? 'ANOMALY' : '',
      f & SpanFlag.OpenEnded ? 'still at end of log' : '',
    ].filter(Boolean);
    const se = sp.startEvent[s];
    const where = opts.lines === false || se < 0 ? '' : ` @${ev.line[se]}`;
    return `    ${time(sp.startUs[s], multiDay)}  ${trace.strings[sp.state[s]]}${notes.length ? ` (${notes.join(', ')})` : ''}${where}`;
  };
  for (const li of p.lanes) {
    const lane = trace.lanes[li];
    const a = trace.laneSpanStart[li];
    const b = trace.laneSpanStart[li + 1];
    if (a === b) continue;
    const ids: number[] = [];
    for (let k = a; k < b; k++) {
      const s = trace.laneSpanIdx[k];
      if (opts.unknown === false && (sp.flags[s] & SpanFlag.Unknown)) continue;
      ids.push(s);
    }
    if (lane.kind === 'container' || lane.kind === 'sandbox') {
      // One block per instance (container ID), in order of first appearance.
      const byInstance = new Map<number, number[]>();
      for (const s of ids) byInstance.set(sp.container[s], [...(byInstance.get(sp.container[s]) ?? []), s]);
      for (const [ci, list] of byInstance) {
        const c = trace.containers[ci];
        const kind = c?.sandbox ? 'sandbox' : c?.role ? `${c.role} container` : 'container';
        // A sandbox has no container name to miss.
        const name = c?.name || (c?.sandbox ? '' : '(name unknown)');
        out.push(`  ${kind}${name ? ` ${name}` : ''} [${c?.id ? c.id.slice(0, 12) : 'no id'}]:`);
        for (const s of list) out.push(spanLine(s));
      }
    } else {
      out.push(`  ${lane.title}:`);
      for (const s of ids) out.push(spanLine(s));
    }
  }
  // A pod no state machine tells anything of (named by a node-wide line only): its lines, so the block says why it is here.
  const storyless = out.length === 1 && !opts.events;
  if (opts.events || storyless) {
    out.push(storyless ? '  no state changes in the log; its lines:' : '  events:');
    let shown = 0;
    for (let i = 0; i < ev.count; i++) {
      if (ev.pod[i] !== pod && !(ev.pod[i] < 0 && trace.multiPod[i]?.includes(pod))) continue;
      if (storyless && ++shown > MAX_STORYLESS_EVENTS) {
        out.push(`    … ${p.eventCount - MAX_STORYLESS_EVENTS} more`);
        break;
      }
      if (storyless) {
        out.push(`    ${time(ev.timeUs[i], multiDay)} @${ev.line[i]} [${trace.lanes[ev.lane[i]].title}] ${clipped(eventLabel(trace, i), 100)}`);
        continue;
      }
      const detail = trace.strings[ev.text[i]] ?? '';
      out.push(`    ${time(ev.timeUs[i], multiDay)} @${ev.line[i]} [${trace.lanes[ev.lane[i]].title}] ${KINDS[ev.kind[i]]}` +
        `${Number.isNaN(ev.num[i]) ? '' : ` ${ev.num[i]}`}${detail ? ` ${detail.length > 60 ? detail.slice(0, 60) + '…' : detail}` : ''}`);
    }
  }
  return out;
}

/** The whole trace: sources, then every pod with a story. */
export function dumpTrace(trace: Trace, opts: DumpOptions = {}): string {
  const out: string[] = [];
  for (const s of trace.sources) {
    out.push(`source ${s.name}: ${s.formatLabel}; lines ${s.lines.total} (klog ${s.lines.klog}, continuation ${s.lines.continuation}, ` +
      `not log ${s.lines.unrecognized}, blank ${s.lines.blank}); version ${s.versionRange.label}; year ${s.year.value} (${s.year.how})` +
      `${s.reversed ? '; newest-first, reordered' : ''}; node ${s.node}`);
  }
  for (const nd of trace.nodes) {
    const starts = nd.starts.map((e) => `@${trace.events.line[e]}`);
    const blocks: string[] = [];
    for (const li of nd.lanes) {
      const a = trace.laneSpanStart[li];
      const b = trace.laneSpanStart[li + 1];
      if (a === b) continue;
      blocks.push(`  ${trace.lanes[li].title}:`);
      for (let k = a; k < b; k++) {
        const s = trace.laneSpanIdx[k];
        const f = trace.spans.flags[s];
        const notes = [f & SpanFlag.Inferred ? 'inferred' : '', f & SpanFlag.OpenEnded ? 'still at end of log' : ''].filter(Boolean);
        const se = trace.spans.startEvent[s];
        blocks.push(`    ${formatEpochUs(trace.spans.startUs[s])}  ${trace.strings[trace.spans.state[s]]}${notes.length ? ` (${notes.join(', ')})` : ''}${se >= 0 ? ` @${trace.events.line[se]}` : ''}`);
      }
    }
    if (starts.length || blocks.length) out.push(`node ${nd.name}${starts.length ? ` kubelet starts ${starts.join(' ')}` : ''}`, ...blocks);
  }
  for (const p of trace.pods) {
    if (p.lanes.length === 0) continue;
    out.push(...dumpPod(trace, p.index, opts));
  }
  if (trace.anomalies.length) {
    out.push('anomalies:');
    for (const a of trace.anomalies) {
      const e = a.event;
      out.push(`  line ${trace.events.line[e]}: ${a.message}`);
    }
  }
  return out.join('\n') + '\n';
}
