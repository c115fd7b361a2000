/**
 * The container spec hash the kubelet stores as a label on each container and compares on every sync
 * (computePodActions → containerChanged). Up to 1.15 it is FNV-32a over go-spew's `%#v` of the whole v1.Container
 * struct, so a new field in the struct changes every hash (seeds 001 and 003); from 1.16 it is FNV-32a over the
 * container's JSON, where an unset new field is omitted.
 */
import { fnv1a32 } from '../engine/rng.ts';
import type { ContainerSpec, ProbeSpec } from '../world/types.ts';

export interface HashInput {
  scheme: 'spew' | 'json';
  /** Which v1.Container field set the kubelet binary was compiled with. */
  api: '1.7' | '1.9';
  /** Fields a newer struct adds (printed unset, `Name:(type)<nil>`), e.g. an upgrade's new field. */
  extraFields: readonly { name: string; type: string }[];
}

function spewProbe(p: ProbeSpec | undefined): string {
  if (!p) return '(*v1.Probe)<nil>';
  const handler = p.kind === 'exec'
    ? 'Exec:(*v1.ExecAction){Command:([]string)[check]} HTTPGet:(*v1.HTTPGetAction)<nil> TCPSocket:(*v1.TCPSocketAction)<nil>'
    : 'Exec:(*v1.ExecAction)<nil> HTTPGet:(*v1.HTTPGetAction){Path:(string)/healthz Port:(intstr.IntOrString)8080} TCPSocket:(*v1.TCPSocketAction)<nil>';
  return `(*v1.Probe){Handler:(v1.Handler){${handler}} InitialDelaySeconds:(int32)${p.initialDelaySeconds} TimeoutSeconds:(int32)1 ` +
    `PeriodSeconds:(int32)${p.periodSeconds} SuccessThreshold:(int32)${p.successThreshold} FailureThreshold:(int32)${p.failureThreshold}}`;
}

/** go-spew `%#v` of the container, in the shape of seed 003's dump. */
export function spewContainer(c: ContainerSpec, input: HashInput): string {
  const ports = c.ports.length === 0 ? '<nil>'
    : `[${c.ports.map((p) => `{Name:(string)${p.name} HostPort:(int32)0 ContainerPort:(int32)${p.containerPort} Protocol:(v1.Protocol)${p.protocol} HostIP:(string)}`).join(' ')}]`;
  const mount = `{Name:(string)default-token ReadOnly:(bool)true MountPath:(string)/var/run/secrets/kubernetes.io/serviceaccount SubPath:(string)${input.api === '1.9' ? ' MountPropagation:(*v1.MountPropagationMode)<nil>' : ''}}`;
  const fields: [string, string][] = [
    ['Name', `(string)${c.name}`], ['Image', `(string)${c.image}`], ['Command', '([]string)<nil>'], ['Args', '([]string)<nil>'],
    ['WorkingDir', '(string)'], ['Ports', `([]v1.ContainerPort)${ports}`], ['EnvFrom', '([]v1.EnvFromSource)<nil>'], ['Env', '([]v1.EnvVar)<nil>'],
    ['Resources', '(v1.ResourceRequirements){Limits:(v1.ResourceList)<nil> Requests:(v1.ResourceList)<nil>}'],
    ['VolumeMounts', `([]v1.VolumeMount)[${mount}]`],
  ];
  if (input.api === '1.9') fields.push(['VolumeDevices', '([]v1.VolumeDevice)<nil>']);
  fields.push(
    ['LivenessProbe', spewProbe(c.livenessProbe)], ['ReadinessProbe', spewProbe(c.readinessProbe)],
    ['Lifecycle', c.preStop ? '(*v1.Lifecycle){PostStart:(*v1.Handler)<nil> PreStop:(*v1.Handler){Exec:(*v1.ExecAction){Command:([]string)[sleep 1]}}}' : '(*v1.Lifecycle)<nil>'],
    ['TerminationMessagePath', '(string)/dev/termination-log'], ['TerminationMessagePolicy', '(v1.TerminationMessagePolicy)File'],
    ['ImagePullPolicy', '(v1.PullPolicy)IfNotPresent'], ['SecurityContext', '(*v1.SecurityContext)<nil>'],
    ['Stdin', '(bool)false'], ['StdinOnce', '(bool)false'], ['TTY', '(bool)false'],
  );
  for (const f of input.extraFields) fields.push([f.name, `(${f.type})<nil>`]);
  return `(v1.Container){${fields.map(([k, v]) => `${k}:${v}`).join(' ')}}`;
}

/** The container as the API serialises it (omitempty: unset fields are absent). */
export function jsonContainer(c: ContainerSpec, input: HashInput): string {
  const o: Record<string, unknown> = { name: c.name, image: c.image };
  if (c.ports.length) o.ports = c.ports.map((p) => ({ name: p.name, containerPort: p.containerPort, protocol: p.protocol }));
  o.resources = {};
  o.volumeMounts = [{ name: 'default-token', readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }];
  const probe = (p: ProbeSpec) => ({ periodSeconds: p.periodSeconds, failureThreshold: p.failureThreshold });
  if (c.livenessProbe) o.livenessProbe = probe(c.livenessProbe);
  if (c.readinessProbe) o.readinessProbe = probe(c.readinessProbe);
  if (c.startupProbe) o.startupProbe = probe(c.startupProbe);
  o.terminationMessagePath = '/dev/termination-log';
  o.terminationMessagePolicy = 'File';
  o.imagePullPolicy = 'IfNotPresent';
  // A new field only changes the JSON when the API server defaults it to a value.
  for (const f of input.extraFields) if (f.type.startsWith('default:')) o[f.name] = f.type.slice(8);
  return JSON.stringify(o);
}

export function hashContainer(c: ContainerSpec, input: HashInput): number {
  return fnv1a32(input.scheme === 'spew' ? spewContainer(c, input) : jsonContainer(c, input));
}
