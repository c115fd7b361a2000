/**
 * Order on the timeline, in real Chromium: the node's lanes (sync loop pinned first, then the goroutines in the
 * order the issue states) above the pod groups, and the three pod sorts on a small log whose expected orders are
 * stated below. The log has one line for each node goroutine lane (its message taken from the catalog) and four
 * pods with known first activity and warning/error counts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { CATALOG } from '../../src/catalog/catalog.ts';
import type { LaneKind } from '../../src/model/trace.ts';
import { launchBrowser, loadFiles, openApp, RESULTS_DIR, screenshot, type OpenedPage } from './browser.ts';

/** The node lanes below the pinned sync loop, top to bottom (issue 3: PLEG, housekeeping, status manager, runtime
 * calls, node status and runtime health, GC, eviction; the config, volume and recorded-event lanes; other last). */
const NODE_LANES_IN_ORDER: LaneKind[] = [
  'pleg', 'housekeeping', 'status-manager', 'runtime', 'node-status', 'gc', 'eviction', 'config', 'volume', 'events', 'other',
];

const time = (s: number) => `0312 10:00:${String(s).padStart(2, '0')}.000000 1`;
const uid = (n: number) => `0000000${n}-1111-2222-3333-444444444444`;
const ref = (pod: string, n: number) => `pod="${pod}" podUID=${uid(n)}`;

// One line per node lane, written in the reverse of the display order (the order must come from the app).
const nodeLines = ['sync-loop', ...NODE_LANES_IN_ORDER].reverse().map((kind, i) => {
  const entry = CATALOG.find((c) => c.lane === kind && c.msg?.length);
  if (!entry) throw new Error(`no catalog message on the ${kind} lane`);
  return `I${time(30 + i)} node.go:1] "${entry.msg![0]}"`;
});

// Pods: first activity zeta-1 (0:01), mid-2 (0:02), alpha-3 (0:04), beta-4 (0:07);
// problems: beta-4 two errors, alpha-3 one error and one warning, mid-2 two warnings, zeta-1 none.
const podLines = [
  `I${time(1)} kubelet.go:2153] "SyncLoop ADD" source="api" pods=[payments/zeta-1]`,
  `I${time(2)} kubelet.go:2153] "SyncLoop ADD" source="api" pods=[default/mid-2]`,
  `W${time(3)} prober.go:116] "Probe failed" probeType="Readiness" ${ref('default/mid-2', 2)} containerName="app" probeResult="failure" output="timeout"`,
  `I${time(4)} kubelet.go:2153] "SyncLoop ADD" source="api" pods=[search/alpha-3]`,
  `W${time(5)} prober.go:116] "Probe failed" probeType="Readiness" ${ref('default/mid-2', 2)} containerName="app" probeResult="failure" output="timeout"`,
  `E${time(6)} pod_workers.go:1294] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"db\\" with CrashLoopBackOff" ${ref('search/alpha-3', 3)}`,
  `I${time(7)} kubelet.go:2153] "SyncLoop ADD" source="api" pods=[default/beta-4]`,
  `W${time(8)} prober.go:116] "Probe failed" probeType="Readiness" ${ref('search/alpha-3', 3)} containerName="db" probeResult="failure" output="timeout"`,
  `E${time(9)} pod_workers.go:1294] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"web\\" with CrashLoopBackOff" ${ref('default/beta-4', 4)}`,
  `E${time(10)} pod_workers.go:1294] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"web\\" with CrashLoopBackOff" ${ref('default/beta-4', 4)}`,
  `I${time(11)} kubelet.go:1607] "syncPod enter" ${ref('payments/zeta-1', 1)}`,
];

const BY_NAME = ['default/beta-4', 'default/mid-2', 'payments/zeta-1', 'search/alpha-3'];
const BY_FIRST_ACTIVITY = ['payments/zeta-1', 'default/mid-2', 'search/alpha-3', 'default/beta-4'];
const BY_PROBLEMS = ['default/beta-4', 'search/alpha-3', 'default/mid-2', 'payments/zeta-1'];

const LOG = join(RESULTS_DIR, 'fixtures', 'pod-order.log');

let browser: Browser;
let opened: OpenedPage;
let page: Page;
beforeAll(async () => {
  mkdirSync(join(RESULTS_DIR, 'fixtures'), { recursive: true });
  writeFileSync(LOG, [...podLines, ...nodeLines].join('\n') + '\n');
  browser = await launchBrowser();
});
afterAll(async () => {
  await opened?.page.context().close();
  await browser?.close();
});
beforeEach(async () => {
  await opened?.page.context().close();
  opened = await openApp(browser);
  page = opened.page;
  await loadFiles(page, [LOG]);
  await page.keyboard.press('c'); // collapse the pods: the whole layout fits in view
});

/** Every header in view, top to bottom: `pinned:<kind>`, `lane:<kind>`, `node`, or `pod:<namespace/name>`. */
async function rowsTopToBottom(): Promise<string[]> {
  const rows = await page.locator('.lane-header-slot').evaluateAll((slots) => slots.map((slot) => {
    const el = slot.firstElementChild as HTMLElement;
    const pinned = slot.parentElement?.classList.contains('lane-headers');
    const top = parseFloat((slot as HTMLElement).style.top) + (pinned ? 0 : 1e6);
    const id = el.dataset.testid === 'pod-header' ? `pod:${el.dataset.pod}`
      : el.dataset.testid === 'node-header' ? 'node' : `${pinned ? 'pinned' : 'lane'}:${el.dataset.laneKind}`;
    return { id, top };
  }));
  return rows.sort((a, b) => a.top - b.top).map((r) => r.id);
}

const podsShown = async () => (await rowsTopToBottom()).filter((r) => r.startsWith('pod:')).map((r) => r.slice(4));

test('node lanes: the sync loop pinned first, then PLEG … other in the stated order, then the pod groups', async () => {
  const rows = await rowsTopToBottom();
  expect(rows).toEqual([
    'pinned:sync-loop',
    'node',
    ...NODE_LANES_IN_ORDER.map((k) => `lane:${k}`),
    ...BY_PROBLEMS.map((p) => `pod:${p}`), // the default sort
  ]);
  await screenshot(page, 'lane-order');
  expect(opened.errors).toEqual([]);
});

test('pods sort by first activity, by warnings/errors and by name', async () => {
  await page.selectOption('[data-testid="pod-sort"]', 'first-activity');
  await expect.poll(podsShown).toEqual(BY_FIRST_ACTIVITY);
  await screenshot(page, 'sort-first-activity');
  await page.selectOption('[data-testid="pod-sort"]', 'problems');
  await expect.poll(podsShown).toEqual(BY_PROBLEMS);
  // The counts the sort used are on the headers: errors, then warnings.
  const beta = page.locator('[data-testid="pod-header"][data-pod="default/beta-4"]');
  await expect(beta.locator('.count-error').textContent()).resolves.toBe('2');
  await expect(page.locator('[data-testid="pod-header"][data-pod="default/mid-2"] .count-warning').textContent()).resolves.toBe('2');
  await screenshot(page, 'sort-problems');
  await page.selectOption('[data-testid="pod-sort"]', 'name');
  await expect.poll(podsShown).toEqual(BY_NAME);
  expect(opened.errors).toEqual([]);
});
