/**
 * pod-sources-not-ready: the kubelet has not yet had a first full pod list from every pod source (the API server,
 * the static pod directory, a manifest URL). It checks this often ("Looking for sources, have seen", V5; the skipped
 * housekeeping pass, V4). Until all sources are seen it skips housekeeping — pods it no longer should run are not
 * cleaned up — and refuses pod deletions. A kubelet normally sees them all within seconds of starting, so a log whose
 * last check still lacks one, or a long wait, is worth a finding. One finding per node: its latest waiting stretch.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';
import { eventRawText } from '../../model/trace-query.ts';

/** A wait longer than this is a warning even when the sources arrived in the end. */
const LONG_WAIT_US = 60e6;
/** A wait this long or more is named even when it ended. */
const REPORTED_WAIT_US = 30e6;
const SOURCE_NAMES = ['api', 'file', 'http'] as const;
const MAX_RAW_CHARS = 2_000;

interface Stretch {
  first: number;
  last: number;
  checks: number;
  /** Sources the kubelet waits for, as its lines list them (empty when only skipped housekeeping says so). */
  wanted: Set<string>;
  /** Sources seen at the latest check. */
  seen: Set<string>;
  /** The check that ended the stretch with every source seen, or -1 while still waiting. */
  readyAt: number;
}

/** Each source's name as a word: `[api file]`, `map[api:{} file:{}]`, `["api","file"]`. */
const SOURCE_WORDS = SOURCE_NAMES.map((name) => [name, new RegExp(`\\b${name}\\b`)] as const);

/** The source names in a fragment of text (`map[]`: none). */
function sourceNames(text: string): Set<string> {
  const out = new Set<string>();
  for (const [name, word] of SOURCE_WORDS) if (word.test(text)) out.add(name);
  return out;
}

/**
 * Reads a check's two lists from its record: the sources wanted and the ones seen so far. The record, not the text
 * column: an unquoted `map[api:{} file:{}]` holds a space, so the key=value reader keeps only its first word.
 */
function readCheck(raw: string): { wanted: Set<string>; seen: Set<string> } {
  const structuredWanted = /\bsources=(\[[^\]]*\])/.exec(raw);
  const structuredSeen = /\bseenSources=(\S*\[[^\]]*\])/.exec(raw);
  const seenAt = raw.indexOf('have seen');
  const wantedText = structuredWanted ? structuredWanted[1] : raw.slice(0, Math.max(seenAt, 0)).replace(/^.*Looking for/, '');
  const seenText = structuredSeen ? structuredSeen[1] : seenAt >= 0 ? raw.slice(seenAt + 9) : '';
  return { wanted: sourceNames(wantedText), seen: sourceNames(seenText) };
}

