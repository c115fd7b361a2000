/** Sanitizing: nothing sensitive survives, the story does, and pseudonyms are stable and readable. */
import { describe, expect, it } from 'vitest';
import { sanitizeTrace } from '../../../src/trace/sanitize-trace.ts';
import { PseudonymTable, podStem } from '../../../src/trace/pseudonyms.ts';
import { ShareError } from '../../../src/trace/errors.ts';
import { KINDS } from '../../../src/catalog/catalog.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText, seedText } from '../../helpers.ts';
import { rawText, sampleNotes } from './trace-fixtures.ts';

const SEEDS = ['000', '003', '004'];
const WELL_KNOWN = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease', 'node', '127.0.0.1', '0.0.0.0']);

function seedTrace(seed: string): Trace {
  return analyzeText(seedText(seed), `seed-${seed}.txt`);
}

/** Sensitive strings of a trace, found independently of the sanitizer. */
function sensitive(t: Trace): string[] {
  const ips = rawText(t).match(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g) ?? [];
  const names = [...t.pods.flatMap((p) => [p.name, p.namespace, p.uid]), ...t.nodes.map((n) => n.name), ...t.containers.map((c) => c.id)];
  return [...new Set([...ips, ...names])].filter((s) => s && !WELL_KNOWN.has(s));
}

/** Per pod (in pod order): its state bands as `lane kind: state` lines. */
function podStates(t: Trace): string[][] {
  return t.pods.map((p) => p.lanes.flatMap((l) => {
    const out: string[] = [];
    for (let k = t.laneSpanStart[l]; k < t.laneSpanStart[l + 1]; k++) out.push(`${t.lanes[l].kind}: ${t.strings[t.spans.state[t.laneSpanIdx[k]]]}`);
    return out;
  }));
}

