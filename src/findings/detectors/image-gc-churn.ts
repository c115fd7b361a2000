/**
 * image-gc-churn: image garbage collection succeeds, but the image filesystem is back over its high threshold by the
 * next pass (every 5 minutes), pass after pass: something fills it as fast as GC empties it — usually the same large
 * images pulled again soon after GC removed them (many distinct images, imagePullPolicy: Always on big images, CI or
 * batch pods that come and go), or thresholds too close together. The node stays near DiskPressure, and each pod whose
 * image was removed pays for a new pull when it starts. When GC fails outright, that is image-gc-failing's.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding } from '../../model/trace.ts';
import { bytesText, count, duration, lineRef, timeOfEvent } from '../wording.ts';

/** GC lines more than this apart belong to different passes (the image GC runs every 5 minutes). */
const PASS_GAP_US = 60e6;
/**
 * Passes that removed images within CHURN_GAP_US of the pass before (a few GC periods: a node whose images fill it
 * in hours is not churning); one such pair is churn, from CHURN_WARNING_PAIRS on it is a warning.
 */
const CHURN_GAP_US = 20 * 60e6;
const CHURN_WARNING_PAIRS = 2;
const MAX_EVIDENCE = 20;
const PRESSURE = kindId('gc.image-disk-pressure');

interface Pass {
  first: number;
  last: number;
  removed: number;
  freedBytes: number;
  /** The pass's "over the high threshold" line, or -1 (the log may start inside a pass). */
  pressure: number;
}

export const imageGcChurn: Detector = {
  id: 'image-gc-churn',
  detect(ctx) {
    const ev = ctx.trace.events;
    const failing = new Set<number>();
    for (const e of ctx.ofKind('gc.image-failed')) failing.add(ev.node[e]);
    const passesByNode = new Map<number, Pass[]>();
    for (const e of ctx.ofKinds(['gc.image-disk-pressure', 'gc.image-removing'])) {
      const node = ev.node[e];
      if (failing.has(node)) continue;
      let passes = passesByNode.get(node);
      if (!passes) passesByNode.set(node, (passes = []));
      let pass = passes[passes.length - 1];
      if (!pass || ev.timeUs[e] - ev.timeUs[pass.last] > PASS_GAP_US || (ev.kind[e] === PRESSURE && pass.pressure >= 0)) {
        pass = { first: e, last: e, removed: 0, freedBytes: 0, pressure: -1 };
        passes.push(pass);
      }
      pass.last = e;
      if (ev.kind[e] === PRESSURE) {
        pass.pressure = e;
      } else {
        pass.removed++;
        if (Number.isFinite(ev.num[e])) pass.freedBytes += ev.num[e];
      }
    }
    const out: Finding[] = [];
    for (const [node, passes] of passesByNode) {
      const removing = passes.filter((p) => p.removed > 0);
      let pairs = 0;
      for (let k = 1; k < removing.length; k++) if (ev.timeUs[removing[k].first] - ev.timeUs[removing[k - 1].first] <= CHURN_GAP_US) pairs++;
      if (pairs > 0) out.push(describe(ctx, node, removing, pairs));
      else {
        // No removal shown, yet pass after pass finds the image filesystem over the threshold, fuller each time.
        const pressured = passes.filter((p) => p.pressure >= 0 && Number.isFinite(ev.num[p.pressure]));
        const close = pressured.length >= 2 && pressured.every((p, k) => k === 0 || ev.timeUs[p.pressure] - ev.timeUs[pressured[k - 1].pressure] <= CHURN_GAP_US);
        const rising = close && pressured.every((p, k) => k === 0 || ev.num[p.pressure] >= ev.num[pressured[k - 1].pressure]) &&
          ev.num[pressured[pressured.length - 1].pressure] > ev.num[pressured[0].pressure];
        if (rising) out.push(describeRising(ctx, node, pressured));
      }
    }
    return out;
  },
};

