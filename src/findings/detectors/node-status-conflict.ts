/**
 * node-status-conflict: the API server answers the kubelet's node status updates with a write conflict (HTTP 409,
 * "the object has been modified; please apply your changes to the latest version"). The kubelet reads its Node,
 * sets the status and writes it back; a conflict means the Node changed in between. One now and then is harmless (it
 * retries at once, up to five times per update); updates that keep conflicting — or run out of retries — mean
 * something else keeps writing the same Node: a second kubelet registered under the same node name, an agent or
 * controller patching the node's status, or (1.2) a kubelet that started its status loop twice. One finding per node.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';
import { eventsByNode } from '../episodes.ts';
import { isWriteConflict } from '../text-scan.ts';

const MAX_PER_NODE = 500;
/** Conflicts this many (or an update out of retries) are no passing race. */
const MIN_CONFLICTS = 3;
/** How far before the first conflict other failed tries of the same updates are looked for (five tries, a retry loop). */
const OTHER_TRIES_BEFORE_US = 60e6;

/** The kubelet's node status update period (nodeStatusUpdateFrequency's default). */
const NODE_STATUS_PERIOD_US = 10e6;
/** Conflicts on fewer than this share of the updates in their span are no steady clash of two writers. */
const SPARSE_SHARE = 0.25;

export const nodeStatusConflict: Detector = {
  id: 'node-status-conflict',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    const out: Finding[] = [];
    const conflicts = eventsByNode(ctx, 'node.status-error', MAX_PER_NODE, (e) => isWriteConflict(ctx.text(e)));
    const givingUp = eventsByNode(ctx, 'node.status-error', MAX_PER_NODE, (e) => ctx.text(e).includes('exceeds retry count'));
    const allErrors = eventsByNode(ctx, 'node.status-error', MAX_PER_NODE, () => true);
    for (const [node, list] of conflicts) {
      const first = list[0];
      const last = list[list.length - 1];
      // The update that gave up after its retries within a few seconds of the last conflict.
      const gaveUp = (givingUp.get(node) ?? []).filter((e) => ev.timeUs[e] >= ev.timeUs[first] && ev.timeUs[e] - ev.timeUs[last] <= 10e6);
      if (list.length < MIN_CONFLICTS && gaveUp.length === 0) continue;
      // A conflict or two among an update's tries that mostly failed otherwise (the API server's etcd without a
      // leader, a timeout) is that failure's after-effect — the Node changed while those tries failed — and not
      // another writer: api-server-unreachable tells it.
      const otherTries = (allErrors.get(node) ?? []).filter((e) => !isWriteConflict(ctx.text(e)) && !ctx.text(e).includes('exceeds retry count') &&
        ev.timeUs[e] >= ev.timeUs[first] - OTHER_TRIES_BEFORE_US && ev.timeUs[e] <= ev.timeUs[last]);
      if (list.length < MIN_CONFLICTS && otherTries.length >= list.length) continue;
      const b = new FindingBuilder(trace);
      for (const e of list) b.evidence(e, false);
      for (const e of gaveUp.slice(0, 10)) b.evidence(e, false);
      b.nodeLanes(node, ['node-status']);
      const span = list.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
        : `${count(list.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(ev.timeUs[last] - ev.timeUs[first])}`;
      const retries = gaveUp.length
        ? ` ${gaveUp.length === 1 ? 'An update' : `${gaveUp.length} updates`} ran out of retries (${lineRef(trace, gaveUp[0])}), so the node's status${gaveUp.length === 1 ? ' was' : ' were'} not written then.`
        : '';
      // Conflicts minutes apart are single updates losing a race, not two writers clashing all the time.
      const spanUs = ev.timeUs[last] - ev.timeUs[first];
      const sparse = list.length >= 2 && (list.length * NODE_STATUS_PERIOD_US) / spanUs < SPARSE_SHARE;
      const readyAfter = sparse ? ctx.ofKind('event.node-ready').filter((e) => ev.node[e] === node && list.some((c) => ev.timeUs[e] >= ev.timeUs[c] && ev.timeUs[e] - ev.timeUs[c] <= 120e6)) : [];
      for (const e of readyAfter.slice(0, 5)) b.evidence(e, false);
      const who = sparse
        ? ` The conflicts are few for the time (${count(list.length, 'conflict')} in ${duration(spanUs)}, while the kubelet updates its status every 10 s): each is one update that lost a race with another write of the Node, not two writers clashing all the time.${readyAfter.length ? ` After them the kubelet recorded NodeReady (${lineRef(trace, readyAfter[0])}): it found its Node not Ready, so in between something had marked it so — the node controller, when the kubelet's updates came too late (a kubelet stalled, or its requests slow), writes the Node as NotReady itself.` : ' The other write is most often the node controller\'s, marking the node after the kubelet\'s updates came too late.'}`
        : ' The kubelet retries at once, up to five times per update, so conflicts this close together mean another writer keeps changing the same Node — a second kubelet registered under the same node name (two machines with one hostname, a cloned VM), an agent or controller patching its status, or in 1.2 a kubelet that ran its status loop twice. While the writes fail, the node\'s heartbeat may lapse and the node controller marks it NotReady.';
      out.push(b.build({
        id: 'node-status-conflict',
        title: sparse ? 'Node status updates conflict now and then: another write of the Node came between' : 'Node status updates conflict: something else keeps writing this Node',
        severity: gaveUp.length || list.length >= 2 * MIN_CONFLICTS ? 'warning' : 'info',
        explanation: `The API server answered the kubelet's node status updates with a write conflict ${span}: "the object has been modified" (HTTP 409). The API server was reached; the Node object changed between the kubelet reading it and writing its status back.${retries}${who}`,
        next: 'Find the other writer: the Node\'s managedFields (`kubectl get node <name> -o yaml --show-managed-fields`) name the managers that write its status; look for another machine or kubelet with the same node name (--hostname-override, the hostname of cloned VMs); the API server\'s audit log shows every update of the node.',
      }));
    }
    return out;
  },
};
