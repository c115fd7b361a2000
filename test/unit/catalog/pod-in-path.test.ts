/** A line that names its pod only by the pod's directory under the kubelet's root (awslabs/mountpoint-s3-csi-driver#411). */
import { describe, expect, it } from 'vitest';
import { podUidInPath } from '../../../src/catalog/extract.ts';

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
