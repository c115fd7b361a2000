import { describe, expect, it } from 'vitest';
import { findKlogHeader, newKlogHeader, parseKlogHeaderAt } from '../../../src/ingest/klog-header.ts';

describe('klog header', () => {
  it('parses the printf-era header', () => {
    const h = newKlogHeader();
    const line = 'I0312 10:42:26.101676 2353235 kubelet.go:1887] SyncLoop (ADD, "api"): ""';
    expect(parseKlogHeaderAt(line, 0, h)).toBe(true);
    expect(h).toMatchObject({ severity: 0, month: 3, day: 12, pid: 2353235, file: 'kubelet.go', fileLine: 1887, damage: '' });
    expect(h.todUs).toBe(((10 * 60 + 42) * 60 + 26) * 1e6 + 101676);
    expect(line.slice(h.msgStart)).toBe('SyncLoop (ADD, "api"): ""');
  });

  it('parses a space-padded pid and an --add-dir-header path', () => {
    const h = newKlogHeader();
    const line = 'E0315 10:02:03.123456    2891 kubelet/kubelet.go:2389] "Skipping pod synchronization" err="x"';
    expect(parseKlogHeaderAt(line, 0, h)).toBe(true);
    expect(h).toMatchObject({ severity: 2, pid: 2891, file: 'kubelet/kubelet.go', fileLine: 2389 });
  });

  it('tolerates a lost first character and reports it', () => {
    const h = newKlogHeader();
    expect(parseKlogHeaderAt('0312 10:42:26.101676 2353235 kubelet.go:1887] x', 0, h)).toBe(true);
    expect(h.damage).toBe('missing severity letter');
  });

  it('accepts a header cut before "]" and reports it', () => {
    const h = newKlogHeader();
    expect(parseKlogHeaderAt('I0312 10:42:26.101676 2353235 kubelet.go:18', 0, h)).toBe(true);
    expect(h.damage).toContain('cut');
  });

  it('finds a header behind a wrapper or a blog gutter, not inside words', () => {
    const h = newKlogHeader();
    expect(findKlogHeader('12 | I0919 11:11:20.322601  190330 kubelet.go:2130] "SyncLoop DELETE"', 0, h)).toBe(true);
    expect(h.file).toBe('kubelet.go');
    expect(findKlogHeader('WI0919 11:11:20.322601  190330 kubelet.go:2130] x', 0, newKlogHeader())).toBe(false);
  });

  it('rejects impossible dates and times', () => {
    for (const bad of ['I1312 10:42:26.101676 1 a.go:1] x', 'I0332 10:42:26.101676 1 a.go:1] x', 'I0312 25:42:26.101676 1 a.go:1] x']) {
      expect(parseKlogHeaderAt(bad, 0, newKlogHeader())).toBe(false);
    }
  });
});
