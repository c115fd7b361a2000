/**
 * One kubelet log message, as data: how to recognise it (structured message text, JSON `msg`, printf template),
 * which goroutine lane it belongs to, what it means, and which of its fields the model reads.
 */
import type { LaneKind } from '../model/trace.ts';

export interface CatalogEntry {
  /** Reference id (M01…M115 from kubelet-reference.md §4, S… for messages found in the seeds, X… for others). */
  id: string;
  /** Event kind the model reacts to (see model/machines.ts). Dotted: `<area>.<what>`. */
  kind: string;
  /** Goroutine lane the line is printed from. */
  lane: LaneKind;
  /** Exact message strings of the structured (1.21+) and JSON eras. */
  msg?: readonly string[];
  /**
   * Go printf templates of the printf era, with named placeholders: `%q{pod}`, `%s{containerName}`, `%v{event}`,
   * `%d{gracePeriod}`. Unnamed placeholders match but are not kept. See template.ts.
   */
  printf?: readonly string[];
  /** Versions where the message occurs, as written in the reference: `all`, `≤1.20`, `1.21+`, `1.22–1.26`. */
  versions: string;
  /** klog verbosity the line is logged at (0 for unconditional I/W/E lines). */
  v?: number;
  /** One plain sentence a user can read. */
  explain: string;
  /** Field whose numeric value goes in the event's `num` column. */
  num?: string;
  /** Fields (first present wins) whose text goes in the event's `text` column; `msg` is the message text itself. */
  text?: readonly string[];
  /**
   * The event's text (see `text`) is the name of the node this kubelet runs on — its own Node object. A log that
   * names its node nowhere else (a plain klog file: no journald host, no glog header) takes the name from it.
   */
  namesOwnNode?: boolean;
  /**
   * What the line tells about the kind of container it names: `'init'` — only init containers print it;
   * `'containerType'` — the text column holds the kubelet's type name ("init container", "container",
   * "ephemeral container"). The model marks the pod's container of that name (ContainerInstance.role).
   */
  containerRole?: 'init' | 'containerType';
  /** Struct-valued fields whose members become `field.Member` fields (e.g. `event` → `event.Type`). */
  struct?: readonly string[];
  /**
   * Replaces `kind` according to a field's value (e.g. PLEG event type, work type); `then`: a second field whose
   * value's beginning narrows it further (an event's reason shared by two things, told apart by its message).
   */
  refine?: {
    field: string; map: Readonly<Record<string, string>>; prefixes?: Readonly<Record<string, string>>;
    then?: { field: string; prefixes: Readonly<Record<string, string>> };
  };
  /** The pod is written `name/namespace` (1.12 PLEG) instead of `namespace/name`. */
  podNameFirst?: boolean;
  /** The `pod` field holds only a name, no namespace (1.12 podKiller, seed 000 custom lines). */
  podNameOnly?: boolean;
  /** The name the line gives is not the pod's (a static manifest's own name, before the node's is appended): only its UID is taken. */
  podUidOnly?: boolean;
  /** Field holding a pod status dump or patch; it is condensed into the event text (catalog/status-summary.ts). */
  statusField?: string;
  /**
   * A field whose value is itself printf-formatted text (an error built with fmt.Errorf, or, with `field: 'msg'`,
   * a structured message that embeds its values): the first template that matches it adds its named placeholders
   * as fields, after the record's own. E.g. `err="back-off 40s restarting failed container=app pod=web-0_ns(uid)"`.
   */
  inner?: InnerSpec | readonly InnerSpec[];
  /**
   * Error text that the kubelet never logs on its own line but carries inside the named entries' fields (e.g.
   * `PLEG is not healthy: …` inside "Skipping pod synchronization"). Kept so the reference is complete and the
   * text is explained; its template still matches if some tool prints it alone.
   */
  embeddedIn?: readonly string[];
  /**
   * The line reports a failed call to the container runtime (CRI). `role: 'call'`: the runtime client's own line
   * (remote_runtime.go, remote_image.go), printed once per failed call; `'caller'`: code that got the error back
   * logging it again (kuberuntime_*.go, PLEG, housekeeping, runtime health). `calls` names the CRI call(s) whose
   * failure it reports; a caller of GetPods, which lists sandboxes and then containers, may report either.
   */
  cri?: { role: 'call' | 'caller'; calls: readonly string[] };
  /**
   * Other Kubernetes programs print this message too (client-go's event recorder, the version banner): a line of it
   * is no evidence that its program is the kubelet (ingest/journal-programs.ts).
   */
  alsoPrintedBy?: string;
  /**
   * Only other programs print it (kubectl's discovery errors pasted among the kubelet's lines): its process is not
   * the kubelet, so its pid says nothing of the kubelet's restarts. Such an entry also has alsoPrintedBy.
   */
  notKubelet?: boolean;
  /**
   * Printed only without a klog header — a command's last words on stderr ("Error: …", "error: …"): a klog record
   * whose message says the same words (any file's `error: …`) is another message.
   */
  headerless?: boolean;
  /**
   * An error-level line of this message that carries no error (its text field empty) is no error: a debugging line
   * some release logged at the wrong level (1.22's "PLEG: Write status"). The model reads it as information.
   */
  errorOnlyWithText?: boolean;
}

/** A value read as printf text (CatalogEntry.inner). */
export interface InnerSpec {
  field: string;
  printf: readonly string[];
}

/** An entry's inner specs as a list (an entry may read several values, in order: the first read wins a field). */
export function innerSpecs(e: CatalogEntry): readonly InnerSpec[] {
  const i = e.inner;
  return i === undefined ? [] : 'field' in i ? [i] : i;
}
