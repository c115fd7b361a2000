/**
 * Small hand-written scanners for the details detectors read out of message texts (durations, back-off values,
 * `failed to "X" for "Y" with Z` sync errors, hash pairs, volume lists, image names). Each is a bounded, linear
 * scan with indexOf; no regular expressions.
 */
import { parseGoDurationUs } from '../util/time.ts';

/** Longest token these scanners read (names, durations); anything longer is cut. */
const MAX_TOKEN = 256;

const isDurationChar = (c: number) => (c >= 48 && c <= 57) || c === 46 || c === 104 || c === 109 || c === 115 || c === 117 || c === 110 || c === 181;

/** The Go duration right after `marker` (e.g. "last seen active " → "3m2.1s"), in µs; NaN if absent. */
export function durationAfter(text: string, marker: string, from = 0): number {
  const at = text.indexOf(marker, from);
  if (at < 0) return NaN;
  return durationAt(text, at + marker.length);
}

/** The Go duration starting at position `at`, in µs; NaN if there is none. */
export function durationAt(text: string, at: number): number {
  let end = at;
  const limit = Math.min(text.length, at + 40);
  while (end < limit && isDurationChar(text.charCodeAt(end))) end++;
  return end > at ? parseGoDurationUs(text.slice(at, end)) : NaN;
}

/** Characters up to the first stop character (space by default), starting at `at`, at most MAX_TOKEN long. */
export function tokenAt(text: string, at: number, stops = ' '): string {
  let end = at;
  const limit = Math.min(text.length, at + MAX_TOKEN);
  while (end < limit && !stops.includes(text[end])) end++;
  return text.slice(at, end);
}

export interface BackOff {
  /** The back-off delay the kubelet is waiting, in µs. */
  delayUs: number;
  /** As printed: "40s", "5m0s". */
  label: string;
  /** `container=` value, '' if absent. */
  container: string;
}

/** Reads "back-off 40s restarting failed container=app pod=…" (either capitalisation of "Back-off"). */
export function backOffIn(text: string): BackOff | undefined {
  let at = text.indexOf('ack-off ');
  while (at > 0) {
    const b = text.charCodeAt(at - 1);
    // "B" or "b" starting a word ("feedback-off" is not a back-off).
    if ((b === 66 || b === 98) && (at === 1 || !isLetter(text.charCodeAt(at - 2)))) break;
    at = text.indexOf('ack-off ', at + 1);
  }
  if (at <= 0) return undefined;
  const start = at + 'ack-off '.length;
  const label = tokenAt(text, start);
  const delayUs = parseGoDurationUs(label);
  if (Number.isNaN(delayUs)) return undefined;
  const c = text.indexOf('container=', start);
  const container = c >= 0 && c - start < 200 ? tokenAt(text, c + 'container='.length, ' "\\') : '';
  return { delayUs, label, container };
}

export interface FailedAction {
  /** StartContainer, KillContainer, CreatePodSandbox, KillPodSandbox… */
  action: string;
  /** The container name or pod the action was for. */
  target: string;
  /** CrashLoopBackOff, ErrImagePull, ImagePullBackOff, CreatePodSandboxError, KillContainerError… */
  reason: string;
  /** The text after "with <reason>: ", up to the next failure (cut to 400 characters). */
  detail: string;
}

