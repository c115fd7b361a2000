/**
 * The catalog as a table: every entry is complete and has samples for every era it exists in, message strings
 * and templates are not claimed twice, templates compile, field names are spelled the way the classifier reads
 * them, and every kind the model keys on exists.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG, KINDS } from '../../../src/catalog/catalog.ts';
import { compileTemplate, matchTemplate } from '../../../src/catalog/template.ts';
import { innerSpecs } from '../../../src/catalog/entry.ts';
import {
  CONTAINER_EVENTS, GATE_OPEN_KINDS, POD_WORKER_LIFECYCLE, POD_WORKER_SERIALIZER, PROBE_EVENTS, SANDBOX_EVENTS, STATUS_KINDS,
} from '../../../src/model/machines.ts';
import { LINK_RULES } from '../../../src/model/links.ts';
import { ALL_SAMPLES } from './all-samples.ts';
import { run } from './sample-kit.ts';

const ENTRIES = CATALOG.slice(1);

/** Field names the classifier reads by name (classify.ts); a template spelling one differently would be ignored. */
const READ_BY_CLASSIFIER = [
  'pod', 'pods', 'podContainer', 'object', 'kind', 'podName', 'name', 'namespace', 'podUID', 'podID', 'containerID',
  'containerStatusID', 'containerId', 'podSandboxID', 'sandboxID', 'containerName', 'container', 'fieldPath',
  'probeType', 'probe', 'msg',
];

function placeholders(template: string): string[] {
  return compileTemplate(template).parts.flatMap((p) => (p.kind === 'lit' || !p.name ? [] : [p.name]));
}

