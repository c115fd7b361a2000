/**
 * dns-config-limits: the kubelet cut a pod's DNS configuration to fit the resolver's limits ("Nameserver limits
 * exceeded", "Search Line limits exceeded", or the DNSConfigForming event). The node's resolv.conf (or the file
 * --resolv-conf names) lists more than 3 nameservers, or more search domains than a pod may have: pods get only the
 * first ones, which breaks their name resolution when a server that was left out is the one that answers for a
 * domain. The line repeats at every sync of every pod that uses the node's DNS, so a node logs it endlessly.
 * Information: pods run; one finding per node and limit.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';
import type { FindingContext } from '../context.ts';
import { recordedEventMessage } from '../../model/trace-query.ts';
import { kindId } from '../../catalog/catalog.ts';
import { eventsByNode } from '../episodes.ts';

const MAX_PER_NODE = 1000;
const DNS_EVENT = kindId('event.dns-config-forming');

/** Addresses (and zone suffixes), or domain names: what a printf-era line's field holds when it is only the list. */
const ADDRESS_LIST = /^[0-9A-Fa-f:.%]+( [0-9A-Fa-f:.%]+)*$/;
const DOMAIN_LIST = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]*( [A-Za-z0-9_.-]+)*$/;

interface Limit {
  what: 'nameservers' | 'search';
  kind: string;
  /** Words of the DNSConfigForming event's message that say which limit it is. */
  eventWords: string;
  appliedLead: string;
  list: RegExp;
}

const LIMITS: readonly Limit[] = [
  { what: 'nameservers', kind: 'node.dns-limits', eventWords: 'nameserver limits', appliedLead: 'the applied nameserver line is:', list: ADDRESS_LIST },
  { what: 'search', kind: 'node.dns-search-limits', eventWords: 'search line limits', appliedLead: 'the applied search line is:', list: DOMAIN_LIST },
];

/** The applied line the message names ('' when a cut took it): the printf era's field is only that list. */
function appliedLine(text: string, lead: string, list: RegExp): string {
  const at = text.toLowerCase().indexOf(lead);
  const rest = (at >= 0 ? text.slice(at + lead.length) : text).trim();
  return list.test(rest) ? rest : '';
}

/** Names that occur more than once in an applied line. */
function repeated(applied: string): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of applied.split(' ')) (seen.has(name) ? twice : seen).add(name);
  return [...twice];
}

export const dnsConfigLimits: Detector = {
  id: 'dns-config-limits',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    for (const limit of LIMITS) {
      // The kubelet's lines, and the events it recorded of the same limit (in time order again).
      const byNode = eventsByNode(ctx, limit.kind, MAX_PER_NODE);
      for (const [node, list] of eventsByNode(ctx, 'event.dns-config-forming', MAX_PER_NODE, (e) => messageOf(ctx, e).toLowerCase().includes(limit.eventWords))) {
        byNode.set(node, [...(byNode.get(node) ?? []), ...list].sort((a, b) => a - b));
      }
      for (const [node, list] of byNode) {
        const first = list[0];
        const last = list[list.length - 1];
        let applied = '';
        for (let i = list.length - 1; i >= 0 && !applied; i--) applied = appliedLine(messageOf(ctx, list[i]), limit.appliedLead, limit.list);
        const pods = new Set<number>();
        for (const e of list) if (ev.pod[e] >= 0) pods.add(ev.pod[e]);
        const b = new FindingBuilder(trace);
        for (const e of list) b.evidence(e, false);
        b.nodeLanes(node, ['other']);
        const when = list.length === 1
          ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
          : `${count(list.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), over ${duration(ev.timeUs[last] - ev.timeUs[first])}`;
        const twice = repeated(applied);
        const kept = !applied ? '' : ` The line pods get: "${clip(applied, 160)}"${twice.length > 0
          ? ` — it names ${twice.slice(0, 3).join(', ')} more than once: the node's list repeats ${twice.length > 1 ? 'them' : 'it'}, and each copy counts toward the limit` : ''}.`;
        const podsNote = pods.size > 0 ? ` Pods named: ${count(pods.size, 'pod')}.` : '';
        out.push(b.build({
          id: 'dns-config-limits',
          title: limit.what === 'nameservers'
            ? 'Pods get only the first 3 nameservers of the node\'s resolv.conf'
            : 'Pods\' DNS search list was cut to the resolver\'s limit',
          severity: 'info',
          explanation: limit.what === 'nameservers'
            ? `The kubelet left nameservers out of pods' DNS configuration ${when}: the resolv.conf it reads (the node's, or the file its resolvConf setting names) lists more than the 3 nameservers a resolver uses, so pods get the first 3 and no others.${kept} It logs this each time it builds a pod's DNS configuration (every sync of a pod that takes the node's DNS settings: dnsPolicy Default, as CoreDNS's own pods have, or ClusterFirst on a host-network pod), which is why it repeats. Pods run; their lookups fail only when a server that was left out is the one that answers for a name.${podsNote}`
            : `The kubelet cut pods' DNS search list ${when}: the cluster's search domains followed by the node's (or the pod's own dnsConfig) came to more than a pod may have — 32 domains and 2,048 characters from 1.28 (ExpandedDNSConfig; 6 and 256 before 1.26) — so the last domains are left out.${kept} It logs this each time it builds a pod's DNS configuration, which is why it repeats. Short names in the domains left out no longer resolve in pods.${podsNote}`,
          next: limit.what === 'nameservers'
            ? 'List the node\'s nameservers (`cat /etc/resolv.conf`, or the file in the kubelet\'s resolvConf; with systemd-resolved, /run/systemd/resolve/resolv.conf) and keep at most 3 — drop duplicates and IPv6 twins of the IPv4 servers — or point resolvConf (--resolv-conf) at a file of its own with 3.'
            : 'Shorten the node\'s search line (`search` in the kubelet\'s resolv.conf: DHCP and cloud images add several domains) or the pods\' dnsConfig.searches; point resolvConf (--resolv-conf) at a file with fewer domains.',
        }));
      }
    }
    return out;
  },
};

/** The kubelet line's error text; for a DNSConfigForming event (whose text column holds its reason), its message. */
function messageOf(ctx: FindingContext, e: number): string {
  return ctx.trace.events.kind[e] === DNS_EVENT ? recordedEventMessage(ctx.trace, e) : ctx.text(e);
}
