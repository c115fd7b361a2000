/**
 * When each Kubernetes minor release came out (the x.y.0 release, UTC dates). A log dated before a release cannot come
 * from it — except from that release's own alpha and beta builds, which start right after the previous release: so a
 * log's date bounds its kubelet at the newest release out by then, plus one.
 */
const RELEASES: readonly (readonly [minor: number, date: string])[] = [
  [0, '2015-07-10'], [1, '2015-11-09'], [2, '2016-03-16'], [3, '2016-07-01'], [4, '2016-09-26'], [5, '2016-12-12'],
  [6, '2017-03-28'], [7, '2017-06-29'], [8, '2017-09-28'], [9, '2017-12-15'], [10, '2018-03-26'], [11, '2018-06-27'],
  [12, '2018-09-27'], [13, '2018-12-03'], [14, '2019-03-25'], [15, '2019-06-19'], [16, '2019-09-18'], [17, '2019-12-09'],
  [18, '2020-03-25'], [19, '2020-08-26'], [20, '2020-12-08'], [21, '2021-04-08'], [22, '2021-08-04'], [23, '2021-12-07'],
  [24, '2022-05-03'], [25, '2022-08-23'], [26, '2022-12-09'], [27, '2023-04-11'], [28, '2023-08-15'], [29, '2023-12-13'],
  [30, '2024-04-17'], [31, '2024-08-13'], [32, '2024-12-11'], [33, '2025-04-23'], [34, '2025-08-27'], [35, '2025-12-17'],
  [36, '2026-04-22'],
];

const RELEASE_US = RELEASES.map(([minor, date]) => [minor, Date.parse(`${date}T00:00:00Z`) * 1000] as const);

/**
 * The newest minor a kubelet writing at `epochUs` can be (a pre-release of the next minor included), or Infinity when
 * the date is past the table's last release (a newer release may exist that the table does not know).
 */
export function newestMinorAt(epochUs: number): number {
  if (!Number.isFinite(epochUs)) return Infinity;
  const last = RELEASE_US[RELEASE_US.length - 1];
  if (epochUs >= last[1]) return Infinity;
  let newest = -1;
  for (const [minor, atUs] of RELEASE_US) if (atUs <= epochUs) newest = minor;
  return newest + 1;
}

/** When minor release 1.`minor` came out (epoch µs), or undefined when the table does not know it. */
export function releaseUs(minor: number): number | undefined {
  for (const [m, atUs] of RELEASE_US) if (m === minor) return atUs;
  return undefined;
}

/**
 * Releases a minor release is supported for: the project maintains the three newest, so 1.x is out of support once
 * 1.(x+3) is out.
 */
export const SUPPORTED_RELEASES = 3;
