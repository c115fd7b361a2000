/**
 * The narrative card for a step: the scenario's teaching text when the step reached an annotation, otherwise what
 * the goroutine is, what it just did and where it now waits — so every step can be read without the source.
 */
import type { AnnotationRule } from './scenarios/types.ts';

const ROLES: [string, string][] = [
  ['sync-loop', 'The main sync loop (kubelet.go syncLoopIteration): one select over config updates, PLEG events, the 1 s sync ticker, the 2 s housekeeping ticker and probe results; each is handed to the pod workers. Housekeeping runs here too.'],
  ['pleg', 'PLEG relist (pleg/generic.go): every second list the runtime, diff container and sandbox states, refresh the pod cache for pods that changed, send lifecycle events to the sync loop.'],
  ['status-manager', 'The status manager goroutine (status/status_manager.go): PATCHes changed pod statuses to the API server, every 10 s as a batch, and issues the final delete of terminated pods.'],
  ['runtime-health', 'updateRuntimeUp (kubelet.go), every 5 s: CRI Status, the one-time initializer, then the base runtime sync time that the sync loop and node readiness check against a 30 s threshold.'],
  ['node-status', 'The node status loop (kubelet_node_status.go), every 10 s: computes the Ready condition from the runtime errors and patches the Node.'],
  ['gc', 'Container garbage collection, every minute: removes dead containers and inactive sandboxes of pods whose content may be removed.'],
  ['config-source', 'The API-server config source: watches pods bound to this node and turns changes into ADD / UPDATE / DELETE / REMOVE / RECONCILE for the sync loop.'],
  ['pod-worker', 'A pod worker goroutine (pod_workers.go): serialises every sync of one pod — SyncPod, SyncTerminatingPod, SyncTerminatedPod (1.22+), or the single syncPod (≤1.21).'],
  ['probe ', 'A readiness probe worker (prober/worker.go): probes one container every period and publishes result changes.'],
  ['probe-results', 'The prober\'s updateReadiness goroutine (≤1.20): hands readiness results to the status manager.'],
  ['pod-killer', 'The podKiller goroutine (≤1.21): kills pods that are running but no longer wanted.'],
  ['container-deletor', 'The pod container deletor: removes dead containers after PLEG reports a container died.'],
];

export interface NarrativeCard {
  title: string;
  text: string;
  goroutine: string;
  /** The log lines the step printed (at the chosen verbosity). */
  lookAt: string[];
}

export function roleOf(goroutine: string): string {
  return ROLES.find(([prefix]) => goroutine.startsWith(prefix))?.[1] ?? 'A goroutine of the simulated node.';
}

export function cardFor(step: { goroutine: string; resumed: string; next: string } | undefined, lines: string[], rule: AnnotationRule | undefined): NarrativeCard {
  if (!step) return { title: 'Before the first step', text: 'Nothing has run yet. Step to start the kubelet.', goroutine: '', lookAt: [] };
  if (rule) return { title: rule.title, text: rule.text, goroutine: step.goroutine, lookAt: lines };
  const did = step.next === 'exit' ? 'and returned' : `until it ${describe(step.next)}`;
  return {
    title: `${step.goroutine}`,
    text: `${roleOf(step.goroutine)} It resumed (${step.resumed}) and ran ${did}.`,
    goroutine: step.goroutine,
    lookAt: lines,
  };
}

function describe(op: string): string {
  return op.startsWith('wait') || op.startsWith('select') || op.startsWith('recv') || op.startsWith('take') || op.startsWith('send')
    ? `had to ${op}` : `reached: ${op}`;
}
