/**
 * The pod, namespace and container filters in real Chromium, on a small generated log (10 pods, 300 lines; see
 * synthetic-log.ts: pod i is `app-000i-…` in namespace ['default', 'payments', 'search', 'monitoring',
 * 'kube-system'][i % 5] with one container ['web', 'api', 'worker', 'cache'][i % 4]; housekeeping lines name no
 * pod). What each filter must leave is read from the log text itself: the lines naming the chosen pod, namespace
 * or container.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { launchBrowser, loadFiles, openApp, RESULTS_DIR, screenshot, type OpenedPage } from './browser.ts';
import { syntheticKlog } from './synthetic-log.ts';

const LOG = join(RESULTS_DIR, 'fixtures', 'filters-10-pods.log');
const text = [...syntheticKlog({ pods: 10, lines: 300 })].join('');
const lines = text.split('\n').filter((l) => l !== '');
const TOTAL = lines.length;

let browser: Browser;
let opened: OpenedPage;
let page: Page;
beforeAll(async () => {
  mkdirSync(join(RESULTS_DIR, 'fixtures'), { recursive: true });
  writeFileSync(LOG, text);
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
  await page.keyboard.press('c'); // collapse every pod: all ten pod headers fit in view
});

/** Pod headers shown, by name (the order is the pod sort's business: see pod-order.test.ts). */
async function shownPods(): Promise<string[]> {
  const pods = await page.locator('[data-testid="pod-header"]').evaluateAll((els) =>
    els.map((e) => ({ name: e.getAttribute('data-pod') ?? '', top: parseFloat((e.parentElement as HTMLElement).style.top) })));
  return pods.map((p) => p.name).sort();
}

/** `namespace/name` of every pod the log names, with the pod field's text. */
const podsNamed = (match: (line: string) => boolean) =>
  [...new Set(lines.filter(match).map((l) => /pods?=\[?"?([\w-]+\/[\w-]+)/.exec(l)?.[1] ?? ''))].filter(Boolean).sort();

async function expectHidden(hidden: number): Promise<void> {
  const want = `${hidden.toLocaleString('en-US')} of ${TOTAL.toLocaleString('en-US')} events hidden`;
  await page.waitForFunction((w) => document.querySelector('[data-testid="hidden-count"]')?.textContent?.startsWith(w), want);
}

async function expectLogLines(visible: number, eachContains: string): Promise<void> {
  await expect(page.textContent('[data-testid="log-summary"]')).resolves.toBe(`${visible} events matching the filters`);
  const shown = await page.locator('.log-line .log-text').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const l of shown) expect(l).toContain(eachContains);
}

async function expectUnfiltered(): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('[data-testid="hidden-count"]')?.textContent === `${n} events`, TOTAL);
  expect(await shownPods()).toHaveLength(10);
  await page.waitForSelector('[data-testid="lane-header"][data-lane-kind="housekeeping"]');
}

test('every pod is there before filtering, and the housekeeping lane (lines that name no pod)', async () => {
  expect(TOTAL).toBe(300);
  await expectUnfiltered();
  expect(await shownPods()).toEqual(podsNamed(() => true));
});

test('pod filter: Shift+P, type-ahead, Enter keeps only that pod; Backspace removes it; H filters to the selected pod', async () => {
  await page.keyboard.press('Shift+P');
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('filter-pod');
  await page.keyboard.type('app-0003');
  const suggestion = page.locator('.pod-filter-results [role="option"]');
  await expect(suggestion.count()).resolves.toBe(1);
  const pod = podsNamed((l) => l.includes('app-0003-'));
  expect(pod).toHaveLength(1);
  await expect(suggestion.textContent()).resolves.toBe(pod[0]);
  await screenshot(page, 'filter-pod-typeahead');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="pod-chip"]').textContent()).resolves.toContain(pod[0]);

  const visible = lines.filter((l) => l.includes('app-0003-')).length;
  await expectHidden(TOTAL - visible);
  await expect(page.textContent('[data-testid="filter-pod-hides"]')).resolves.toBe(`−${TOTAL - visible}`);
  expect(await shownPods()).toEqual(pod);
  // The node's housekeeping lines name no pod: their lane goes.
  await page.waitForSelector('[data-testid="lane-header"][data-lane-kind="housekeeping"]', { state: 'detached' });
  await expectLogLines(visible, 'app-0003-');
  await screenshot(page, 'filter-pod');

  await page.keyboard.press('Backspace'); // the field is still focused and empty: removes the chip
  await expectUnfiltered();

  await page.keyboard.press('Escape');
  const other = podsNamed((l) => l.includes('app-0007-'))[0];
  await page.click(`[data-testid="pod-header"][data-pod="${other}"] .group-title`);
  await page.keyboard.press('h');
  await expect(page.locator('[data-testid="pod-chip"]').textContent()).resolves.toContain(other);
  const visibleOther = lines.filter((l) => l.includes('app-0007-')).length;
  await expectHidden(TOTAL - visibleOther);
  expect(await shownPods()).toEqual([other]);
  await expectLogLines(visibleOther, 'app-0007-');
  await page.keyboard.press('h');
  await expectUnfiltered();
  expect(opened.errors).toEqual([]);
});

