/**
 * Reads the pod status that status-manager lines print — a Go `%+v` dump (`{Phase:Running Conditions:[{Type:Ready
 * Status:False …}] … ContainerStatuses:[{Name:app … Ready:false RestartCount:1 … ContainerID:docker://…}]}`) or a
 * JSON merge patch (`{"status":{"conditions":[…],"containerStatuses":[…]}}`) — and condenses it to one short,
 * canonical line the model can read back cheaply:
 *
 *     phase=Running Ready=False ContainersReady=False | app id=8a61fda8d43e ready=false restarts=1 state=running
 *
 * Init containers' statuses (initContainerStatuses / InitContainerStatuses) come first, marked `init`.
 */

/**
 * A status summary (summarizeStatus's `phase=Failed | message=Pod was rejected: …`) of a pod the kubelet rejected at
 * admission: the rejection's why.
 */
export const REJECTED_STATUS = /message=Pod was rejected: ([^|]{1,300})/;

export interface ContainerStatusSummary {
  name: string;
  id: string;
  /** ID of the previous instance (last termination state), if printed. */
  lastId: string;
  ready: string;
  restarts: string;
  state: string;
  /** One of the pod's init containers (they take no part in its readiness). */
  init: boolean;
}

export interface StatusSummary {
  phase: string;
  conditions: [string, string][];
  containers: ContainerStatusSummary[];
  message: string;
}

const LIMIT = 64 * 1024;

export function summarizeStatus(raw: string): StatusSummary | undefined {
  const t = raw.length > LIMIT ? raw.slice(0, LIMIT) : raw;
  const brace = t.indexOf('{');
  if (brace < 0) return undefined;
  if (t.charCodeAt(brace + 1) === 34 /* {" */) return fromJson(t.slice(brace));
  return fromGoDump(t);
}

function fromJson(t: string): StatusSummary | undefined {
  let o: unknown;
  try { o = JSON.parse(t); } catch { return undefined; }
  if (!o || typeof o !== 'object') return undefined;
  const root = o as Record<string, unknown>;
  const st = (root.status ?? root) as Record<string, unknown>;
  const out: StatusSummary = { phase: typeof st.phase === 'string' ? st.phase : '', conditions: [], containers: [], message: typeof st.message === 'string' ? st.message : '' };
  if (Array.isArray(st.conditions)) {
    for (const c of st.conditions as Record<string, unknown>[]) {
      if (c && typeof c.type === 'string') out.conditions.push([c.type, typeof c.status === 'string' ? c.status : '?']);
    }
  }
  for (const [list, init] of [[st.initContainerStatuses, true], [st.containerStatuses, false]] as const) {
    if (!Array.isArray(list)) continue;
    for (const c of list as Record<string, unknown>[]) {
      if (!c || typeof c !== 'object') continue;
      const state = c.state && typeof c.state === 'object' ? Object.keys(c.state as object)[0] ?? '' : '';
      const last = c.lastState as { terminated?: { containerID?: unknown } } | undefined;
      out.containers.push({
        name: typeof c.name === 'string' ? c.name : '',
        id: typeof c.containerID === 'string' ? stripScheme(c.containerID) : '',
        lastId: typeof last?.terminated?.containerID === 'string' ? stripScheme(last.terminated.containerID) : '',
        ready: c.ready === undefined ? '' : String(c.ready),
        restarts: c.restartCount === undefined ? '' : String(c.restartCount),
        state,
        init,
      });
    }
  }
  return out;
}

/** Value after `key` up to the next space, comma or closing brace (bounded scan). */
function valueAfter(t: string, at: number): string {
  let e = at;
  const n = Math.min(t.length, at + 300);
  while (e < n) {
    const c = t.charCodeAt(e);
    if (c === 32 || c === 44 || c === 125 || c === 93) break;
    e++;
  }
  return t.slice(at, e);
}

