/**
 * The simulated kubelet's log lines: header layout, Go quoting, klog's value rules per version, and — for every
 * line every scenario prints — agreement with the message catalog (the shared source of message text): the core's
 * classifier must recognise each line as the very catalog entry the simulator printed it from.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/catalog/catalog.ts';
import { compileTemplate, matchTemplate } from '../../../src/catalog/template.ts';
import { fillPrintf, klogHeader } from '../../../src/sim/log/klog-writer.ts';
import { goDuration, goQuote, structuredValue } from '../../../src/sim/log/go-values.ts';
import { SITES } from '../../../src/sim/log/sites.ts';
import { SCENARIOS } from '../../../src/sim/scenarios/registry.ts';
import { Simulation } from '../../../src/sim/simulation.ts';
import { parse } from './round-trip-kit.ts';

const T = Date.UTC(2020, 2, 12, 10, 42, 26) * 1000 + 101_676;

describe('klog text', () => {
  it('writes the header with a 7-column pid and file:line', () => {
    expect(klogHeader('I', T, 2353235, 'kubelet.go', 1887)).toBe('I0312 10:42:26.101676 2353235 kubelet.go:1887] ');
    expect(klogHeader('E', T, 190330, 'pod_workers.go', 951)).toBe('E0312 10:42:26.101676  190330 pod_workers.go:951] ');
  });

  it('quotes like strconv.Quote and prints durations like Go', () => {
    expect(goQuote('a "b"\\c\nd\te')).toBe('"a \\"b\\"\\\\c\\nd\\te"');
    expect(goQuote('\u0001')).toBe('"\\x01"');
    expect(goDuration(180e6)).toBe('3m0s');
    expect(goDuration(1_500_000)).toBe('1.5s');
    expect(goDuration(850_000)).toBe('850ms');
  });

  it('renders values by the klog generation of each kubelet', () => {
    const pods = { t: 'pods' as const, pods: [{ name: 'web-0', namespace: 'default', uid: 'u' }, { name: 'db', namespace: 'x', uid: 'v' }] };
    expect(structuredValue(pods, 'kobjs')).toBe('[default/web-0 x/db]');
    expect(structuredValue(pods, 'v280')).toBe('"[default/web-0 x/db]"');
    expect(structuredValue(pods, 'v2100')).toBe('["default/web-0","x/db"]');
    expect(structuredValue({ t: 'uid', v: '95d6' }, 'kobjs')).toBe('95d6');
    expect(structuredValue({ t: 'uid', v: '95d6' }, 'v2100')).toBe('"95d6"');
    const ev = { t: 'struct' as const, text: '&{ID:u Type:ContainerDied Data:c}', json: { ID: 'u', Type: 'ContainerDied', Data: 'c' } };
    expect(structuredValue(ev, 'v290')).toBe('&{ID:u Type:ContainerDied Data:c}');
    expect(structuredValue(ev, 'v2100')).toBe('{"ID":"u","Type":"ContainerDied","Data":"c"}');
    expect(structuredValue(30, 'kobjs')).toBe('30');
  });

  it('fills printf templates so the catalog matcher reads the same fields back', () => {
    const tpl = 'Container %q{containerName} (%v{containerID}) of pod %s{pod}: %s{containerMessage}';
    const fields = { containerName: 'app', containerID: { t: 'raw' as const, v: '{"docker" "abc"}' }, pod: { t: 'pod' as const, pod: { name: 'web', namespace: 'ns', uid: '1e002f65-5477-ee42-a71e-09d761978f64' } }, containerMessage: 'Container spec hash changed (1 vs 2).. Container will be killed and recreated.' };
    const text = fillPrintf(tpl, fields);
    expect(text).toBe('Container "app" ({"docker" "abc"}) of pod web_ns(1e002f65-5477-ee42-a71e-09d761978f64): Container spec hash changed (1 vs 2).. Container will be killed and recreated.');
    expect(matchTemplate(compileTemplate(tpl), text, 0)).toMatchObject({ containerName: 'app', containerMessage: fields.containerMessage });
  });
});

describe('the catalog is the source of message text', () => {
  it('every call site uses the exact text of its catalog entry', () => {
    const problems: string[] = [];
    for (const [site, variants] of Object.entries(SITES)) {
      for (const v of variants) {
        const entry = CATALOG.find((e) => e.id === v.entry);
        const texts = v.era === 'printf' ? entry?.printf : entry?.msg;
        if (!entry || !texts?.includes(v.text)) problems.push(`${site} → ${v.entry}: "${v.text}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the core classifies every simulated line as the entry it was printed from (all scenarios, -v=5)', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const s of SCENARIOS) {
      if (s.id === 'node-hour') continue;
      for (const version of s.versions) {
        const sim = new Simulation({ scenario: s.id, variant: 'buggy', version, verbosity: 5 });
        sim.run();
        const trace = parse(sim);
        const ev = trace.events;
        for (let i = 0; i < ev.count; i++) {
          const line = sim.lines[ev.line[i] - 1];
          const got = CATALOG[ev.msg[i]].id;
          checked++;
          if (got !== line.entry && problems.length < 10) problems.push(`${s.id} ${version} ${line.site}: expected ${line.entry}, classified ${got}: ${line.text.slice(0, 160)}`);
        }
        expect(ev.count, `${s.id} ${version}: every line is a record`).toBe(sim.lines.length);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(3000);
  });
});
