/** A line that names its pod only by the pod's directory under the kubelet's root (awslabs/mountpoint-s3-csi-driver#411). */
import { describe, expect, it } from 'vitest';
import { parsePodRef, podInLogPath, podUidInPath } from '../../../src/catalog/extract.ts';

const UID = 'e5ce5830-9e10-4fbc-ade2-4c872cb11ee6';

describe('the pod UID in a pod directory path', () => {
  it('is read where the path goes on, ends, or ends a quoted value', () => {
    expect(podUidInPath(`path="/var/lib/kubelet/pods/${UID}/volumes/kubernetes.io~csi/mys3-pv/mount"`)).toBe(UID);
    expect(podUidInPath(`err="error resolving symlinks in \\"/var/lib/kubelet/pods/${UID}\\""`)).toBe(UID);
    expect(podUidInPath(`rm -rf /var/lib/kubelet/pods/${UID}`)).toBe(UID);
    // Another root directory (--root-dir) too.
    expect(podUidInPath(`/data/kubelet/pods/${UID}/containers/app/0a1b2c3d`)).toBe(UID);
  });

  it('is nothing when the path holds no UID there, or the UID runs on', () => {
    expect(podUidInPath('/var/lib/kubelet/pods/not-a-uid/volumes')).toBe('');
    expect(podUidInPath(`/var/lib/kubelet/pods/${UID}x/volumes`)).toBe('');
    expect(podUidInPath(`/apis/v1/namespaces/default/pods/web-0`)).toBe('');
    expect(podUidInPath(`/var/lib/kubelet/pods/${UID}/volumes`, 0, 10)).toBe('');
  });
});

describe('a pod reference cut inside its UID', () => {
  it('keeps the name and namespace read whole', () => {
    expect(parsePodRef('etcd-m1_kube-system(939d4dd36e909e6a6bbc5874ae')).toEqual({ uid: '', name: 'etcd-m1', namespace: 'kube-system', container: '' });
    expect(parsePodRef(`web-0_default(${UID.slice(0, 9)}`)).toEqual({ uid: '', name: 'web-0', namespace: 'default', container: '' });
    // Whole, it is the usual reference.
    expect(parsePodRef(`web-0_default(${UID})`)).toEqual({ uid: UID, name: 'web-0', namespace: 'default', container: '' });
  });

  it('is nothing when what follows the parenthesis is no UID, or a name is no name', () => {
    expect(parsePodRef('web-0_default(not a uid')).toBeUndefined();
    expect(parsePodRef('web-0_default(')).toBeUndefined();
    expect(parsePodRef('etcd-***_kube-system(939d')).toBeUndefined();
    expect(parsePodRef('web-0(939d')).toBeUndefined();
  });
});

describe('the pod a container log\'s path names', () => {
  it('reads namespace, name, UID and container from /var/log/pods/<ns>_<name>_<uid>/<container>/', () => {
    expect(podInLogPath(`failed to rotate log "/var/log/pods/cattle-monitoring-system_pushprox-0_${UID}/pushprox-proxy/0.log": x`))
      .toEqual({ uid: UID, name: 'pushprox-0', namespace: 'cattle-monitoring-system', container: 'pushprox-proxy' });
  });

  it('is nothing without the UID or with a name that is none', () => {
    expect(podInLogPath('/var/log/pods/default_web-0/app/0.log')).toBeUndefined();
    expect(podInLogPath(`/var/log/pods/default_web_0_${UID}/app/0.log`)).toBeUndefined();
    expect(podInLogPath(`/var/log/containers/web-0_default_app-${UID}.log`)).toBeUndefined();
  });
});