/** Every `failed to "Action" for "target" with Reason: detail` in a pod sync error (aggregates list several). */
export function failedActions(text: string, max = 20): FailedAction[] {
  const out: FailedAction[] = [];
  // (A paste that broke the line may leave a line break for a space, or drop the space: `failed to \n"X" for"Y"`.)
  let at = nextAction(text, 0);
  while (at >= 0 && out.length < max) {
    const a0 = actionNameStart(text, at);
    const a1 = indexWithin(text, '"', a0, MAX_TOKEN);
    const f = a1 < 0 ? -1 : skipSpaces(text, a1 + 1);
    const t0 = f >= 0 && text.startsWith('for', f) ? skipSpaces(text, f + 3) + 1 : -1;
    if (t0 <= 0 || text.charCodeAt(t0 - 1) !== 34) { at = nextAction(text, a0); continue; }
    const t1 = indexWithin(text, '" with ', t0, MAX_TOKEN);
    if (t1 < 0) { at = nextAction(text, t0); continue; }
    const r0 = t1 + '" with '.length;
    const reason = tokenAt(text, r0, ': ');
    const next = nextAction(text, r0);
    const detailStart = r0 + reason.length + 2;
    const detailEnd = Math.min(next < 0 ? text.length : next, detailStart + 400);
    out.push({ action: text.slice(a0, a1), target: text.slice(t0, t1), reason, detail: detailStart < detailEnd ? unquoteDetail(text.slice(detailStart, detailEnd)) : '' });
    at = next;
  }
  return out;
}

/** Where the next `failed to "…"` from `from` starts (spaces or a line break before its quote), or -1. */
function nextAction(text: string, from: number): number {
  for (let at = text.indexOf('failed to', from); at >= 0; at = text.indexOf('failed to', at + 9)) {
    if (text.charCodeAt(skipSpaces(text, at + 9)) === 34) return at;
  }
  return -1;
}

/** Where the action's name starts in the `failed to "…"` at `at` (after its quote). */
function actionNameStart(text: string, at: number): number {
  return skipSpaces(text, at + 9) + 1;
}

/** The first index from `p` that is no space or line break (at most two skipped). */
function skipSpaces(text: string, p: number): number {
  for (let n = 0; n < 2 && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 10); n++) p++;
  return p;
}

/**
 * A failed action's message as the kubelet prints it is Go-quoted (`"rpc error: … \"image\" …"`), followed in a
 * list by `, ` or `]`: the text inside, unescaped. Anything else is returned trimmed.
 */