describe('sanitize', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: no name, UID, container ID or IP survives in the raw text or the strings`, () => {
      const trace = seedTrace(seed);
      const leaks = sensitive(trace);
      expect(leaks.length).toBeGreaterThan(0);
      const { trace: clean } = sanitizeTrace(trace, { uids: true });
      const text = rawText(clean);
      const strings = clean.strings.join('\n');
      for (const s of leaks) {
        expect(text.includes(s), `"${s}" in raw text`).toBe(false);
        expect(strings.includes(s), `"${s}" in strings`).toBe(false);
      }
      expect(clean.pods.every((p) => !leaks.includes(p.name) && !leaks.includes(p.uid))).toBe(true);
    });

    it(`seed ${seed}: the story is unchanged, in the sanitized trace and when the sanitized log is parsed again`, () => {
      const trace = seedTrace(seed);
      const { trace: clean } = sanitizeTrace(trace, { uids: true });
      expect(Array.from(clean.events.kind)).toEqual(Array.from(trace.events.kind));
      expect(podStates(clean)).toEqual(podStates(trace));
      const reparsed = analyzeText(rawText(clean), `seed-${seed}.txt`);
      expect(Array.from(reparsed.events.kind, (k) => KINDS[k])).toEqual(Array.from(trace.events.kind, (k) => KINDS[k]));
      expect(Array.from(reparsed.events.line)).toEqual(Array.from(trace.events.line));
      expect(reparsed.pods.map((p) => p.kind)).toEqual(trace.pods.map((p) => p.kind));
      expect(podStates(reparsed)).toEqual(podStates(trace));
      expect(reparsed.pods.map((p) => p.name)).toEqual(clean.pods.map((p) => p.name));
    });
  }

  it('maps the same name to the same pseudonym everywhere, and the same way on every run', () => {
    const trace = seedTrace('004');
    const a = sanitizeTrace(trace, { uids: true });
    const b = sanitizeTrace(trace, { uids: true });
    expect(rawText(a.trace)).toBe(rawText(b.trace));
    expect(a.preview).toEqual(b.preview);
    const pod = a.trace.pods[0];
    expect(pod.name).toBe('pod-a-1');
    expect(pod.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(rawText(a.trace)).toContain(`pods=[default/${pod.name}]`);
    const pseudonyms = a.preview.map((p) => p.pseudonym);
    expect(new Set(pseudonyms).size).toBe(pseudonyms.length);
    expect(a.preview.find((p) => p.original === trace.pods[0].name)).toMatchObject({ category: 'pod', pseudonym: 'pod-a-1' });
    expect(a.preview.find((p) => p.category === 'uid')!.count).toBeGreaterThan(10);
  });

  it('replaces IPv4 and IPv6 addresses, image references, and user patterns, leaving loopback alone', () => {
    const log = [
      'I0315 10:00:00.000001    1 kubelet.go:1] probe to 10.244.1.7:8080 failed; node 192.168.0.12 and [fd12:3456::7]:10250 ::ffff:10.1.2.3',
      'I0315 10:00:00.000002    1 kuberuntime_image.go:1] "Pulling image" image="registry.corp.example/team/app:1.4.2" pod="prod/app-5d9c8-x7k2p"',
      'I0315 10:00:00.000003    1 kubelet.go:1] healthz on 127.0.0.1 and ::1; ticket CUST-4411 for acme-corp; time 10:42:26.101 v1.2.3',
    ].join('\n');
    const trace = analyzeText(log, 'k.log');
    const { trace: clean, preview } = sanitizeTrace(trace, {
      patterns: [{ kind: 'regex', source: 'CUST-\\d+' }, { kind: 'text', text: 'acme-corp' }],
    });
    const text = rawText(clean);
    for (const s of ['10.244.1.7', '192.168.0.12', 'fd12:3456::7', '10.1.2.3', 'registry.corp.example', 'app-5d9c8-x7k2p', 'prod/', 'CUST-4411', 'acme-corp']) {
      expect(text).not.toContain(s);
    }
    for (const s of ['127.0.0.1', '::1', '10:42:26.101', 'v1.2.3']) expect(text).toContain(s);
    expect(text).toMatch(/probe to 10\.0\.0\.\d:8080/);
    expect(text).toContain('image="image-1"');
    expect(preview.filter((p) => p.category === 'pattern').map((p) => p.pseudonym)).toEqual(['redacted-1', 'redacted-2']);
    expect(preview.find((p) => p.original === 'fd12:3456::7')?.pseudonym).toMatch(/^fd00::/);
  });

  it('replaces an image named without a registry, and one named only in a pull error', () => {
    const log = [
      'I0315 10:00:00.000001    1 kuberuntime_image.go:1] "Pulling image" image="payroll-api:latest" pod="prod/payroll-5d9c8-x7k2p"',
      'E0315 10:00:01.000001    1 remote_image.go:1] "PullImage from image service failed" err="rpc error: code = Unknown desc = Error response from daemon: pull access denied for ledger-sync, repository does not exist or may require \'docker login\'" image="ledger-sync:v3"',
    ].join('\n');
    const { trace: clean } = sanitizeTrace(analyzeText(log, 'k.log'), {});
    const text = rawText(clean);
    for (const s of ['payroll-api', 'ledger-sync']) expect(text).not.toContain(s);
    expect(text).toContain('repository does not exist');
  });

  it('learns names the parser did not know: prompt hosts, node siblings, dockershim pods, untagged images', () => {
    const log = [
      'Mar 12 10:42:26 kube-node109 kubelet[2353]: I0312 10:42:26.101980 2353 kubelet.go:1] "SyncLoop ADD" source="api" pods=[shop/web-7d9f8-x7k2p]',
      'Mar 12 10:42:27 kube-node109 kubelet[2353]: I0312 10:42:27.101980 2353 kubelet.go:1] moved from kube-node110.prod and kube-node111; see import "github.com/golang/glog"',
      'root@kube-node109.prod:~$ docker ps | grep web',
      'e8b4a197e171   registry.corp.example:5000/shop/web   "/web"   k8s_web_web-7d9f8-b2x9q_shop_8cdcb7ba-17d0-11e9-9243-52540064c479_2',
      'ed0b86b380d2   registry.corp.example:5000/shop/pause:3.1   "/pause"  k8s_POD_web-7d9f8-b2x9q_shop_8cdcb7ba-17d0-11e9-9243-52540064c479_0',
      'ImageID:docker-pullable://registry.corp.example:5000/shop/web@sha256:ce790b51ef3b617cfd78bf9c1108e66e1c95d87e4590952c5746a5bd4294282d and registry.corp.example:5000/shop/web@sha256:ce790b51ef3b617cfd78bf9c1108e66e1c95d87e4590952c5746a5bd4294282d',
      '[admin@bastion-01 ~]$ ssh kube-node109; kubectl label node kube-node109 kubernetes.io/role=worker',
    ].join('\n');
    const trace = analyzeText(log, 'k.log');
    expect(trace.nodes.map((n) => n.name)).toEqual(['kube-node109']);
    expect(trace.pods.map((p) => p.name)).toEqual(['web-7d9f8-x7k2p']);
    const { trace: clean, preview } = sanitizeTrace(trace, { uids: true });
    const lines = rawText(clean).split('\n');
    const of = (original: string) => preview.find((p) => p.original === original)?.pseudonym;
    expect(of('kube-node109')).toBe('node-1');
    // The prompt's full host name is the same node; its siblings (same shape, other digits) are nodes too.
    expect(lines[2]).toBe('root@node-1:~$ docker ps | grep web');
    expect(lines[1]).toContain(`moved from ${of('kube-node110.prod')} and ${of('kube-node111')}; see import "github.com/golang/glog"`);
    expect(of('kube-node110.prod')).toMatch(/^node-\d+$/);
    expect(lines[6]).toBe(`[admin@${of('bastion-01')} ~]$ ssh node-1; kubectl label node node-1 kubernetes.io/role=worker`);
    // The pod of the container names shares the known pod's workload stem; namespace and UID are replaced.
    expect(of('web-7d9f8-b2x9q')).toBe('pod-a-2');
    expect(lines[3]).toMatch(/^e8b4a197e171 {3}image-\d+ {3}"\/web" {3}k8s_web_pod-a-2_ns-1_[0-9a-f]{8}-0000-4000-8000-000000000000_2$/);
    // The untagged path is an image because its registry had a tagged one; the scheme stays, the digest form is one name.
    expect(of('registry.corp.example:5000/shop/web')).toMatch(/^image-\d+$/);
    const digestRef = of('registry.corp.example:5000/shop/web@sha256:ce790b51ef3b617cfd78bf9c1108e66e1c95d87e4590952c5746a5bd4294282d');
    expect(lines[5]).toBe(`ImageID:docker-pullable://${digestRef} and ${digestRef}`);
    // The preview counts a node's short-name, full-name and prompt occurrences together.
    expect(preview.find((p) => p.original === 'kube-node109')!.count).toBe(5);
    expect(preview.map((p) => p.original)).not.toContain('kube-node109.prod');
    expect(rawText(clean)).not.toMatch(/kube-node|web-7d9f8|shop|registry\.corp|bastion|8cdcb7ba/);
  });

  it('keeps a workload stem and a StatefulSet ordinal in pod pseudonyms, but not a generated number', () => {
    expect(podStem('web-7d9f8-x7k2p')).toEqual({ stem: 'web', ordinal: '' });
    expect(podStem('db-0')).toEqual({ stem: 'db', ordinal: '0' });
    expect(podStem('app-0011-59193')).toEqual({ stem: 'app', ordinal: '' });
    const table = new PseudonymTable();
    expect(['db-0', 'db-1', 'app-0011-59193', 'app-0008-88125', 'web-7d9f8-x7k2p'].map((n) => table.of('pod', n))).toEqual([
      'pod-a-0', 'pod-a-1', 'pod-b-1', 'pod-b-2', 'pod-c-1',
    ]);
  });

  it('rejects unsafe patterns and stops a pattern that exceeds its budget', () => {
    const trace = seedTrace('004');
    for (const source of ['(a+)+$', '(a*)*b', '(\\w)\\1', '(?<=a)b', 'a{1,99999}', 'x'.repeat(501)]) {
      expect(() => sanitizeTrace(trace, { patterns: [{ kind: 'regex', source }] }), source).toThrow(ShareError);
    }
    const err = (() => {
      try { sanitizeTrace(trace, { patterns: [{ kind: 'regex', source: '[a-z]{1,900}q' }], patternStepBudget: 100_000 }); } catch (e) { return e; }
      return undefined;
    })();
    expect(err).toBeInstanceOf(ShareError);
    expect((err as ShareError).code).toBe('budget-exceeded');
  });

  it('runs an alternation-under-a-star pattern (a classic backtracking trap) in linear time', () => {
    const line = `I0315 10:00:00.000001    1 kubelet.go:1] ${'x'.repeat(50_000)}`;
    const trace = analyzeText(line, 'k.log');
    const { trace: clean } = sanitizeTrace(trace, { patterns: [{ kind: 'regex', source: '(x|xx)*y' }] });
    expect(rawText(clean)).toBe(line);
  });

  it('sanitizes the view and notes that travel with the trace, keeping event references valid', () => {
    const trace = seedTrace('004');
    const notes = [...sampleNotes(trace), { id: 'n9', text: `look at ${trace.pods[0].name}`, target: { kind: 'range' as const, startUs: 0, endUs: 1 } }];
    const view = { startUs: 0, endUs: 1, originUs: NaN, filters: { pods: [`default/${trace.pods[0].name}`] }, collapsedLanes: trace.pods[0].lanes.map((l) => trace.lanes[l].id) };
    const r = sanitizeTrace(trace, { uids: true }, { view, notes });
    expect(r.notes.find((n) => n.id === 'n9')!.text).toBe('look at pod-a-1');
    expect(r.view!.filters!.pods).toEqual(['default/pod-a-1']);
    expect(r.view!.collapsedLanes).toEqual(r.trace.pods[0].lanes.map((l) => r.trace.lanes[l].id));
    expect(r.view!.collapsedLanes!.join()).not.toContain(trace.pods[0].uid);
    const ev = r.notes.find((n) => n.target.kind === 'event')!.target as { event: { source: string; line: number } };
    expect(r.trace.sources.map((s) => s.name)).toContain(ev.event.source);
  });
});

