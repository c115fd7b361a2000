/**
 * Leak check over every incident the app ships (public/incidents/*.log): after sanitizing, no image reference, pod
 * name, namespace, node name or host name, IP address (and, when asked, pod UID or built-in namespace) is left, and
 * ordinary words are not rewritten. What counts as sensitive is found here with the test's own patterns, over the
 * original text, not by the sanitizer's scanners — so a blind spot of the sanitizer shows up as a leak.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeTrace } from '../../../src/trace/sanitize-trace.ts';
import type { SanitizeOptions } from '../../../src/trace/sanitize.ts';
import type { Trace } from '../../../src/model/trace.ts';
import { analyzeText, SHIPPED_SEEDS_DIR } from '../../helpers.ts';
import { rawText } from './trace-fixtures.ts';

const BUILT_IN_NAMESPACES = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease']);
const KEPT_IPS = new Set(['127.0.0.1', '0.0.0.0', '255.255.255.255']);

interface Sensitive {
  images: Set<string>;
  registries: Set<string>;
  pods: Set<string>;
  namespaces: Set<string>;
  nodes: Set<string>;
  ips: Set<string>;
  uids: Set<string>;
}

/** Every match of a global regex's first group (or the whole match). */
function all(re: RegExp, text: string): string[] {
  return [...text.matchAll(re)].map((m) => m[1] ?? m[0]);
}

