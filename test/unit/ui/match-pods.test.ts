import { describe, expect, test } from 'vitest';
import type { PodInfo } from '../../../src/model/trace.ts';
import { matchPods } from '../../../src/ui/filters/match-pods.ts';

const pod = (index: number, namespace: string, name: string, uid: string) => ({ index, namespace, name, uid }) as PodInfo;
const PODS = [
  pod(0, 'default', 'web-api-1', 'aaaa-1'),
  pod(1, 'payments', 'api-gateway', 'bbbb-2'),
  pod(2, 'kube-system', 'kube-proxy-x', 'cccc-3'),
  pod(3, 'default', 'api-7', 'abcd-4'),
];

describe('pod type-ahead', () => {
  test('names that start with the query come before other matches, then the trace order', () => {
    expect(matchPods(PODS, 'api', new Set(), 10)).toEqual([1, 3, 0]);
  });

  test('matches namespace/name case-insensitively, and a UID by its start', () => {
    expect(matchPods(PODS, 'PAYMENTS/', new Set(), 10)).toEqual([1]);
    expect(matchPods(PODS, 'abcd', new Set(), 10)).toEqual([3]);
    expect(matchPods(PODS, 'bcd', new Set(), 10)).toEqual([]); // inside a UID does not count
  });

  test('pods already chosen are not offered again; the limit holds; an empty query offers nothing', () => {
    expect(matchPods(PODS, 'api', new Set([1]), 10)).toEqual([3, 0]);
    expect(matchPods(PODS, 'a', new Set(), 2)).toHaveLength(2);
    expect(matchPods(PODS, '  ', new Set(), 10)).toEqual([]);
  });
});