test('namespace filter: only that namespace’s pods, events and lines; × clears it', async () => {
  await page.click('[data-testid="filter-namespace"] summary');
  await page.locator('[data-testid="filter-namespace"] label', { hasText: 'payments' }).click();
  await page.click('[data-testid="filter-namespace"] summary');
  const visible = lines.filter((l) => l.includes('payments/')).length;
  await expectHidden(TOTAL - visible);
  await expect(page.textContent('[data-testid="filter-namespace-hides"]')).resolves.toBe(`−${TOTAL - visible}`);
  const payments = podsNamed((l) => l.includes('payments/'));
  expect(payments).toHaveLength(2); // pods 1 and 6
  expect(await shownPods()).toEqual(payments);
  await page.waitForSelector('[data-testid="lane-header"][data-lane-kind="housekeeping"]', { state: 'detached' });
  await expectLogLines(visible, 'payments/');
  await screenshot(page, 'filter-namespace');
  await page.getByRole('button', { name: 'Clear the namespace filter' }).click();
  await expectUnfiltered();
  expect(opened.errors).toEqual([]);
});

test('container filter: only events of that container name, the pods that run it; X clears every filter', async () => {
  await page.click('[data-testid="filter-container"] summary');
  await page.locator('[data-testid="filter-container"] label', { hasText: 'api' }).click();
  await page.click('[data-testid="filter-container"] summary');
  const named = (l: string) => l.includes('containerName="api"');
  const visible = lines.filter(named).length;
  expect(visible).toBeGreaterThan(0);
  await expectHidden(TOTAL - visible);
  await expect(page.textContent('[data-testid="filter-container-hides"]')).resolves.toBe(`−${TOTAL - visible}`);
  const pods = podsNamed(named);
  expect(pods.length).toBeGreaterThan(0);
  expect(await shownPods()).toEqual(pods);
  await page.waitForSelector('[data-testid="lane-header"][data-lane-kind="housekeeping"]', { state: 'detached' });
  await expectLogLines(visible, 'containerName="api"');
  await screenshot(page, 'filter-container');
  // Combined with a namespace, both apply (AND); X clears both.
  await page.click('[data-testid="filter-namespace"] summary');
  await page.locator('[data-testid="filter-namespace"] label', { hasText: 'payments' }).click();
  await page.click('[data-testid="filter-namespace"] summary');
  const both = lines.filter((l) => named(l) && l.includes('payments/')).length;
  await expectHidden(TOTAL - both);
  expect(await shownPods()).toEqual(podsNamed((l) => named(l) && l.includes('payments/')));
  await page.locator('#log-pane').focus();
  await page.keyboard.press('x');
  await expectUnfiltered();
  expect(opened.errors).toEqual([]);
});
