/**
 * Container and sandbox instances: which instance a line is about, and a state runner for each. An instance is
 * known by its ID once some line gives one; before that (created or waiting by name) by name, and the first line
 * with an ID for that name then completes the same instance. A pod's container name can have many instances over
 * time (restarts); they share the container's lane.
 */
import { CONTAINER_MACHINE, SANDBOX_MACHINE } from '../machines.ts';
import { CompiledMachine, StateRunner } from '../state-runner.ts';
import type { ContainerInstance } from '../trace.ts';
import type { ReconstructContext } from './context.ts';
import { idKey } from './container-ids.ts';

const M_CONTAINER = new CompiledMachine(CONTAINER_MACHINE);
const M_SANDBOX = new CompiledMachine(SANDBOX_MACHINE);

export class ContainerInstances {
  readonly list: ContainerInstance[] = [];
  /** The state runner of each instance (same index as list). */
  readonly runners: StateRunner[] = [];
  /** `pod|c|<short ID>`, `pod|s|<short ID>`, `pod|c|name:<name>` or `pod|c|pending:<name>` → instance. */
  private readonly byKey = new Map<string, number>();
  /** Per pod, container name → its newest (non-sandbox) instance. */
  private readonly latestByName: (Map<string, number> | undefined)[] = [];

  constructor(private readonly ctx: ReconstructContext) {}

  /** The pod has an instance of a container of this name. */
  hasName(pod: number, name: string): boolean {
    return this.latestByName[pod]?.has(name) ?? false;
  }

  /** True if the newest instance of the container has exited or was removed (so a create is for a new one). */
  latestIsDead(pod: number, name: string): boolean {
    const latest = this.latestByName[pod]?.get(name);
    if (latest === undefined) return false;
    const r = this.runners[latest];
    return r.isClosed || r.state === 'exited' || r.state === 'removed';
  }

  /** The instance of a container that cannot be created yet (so has no ID): one of its own until an ID appears. */
  pending(pod: number, name: string, i: number, t: number): number {
    const key = `${pod}|c|pending:${name}`;
    const known = this.byKey.get(key);
    if (known !== undefined && !this.runners[known].isClosed && !this.list[known].id) return known;
    const latest = this.latestByName[pod]?.get(name);
    if (latest !== undefined && !this.list[latest].id && !this.runners[latest].isClosed) return latest;
    this.byKey.delete(key);
    return this.instance(pod, '', name, false, i, t, key);
  }

  /** The instance a line with this ID (or only this name) is about; a new one, first seen at event i, if none fits. */
  instance(pod: number, id: string, name: string, sandbox: boolean, i: number, t: number, pendingKey = ''): number {
    const { list, byKey, latestByName } = this;
    const key = pendingKey || `${pod}|${sandbox ? 's' : 'c'}|${id ? idKey(id) : `name:${name}`}`;
    const known = byKey.get(key);
    if (known !== undefined) {
      const inst = list[known];
      if (!inst.id && id) inst.id = id;
      else if (id.length > inst.id.length && id.startsWith(inst.id)) inst.id = id;
      return known;
    }
    // A container known only by name attaches to the latest instance of that name.
    if (!id && !sandbox && !pendingKey) {
      const latest = latestByName[pod]?.get(name);
      if (latest !== undefined) return latest;
    }
    // The first line with an ID for a container that was being created (or waiting) by name: the same instance.
    if (id && !sandbox && name) {
      const latest = latestByName[pod]?.get(name);
      if (latest !== undefined && !list[latest].id && !this.runners[latest].isClosed) {
        list[latest].id = id;
        byKey.set(key, latest);
        // It is no longer pending: the next create by name must start a new instance.
        if (byKey.get(`${pod}|c|pending:${name}`) === latest) byKey.delete(`${pod}|c|pending:${name}`);
        return latest;
      }
    }
    return this.add(key, pod, id, name, sandbox, i, t);
  }

  private add(key: string, pod: number, id: string, name: string, sandbox: boolean, i: number, t: number): number {
    const { ctx, list } = this;
    const ci = list.length;
    const lane = ctx.lanes.lane(sandbox ? 'sandbox' : 'container', ctx.events.node[i], pod, sandbox ? '' : name || `?${id.slice(0, 12)}`);
    list.push({
      index: ci, pod, name, id, runtime: '', sandbox, lane, createdUs: NaN, startedUs: NaN, endedUs: NaN,
      exitCode: NaN, killReason: '', removedUs: NaN,
    });
    ctx.pods[pod].containers.push(ci);
    this.byKey.set(key, ci);
    if (!sandbox) (this.latestByName[pod] ?? (this.latestByName[pod] = new Map())).set(name, ci);
    this.runners[ci] = new StateRunner(sandbox ? M_SANDBOX : M_CONTAINER, ctx.runnerContext, lane, ci, pod, t, i);
    return ci;
  }
}
