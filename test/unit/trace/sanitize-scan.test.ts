/** The sanitizer's text scanners: image references (by key and by shape) and the names learned from the text. */
import { describe, expect, it } from 'vitest';
import { findImageRefs } from '../../../src/trace/sanitize-images.ts';
import { findDockershimNames, findPromptHosts, hostShape, isShapedHost } from '../../../src/trace/sanitize-names.ts';

const refs = (s: string) => findImageRefs(s).map((r) => s.slice(r.start, r.end));
const sure = (s: string) => findImageRefs(s).filter((r) => r.sure).map((r) => s.slice(r.start, r.end));
const DIGEST = 'sha256:ce790b51ef3b617cfd78bf9c1108e66e1c95d87e4590952c5746a5bd4294282d';

/** Milliseconds a call takes (the best of three, to keep a busy machine's noise out). */
function ms(run: () => void): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

describe('image references', () => {
  it('finds them after an image key, as the kubelet prints them', () => {
    expect(refs('"Pulling image" image="registry.example/team/app:1.4"')).toEqual(['registry.example/team/app:1.4']);
    expect(refs('Container image "nginx:1.25" already present on machine')).toEqual(['nginx:1.25']);
    // The scheme stays outside, so the same image with and without it is one name.
    expect(refs('{Image:k8s.gcr.io/pause:3.1 ImageID:docker-pullable://k8s.gcr.io/pause@sha256:59ee}')).toEqual([
      'k8s.gcr.io/pause:3.1', 'k8s.gcr.io/pause@sha256:59ee',
    ]);
    expect(refs('\\"image\\":\\"repo/app:v2\\"')).toEqual(['repo/app:v2']);
    // A spew dump's type annotation (trimmed from seed 003's hash.go lines).
    expect(refs('{Name:(string)exporter Image:(string)nginx Command:([]string)<nil>')).toEqual(['nginx']);
    expect(refs('image pull back-off; imagefs usage 80%; Images are up to date')).toEqual([]);
  });

  it('keeps the name of an image whose tag begins with a letter (the name is not a key)', () => {
    expect(refs('"Pulling image" image="myapp:latest"')).toEqual(['myapp:latest']);
    expect(refs('Container image "myapp:v2" already present on machine')).toEqual(['myapp:v2']);
    expect(refs('{Image:myapp:latest ImageID:docker-pullable://myapp@' + DIGEST + '}')).toEqual(['myapp:latest', `myapp@${DIGEST}`]);
  });

  it('finds them in the runtime\'s and the registry\'s error phrases, even untagged', () => {
    expect(sure('pull access denied for myapp, repository does not exist or may require \'docker login\'')).toEqual(['myapp']);
    expect(sure('failed to resolve reference "registry.corp.example/team/app": not found')).toEqual(['registry.corp.example/team/app']);
    expect(sure('err="failed to resolve reference \\"corp/app:v9\\": not found"')).toEqual(['corp/app:v9']);
    expect(sure('manifest for corp/app:v9 not found: manifest unknown; repository corp/tool not found')).toEqual(['corp/app:v9', 'corp/tool']);
    // The same words before ordinary text.
    expect(refs('repository does not exist; manifest for this node; reference count 3')).toEqual([]);
  });

  it('does not take the key that follows a quoted "image" for an image (a Go struct tag)', () => {
    expect(refs('Image string `json:"image" protobuf:"bytes,2,opt,name=image"`')).toEqual([]);
    expect(refs('Image string `json:"image,omitempty" protobuf:"bytes,2,opt,name=image"`')).toEqual([]);
  });

  it('finds them anywhere by their shape: registry host, path, tag or digest', () => {
    // A Go struct dump without keys, as in seed 000's LEOPOLD_INIT_PROBER lines.
    const dump = `}} true 1 registry.example.com/build/app.v-x.centos72:268c0172 docker-pullable://registry.example.com/build/app.v-x.centos72@${DIGEST} docker://a29de66df4998058})`;
    expect(sure(dump)).toEqual(['registry.example.com/build/app.v-x.centos72:268c0172', `registry.example.com/build/app.v-x.centos72@${DIGEST}`]);
    expect(sure('e8b4a197e171   harbor.example.com/google_containers/pause-amd64:3.0   "/pause"')).toEqual(['harbor.example.com/google_containers/pause-amd64:3.0']);
    expect(sure('pulled localhost:5000/team/app:v1 and 10.1.2.3:5000/team/app:v2, then nginx@' + DIGEST)).toEqual([
      'localhost:5000/team/app:v1', '10.1.2.3:5000/team/app:v2', `nginx@${DIGEST}`,
    ]);
    expect(findImageRefs('on registry.example.com:5000/team/app:v1.').map((r) => r.registry)).toEqual(['registry.example.com:5000']);
  });

  it('marks a registry path without tag as a candidate only, and ignores what only looks similar', () => {
    const untagged = findImageRefs('e8b4a197e171   harbor.example.com/kubernetes/node-exporter   "/bin/node_exporter"');
    expect(untagged.map((r) => [r.sure, r.registry])).toEqual([[false, 'harbor.example.com']]);
    expect(sure('import "github.com/golang/glog"; label kubernetes.io/config.seen')).toEqual([]);
    for (const line of [
      'github.com/containerd/containerd/pkg/cri/store/sandbox.(*Store).UpdateContainerStats(0xc000691f50,',
      '        k8s.io/kubernetes/pkg/kubelet/kubelet.go:1234 +0x1a2',
      '        /usr/local/go/src/runtime/panic.go:992 +0x71 fp=0xc0024fe688',
      'see https://registry.example.com/v2/team/app:1 and http://10.0.0.1:8080/healthz',
      'upgrade 1.7/1.8 went fine; mail ops@example.com: done; root@host-1.example:~$ ls',
      'ContainerID:docker://0ea96f4f19542f416bf1afba438f7e26d9ef31508829ef5c94d31c184bfb0a6a,',
      '/kubepods/besteffort/pod4ec492d2-17de-11e9-9206-52540064c479/f59c4812a66d',
      'Args:([]string)<nil> WorkingDir:(string) protobuf:"bytes,2,opt,name=image"',
    ]) expect(sure(line), line).toEqual([]);
    expect(refs('github.com/containerd/containerd/pkg/cri/store/sandbox.(*Store)')).toEqual([]);
  });

  it('scans in time linear in the line, whatever the line holds', () => {
    const n = 400_000;
    const lines = [
      'image:'.repeat(n / 6), 'a/'.repeat(n / 2), 'a.b/c:'.repeat(n / 6), `${'a'.repeat(n)}@sha256:`,
      'image="'.repeat(n / 7), 'x.y/'.repeat(n / 4) + ':tag', '@'.repeat(n), 'k8s_'.repeat(n / 4),
      'repository '.repeat(n / 11), 'pull access denied for a'.repeat(n / 24),
    ];
    for (const line of lines) {
      const small = line.slice(0, line.length / 4);
      const tSmall = ms(() => findImageRefs(small));
      const tBig = ms(() => findImageRefs(line));
      // Four times the text, well under sixteen times the time (quadratic would be 16×); 30 ms of slack for noise.
      expect(tBig, line.slice(0, 20)).toBeLessThan(8 * tSmall + 30);
      expect(ms(() => { findDockershimNames(line); findPromptHosts(line); }), line.slice(0, 20)).toBeLessThan(200);
    }
  });
});

