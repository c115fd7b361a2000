/**
 * The long values kubelet lines carry: a pod status as Go `%+v` (status manager "updated successfully" / "Ignoring
 * same status" lines), a status merge patch as JSON ("Patch status for pod"), a container spec as its generated
 * String() ("Creating container in pod") and computePodActions' plan. These are what make real kubelet logs have a
 * long tail of 2–5 KB lines.
 */
import type { SimContainer, SimPod } from './sim-types.ts';

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

function parts(epochUs: number): [string, string] {
  const d = new Date(Math.floor(epochUs / 1000));
  return [`${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`, `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`];
}

/** Go's time.Time %v: `2024-03-15 10:02:03 +0000 UTC`. */
export function goTime(epochUs: number): string {
  const [day, time] = parts(epochUs);
  return `${day} ${time} +0000 UTC`;
}

/** RFC 3339 as the API writes it: `2024-03-15T10:02:03Z`. */
export function rfc3339(epochUs: number): string {
  const [day, time] = parts(epochUs);
  return `${day}T${time}Z`;
}

export function podFullName(p: SimPod): string {
  return `${p.name}_${p.namespace}(${p.uid})`;
}

function unready(p: SimPod): string[] {
  return p.containers.filter((c) => !c.ready).map((c) => c.name);
}

function goContainerState(c: SimContainer, p: SimPod, epoch: (t: number) => number): string {
  if (c.state === 'running') return `{Waiting:nil Running:&ContainerStateRunning{StartedAt:${goTime(epoch(c.startedUs))},} Terminated:nil}`;
  if (c.state === 'exited' && c.backoffS > 0) {
    return `{Waiting:&ContainerStateWaiting{Reason:CrashLoopBackOff,Message:back-off ${c.backoffS}s restarting failed container=${c.name} pod=${podFullName(p)},} Running:nil Terminated:nil}`;
  }
  if (c.state === 'exited') {
    return `{Waiting:nil Running:nil Terminated:&ContainerStateTerminated{ExitCode:${c.exitCode},Signal:0,Reason:${c.exitCode === 0 ? 'Completed' : 'Error'},Message:,StartedAt:${goTime(epoch(c.startedUs))},FinishedAt:${goTime(epoch(c.finishedUs))},ContainerID:containerd://${c.id},}}`;
  }
  return '{Waiting:&ContainerStateWaiting{Reason:ContainerCreating,Message:,} Running:nil Terminated:nil}';
}

function goLastState(c: SimContainer, epoch: (t: number) => number): string {
  if (!c.lastId) return '{Waiting:nil Running:nil Terminated:nil}';
  return `{Waiting:nil Running:nil Terminated:&ContainerStateTerminated{ExitCode:${c.lastExitCode},Signal:0,Reason:${c.lastExitCode === 0 ? 'Completed' : 'Error'},Message:,StartedAt:${goTime(epoch(c.lastStartedUs))},FinishedAt:${goTime(epoch(c.lastFinishedUs))},ContainerID:containerd://${c.lastId},}}`;
}

/** A v1.PodStatus printed with `%+v` (klog ≤ 2.90 renders structs this way). */
export function goPodStatus(p: SimPod, epoch: (t: number) => number, pointerSeed: number): string {
  const created = goTime(epoch(p.createdUs));
  const bad = unready(p);
  const ready = bad.length === 0 && p.phase === 'Running';
  const readyAt = goTime(epoch(p.readySinceUs || p.createdUs));
  const why = ready ? 'Reason: Message:' : `Reason:ContainersNotReady Message:containers with unready status: [${bad.join(' ')}]`;
  const cond = (type: string, status: string, at: string, tail = 'Reason: Message:') =>
    `{Type:${type} Status:${status} LastProbeTime:0001-01-01 00:00:00 +0000 UTC LastTransitionTime:${at} ${tail}}`;
  const conditions = [
    cond('Initialized', 'True', created), cond('Ready', ready ? 'True' : 'False', readyAt, why),
    cond('ContainersReady', ready ? 'True' : 'False', readyAt, why), cond('PodScheduled', 'True', created),
  ].join(' ');
  const statuses = p.containers.map((c, i) =>
    `{Name:${c.name} State:${goContainerState(c, p, epoch)} LastTerminationState:${goLastState(c, epoch)} Ready:${c.ready} ` +
    `RestartCount:${c.restarts} Image:${c.image} ImageID:${c.imageId} ContainerID:${c.id ? `containerd://${c.id}` : ''} ` +
    `Started:0xc00${((pointerSeed + i * 977) & 0xffffff).toString(16).padStart(6, '0')}a8}`).join(' ');
  return `{Phase:${p.phase} Conditions:[${conditions}] Message: Reason: NominatedNodeName: HostIP:10.0.12.31 ` +
    `PodIP:${p.podIp} PodIPs:[{IP:${p.podIp}}] StartTime:${created} InitContainerStatuses:[] ContainerStatuses:[${statuses}] ` +
    `QOSClass:Burstable EphemeralContainerStatuses:[]}`;
}