describe('catalog table', () => {
  it('has every message of kubelet-reference §4: M01–M115 plus M107b and M108b', () => {
    const ids = new Set(ENTRIES.map((e) => e.id));
    const want = [...Array.from({ length: 115 }, (_, i) => `M${String(i + 1).padStart(2, '0')}`), 'M107b', 'M108b'];
    expect(want.filter((id) => !ids.has(id))).toEqual([]);
    expect(ids.size).toBe(ENTRIES.length);
  });

  it('gives every entry a kind, verbosity, versions and a one-sentence explanation', () => {
    for (const e of ENTRIES) {
      expect(e.kind, e.id).toMatch(/^[a-z]+\.[a-z-]+$/);
      expect(e.v, e.id).toBeGreaterThanOrEqual(0);
      // The kubelet's own lines go up to -v=5; client-go's request logging inside it to -v=9.
      expect(e.v, e.id).toBeLessThanOrEqual(e.kind === 'api.request' ? 9 : 5);
      expect(e.versions.length, e.id).toBeGreaterThan(0);
      expect(e.explain, e.id).toMatch(/^[A-Z].{15,}\.$/);
      expect((e.msg?.length ?? 0) + (e.printf?.length ?? 0), e.id).toBeGreaterThan(0);
      for (const target of Object.values(e.refine?.map ?? {})) expect(target, e.id).toMatch(/^[a-z]+\.[a-z-]+$/);
    }
  });

  it('has samples for every entry, in every era the entry exists in', () => {
    const byId = new Map(ALL_SAMPLES.map((g) => [g.id, g]));
    const missing: string[] = [];
    for (const e of ENTRIES) {
      if (e.embeddedIn) continue;
      const eras = new Set(byId.get(e.id)?.samples.map((s) => s.era) ?? []);
      if (e.printf?.length && !eras.has('printf')) missing.push(`${e.id} printf`);
      if (e.msg?.length && !eras.has('structured')) missing.push(`${e.id} structured`);
      if (e.msg?.length && !eras.has('json')) missing.push(`${e.id} json`);
    }
    expect(missing).toEqual([]);
    expect(ALL_SAMPLES.map((g) => g.id).filter((id) => !ENTRIES.some((e) => e.id === id))).toEqual([]);
  });

  it('explains error text the kubelet only logs inside other messages (M97 in M02 / M114)', () => {
    for (const e of ENTRIES.filter((x) => x.embeddedIn)) {
      const templates = (e.printf ?? []).map(compileTemplate);
      const hits = ALL_SAMPLES.filter((g) => e.embeddedIn!.includes(g.id)).flatMap((g) => g.samples).flatMap((s) => {
        const text = run(s.line, s.before).text;
        return templates.flatMap((t) => {
          const at = text.indexOf(t.prefix);
          const fields = at < 0 ? undefined : matchTemplate(t, text, at);
          return fields ? [fields] : [];
        });
      });
      expect(hits.length, e.id).toBeGreaterThan(0);
      for (const f of hits) expect(Object.values(f)[0], e.id).toMatch(/^\d+m[\d.]+s$/);
    }
  });

  it('claims each structured message string once', () => {
    const owner = new Map<string, string>();
    const dup: string[] = [];
    for (const e of ENTRIES) {
      for (const m of e.msg ?? []) {
        if (owner.has(m)) dup.push(`${m} (${owner.get(m)}, ${e.id})`);
        owner.set(m, e.id);
      }
    }
    expect(dup).toEqual([]);
  });

  it('claims each printf template once, and every template (own and inner) compiles', () => {
    const owner = new Map<string, string>();
    const dup: string[] = [];
    for (const e of ENTRIES) {
      for (const p of [...(e.printf ?? []), ...innerSpecs(e).flatMap((i) => i.printf)]) expect(() => compileTemplate(p), `${e.id}: ${p}`).not.toThrow();
      for (const p of e.printf ?? []) {
        if (owner.has(p)) dup.push(`${p} (${owner.get(p)}, ${e.id})`);
        owner.set(p, e.id);
      }
    }
    expect(dup).toEqual([]);
  });

  it('spells template fields the way the classifier reads them', () => {
    const exact = new Set(READ_BY_CLASSIFIER);
    const folded = new Set(READ_BY_CLASSIFIER.map((n) => n.toLowerCase()));
    const wrong: string[] = [];
    for (const e of ENTRIES) {
      for (const p of [...(e.printf ?? []), ...innerSpecs(e).flatMap((i) => i.printf)]) {
        for (const name of placeholders(p)) {
          const misspelt = folded.has(name.toLowerCase()) && !exact.has(name);
          if (misspelt || !/^[a-z][A-Za-z]*$/.test(name) || name === 'msg') wrong.push(`${e.id}: ${name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads num, text, refine and status fields that the printf templates actually name', () => {
    const unread: string[] = [];
    for (const e of ENTRIES) {
      if (!e.printf?.length || e.msg?.length) continue;
      const named = new Set([...e.printf, ...innerSpecs(e).flatMap((i) => i.printf)].flatMap(placeholders));
      const base = (f: string) => f.split('.')[0];
      const used = [e.num, e.statusField, e.refine?.field, e.refine?.then?.field, ...(e.text ?? []), ...(e.struct ?? [])].filter((f): f is string => !!f && f !== 'msg');
      for (const f of used) if (!named.has(base(f))) unread.push(`${e.id}: ${f}`);
    }
    expect(unread).toEqual([]);
  });

  it('knows every kind the model keys on (machines, link rules)', () => {
    const used = new Set<string>([
      ...POD_WORKER_LIFECYCLE.rows.map((r) => r.on), ...POD_WORKER_SERIALIZER.rows.map((r) => r.on),
      ...Object.keys(CONTAINER_EVENTS), ...Object.keys(SANDBOX_EVENTS), ...Object.keys(PROBE_EVENTS),
      ...STATUS_KINDS, ...GATE_OPEN_KINDS, ...LINK_RULES.flatMap((r) => [...r.from, ...r.to]),
    ]);
    expect([...used].filter((k) => !KINDS.includes(k))).toEqual([]);
  });
});
