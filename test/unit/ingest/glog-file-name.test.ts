/**
 * `grep` over the kubelet's --log-dir files puts each file's name before its lines:
 * `kubelet.<host>.<user>.log.<SEVERITY>.<yyyymmdd>-<hhmmss>.<pid>:` (the shape of
 * AliyunContainerService/gpushare-scheduler-extender#156). The name tells the node and the year the header cannot.
 */
import { describe, expect, it } from 'vitest';
import { glogFileNameBefore } from '../../../src/ingest/glog-file-name.ts';
import { analyze } from './ingest-helpers.ts';

const header = 'I0716 14:19:19.114528    2247 kuberuntime_manager.go:404] ';
const before = (prefix: string) => glogFileNameBefore(prefix + header, prefix.length);

describe('a glog file name before a line', () => {
  it('gives the host and the file\'s creation date, with or without a path, for any program and severity', () => {
    expect(before('kubelet.pc-zjdbai51.root.log.INFO.20210709-193402.2247:')).toEqual({ host: 'pc-zjdbai51', year: 2021, month: 7 });
    expect(before('/var/log/kubernetes/kubelet.exe.k8s-w1.SYSTEM.log.ERROR.20200307-183435.4216:')).toEqual({ host: 'k8s-w1', year: 2020, month: 3 });
    expect(before('hyperkube.node-7.root.log.WARNING.20191231-235959.1:')).toEqual({ host: 'node-7', year: 2019, month: 12 });
  });

  it('is nothing else: no colon, another severity word, a bad date, a lone word', () => {
    expect(before('kubelet.pc-zjdbai51.root.log.INFO.20210709-193402.2247 ')).toBeUndefined();
    expect(before('kubelet.pc-zjdbai51.root.log.DEBUG.20210709-193402.2247:')).toBeUndefined();
    expect(before('kubelet.pc-zjdbai51.root.log.INFO.20211309-193402.2247:')).toBeUndefined();
    expect(before('kubelet.pc-zjdbai51.root.log.INFO.2021070-1934022.2247:')).toBeUndefined();
    expect(before('10.0.0.1: ')).toBeUndefined();
    expect(before('x'.repeat(600) + '.log.INFO.20210709-193402.2247:')).toBeUndefined();
  });
});

describe('grep over two nodes\' log files', () => {
  const line = (host: string, date: string, time: string) =>
    `kubelet.${host}.root.log.INFO.${date}-010203.2247:I${time}    2247 kubelet.go:1933] SyncLoop (PLEG): "web-0_default(5f1c0000-0000-4000-8000-000000000001)", event: &pleg.PodLifecycleEvent{ID:"5f1c0000-0000-4000-8000-000000000001", Type:"ContainerStarted", Data:"abc"}`;

  it('names each line\'s node and dates it from its file, across a new year', () => {
    const trace = analyze({ name: 'grep.txt', data: [line('node-a', '20201230', '1231 23:59:59.000000'), line('node-b', '20201230', '0101 00:00:01.000000')].join('\n') + '\n' });
    expect(trace.nodes.map((n) => n.name)).toEqual(['node-a', 'node-b']);
    expect(trace.sources[0].format).toBe('klog-glog-files');
    expect(trace.sources[0].year).toEqual({ value: 2020, how: 'file-header' });
    expect(new Date(trace.events.timeUs[1] / 1000).getUTCFullYear()).toBe(2021);
  });
});
