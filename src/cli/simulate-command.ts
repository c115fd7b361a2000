/**
 * `syncloop simulate --list` and `syncloop simulate SCENARIO [--variant buggy|fixed] [--seed N] [--version X]
 * [--verbosity N] [--pods N] [--hours H] [--out FILE] [--json]`: run a scenario of the kubelet simulator and write
 * the kubelet log it printed (to FILE, or stdout). With --json, stdout gets a summary of the run instead (outcome,
 * key times, counts); the log then goes only to --out.
 */
import { writeFileSync } from 'node:fs';
import { listScenarios, simulateToLog } from '../sim/simulate.ts';
import { formatEpochUs } from '../util/time.ts';
import { InputError } from './read-files.ts';

type Flags = Map<string, string | true>;

function intFlag(flags: Flags, name: string, lo: number, hi: number): number | undefined {
  const v = flags.get(name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v === true || !Number.isInteger(n) || n < lo || n > hi) throw new InputError(`${name} ${String(v)}: expected an integer from ${lo} to ${hi}`);
  return n;
}

function listText(): string {
  const rows = listScenarios().map((s) => {
    const versions = s.versions.join(', ');
    return `  ${s.id.padEnd(26)} ${s.summary}\n  ${''.padEnd(26)} versions ${versions}; default -v=${s.defaultVerbosity}${s.seed ? `; seed ${s.seed}` : ''}`;
  });
  return `Scenarios (syncloop simulate SCENARIO [--variant buggy|fixed] …):\n${rows.join('\n')}\n`;
}

export function simulateCommand(files: string[], flags: Flags): number {
  if (flags.has('--list')) {
    process.stdout.write(flags.has('--json') ? JSON.stringify(listScenarios(), null, 2) + '\n' : listText());
    return 0;
  }
  if (files.length !== 1) throw new InputError(`simulate needs one SCENARIO (or --list)\n${listText()}`);
  const scenario = files[0];
  if (!listScenarios().some((s) => s.id === scenario)) throw new InputError(`unknown scenario "${scenario}"\n${listText()}`);
  const variant = flags.get('--variant') ?? 'buggy';
  if (variant !== 'buggy' && variant !== 'fixed') throw new InputError(`--variant ${String(variant)}: expected buggy or fixed`);
  const version = flags.get('--version');
  if (version === true) throw new InputError('--version needs a value');
  const info = listScenarios().find((s) => s.id === scenario)!;
  if (version !== undefined && !info.versions.includes(version)) throw new InputError(`--version ${version}: ${scenario} models ${info.versions.join(', ')}`);
  const hours = flags.get('--hours');
  const hoursN = hours === undefined ? undefined : Number(hours);
  if (hoursN !== undefined && (!Number.isFinite(hoursN) || hoursN <= 0 || hoursN > 48)) throw new InputError(`--hours ${String(hours)}: expected a number of hours from 0 to 48`);
  const run = simulateToLog({
    scenario, variant, version, seed: intFlag(flags, '--seed', 0, 2 ** 31), verbosity: intFlag(flags, '--verbosity', 0, 10),
    pods: intFlag(flags, '--pods', 1, 5000), hours: hoursN,
  });
  const out = flags.get('--out');
  if (out === true) throw new InputError('--out needs a FILE');
  if (out !== undefined) writeFileSync(out, run.text);
  if (flags.has('--json')) {
    const summary = {
      scenario, variant, version: run.version, seed: run.seed, verbosity: run.verbosity, log: out ?? null,
      start: formatEpochUs(run.startUs), end: formatEpochUs(run.endUs), steps: run.steps, lines: run.lines,
      incident: run.outcome.incident, summary: run.outcome.summary,
      keyTimes: Object.fromEntries(Object.entries(run.outcome.keyTimesUs).map(([k, v]) => [k, Number.isFinite(v) ? formatEpochUs(v) : null])),
      counts: run.outcome.counts,
    };
    process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  } else if (out === undefined) process.stdout.write(run.text);
  return 0;
}
