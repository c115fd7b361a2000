/** Helpers for the findings tests: analyse a fixture (or seed) and look at its findings by id and line numbers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runDetectors } from '../../../src/findings/run.ts';
import { podId } from '../../../src/model/trace-query.ts';
import type { Finding, Trace } from '../../../src/model/trace.ts';
import { analyzeText, seedText } from '../../helpers.ts';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'findings');

export interface Analysed {
  trace: Trace;
  findings: Finding[];
  /** Findings with this id. */
  of(id: string): Finding[];
  /** Source line numbers of a finding's evidence, in order. */
  lines(f: Finding): number[];
  pods(f: Finding): string[];
}

export function analyse(text: string, name = 'test.log'): Analysed {
  const trace = analyzeText(text, name);
  const findings = runDetectors(trace);
  return {
    trace, findings,
    of: (id) => findings.filter((f) => f.id === id),
    lines: (f) => f.evidence.map((e) => trace.events.line[e]),
    pods: (f) => f.pods.map((p) => podId(trace.pods[p])),
  };
}

export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export const fixture = (name: string): Analysed => analyse(fixtureText(name), name);
export const seed = (prefix: string): Analysed => analyse(seedText(prefix), `seed-${prefix}.txt`);

/** Severities of all findings that are warnings or errors (for "no false alarm" checks). */
export function alarms(a: Analysed): string[] {
  return a.findings.filter((f) => f.severity !== 'info').map((f) => `${f.severity} ${f.id}: ${f.title}`);
}