function jsonContainerState(c: SimContainer, p: SimPod, epoch: (t: number) => number): object {
  if (c.state === 'running') return { running: { startedAt: rfc3339(epoch(c.startedUs)) } };
  if (c.state === 'exited' && c.backoffS > 0) {
    return { waiting: { message: `back-off ${c.backoffS}s restarting failed container=${c.name} pod=${podFullName(p)}`, reason: 'CrashLoopBackOff' } };
  }
  if (c.state === 'exited') {
    return { terminated: { containerID: `containerd://${c.id}`, exitCode: c.exitCode, finishedAt: rfc3339(epoch(c.finishedUs)), reason: c.exitCode === 0 ? 'Completed' : 'Error', startedAt: rfc3339(epoch(c.startedUs)) } };
  }
  return { waiting: { reason: 'ContainerCreating' } };
}

/** The strategic merge patch the status manager sends (as JSON text, before quoting). */
export function jsonStatusPatch(p: SimPod, epoch: (t: number) => number): string {
  const bad = unready(p);
  const ready = bad.length === 0 && p.phase === 'Running';
  const at = rfc3339(epoch(p.readySinceUs || p.createdUs));
  const cond = (type: string) => ready
    ? { lastProbeTime: null, lastTransitionTime: at, status: 'True', type }
    : { lastProbeTime: null, lastTransitionTime: at, message: `containers with unready status: [${bad.join(' ')}]`, reason: 'ContainersNotReady', status: 'False', type };
  const status = {
    $setElementOrder_conditions: [{ type: 'Initialized' }, { type: 'Ready' }, { type: 'ContainersReady' }, { type: 'PodScheduled' }],
    conditions: [cond('Ready'), cond('ContainersReady')],
    containerStatuses: p.containers.map((c) => ({
      containerID: c.id ? `containerd://${c.id}` : undefined, image: c.image, imageID: c.imageId,
      lastState: c.lastId ? { terminated: { containerID: `containerd://${c.lastId}`, exitCode: c.lastExitCode, finishedAt: rfc3339(epoch(c.lastFinishedUs)), reason: 'Error', startedAt: rfc3339(epoch(c.lastStartedUs)) } } : {},
      name: c.name, ready: c.ready, restartCount: c.restarts, started: c.state === 'running', state: jsonContainerState(c, p, epoch),
    })),
    phase: p.phase, podIP: p.podIp, podIPs: [{ ip: p.podIp }], startTime: rfc3339(epoch(p.createdUs)),
  };
  return JSON.stringify({ metadata: { uid: p.uid }, status }).replace('$setElementOrder_conditions', '$setElementOrder/conditions');
}

/** `(app state=exited exitCode=0 finishedAt=…) (…)`: 1.22–1.26 "Post-termination container state". */
export function postTerminationStates(p: SimPod, epoch: (t: number) => number): string {
  return p.containers.map((c) => `(${c.name} state=exited exitCode=${c.exitCode} finishedAt=${rfc3339(epoch(c.finishedUs))})`).join(' ');
}