function fromGoDump(t: string): StatusSummary | undefined {
  const out: StatusSummary = { phase: '', conditions: [], containers: [], message: '' };
  const ph = t.indexOf('Phase:');
  if (ph >= 0) out.phase = valueAfter(t, ph + 6);
  // Conditions: `{Type:Ready Status:False …}` or the short 1.7 form `{Ready False 0001-…}`.
  const condStart = t.indexOf('Conditions:[');
  const initStart = t.indexOf('InitContainerStatuses:[');
  const csStart = t.indexOf(' ContainerStatuses:[');
  const firstStatuses = initStart >= 0 ? initStart : csStart;
  if (condStart >= 0) {
    const end = firstStatuses > condStart ? firstStatuses : t.length;
    for (let p = t.indexOf('{Type:', condStart); p >= 0 && p < end; p = t.indexOf('{Type:', p + 6)) {
      const type = valueAfter(t, p + 6);
      const s = t.indexOf('Status:', p);
      out.conditions.push([type, s > 0 && s < p + 200 ? valueAfter(t, s + 7) : '?']);
    }
  }
  // Each condition has a Message field too; the pod's own follows the closing bracket of the conditions.
  const msgKey = condStart >= 0 ? t.indexOf('] Message:', condStart) : t.indexOf(' Message:');
  const msg = msgKey >= 0 && condStart >= 0 ? msgKey + 1 : msgKey;
  if (msg >= 0) {
    const reason = t.indexOf(' Reason:', msg);
    if (reason > msg && reason - msg < 400) out.message = t.slice(msg + 9, reason).trim();
  }
  if (firstStatuses >= 0) {
    for (let p = t.indexOf('{Name:', firstStatuses); p >= 0; p = t.indexOf('{Name:', p + 6)) {
      const name = valueAfter(t, p + 6);
      const next = t.indexOf('{Name:', p + 6);
      const seg = t.slice(p, next < 0 ? Math.min(t.length, p + 4000) : next);
      const ready = seg.indexOf('Ready:');
      const rc = seg.indexOf('RestartCount:');
      const id = seg.lastIndexOf('ContainerID:');
      const running = seg.indexOf('Running:&');
      const terminated = seg.indexOf('Terminated:&');
      const waiting = seg.indexOf('Waiting:&');
      const lastState = seg.indexOf('LastTerminationState:');
      const inState = (i: number) => i >= 0 && (lastState < 0 || i < lastState);
      const lastIdAt = lastState >= 0 ? seg.indexOf('ContainerID:', lastState) : -1;
      out.containers.push({
        name,
        id: id >= 0 ? stripScheme(valueAfter(seg, id + 12)) : '',
        lastId: lastIdAt >= 0 && lastIdAt !== id ? stripScheme(valueAfter(seg, lastIdAt + 12)) : '',
        ready: ready >= 0 ? valueAfter(seg, ready + 6) : '',
        restarts: rc >= 0 ? valueAfter(seg, rc + 13) : '',
        state: inState(running) ? 'running' : inState(terminated) ? 'terminated' : inState(waiting) ? 'waiting' : '',
        init: initStart >= 0 && (csStart < 0 || p < csStart),
      });
    }
  }
  if (!out.phase && out.conditions.length === 0 && out.containers.length === 0) return undefined;
  return out;
}

function stripScheme(id: string): string {
  const i = id.indexOf('://');
  return i >= 0 ? id.slice(i + 3) : id;
}

/** The canonical one-line form stored as the event's text. */
export function formatStatusSummary(s: StatusSummary): string {
  const head = [s.phase ? `phase=${s.phase}` : '', ...s.conditions.map(([k, v]) => `${k}=${v}`)].filter(Boolean).join(' ');
  const cs = s.containers.map((c) =>
    [c.name, c.init ? 'init' : '', c.id ? `id=${c.id}` : '', c.ready ? `ready=${c.ready}` : '', c.restarts ? `restarts=${c.restarts}` : '', c.state ? `state=${c.state}` : '']
      .filter(Boolean).join(' '));
  const msg = s.message ? ` | message=${s.message.replace(/\|/g, '/')}` : '';
  return [head, ...cs].join(' | ') + msg;
}

export function parseStatusSummaryLine(line: string): StatusSummary {
  const out: StatusSummary = { phase: '', conditions: [], containers: [], message: '' };
  const parts = line.split(' | ');
  parts.forEach((part, i) => {
    if (part.startsWith('message=')) { out.message = part.slice(8); return; }
    const words = part.split(' ').filter(Boolean);
    if (i === 0 && (words.length === 0 || words[0].includes('='))) {
      for (const w of words) {
        const eq = w.indexOf('=');
        if (w.startsWith('phase=')) out.phase = w.slice(6);
        else if (eq > 0) out.conditions.push([w.slice(0, eq), w.slice(eq + 1)]);
      }
      return;
    }
    const c: ContainerStatusSummary = { name: words[0] ?? '', id: '', lastId: '', ready: '', restarts: '', state: '', init: false };
    for (const w of words.slice(1)) {
      if (w === 'init') { c.init = true; continue; }
      const [k, v] = [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)];
      if (k === 'id') c.id = v; else if (k === 'ready') c.ready = v; else if (k === 'restarts') c.restarts = v; else if (k === 'state') c.state = v;
    }
    out.containers.push(c);
  });
  return out;
}