/** Passes over the high threshold, usage rising from one to the next, no removal in the log. */
function describeRising(ctx: FindingContext, node: number, passes: Pass[]): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const p of passes.slice(0, MAX_EVIDENCE)) b.evidence(p.pressure);
  b.nodeLanes(node, ['gc']);
  const first = passes[0].pressure;
  const last = passes[passes.length - 1].pressure;
  const usages = passes.map((p) => `${ev.num[p.pressure]}%`);
  const parts = [
    `Image garbage collection found the image filesystem over its high threshold in ${count(passes.length, 'pass', 'passes')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), fuller each time: ${usages.join(' → ')}.`,
    'Each pass tries to free space down to the low threshold, but the log shows no image removed, and by the next pass (every 5 minutes) usage has grown: what fills the filesystem is not something image GC may remove — images in use by containers, containers\' writable layers, container logs, or other files on the same filesystem — or GC removes too little (the removals are logged at a higher verbosity).',
    'At the eviction threshold (imagefs.available, 15% by default) the node goes into DiskPressure: the eviction manager evicts pods and no new pod is placed on the node.',
  ];
  return b.build({
    id: 'image-gc-churn',
    title: `Image filesystem stays over the GC threshold, fuller each pass (${usages[0]} → ${usages[usages.length - 1]})`,
    severity: 'warning',
    explanation: parts.join(' '),
    next: 'Find what grows on the image filesystem (`df -h` and `du -sh` under the runtime\'s root, /var/lib/containerd or /var/lib/docker; `crictl images` and `crictl stats` for containers\' writable layers; /var/log/pods), and give it more room or move the growth elsewhere; check imageGCHighThresholdPercent / imageGCLowThresholdPercent.',
  });
}

/** `pairs`: passes that came within CHURN_GAP_US of the one before. */
function describe(ctx: FindingContext, node: number, passes: Pass[], pairs: number): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  // Each pass's first line (its threshold line when there is one), and the last pass's last line.
  const heads = passes.map((p) => (p.pressure >= 0 ? p.pressure : p.first));
  const first = passes[0].first;
  const last = passes[passes.length - 1].last;
  for (const e of heads.slice(0, MAX_EVIDENCE - 1)) b.evidence(e);
  b.evidence(last);
  b.nodeLanes(node, ['gc']);
  const removed = passes.reduce((n, p) => n + p.removed, 0);
  const freed = passes.reduce((n, p) => n + p.freedBytes, 0);
  // The closest two passes (lines left out of the log can hide passes between others, never add one).
  let closestUs = Infinity;
  for (let k = 1; k < passes.length; k++) closestUs = Math.min(closestUs, ev.timeUs[passes[k].first] - ev.timeUs[passes[k - 1].first]);
  const pressured = passes.filter((p) => p.pressure >= 0);
  const usage = pressured.length
    ? ` At ${pressured.length === 1 ? 'its' : 'the last'} threshold line the image filesystem was ${ev.num[pressured[pressured.length - 1].pressure]}% full (${lineRef(trace, pressured[pressured.length - 1].pressure)}).`
    : '';
  const parts = [
    `Image garbage collection removed images in ${count(passes.length, 'pass', 'passes')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), the closest two ${duration(closestUs)} apart: ${count(removed, 'image')}${freed > 0 ? `, ${bytesText(freed)}` : ''}.${usage}`,
    'Each pass brings the image filesystem down to the low threshold, and by the next one it is over the high threshold again: something fills it as fast as GC empties it — most often the same large images pulled again soon after they were removed (many distinct images on the node, imagePullPolicy: Always, batch or CI pods that come and go), or high and low thresholds set close together.',
    'The node hovers near DiskPressure, and each pod whose image was removed waits for a new pull when it starts.',
  ];
  return b.build({
    id: 'image-gc-churn',
    title: `Image garbage collection every pass: ${count(passes.length, 'pass', 'passes')}, ${count(removed, 'image')} removed${freed > 0 ? ` (${bytesText(freed)})` : ''}`,
    severity: pairs >= CHURN_WARNING_PAIRS ? 'warning' : 'info',
    explanation: parts.join(' '),
    next: 'Compare the removed image IDs with the images pulled between passes (the same ones coming back is churn); `crictl images` and `df -h` of the runtime\'s root; give the image filesystem more room, pin or pre-pull the images the node keeps needing, and check imageGCHighThresholdPercent / imageGCLowThresholdPercent.',
  });
}
