/**
 * The CLI reports findings: the seed-000 race first, with its evidence lines, in text and JSON; a pod no line names
 * is given by its UID.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedPath, seedText } from '../../helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const run = (...args: string[]) => execFileSync(TSX, [join(ROOT, 'src', 'cli', 'main.ts'), 'analyze', ...args], { encoding: 'utf8', cwd: ROOT });

interface JsonContainer { pod: string | null; name: string; id: string; sandbox: boolean }
interface JsonFinding { id: string; severity: string; pods: string[]; containers: JsonContainer[]; firstLine: number; evidenceLines: number[]; scenario: string | null }

describe('syncloop analyze', () => {
  const seed = seedPath('000');
  const lines = seedText('000').split('\n');
  const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;

  it('--json fills findings with ids, pods, firstLine and evidenceLines', () => {
    const doc = JSON.parse(run(seed, '--json')) as { findings: JsonFinding[] };
    const first = doc.findings[0];
    expect(first.id).toBe('readiness-init-race');
    expect(first.severity).toBe('error');
    expect(first.pods).toEqual(['default/auto-srv-cwhttp-sf-30b71-0']);
    expect(first.scenario).toBe('readiness-init-race');
    expect(first.evidenceLines).toEqual(expect.arrayContaining([
      lineOf('Generating status for "auto-srv-cwhttp-sf-30b71-0'), lineOf('LEOPOLD_INIT_PROBER: auto-srv-cwhttp-sf-30b71-0'),
      lineOf('Killing container "docker://8a61fda8'),
    ]));
    expect(first.firstLine).toBe(Math.min(...first.evidenceLines));
    // The killed container: the instance whose kill is in the evidence (its full ID as the runtime printed it).
    const killed = lines[lineOf('Killing container "docker://8a61fda8') - 1].match(/docker:\/\/([0-9a-f]{64})/)![1];
    expect(first.containers).toEqual([{ pod: 'default/auto-srv-cwhttp-sf-30b71-0', name: 'auto-srv-cwhttp-py', id: killed, sandbox: false }]);
  }, 30_000);

  it('text mode prints the findings first, then each source\'s summary, then each pod\'s story', () => {
    const out = run(seed);
    expect(out.startsWith('Findings (')).toBe(true);
    const source = out.indexOf('\nSource ');
    const story = out.indexOf('\npod default/auto-srv-cwhttp-sf-30b71-0 uid=');
    expect(source).toBeGreaterThan(out.indexOf('[error] readiness-init-race'));
    expect(story).toBeGreaterThan(source);
    const firstFinding = out.split('\n')[1];
    expect(firstFinding).toContain('[error] readiness-init-race');
    expect(out).toContain(`evidence lines: ${lineOf('SyncLoop (ADD, "api")')}`);
    expect(out).toContain('containers: default/auto-srv-cwhttp-sf-30b71-0/auto-srv-cwhttp-py (8a61fda8d43e)');
  }, 30_000);

  it('gives a pod by its UID when no line names it (seed 004 with the pod\'s name taken out of every line)', () => {
    // Constructed from the seed: the pod="default/…" key removed, and the lines that still name the pod (SyncLoop
    // pod lists, the write-up's crictl output and manifest) dropped — as a log that starts after the kubelet last
    // printed the name, or a grep by UID, would read. The stuck worker is still found, keyed by its UID.
    const name = 'nginx-deployment-bd4476b48-fpgvc';
    const uid = '95d6b80b-77f5-4218-824e-69eec4998c22';
    const text = seedText('004').replaceAll(` pod="default/${name}"`, '').split('\n').filter((l) => !l.includes(name)).join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'syncloop-cli-'));
    try {
      const file = join(dir, 'seed-004-by-uid.log');
      writeFileSync(file, text);
      const doc = JSON.parse(run(file, '--json')) as { findings: JsonFinding[] };
      const stuck = doc.findings.find((f) => f.id === 'pod-worker-stuck-terminating');
      expect(stuck?.pods).toEqual([uid]);
      expect(stuck?.containers.every((c) => c.pod === uid)).toBe(true);
      expect(stuck?.containers.length).toBeGreaterThan(0);
      const out = run(file);
      expect(out).toContain(`pods: ${uid};`);
      expect(out).not.toContain(name);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