export function unquoteDetail(detail: string): string {
  let t = detail.trim();
  while (t.endsWith(',') || t.endsWith(']')) t = t.slice(0, -1).trimEnd();
  if (t.length < 2 || t[0] !== '"') return t;
  // A detail cut before its closing quote (the event text is bounded) is unquoted as far as it goes.
  const inner = t.endsWith('"') ? t.slice(1, -1) : t.endsWith('…') ? t.slice(1) : undefined;
  return inner === undefined ? t : inner.replace(/\\(["\\])/g, '$1');
}

/** indexOf limited to `within` characters after `from` (keeps repeated searches over hostile text linear). */
function indexWithin(text: string, needle: string, from: number, within: number): number {
  const at = text.slice(from, from + within + needle.length).indexOf(needle);
  return at < 0 ? -1 : from + at;
}

/** "(1559107639 vs 1428860573)" → the two hashes as printed; undefined if absent. */
export function hashPair(text: string): [string, string] | undefined {
  const vs = text.indexOf(' vs ');
  if (vs < 0) return undefined;
  let a = vs;
  while (a > 0 && isDigit(text.charCodeAt(a - 1))) a--;
  let b = vs + 4;
  while (b < text.length && isDigit(text.charCodeAt(b))) b++;
  if (a === vs || b === vs + 4) return undefined;
  return [text.slice(a, vs), text.slice(vs + 4, b)];
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** "unmounted volumes=[a b]" → ['a', 'b'] for marker "unmounted volumes=[". */
export function bracketList(text: string, marker: string): string[] {
  const at = text.indexOf(marker);
  if (at < 0) return [];
  const start = at + marker.length;
  const end = text.indexOf(']', start);
  if (end < 0 || end - start > 2000) return [];
  return text.slice(start, end).split(' ').filter(Boolean);
}

/** The image named in a pull error: `pulling image "x"`, `image \"x\"`, `image="x"`, the image service's `PullImage "x"`. */
export function imageIn(text: string): string {
  for (const marker of ['image \\"', 'image "', 'image="', 'image \\\\\\"', 'PullImage "']) {
    const at = text.indexOf(marker);
    if (at >= 0) return tokenAt(text, at + marker.length, '"\\ ');
  }
  return '';
}

export type ErrorClass = 'deadline exceeded' | 'connection refused' | 'connection closed' | 'EOF' | 'unavailable' | 'not found' | 'other';

/** The class says the runtime's socket did not answer: the runtime was down, or restarting. */
export function isSocketDown(cls: ErrorClass): boolean {
  return cls === 'connection refused' || cls === 'connection closed' || cls === 'EOF' || cls === 'unavailable';
}

/** What kind of failure an RPC error text describes (the same classes the kubelet's callers care about). */
export function errorClass(text: string): ErrorClass {
  const t = text.length > 2000 ? text.slice(0, 2000) : text;
  if (t.includes('DeadlineExceeded') || t.includes('deadline exceeded')) return 'deadline exceeded';
  // The Docker client's words when the daemon's socket refuses or is missing: the runtime is not running.
  if (t.includes('Cannot connect to the Docker daemon') || t.includes('Is the docker daemon running') || t.includes('cannot connect to Docker endpoint')) return 'connection refused';
  const refused = t.indexOf('connection refused');
  // (A TCP address refusing is something the runtime or a plugin dialled — a registry, a webhook — and the runtime
  // answered with that error: the kubelet reaches its runtime over a unix socket or a Windows named pipe.)
  if (refused >= 0 && !refusedOverTcp(t, refused)) return 'connection refused';
  if (t.includes('connection closed') || t.includes('transport is closing') || t.includes('connection reset by peer')) return 'connection closed';
  if (t.includes('EOF')) return 'EOF';
  if (t.includes('code = Unavailable')) return 'unavailable';
  if (t.includes('code = NotFound') || t.includes('not found')) return 'not found';
  return 'other';
}

/** The refusal at `at` ends a `dial tcp <host:port>` (the error's clause just before it names no unix socket). */
function refusedOverTcp(t: string, at: number): boolean {
  const before = t.slice(Math.max(0, at - 120), at);
  const tcp = before.lastIndexOf('dial tcp');
  return tcp >= 0 && before.indexOf('dial unix', tcp) < 0;
}

/**
 * The API server's answer that a Node does not exist — "node \"x\" not found", "nodes \"x\" not found" (the quotes
 * escaped or not, single as older releases wrote them, or lost) — with the name kept: the API server was reached, the
 * node is not registered.
 */
export const NODE_NOT_FOUND = /(?:nodes?|minions?) (?:\\?"|')?([a-z0-9][-a-z0-9.]{0,252})?(?:\\?"|')? not found/;

/** The API server's optimistic-concurrency answer (HTTP 409): the object changed since it was read. */
export function isWriteConflict(text: string): boolean {
  return text.includes('the object has been modified') || text.includes('Operation cannot be fulfilled on');
}

/**
 * runc refusing a cgroup path of the other driver's form: the runtime uses systemd's cgroups and the kubelet gave it a
 * cgroupfs path (`expected cgroupsPath to be of format "slice:prefix:name" for systemd cgroups, got "/kubepods/…"`), or
 * the other way round (`cgroupsPath … should be an absolute path` / "invalid slice name"); Docker's own words for a
 * cgroupfs parent under its systemd driver (`cgroup-parent for systemd cgroup should be a valid slice`).
 */
export function isCgroupDriverMismatch(text: string): boolean {
  return text.includes('for systemd cgroups, got') || text.includes('cgroup-parent for systemd cgroup should be a valid slice')
    || /cgroups? ?path.{0,40}(should be an absolute path|invalid slice name)/i.test(text.slice(0, 2000));
}

/** The sentence and the step for a cgroup driver mismatch (isCgroupDriverMismatch). */
export const CGROUP_DRIVER_MISMATCH = {
  why: 'The kubelet and the runtime use different cgroup drivers: the runtime (runc) expects systemd\'s cgroups ("slice:prefix:name") and the kubelet hands it cgroupfs paths (or the other way round), so no sandbox or container can be created — static pods included, so on a control-plane node the API server never starts and the node never registers.',
  next: 'Make the two agree: cgroupDriver in the kubelet\'s configuration (/var/lib/kubelet/config.yaml) and SystemdCgroup in containerd\'s runc options (or CRI-O\'s cgroup_manager, Docker\'s exec-opts native.cgroupdriver); systemd on a systemd host. Restart both.',
};

/**
 * The error comes from the pod network plugin (CNI): setting up or tearing down a sandbox's network failed
 * (`NetworkPlugin cni failed to teardown pod`, `plugin type="calico" failed (delete)`, `failed to destroy network`).
 */
export function isNetworkPluginError(text: string): boolean {
  const t = (text.length > 2000 ? text.slice(0, 2000) : text).toLowerCase();
  return t.includes('cni') || t.includes('networkplugin') || t.includes('network plugin') || t.includes('teardown pod')
    || t.includes('destroy network') || t.includes('plugin type=');
}

/**
 * A network teardown that failed because what it was to remove is already gone: the sandbox's network namespace (its
 * process exited: `failed to Statfs "/proc/115577/ns/net": no such file or directory`, an empty netns path) or the
 * plugin's own record of the endpoint (Calico's `WorkloadEndpoint … not found`). Nothing is left to release; the
 * plugin fails where a CNI DEL should succeed.
 */
export function isNetworkAlreadyGone(text: string): boolean {
  return NETWORK_GONE.test(text.length > 2000 ? text.slice(0, 2000) : text);
}
const NETWORK_GONE = /failed to Statfs \\?"[^"\\]{0,200}\\?": no such file or directory|failed to open netns|WorkloadEndpoint[^\n]{0,300}? not found/;

/**
 * A network plugin that is a client of its own daemon on the node (Cilium's agent, Multus' thick daemon, Calico's
 * node agent) and could not reach it: its socket refused or missing, or the plugin's own words for it.
 */
export function isNetworkAgentDown(text: string): boolean {
  return NETWORK_AGENT_DOWN.test(text.length > 3000 ? text.slice(0, 3000) : text);
}
/** What that means, in one sentence (runtime-call-errors, pod-kill-failed). */
export const NETWORK_AGENT_DOWN_SENTENCE = 'The plugin could not reach its own daemon on this node (its socket refused or missing): the network agent\'s pod here (cilium-agent, Multus\' daemon, calico-node) is not running or not ready — or was removed while its CNI config stayed in /etc/cni/net.d — so no sandbox\'s network can be set up or torn down until it is back.';
/** A deadline in the network plugin's error: the plugin's own wait ran out, not the kubelet's on the runtime. */
/**
 * dockershim's own sandbox checkpoint (/var/lib/dockershim/sandbox/<id>), read for the port mappings it hands the
 * network plugin at teardown, not valid: the failure is before the plugin runs (kubernetes/kubernetes#72257).
 */
export function isDockershimCheckpointCorrupt(error: string): boolean {
  return /could not retrieve port mappings: checkpoint is corrupted/i.test(error);
}

export const DOCKERSHIM_CHECKPOINT_SENTENCE = 'The failure is dockershim\'s own, before any network plugin runs: to tear a sandbox\'s network down it reads the sandbox\'s checkpoint (/var/lib/dockershim/sandbox/<sandbox id>) for the port mappings to hand the plugin, and that file is not valid — a write cut short by a crash, a power loss or a full disk. The plugin and its configuration are not at fault; the teardown fails the same way while the file stays.';

/** `failed to find plugin "flannel" in path [/opt/cni/bin]`: the network config names a binary the node does not have. */
const MISSING_PLUGIN = /failed to find plugin \\?"([\w.-]{1,60})\\?" in path \[([^\]\n]{0,200})\]/;

/** The plugin's own requests to the API server refused (Calico's CNI plugin reads its datastore through it). */
const PLUGIN_UNAUTHORIZED = /connection is unauthorized|plugin type=\\?"[\w.-]{1,40}\\?" failed \([a-z]{1,10}\): [^\n]{0,400}\bUnauthorized\b/;

/**
 * What a network plugin's error says beyond "the plugin failed", in sentences ([] when nothing more): its binary not
 * installed, its own credentials refused by the API server.
 */
export function networkErrorSentences(error: string): string[] {
  const out: string[] = [];
  const m = MISSING_PLUGIN.exec(error);
  if (m) out.push(`The network configuration names the plugin "${m[1]}", and its binary is in none of the directories searched ([${m[2]}]): it is not installed on this node — never, or removed with its add-on while its config stayed in /etc/cni/net.d — so every sandbox's network setup and teardown fails the same way until it is back.`);
  if (PLUGIN_UNAUTHORIZED.test(error)) out.push('The plugin\'s own requests to the API server are refused (Unauthorized): the credentials it is configured with — Calico\'s plugin uses the token in /etc/cni/net.d/calico-kubeconfig, which calico-node writes — are no longer accepted (a token expired, or signed with a key the API server no longer has after its certificates or service-account keys were renewed: projectcalico/calico#7846), so it cannot tear down or set up any pod\'s network.');
  return out;
}

export const NETWORK_PLUGIN_TIMEOUT_SENTENCE = 'The deadline that ran out is inside the plugin: it did not finish in time because what it waits on did not answer — its datastore (Calico\'s etcd or the API server), its node agent, an IPAM service — so the runtime returned the plugin\'s timeout; the runtime itself was not hung.';
const NETWORK_AGENT_DOWN = /Is the agent running\?|unable to connect to Cilium daemon|dial unix [^\s:]{1,200}\.sock: connect: (?:connection refused|no such file or directory)/;

const UNKNOWN_RPC = 'rpc error: code = Unknown desc = ';
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 102);

/**
 * A runtime error as a reader needs it quoted: without gRPC's `rpc error: code = Unknown desc = ` (a code that says
 * nothing), and with each 64-hex sandbox or container ID shortened to its first 12 characters, so a Go error chain's
 * innermost cause (`failed to find plugin "loopback" in path …`) fits in a quote; the blanks a wrapped paste left at
 * its end are dropped. Linear; no regular expressions.
 */
export function runtimeErrorText(text: string): string {
  let t = (text.length > 4000 ? text.slice(0, 4000) : text).trimEnd();
  if (t.includes(UNKNOWN_RPC)) t = t.split(UNKNOWN_RPC).join('');
  let out = '';
  let from = 0;
  let run = 0;
  for (let i = 0; i <= t.length; i++) {
    if (i < t.length && isHex(t.charCodeAt(i))) { run++; continue; }
    if (run === 64) {
      out += t.slice(from, i - 52) + '…';
      from = i;
    }
    run = 0;
  }
  return out + t.slice(from);
}

/** A record's lines (a message printed over several) as one line, for quoting in a sentence. */
function oneLine(text: string): string {
  return text.includes('\n') ? text.split('\n').map((line) => line.trim()).join(' ') : text;
}

/** Text cut to `max` characters with an ellipsis, for quoting in explanations (on one line). */
export function clip(text: string, max = 160): string {
  text = oneLine(text);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * `text` shortened to about `max` characters in the middle: its start (what failed) and its end (an error chain's
 * innermost cause, where a Go error says why) are both kept.
 */
export function clipMiddle(text: string, max = 200): string {
  text = oneLine(text);
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.4);
  return `${text.slice(0, head)} … ${text.slice(text.length - (max - head))}`;
}
