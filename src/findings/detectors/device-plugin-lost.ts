/**
 * device-plugin-lost: the kubelet's device manager lost its stream to a device plugin ("ListAndWatch ended
 * unexpectedly for device plugin"): the plugin's pod restarted, crashed or was evicted. Until the plugin registers
 * again ("Got registration request from device plugin") the node advertises none of that resource (GPUs, SR-IOV
 * NICs…): pods that request it are rejected at admission and nothing new can be scheduled there for it. Running pods
 * keep the devices they were given. One finding per node and resource: how often, and how long until each return.
 */
import type { Detector } from '../detectors.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { kindId } from '../../catalog/catalog.ts';
import type { Finding, Trace } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clip } from '../text-scan.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';
import type { FindingContext } from '../context.ts';

/** Back this soon: a plugin pod's ordinary restart (an upgrade), information only when it does not repeat. */
const QUICK_RETURN_US = 60e6;
/** Ends of one plugin's stream that make it flapping whatever each return took. */
const FLAPPING_ENDS = 3;
const MAX_ENDS = 200;
const STREAM_ENDED = kindId('node.device-plugin-failed');
/** Registrations of one resource this close together: two plugins (or two copies of one) serving it. */
const DOUBLE_REGISTRATION_US = 5e6;

/** The kubelet closed the stream itself (a new registration replaced the endpoint): no loss. */
function closedByKubelet(err: string): boolean {
  return err.includes('code = Canceled') || err.includes('client connection is closing');
}

interface Loss { end: number; back: number }
interface PluginGroup { node: number; resource: string; losses: Loss[] }

export const devicePluginLost: Detector = {
  id: 'device-plugin-lost',
  detect(ctx) {
    const trace = ctx.trace;
    const ev = trace.events;
    // Per node and resource, in time order: each end, and the registration after it.
    const byKey = new Map<string, PluginGroup>();
    const registrations = new Map<string, number[]>();
    const open = new Map<string, Loss>();
    for (const e of ctx.ofKinds(['node.device-plugin-failed', 'node.device-plugin'])) {
      const failed = ev.kind[e] === STREAM_ENDED;
      const resource = failed ? resourceOfEnd(trace, e) : ctx.text(e);
      const key = `${ev.node[e]}\u0000${resource}`;
      if (failed) {
        if (closedByKubelet(ctx.text(e))) continue;
        let g = byKey.get(key);
        if (!g) byKey.set(key, (g = { node: ev.node[e], resource, losses: [] }));
        if (g.losses.length >= MAX_ENDS) continue;
        const loss = { end: e, back: -1 };
        g.losses.push(loss);
        open.set(key, loss);
      } else {
        const list = registrations.get(key) ?? [];
        if (list.length < MAX_ENDS) list.push(e);
        registrations.set(key, list);
        // A registration closes the open loss of its resource; one whose end named no resource is closed by any.
        const loss = open.get(key) ?? open.get(`${ev.node[e]}\u0000`);
        if (loss && loss.back < 0) loss.back = e;
      }
    }
    return [...byKey].map(([key, g]) => describe(ctx, g, registrations.get(key) ?? []));
  },
};

/** The resource an end names: `resource="nvidia.com/gpu"` (structured) or `… device plugin nvidia.com/gpu with error` (printf); '' when cut. */
function resourceOfEnd(trace: Trace, e: number): string {
  const raw = eventRawText(trace, e, 2000);
  for (const key of ['resource="', 'resourceName="']) {
    const at = raw.indexOf(key);
    if (at >= 0) {
      const close = raw.indexOf('"', at + key.length);
      if (close > 0) return raw.slice(at + key.length, close);
    }
  }
  const marker = 'for device plugin ';
  const at = raw.indexOf(marker);
  if (at >= 0 && raw.charCodeAt(at + marker.length) !== 34) {
    const end = raw.indexOf(' with error', at + marker.length);
    if (end > 0 && end - at < 300) return raw.slice(at + marker.length, end);
  }
  return '';
}