function probeSpec(c: SimContainer, path: string): string {
  const handler = c.execProbe
    ? `Exec:&ExecAction{Command:[/bin/sh -c ${c.name === 'redis' ? 'redis-cli ping' : `/opt/bin/health-check --port ${c.port}`}],},HTTPGet:nil`
    : `Exec:nil,HTTPGet:&HTTPGetAction{Path:${path},Port:{0 ${c.port} },Host:,Scheme:HTTP,HTTPHeaders:[]HTTPHeader{},}`;
  return `&Probe{ProbeHandler:ProbeHandler{${handler},TCPSocket:nil,GRPC:nil,},InitialDelaySeconds:5,TimeoutSeconds:1,` +
    `PeriodSeconds:${c.probePeriodS},SuccessThreshold:1,FailureThreshold:3,TerminationGracePeriodSeconds:nil,}`;
}

/** A v1.Container as its generated String() prints it (the `container=` value of "Creating container in pod"). */
export function containerSpec(c: SimContainer, p: SimPod): string {
  const env = [['POD_NAME', 'metadata.name'], ['POD_NAMESPACE', 'metadata.namespace'], ['POD_IP', 'status.podIP']]
    .map(([name, path]) => `EnvVar{Name:${name},Value:,ValueFrom:&EnvVarSource{FieldRef:&ObjectFieldSelector{APIVersion:v1,FieldPath:${path},},ResourceFieldRef:nil,ConfigMapKeyRef:nil,SecretKeyRef:nil,},}`)
    .join(',');
  return `&Container{Name:${c.name},Image:${c.image},Command:[],Args:[--port=${c.port} --log-format=json],WorkingDir:,` +
    `Ports:[]ContainerPort{ContainerPort{Name:http,HostPort:0,ContainerPort:${c.port},Protocol:TCP,HostIP:,},},` +
    `Env:[]EnvVar{${env},EnvVar{Name:SERVICE_NAMESPACE,Value:${p.namespace},ValueFrom:nil,},},` +
    `Resources:ResourceRequirements{Limits:ResourceList{cpu: {{500 -3} {<nil>} 500m DecimalSI},memory: {{536870912 0} {<nil>}  BinarySI},},` +
    `Requests:ResourceList{cpu: {{100 -3} {<nil>} 100m DecimalSI},memory: {{134217728 0} {<nil>}  BinarySI},},},` +
    `VolumeMounts:[]VolumeMount{VolumeMount{Name:${c.mountName},ReadOnly:true,MountPath:/var/run/secrets/kubernetes.io/serviceaccount,SubPath:,MountPropagation:nil,SubPathExpr:,},},` +
    `LivenessProbe:${c.livenessProbe ? probeSpec(c, '/healthz') : 'nil'},ReadinessProbe:${c.readinessProbe ? probeSpec(c, '/ready') : 'nil'},` +
    `Lifecycle:nil,TerminationMessagePath:/dev/termination-log,ImagePullPolicy:IfNotPresent,SecurityContext:nil,Stdin:false,` +
    `StdinOnce:false,TTY:false,EnvFrom:[]EnvFromSource{},TerminationMessagePolicy:File,VolumeDevices:[]VolumeDevice{},StartupProbe:nil,}`;
}

/** computePodActions' plan, `%+v` of podActions. */
export function podActions(p: SimPod, opts: { createSandbox: boolean; start: number[]; kill?: SimContainer; killMessage?: string }): string {
  const kill = opts.kill
    ? `map[{containerd ${opts.kill.id}}:{container:0xc000${(opts.kill.probeSeq * 4099 & 0xffff).toString(16).padStart(4, '0')}00 name:${opts.kill.name} message:${opts.killMessage ?? ''}}]`
    : 'map[]';
  return `{KillPod:${opts.createSandbox} CreateSandbox:${opts.createSandbox} SandboxID:${opts.createSandbox ? '' : p.sandboxId} ` +
    `Attempt:${opts.createSandbox ? 0 : 1} NextInitContainerToStart:nil ContainersToStart:[${opts.start.join(' ')}] ` +
    `ContainersToKill:${kill} EphemeralContainersToStart:[]}`;
}