/** The sensitive strings of an original log: what the model parsed, plus what these patterns find in the text. */
function findSensitive(text: string, trace: Trace): Sensitive {
  const s: Sensitive = { images: new Set(), registries: new Set(), pods: new Set(), namespaces: new Set(), nodes: new Set(), ips: new Set(), uids: new Set() };
  // Image references with a registry host (a dot or a port) and a tag or digest, wherever they stand.
  const hostRef = /(?<![\w.-])((?:[a-z0-9-]+\.)+[a-z0-9-]+(?::\d+)?)\/[a-z0-9][a-z0-9._/-]*(?::\w[\w.-]*|@sha256:[0-9a-f]{64})/g;
  for (const m of text.matchAll(hostRef)) {
    if (/\.go:\d+$/.test(m[0])) continue; // a Go source file and line, not an image
    s.images.add(m[0]);
    s.registries.add(m[1]);
  }
  // Digest references without a registry, and anything printed after an image key.
  for (const ref of all(/(?<![\w.-])([a-z0-9][a-z0-9._/-]*@sha256:[0-9a-f]{64})/g, text)) s.images.add(ref);
  for (const ref of all(/\bimage(?:ID|Ref|Name)?(?:=|:|\\?":\\?")(?:\(string\))?"?(?:[a-z-]+:\/\/)?([a-z0-9][a-z0-9._/:@-]*[a-z0-9])/gi, text)) s.images.add(ref);
  // Untagged references on a registry seen above (`docker ps` prints `latest` images untagged).
  for (const m of text.matchAll(/(?<![\w.-])((?:[a-z0-9-]+\.)+[a-z0-9-]+(?::\d+)?)\/[a-z0-9][a-z0-9._/-]*[a-z0-9]/g)) {
    if (s.registries.has(m[1])) s.images.add(m[0]);
  }
  // Pods and namespaces: the model's, and dockershim container names k8s_<container>_<pod>_<namespace>_<uid>_<n>.
  for (const p of trace.pods) {
    if (p.name) s.pods.add(p.name);
    if (p.namespace) s.namespaces.add(p.namespace);
    if (p.uid) s.uids.add(p.uid);
  }
  for (const m of text.matchAll(/\bk8s_[\w.-]+?_([a-z0-9.-]+)_([a-z0-9-]+)_([0-9a-f-]{32,36})_\d+\b/g)) {
    s.pods.add(m[1]);
    s.namespaces.add(m[2]);
    s.uids.add(m[3]);
  }
  // Nodes: the model's, and the host of a shell prompt (`root@host:~$ `, `[root@host dir]# `), full and short.
  for (const n of trace.nodes) if (n.name !== 'node') s.nodes.add(n.name);
  for (const host of all(/(?:^|[\s[])[a-z_][\w-]*@([A-Za-z0-9][A-Za-z0-9.-]*[A-Za-z0-9])(?::\S*[$#]|\s\S*\][$#])/gm, text)) {
    s.nodes.add(host);
    if (host.includes('.')) s.nodes.add(host.split('.')[0]);
  }
  for (const ip of all(/(?<![\w.])((?:\d{1,3}\.){3}\d{1,3})(?![\w]|\.\d)/g, text)) {
    if (ip.split('.').every((o) => Number(o) <= 255) && !KEPT_IPS.has(ip)) s.ips.add(ip);
  }
  return s;
}

/** Occurrences of a name standing as a token (not inside a longer name). */
function tokenCount(text: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...text.matchAll(new RegExp(`(?<![A-Za-z0-9-])${escaped}(?![A-Za-z0-9-])`, 'g'))].length;
}

/** Everything a shared sanitized trace carries as text. */
function sharedText(t: Trace): string {
  return [
    ...t.raw.map((_r, i) => rawText(t, i)), ...t.strings, ...t.lanes.flatMap((l) => [l.id, l.title, l.containerName]),
    ...t.pods.flatMap((p) => [p.name, p.namespace, p.uid]), ...t.nodes.map((n) => n.name), ...t.sources.map((s) => `${s.name} ${s.node}`),
  ].join('\n');
}

/** Plain lower-case words (3+ letters) and how often each occurs. */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of text.split(/[^A-Za-z0-9]+/)) if (/^[a-z]{3,}$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

const seeds = readdirSync(SHIPPED_SEEDS_DIR).filter((f) => f.endsWith('.log')).sort();

describe('sanitizing the bundled incidents leaves nothing sensitive behind', () => {
  it('ships the five seed incidents', () => {
    expect(seeds.length).toBe(5);
  });

  const optionSets: [string, SanitizeOptions][] = [['defaults', {}], ['UIDs and built-in namespaces too', { uids: true, wellKnownNamespaces: true }]];
  for (const file of seeds) {
    const text = readFileSync(join(SHIPPED_SEEDS_DIR, file), 'utf8');
    const trace = analyzeText(text, file);
    const sensitive = findSensitive(text, trace);

    for (const [label, opts] of optionSets) {
      it(`${file} (${label}): no image, pod, namespace, node, IP${opts.uids ? ' or UID' : ''} survives`, () => {
        const { trace: clean } = sanitizeTrace(trace, opts);
        const out = sharedText(clean);
        const leaks: string[] = [];
        for (const ref of sensitive.images) if (out.includes(ref)) leaks.push(`image ${ref}`);
        for (const m of out.matchAll(/(?<![\w.-])((?:[a-z0-9-]+\.)+[a-z0-9-]+(?::\d+)?)\//g)) {
          if (sensitive.registries.has(m[1])) leaks.push(`registry ${m[1]}`);
        }
        for (const pod of sensitive.pods) if (tokenCount(out, pod) > 0) leaks.push(`pod ${pod}`);
        for (const node of sensitive.nodes) if (tokenCount(out, node) > 0) leaks.push(`node ${node}`);
        for (const ip of sensitive.ips) if (out.includes(ip)) leaks.push(`ip ${ip}`);
        for (const ns of sensitive.namespaces) {
          if (!BUILT_IN_NAMESPACES.has(ns)) {
            if (tokenCount(out, ns) > 0) leaks.push(`namespace ${ns}`);
          } else if (opts.wellKnownNamespaces) {
            // A built-in namespace is also a word: it must be gone where printed as a namespace.
            const asNamespace = new RegExp(`[/_"\\[]${ns}[/_(]|namespace[=:]\\\\?"?${ns}\\b|\\bk8s_[\\w.-]+_[a-z0-9.-]+_${ns}_`, 'i');
            if (asNamespace.test(out)) leaks.push(`built-in namespace ${ns}`);
          }
        }
        if (opts.uids) for (const uid of sensitive.uids) if (out.includes(uid)) leaks.push(`uid ${uid}`);
        expect(leaks).toEqual([]);
      });
    }

    it(`${file}: ordinary words are not rewritten, and the preview counts what was replaced`, () => {
      const { trace: clean, preview } = sanitizeTrace(trace);
      const out = rawText(clean);
      // Words that are part of a sensitive string go with it; every other word must still be there as often.
      const inSensitive = new Set<string>();
      const all = [...sensitive.images, ...sensitive.pods, ...sensitive.namespaces, ...sensitive.nodes, ...sensitive.uids];
      for (const name of all) for (const w of name.split(/[^A-Za-z0-9]+/)) inSensitive.add(w);
      const after = wordCounts(out);
      const lost: string[] = [];
      for (const [word, n] of wordCounts(text)) {
        if (!inSensitive.has(word) && (after.get(word) ?? 0) < n) lost.push(`${word} ${n} → ${after.get(word) ?? 0}`);
      }
      expect(lost).toEqual([]);
      // What the preview lists was in the log, is gone from it, and its stand-in is there as often as it says.
      for (const entry of preview) {
        if (entry.count === 0) continue;
        expect(text.includes(entry.original) || entry.category === 'node', entry.original).toBe(true);
        expect(tokenCount(out, entry.original), entry.original).toBe(0);
        expect(tokenCount(out, entry.pseudonym), `${entry.original} → ${entry.pseudonym}`).toBe(entry.count);
      }
    });
  }
});
