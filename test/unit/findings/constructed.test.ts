/**
 * Detectors on CONSTRUCTED excerpts: where no public log shows the case (seed 002 quotes no kubelet lines; a full
 * back-off growth, sustained readiness failures, admission rejections and a sync-loop stall at -v=4 were not found
 * in public issues), the fixture was written by hand from the exact message texts of kubelet-reference.md §4 and
 * the timing rules of §1, §3 and §7. File names end in -constructed.log.
 */
import { describe, expect, it } from 'vitest';
import { analyse, fixture, fixtureText } from './findings-kit.ts';

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('runtime-down on a constructed seed-002 excerpt (1.12: cAdvisor init blocked on a hung docker inspect)', () => {
  const text = fixtureText('runtime-down-constructed.log');
  const a = fixture('runtime-down-constructed.log');
  const f = a.of('runtime-down');

  it('is an error that starts at the kubelet start and lasts to the end of the log', () => {
    expect(f).toHaveLength(1);
    expect(f[0].severity).toBe('error');
    expect(a.lines(f[0])[0]).toBe(lineOf(text, 'Starting kubelet main sync loop'));
    expect(a.lines(f[0])).toContain(lineOf(text, 'Node became not ready'));
    expect(f[0].explanation).toContain('still at the end of the log');
    expect(f[0].scenario).toBe('runtime-hang-notready');
  });

  it('says the runtime answered without errors, so updateRuntimeUp itself was stuck', () => {
    expect(f[0].explanation).toContain('never completed a successful pass');
    expect(f[0].explanation).toContain('initializeRuntimeDependentModules');
  });

  it('treats the "PLEG has yet to be successful" of the first second as start-up noise', () => {
    expect(a.of('pleg-unhealthy').map((x) => x.severity)).toEqual(['info']);
  });
});

describe('crashloop-backoff on a constructed 1.23 excerpt with the whole back-off growth', () => {
  const a = fixture('crashloop-backoff-constructed.log');
  it('shows 10s → … → 5m0s and the exit code, and is an error once the cap is reached', () => {
    const f = a.of('crashloop-backoff');
    expect(f).toHaveLength(1);
    expect(f[0].explanation).toContain('10s → 20s → 40s → 1m20s → 2m40s → 5m0s');
    expect(f[0].explanation).toContain('exit codes seen: 1');
    expect(f[0].severity).toBe('error');
  });
});

describe('probe-failures on a constructed 1.23 excerpt (readiness failing for 70 s)', () => {
  const a = fixture('probe-failures-constructed.log');
  it('is a warning with the failure count and the probe output', () => {
    const f = a.of('probe-failures');
    expect(f).toHaveLength(1);
    expect(f[0].severity).toBe('warning');
    expect(f[0].explanation).toContain('failed 8 times');
    expect(f[0].explanation).toContain('statuscode: 503');
  });
});

describe('admission-rejected on a constructed 1.23 excerpt (OutOfcpu-style predicate failure)', () => {
  const a = fixture('admission-rejected-constructed.log');
  it('groups the rejections by reason and lists both pods', () => {
    const f = a.of('admission-rejected');
    expect(f).toHaveLength(1);
    expect(f[0].title).toContain("Node didn't have enough resource: cpu");
    expect(a.pods(f[0]).sort()).toEqual(['batch/report-27941580-7xk2p', 'batch/report-27941595-q9zrt']);
  });
});

describe('sync-loop-stall on a constructed 1.23 -v=4 excerpt (45 s without a sync-loop line)', () => {
  const text = fixtureText('sync-loop-stall-constructed.log');
  const a = fixture('sync-loop-stall-constructed.log');
  it('cites the last sync-loop line before the gap and the first after it', () => {
    const f = a.of('sync-loop-stall');
    expect(f).toHaveLength(1);
    const lines = text.split('\n');
    const after = lineOf(text, '"SyncLoop ADD"');
    // The last housekeeping line before the ADD (walking back over the other goroutines' lines).
    let before = after - 1;
    while (!lines[before - 1].includes('kubelet.go:2479') && !lines[before - 1].includes('kubelet.go:2471')) before--;
    expect(a.lines(f[0])).toEqual([before, after]);
    expect(f[0].pods).toEqual([]);
  });
});

describe('runtime-down, 1.13+ wording of the same hang (constructed inline)', () => {
  // From 1.13 a runtime sync that never succeeded reads "status check may not have completed yet" instead of
  // "container runtime is down" (kubelet-reference §3.8). Lines every 5 s for two minutes after the start.
  const lines = ['I0605 14:20:01.100000    4192 kubelet.go:2028] "Starting kubelet main sync loop"'];
  for (let s = 1; s <= 120; s += 5) {
    const t = `14:${String(20 + Math.floor((1 + s) / 60)).padStart(2, '0')}:${String((1 + s) % 60).padStart(2, '0')}.100000`;
    lines.push(`E0605 ${t}    4192 kubelet.go:2052] "Skipping pod synchronization" err="container runtime status check may not have completed yet"`);
  }
  const a = analyse(lines.join('\n'));

  it('is an error once it outlasts the start-up minute', () => {
    const f = a.of('runtime-down');
    expect(f).toHaveLength(1);
    expect(f[0].severity).toBe('error');
    expect(f[0].title).toContain('never succeeded');
  });

  it('is not reported at all when it clears within the start-up minute', () => {
    expect(analyse(lines.slice(0, 6).join('\n')).of('runtime-down')).toEqual([]);
  });
});
