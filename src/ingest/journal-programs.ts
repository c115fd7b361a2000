/**
 * Which program of a journal is the kubelet. A whole node's journal (`journalctl` without `-u kubelet`, syslog's
 * /var/log/messages, `journalctl -o json`) holds the klog lines of other Kubernetes programs too — kube-proxy, the
 * control plane's static pods run by hand, a CNI daemon — and those are not kubelet records: counted as kubelet
 * lines, their pids would read as kubelet restarts.
 *
 * An identifier is the kubelet's when its name says so (it contains "kubelet", or names a distribution that runs the
 * kubelet in its own process: k3s, rke2, k0s, hyperkube, MicroK8s' kubelite, OpenShift 3's node). A journal whose
 * kubelet runs under some other name (a wrapper script, `bash`) is decided by evidence instead: until a named
 * identifier appears, records of unnamed identifiers are held (a bounded number), and at that bound or at the end
 * the identifier with the most messages the catalog knows as the kubelet's is taken; the others are other programs.
 * Lines without an identifier (bare klog, CRI, `journalctl -o cat`) are always the kubelet's: nothing tells. In a
 * `minikube logs` report, a container's section (`==> kube-scheduler [0b1c…] <==`) names the program of its lines.
 */
import { isKubeletMessage } from '../catalog/kubelet-evidence.ts';
import type { LogRecord } from './record.ts';

export enum Program { Kubelet, Other, Undecided }

/** Distributions whose process runs the kubelet (prefix match: k3s-agent, rke2-server, k0sworker…). */
const KUBELET_PROGRAM_PREFIXES = ['k3s', 'rke2', 'k0s', 'hyperkube', 'atomic-openshift-node', 'origin-node', 'openshift-node'];

/** The identifier names a kubelet. */
export function isKubeletName(ident: string): boolean {
  const lower = ident.toLowerCase();
  return lower.includes('kubelet') || lower.includes('kubelite') || KUBELET_PROGRAM_PREFIXES.some((p) => lower.startsWith(p));
}

/** Identifiers tallied per source (a journal names a few dozen programs; more are counted under one). */
const MAX_IDENTS = 64;

interface IdentTally {
  /** Records held or seen while undecided, and how many of them the catalog knows as kubelet messages. */
  records: number;
  known: number;
  /** Records skipped as another program's. */
  skipped: number;
}

export class JournalPrograms {
  private decided = false;
  /** Identifiers decided to be the kubelet's (named ones are the kubelet's whatever was decided). */
  private readonly kubelet = new Set<string>();
  private readonly tally = new Map<string, IdentTally>();
  /** How the kubelet's identifier was told: by its name or by the evidence of its messages. */
  private how: 'name' | 'evidence' | '' = '';
  /** Records that name no program were seen: the kubelet is theirs, and an identifier needs evidence of its own. */
  private anonymousKubelet = false;

  /** What a record of program `ident` is; a named kubelet identifier decides the journal. */
  verdict(ident: string): Program {
    if (ident === '') {
      this.anonymousKubelet = true;
      return Program.Kubelet;
    }
    if (this.kubelet.has(ident)) return Program.Kubelet;
    if (isKubeletName(ident)) {
      this.kubelet.add(ident);
      if (!this.decided) {
        this.decided = true;
        this.how = 'name';
      }
      return Program.Kubelet;
    }
    return this.decided ? Program.Other : Program.Undecided;
  }

  /** The identifier names a kubelet, or is one the journal's records told to be the kubelet's. */
  isKubeletIdent(ident: string): boolean {
    return isKubeletName(ident) || this.kubelet.has(ident);
  }

  /**
   * The identifier the kubelet's records carry as far as decided: a kubelet identifier, '' when its records name no
   * program, undefined while that is not known.
   */
  kubeletIdent(): string | undefined {
    for (const ident of this.kubelet) return ident;
    return this.anonymousKubelet ? '' : undefined;
  }

  /** A record of an undecided identifier is held: note what it says about its program. */
  noteHeld(rec: LogRecord, ident: string): void {
    const t = this.entry(ident);
    t.records++;
    if (isKubeletMessage(rec)) t.known++;
  }

  /**
   * Decides among the undecided identifiers: the one with the most kubelet messages (then the most records, then
   * the first seen) is the kubelet's — unless records naming no program were the kubelet's and it has none.
   */
  decideByEvidence(): void {
    if (this.decided) return;
    this.decided = true;
    let best = '';
    let bestTally: IdentTally | undefined;
    for (const [ident, t] of this.tally) {
      if (!bestTally || t.known > bestTally.known || (t.known === bestTally.known && t.records > bestTally.records)) {
        best = ident;
        bestTally = t;
      }
    }
    // Beside a kubelet whose lines name no program, a program none of whose messages are the kubelet's is not it.
    if (bestTally && (bestTally.known > 0 || !this.anonymousKubelet)) {
      this.kubelet.add(best);
      this.how = 'evidence';
    }
  }

  noteSkipped(ident: string): void {
    this.entry(ident).skipped++;
  }

  /** One sentence on the programs skipped, or '' if none were. */
  skippedSummary(): string {
    const skipped = [...this.tally].filter(([, t]) => t.skipped > 0).sort((a, b) => b[1].skipped - a[1].skipped);
    if (skipped.length === 0) return '';
    const total = skipped.reduce((n, [, t]) => n + t.skipped, 0);
    const list = skipped.slice(0, 8).map(([ident, t]) => `${ident} ${t.skipped}`).join(', ') + (skipped.length > 8 ? ', …' : '');
    const kubelet = [...this.kubelet].join(', ');
    const why = this.how === 'name' ? 'by its name' : 'as the program most of whose messages are the kubelet\'s';
    const whose = kubelet ? `the kubelet's identifier: ${kubelet} (${why})` : 'the kubelet\'s lines are those that name no program';
    return `${total} log record${total === 1 ? '' : 's'} of other programs skipped (${list}); ${whose}`;
  }

  private entry(ident: string): IdentTally {
    let t = this.tally.get(ident);
    if (!t) {
      const key = this.tally.size < MAX_IDENTS ? ident : '(other identifiers)';
      t = this.tally.get(key) ?? { records: 0, known: 0, skipped: 0 };
      this.tally.set(key, t);
      if (key !== ident) return t;
    }
    return t;
  }
}
