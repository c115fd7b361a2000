/** The event recorder's log line (every Event the kubelet records is logged at -v=3, M70). */
import type { PodIdent } from '../log/go-values.ts';
import { podVal, type Kubelet } from './kubelet.ts';

export interface EventObject {
  kind: 'Pod' | 'Node';
  pod?: PodIdent;
  /** A container of the pod (`spec.containers{app}`). */
  container?: string;
  /** The container is an init container (`spec.initContainers{migrate}`). */
  initContainer?: boolean;
}

export function recordEvent(k: Kubelet, obj: EventObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
  const fieldPath = obj.container ? `spec.${obj.initContainer ? 'initContainers' : 'containers'}{${obj.container}}` : '';
  if (!k.structured || k.minor < 20) {
    const name = obj.pod?.name ?? k.cfg.nodeName;
    const ns = obj.pod?.namespace ?? '';
    const uid = obj.pod?.uid ?? k.cfg.nodeName;
    const ref = `v1.ObjectReference{Kind:"${obj.kind}", Namespace:"${ns}", Name:"${name}", UID:"${uid}", APIVersion:"v1", ResourceVersion:"", FieldPath:"${fieldPath}"}`;
    k.log('event', { involvedObject: { t: 'raw', v: ref }, type, reason, message });
    return;
  }
  k.log('event', {
    object: obj.pod ? podVal(obj.pod) : k.cfg.nodeName, fieldPath: fieldPath || undefined, kind: obj.kind,
    apiVersion: 'v1', type, reason, message,
  });
}