export const podSourcesNotReady: Detector = {
  id: 'pod-sources-not-ready',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const checks = ctx.ofKind('config.sources-seen');
    const skips = ctx.ofKind('housekeeping.skipped');
    if (checks.length === 0 && skips.length === 0) return [];
    const passes = ctx.ofKind('housekeeping.start');
    const events = ctx.ofKinds(['config.sources-seen', 'housekeeping.skipped', 'housekeeping.start']);
    const checkKind = checks.length ? ev.kind[checks[0]] : -1;
    const passKind = passes.length ? ev.kind[passes[0]] : -1;
    // Per node, the latest stretch of waiting (a kubelet restart starts a new one).
    const latest = new Map<number, Stretch>();
    const startOf = new Map<number, number>();
    for (const e of events) {
      const node = ev.node[e];
      const start = ctx.startBefore(e);
      let s = latest.get(node);
      if (s && startOf.get(node) !== start) s = undefined;
      startOf.set(node, start);
      let ready: boolean;
      let check: { wanted: Set<string>; seen: Set<string> } | undefined;
      if (ev.kind[e] === checkKind) {
        check = readCheck(eventRawText(trace, e, MAX_RAW_CHARS));
        ready = check.wanted.size > 0 && [...check.wanted].every((w) => check!.seen.has(w));
      } else {
        ready = ev.kind[e] === passKind;
      }
      if (ready) {
        if (s && s.readyAt < 0) s.readyAt = e;
        if (s) latest.set(node, s);
        continue;
      }
      if (!s || s.readyAt >= 0) s = { first: e, last: e, checks: 0, wanted: new Set(), seen: new Set(), readyAt: -1 };
      s.last = e;
      s.checks++;
      if (check) {
        for (const w of check.wanted) s.wanted.add(w);
        s.seen = check.seen;
      }
      latest.set(node, s);
    }

    const out: Finding[] = [];
    for (const [node, s] of latest) {
      const end = s.readyAt >= 0 ? s.readyAt : s.last;
      const waitUs = ev.timeUs[end] - ev.timeUs[s.first];
      if (s.readyAt >= 0 && waitUs < REPORTED_WAIT_US) continue;
      const missing = [...s.wanted].filter((w) => !s.seen.has(w));
      const b = new FindingBuilder(trace);
      b.evidence(s.first, false).evidence(s.last, false);
      if (s.readyAt >= 0) b.evidence(s.readyAt, false);
      b.nodeLanes(node, ['config', 'housekeeping']);
      const stillWaiting = s.readyAt < 0;
      const long = waitUs >= LONG_WAIT_US;
      // Just after a start the wait is ordinary unless it lasts: a log cut there says little.
      const start = ctx.startBefore(s.first);
      const startUs = start >= 0 ? ev.timeUs[trace.nodes[node].starts[start]] : -Infinity;
      const justStarted = ev.timeUs[s.first] - startUs < REPORTED_WAIT_US;
      const names = missing.length ? missing : [...s.wanted];
      // Skipped housekeeping alone does not say which source is missing.
      const which = names.length ? listOf(names.map(describeSource)) : 'at least one of its pod sources';
      const span = `${count(s.checks, 'check')} from ${timeOfEvent(trace, s.first)} (${lineRef(trace, s.first)})${s.checks > 1 ? ` to ${timeOfEvent(trace, s.last)} (${lineRef(trace, s.last)}), ${duration(waitUs)}` : ''}`;
      const seenNote = s.wanted.size ? ` It waits for ${listOf([...s.wanted])} and had seen ${s.seen.size ? listOf([...s.seen]) : 'none of them'}.` : '';
      out.push(b.build({
        id: 'pod-sources-not-ready',
        title: stillWaiting
          ? `Kubelet has not yet had its pods from ${names.length ? which : 'all its pod sources'}`
          : `Kubelet waited ${duration(waitUs)} for its pods from ${names.length ? which : 'all its pod sources'}`,
        severity: long || (stillWaiting && !justStarted && s.checks >= 5) ? 'warning' : 'info',
        explanation: `${stillWaiting ? 'At its last check the kubelet still lacked' : 'The kubelet lacked'} a first full pod list from ${which}: ${span}${stillWaiting ? '' : `, until ${timeOfEvent(trace, s.readyAt)} (${lineRef(trace, s.readyAt)})`}.${seenNote} Until every source has sent one, the kubelet skips housekeeping — pods it should no longer run are not cleaned up and their volumes stay — and refuses to delete pods, so a pod replaced or removed meanwhile can stay stuck. A kubelet normally sees all its sources within seconds of starting.`,
        next: nextStep(names),
      }));
    }
    return out;
  },
};

function describeSource(name: string): string {
  if (name === 'api') return 'the API server (api)';
  if (name === 'file') return 'the static pod directory (file)';
  return 'the manifest URL (http)';
}

function nextStep(names: readonly string[]): string {
  const steps: string[] = [];
  if (names.length === 0 || names.includes('api')) steps.push('for api: the kubelet\'s connection to the API server (its list and watch of pods fails with "Failed to watch" or "connection refused" lines, or its credentials are refused)');
  if (names.length === 0 || names.includes('file')) steps.push('for file: that the static pod path (staticPodPath, --pod-manifest-path) exists and is readable ("Unable to read config path" lines)');
  if (names.includes('http')) steps.push('for http: that the manifest URL (--manifest-url) answers');
  return `Find why the source has not answered — ${steps.join('; ')}.`;
}