describe('sanitize options: pod UIDs and container IDs, well-known namespaces', () => {
  const UID = '95d6b80b-77f5-4218-824e-69eec4998c22';
  const CID = '24bee860a677b045e22fb764067cee0dbddeaeb2ac68ccd229b26418d24cf2e6';

  it('keeps UIDs, container IDs and default / kube-system unless asked (the defaults)', () => {
    const trace = seedTrace('004');
    const text = rawText(sanitizeTrace(trace).trace);
    expect(text).toContain(UID);
    expect(text).toContain(CID);
    expect(text).toContain('pods=[default/pod-a-1]');
  });

  it('replaces UIDs and container IDs with fake IDs of the same shape, which parse the same', () => {
    const trace = seedTrace('004');
    const { trace: clean, preview } = sanitizeTrace(trace, { uids: true });
    const text = rawText(clean);
    expect(text).not.toContain(UID);
    expect(text).not.toContain(CID.slice(0, 12));
    const uid = preview.find((p) => p.original === UID)!;
    const cid = preview.find((p) => p.original === CID)!;
    expect(uid).toMatchObject({ category: 'uid' });
    expect(uid.pseudonym).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(cid).toMatchObject({ category: 'container-id' });
    expect(cid.pseudonym).toMatch(/^[0-9a-f]{64}$/);
    expect(cid.count).toBeGreaterThan(0);
    const reparsed = analyzeText(text, 'seed-004.txt');
    expect(reparsed.pods.map((p) => p.uid)).toEqual(clean.pods.map((p) => p.uid));
    expect(reparsed.containers.map((c) => c.id)).toEqual(clean.containers.map((c) => c.id));
    expect(reparsed.containers.some((c) => c.id === cid.pseudonym)).toBe(true);
  });

  it('replaces well-known namespaces where they are printed as namespaces, not the word "default" elsewhere', () => {
    const log = [
      'I0919 11:11:20.322601  190330 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[default/web-0 kube-system/kube-proxy-x7k2p]',
      'I0919 11:11:20.322631  190330 prober.go:1] Probe failed for "web-0_default(95d6b80b-77f5-4218-824e-69eec4998c22)": using the default timeout',
      'I0919 11:11:20.322658  190330 event.go:294] "Event occurred" object="kube-system/kube-proxy-x7k2p" kind="Pod" apiVersion="v1" type="Normal" reason="Killing" message="Stopping container kube-proxy"',
      'I0919 11:11:20.322700  190330 event.go:1] Event(v1.ObjectReference{Kind:"Pod", Namespace:"default", Name:"web-0"}): default behaviour',
      '{"ts":1695121880322.8,"caller":"kubelet/kubelet.go:2130","msg":"SyncLoop ADD","pods":[{"name":"web-0","namespace":"default"}]}',
    ].join('\n');
    const trace = analyzeText(log, 'k.log', { year: 2023 });
    const kept = rawText(sanitizeTrace(trace).trace);
    expect(kept).toContain('pods=[default/pod-a-0 kube-system/pod-b-1]');
    const { trace: clean, preview } = sanitizeTrace(trace, { wellKnownNamespaces: true });
    const text = rawText(clean);
    const ns = (original: string) => preview.find((p) => p.original === original && p.category === 'namespace')!.pseudonym;
    expect(ns('default')).toMatch(/^ns-\d+$/);
    expect(ns('kube-system')).toMatch(/^ns-\d+$/);
    expect(text).toContain(`pods=[${ns('default')}/pod-a-0 ${ns('kube-system')}/pod-b-1]`);
    expect(text).toContain(`"pod-a-0_${ns('default')}(95d6b80b`);
    expect(text).toContain(`Namespace:"${ns('default')}"`);
    expect(text).toContain(`"namespace":"${ns('default')}"`);
    // The same word as an ordinary word stays.
    expect(text).toContain('using the default timeout');
    expect(text).toContain('default behaviour');
    expect(text).not.toMatch(/[/_"]default[/_("]/);
    expect(text).not.toContain('kube-system/');
    expect(clean.pods.map((p) => p.namespace).sort()).toEqual([ns('default'), ns('kube-system')].sort());
    expect(preview.find((p) => p.original === 'default')!.count).toBe(4);
    // Parsed again, the pods are the same pods under their pseudonyms.
    const reparsed = analyzeText(text, 'k.log', { year: 2023 });
    expect(reparsed.pods.map((p) => `${p.namespace}/${p.name}`).sort()).toEqual(clean.pods.map((p) => `${p.namespace}/${p.name}`).sort());
  });
});