describe('names learned from the text', () => {
  it('reads pod, namespace and UID from dockershim container names', () => {
    // Trimmed from seed 003's `docker ps` and cAdvisor lines.
    const line = 'Up 30 seconds    k8s_prometheus-node-exporter_prometheus-node-exporter-hpsrw_monitoring_8cdcb7ba-17d0-11e9-9243-52540064c479_2';
    expect(findDockershimNames(line)).toEqual([{ pod: 'prometheus-node-exporter-hpsrw', namespace: 'monitoring', uid: '8cdcb7ba-17d0-11e9-9243-52540064c479' }]);
    expect(findDockershimNames('(aliases: [k8s_POD_web-0_default_8cdcb7ba-17d0-11e9-9243-52540064c479_0 f59c], ns')).toEqual([
      { pod: 'web-0', namespace: 'default', uid: '8cdcb7ba-17d0-11e9-9243-52540064c479' },
    ]);
    // Not the form: too few fields, no attempt number, no UID.
    expect(findDockershimNames('k8s_app_web-0_default_0 k8s_app_web-0_default_8cdcb7ba-17d0-11e9-9243-52540064c479 mk8s_a_b_c_8cdcb7ba-17d0-11e9-9243-52540064c479_1')).toEqual([]);
  });

  it('reads the host of a shell prompt', () => {
    expect(findPromptHosts('root@ddcloud-kube-node109.us01:~$ grep "Generating status for" kubelet.INFO')).toEqual(['ddcloud-kube-node109.us01']);
    expect(findPromptHosts('[admin@bastion-01 /var/log]# tail kubelet.log')).toEqual(['bastion-01']);
    expect(findPromptHosts('ubuntu@ip-10-0-1-23:/home/ubuntu$')).toEqual(['ip-10-0-1-23']);
    for (const line of ['mail ops@example.com: later', 'git@github.com:org/repo.git', 'x@y:z$a', 'a@b']) expect(findPromptHosts(line), line).toEqual([]);
  });

  it('gives host names a shape that frees their digits, only when the shape is specific', () => {
    expect(hostShape('ddcloud-kube-node109.us01')).toBe('ddcloud-kube-node#.us#');
    expect(hostShape('ip-10-0-1-23.ec2.internal')).toBe('ip-#-#-#-#.ec#.internal');
    expect(['ddcloud-kube-node109', 'ip-10-0-1-23.ec2.internal', 'worker-3'].every(isShapedHost)).toBe(true);
    expect(['v1', 'node', 'minikube', 'node1', 'ip-10-0-1-23', '10-0-0-1'].some(isShapedHost)).toBe(false);
  });
});
