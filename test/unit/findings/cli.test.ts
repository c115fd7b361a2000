/** The CLI reports findings: the seed-000 race first, with its evidence lines, in text and JSON. */
import { execFileSync } from 'node:child_process';
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

  it('text mode prints the findings first', () => {
    const out = run(seed);
    expect(out.startsWith('Findings (')).toBe(true);
    const firstFinding = out.split('\n')[1];
    expect(firstFinding).toContain('[error] readiness-init-race');
    expect(out).toContain(`evidence lines: ${lineOf('SyncLoop (ADD, "api")')}`);
    expect(out).toContain('containers: default/auto-srv-cwhttp-sf-30b71-0/auto-srv-cwhttp-py (8a61fda8d43e)');
  }, 30_000);
});