/** `registrations`: the group's resource's registrations on its node, in time order. */
function describe(ctx: FindingContext, g: PluginGroup, registrations: readonly number[]): Finding {
  const { node, resource, losses } = g;
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const l of losses) {
    b.evidence(l.end);
    if (l.back >= 0) b.evidence(l.back);
  }
  b.nodeLanes(node, ['other']);
  const first = losses[0].end;
  const name = resource ? `the device plugin for ${resource}` : 'a device plugin (the line is cut before its resource)';
  const what = resource || 'its devices';
  const returns = losses.filter((l) => l.back >= 0).map((l) => ev.timeUs[l.back] - ev.timeUs[l.end]);
  const stillGone = losses.some((l) => l.back < 0);
  const longest = returns.length ? Math.max(...returns) : 0;
  const parts = [
    `The kubelet's device manager lost its stream to ${name} ${losses.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})` : `${count(losses.length, 'time')}, first at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`}: "${clip(ctx.text(first), 160)}".`,
    returns.length ? `It registered again ${returns.length === 1 ? `after ${duration(returns[0])}` : `${count(returns.length, 'time')}, after at most ${duration(longest)}`}.` : '',
    stillGone ? `No registration follows ${losses.length === 1 ? 'it' : 'the last one'} in this log: as far as it shows, the plugin is still gone.` : '',
    `${stillGone ? 'While the plugin is gone' : 'While it was gone'} the node advertises none of ${what}: pods that request ${resource ? 'it' : 'them'} are rejected at admission (UnexpectedAdmissionError) and the scheduler places none there for ${resource ? 'it' : 'them'}; running pods keep the devices they were given.`,
    doubled(ctx, g, registrations, b),
    losses.length >= FLAPPING_ENDS ? 'It keeps happening: the plugin\'s pod is restarting again and again (crashing, OOM-killed or evicted).' : '',
  ].filter(Boolean);
  const quiet = !stillGone && losses.length < FLAPPING_ENDS && longest <= QUICK_RETURN_US;
  return b.build({
    id: 'device-plugin-lost',
    title: `Device plugin ${stillGone ? 'gone' : 'lost and back'}${resource ? `: ${resource}` : ''}${losses.length > 1 ? ` (${losses.length}×)` : ''}`,
    severity: quiet ? 'info' : 'warning',
    explanation: parts.join(' '),
    next: 'Look at the plugin\'s pod on this node (its DaemonSet in kube-system or the GPU operator\'s namespace: kubectl get pods -o wide, its restarts and its log); a kubelet restart also ends every plugin\'s stream, and each must register again on /var/lib/kubelet/device-plugins/kubelet.sock; check `kubectl describe node` for the resource\'s allocatable count.',
  });
}

/** Two registrations of the resource close together before the first loss: say so (two plugins serving one resource). */
function doubled(ctx: FindingContext, g: PluginGroup, registrations: readonly number[], b: FindingBuilder): string {
  const ev = ctx.trace.events;
  const firstEndUs = ev.timeUs[g.losses[0].end];
  const before = registrations.filter((r) => ev.timeUs[r] <= firstEndUs);
  for (let k = 1; k < before.length; k++) {
    if (ev.timeUs[before[k]] - ev.timeUs[before[k - 1]] <= DOUBLE_REGISTRATION_US) {
      b.evidence(before[k - 1]).evidence(before[k]);
      return `The resource was registered twice within ${duration(ev.timeUs[before[k]] - ev.timeUs[before[k - 1]])} before it (${lineRef(ctx.trace, before[k - 1])} and ${lineRef(ctx.trace, before[k])}): a second registration replaces the first one's endpoint, so two plugins serving the same resource (say, a distribution's own and a DaemonSet's), or one that registers twice, take it from each other.`;
    }
  }
  return '';
}
