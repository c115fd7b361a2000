/**
 * Which of a pod's containers are init containers, sidecars or ephemeral containers. Some lines say so (the
 * catalog's containerRole: "Creating init container", "Completed init container", containerType="init container"…),
 * and so do the status manager's lines, which list the init containers' statuses apart (status-events.ts);
 * a role belongs to the container's name in the pod spec, so every instance of that name takes it, and so does its
 * lane's title. A sidecar (1.28+, restartPolicy Always) is an init container still running when another container
 * of the pod starts: no line calls it one.
 */
import { CONTAINER_ROLE, ROLE_FROM_TEXT, ROLE_INIT } from '../../catalog/catalog.ts';
import type { ContainerRole } from '../trace.ts';
import type { ContainerInstances } from './container-instances.ts';
import type { ReconstructContext } from './context.ts';

/** containerType values (kuberuntime's typeName) → role; "container" is an app container. A Map: the value is log text. */
const ROLE_OF_TYPE: ReadonlyMap<string, ContainerRole | 'app'> = new Map([
  ['init container', 'init'], ['ephemeral container', 'ephemeral'], ['container', 'app'],
]);

export class ContainerRoles {
  /** Per pod, container name → what the lines said (the first word wins: names are unique in a pod spec). */
  private readonly byPod = new Map<number, Map<string, ContainerRole | 'app'>>();

  /**
   * Container lanes of init and sidecar containers → when their first instance began: they are drawn above the
   * pod's app containers, in the order they ran (orderLanes).
   */
  readonly initLaneBeginUs = new Map<number, number>();

  constructor(private readonly ctx: ReconstructContext) {}

  /** True if event i's catalog entry tells the role of the container it names. */
  static tells(entry: number): boolean {
    return CONTAINER_ROLE[entry] !== 0;
  }

  /** Event i (of `pod`), whose entry tells a role (tells()). */
  note(i: number, pod: number): void {
    const { events, strings } = this.ctx;
    const nameId = events.cname[i];
    if (!nameId) return;
    const how = CONTAINER_ROLE[events.msg[i]];
    const role = how === ROLE_INIT ? 'init' : how === ROLE_FROM_TEXT ? ROLE_OF_TYPE.get(strings.get(events.text[i])) : undefined;
    if (role) this.set(pod, strings.get(nameId), role);
  }

  /** A status line lists `name` among the pod's init containers (its initContainerStatuses). */
  noteInit(pod: number, name: string): void {
    this.set(pod, name, 'init');
  }

  private set(pod: number, name: string, role: ContainerRole | 'app'): void {
    let names = this.byPod.get(pod);
    if (!names) this.byPod.set(pod, (names = new Map()));
    if (!names.has(name)) names.set(name, role);
  }

  /** Once every event is applied: each instance and container lane of a named init or ephemeral container. */
  finish(instances: ContainerInstances): void {
    const { pods, lanes } = this.ctx;
    const list = instances.list;
    for (const [pod, names] of this.byPod) {
      const own = pods[pod].containers.filter((ci) => !list[ci].sandbox);
      const sidecars = sidecarNames(own.map((ci) => list[ci]), names);
      for (const ci of own) {
        const c = list[ci];
        const said = names.get(c.name);
        const role = sidecars.has(c.name) ? 'sidecar' : said === 'app' ? undefined : said;
        if (!role) continue;
        c.role = role;
        const lane = lanes.lanes[c.lane];
        if (lane.kind !== 'container') continue;
        lane.title = `${ROLE_TITLE[role]} ${c.name}`;
        if (role !== 'ephemeral') {
          const t = Number.isNaN(c.createdUs) ? c.startedUs : c.createdUs;
          const known = this.initLaneBeginUs.get(c.lane);
          if (known === undefined || t < known || Number.isNaN(known)) this.initLaneBeginUs.set(c.lane, t);
        }
      }
    }
  }
}

const ROLE_TITLE: Record<ContainerRole, string> = { init: 'init container', sidecar: 'sidecar container', ephemeral: 'ephemeral container' };

/**
 * Init containers with an instance that had started and not ended when another container of the pod (an app
 * container, or a later init container) was created or started: an init container that is not a sidecar must exit
 * before anything after it starts.
 */
function sidecarNames(own: { name: string; createdUs: number; startedUs: number; endedUs: number }[],
  names: ReadonlyMap<string, ContainerRole | 'app'>): Set<string> {
  const out = new Set<string>();
  const begin = (c: { createdUs: number; startedUs: number }) => (Number.isNaN(c.createdUs) ? c.startedUs : c.createdUs);
  for (const c of own) {
    if (names.get(c.name) !== 'init' || out.has(c.name) || Number.isNaN(c.startedUs)) continue;
    const runningAt = (t: number) => t > c.startedUs && (Number.isNaN(c.endedUs) || c.endedUs > t);
    if (own.some((o) => o.name !== c.name && names.get(o.name) !== 'ephemeral' && runningAt(begin(o)))) out.add(c.name);
  }
  return out;
}
