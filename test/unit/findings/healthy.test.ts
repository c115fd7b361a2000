/**
 * No false alarms: a normal pod lifecycle, and the start-up noise every kubelet prints, produce no warning- or
 * error-severity finding.
 */
import { describe, expect, it } from 'vitest';
import { alarms, analyse, fixture } from './findings-kit.ts';

describe('healthy logs', () => {
  it('a real create → delete → remove of one pod (VijayRod/demo, AKS 1.29): no alarm, only the routine NotFound', () => {
    // https://github.com/VijayRod/demo/blob/main/container-storage/logs/k8s-pod_container_logs.md — it includes
    // an E-level "ContainerStatus from runtime service failed … NotFound" right after the container was removed.
    const a = fixture('healthy-1.log');
    expect(alarms(a)).toEqual([]);
    expect(a.findings.map((f) => `${f.severity} ${f.id}`)).toEqual(['info runtime-call-errors']);
  });

  it('a constructed 1.28 -v=4 happy path (kubelet-reference §7) with housekeeping every 2 s: no finding at all', () => {
    // Constructed from the §7 message sequence, including one readiness failure while the app starts.
    expect(fixture('healthy-constructed.log').findings).toEqual([]);
  });

  it('start-up noise is information only (cri-o/cri-o#5549, kubernetes/kubernetes#65843)', () => {
    // https://github.com/cri-o/cri-o/issues/5549 and https://github.com/kubernetes/kubernetes/issues/65843
    for (const name of ['startup-transient-1.log', 'startup-transient-2.log']) {
      const a = fixture(name);
      expect(alarms(a), name).toEqual([]);
      expect(a.findings.length, name).toBeGreaterThan(0);
      for (const f of a.findings) expect(f.title, name).toContain('start-up transient');
    }
  });

  it('empty input and lines the catalog does not know produce nothing', () => {
    expect(analyse('').findings).toEqual([]);
    expect(analyse('hello\nI0101 00:00:00.000000       1 foo.go:1] "Something nobody logs"\n').findings).toEqual([]);
  });
});
