/**
 * The pod, namespace, container and text filters in real Chromium, on a small generated log (10 pods, 300 lines;
 * see synthetic-log.ts: pod i is `app-000i-…` in namespace ['default', 'payments', 'search', 'monitoring',
 * 'kube-system'][i % 5] with one container ['web', 'api', 'worker', 'cache'][i % 4]; housekeeping lines name no
 * pod), and the severity filter on seed 004 (the generated log has no warnings). What each filter must leave is
 * read from the log text itself: the lines naming the chosen pod, namespace, container or text, or their level.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, RESULTS_DIR, screenshot, type OpenedPage } from './browser.ts';
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

test('text filter: / focuses it and −n says what it hides, as for the others; Shift+K opens the namespace list', async () => {
  await page.keyboard.press('/');
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('filter-text');
  await page.keyboard.type('probe');
  await page.keyboard.press('Enter');
  // Plain text matches without regard to case: the "Probe succeeded / failed" lines stay.
  const probe = (l: string) => l.toLowerCase().includes('probe');
  const visible = lines.filter(probe).length;
  expect(visible).toBeGreaterThan(0);
  await expectHidden(TOTAL - visible);
  await expect(page.textContent('[data-testid="filter-text-hides"]')).resolves.toBe(`−${TOTAL - visible}`);
  await expectLogLines(visible, 'Probe');

  // Out of the field (Escape would clear a search field's text), Shift+K opens the namespace list with the keyboard
  // in it: Space ticks the first choice, "default".
  await page.locator('#log-pane').focus();
  await page.keyboard.press('Shift+K');
  await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).resolves.toBe('checkbox');
  await page.keyboard.press('Space');
  const inDefault = (l: string) => l.includes('default/');
  const both = lines.filter((l) => probe(l) && inDefault(l)).length;
  await expectHidden(TOTAL - both);
  // Each −n is what that filter hides on its own; the total says what they hide together.
  await expect(page.textContent('[data-testid="filter-namespace-hides"]')).resolves.toBe(`−${TOTAL - lines.filter(inDefault).length}`);
  await expect(page.textContent('[data-testid="filter-text-hides"]')).resolves.toBe(`−${TOTAL - visible}`);
  expect(await shownPods()).toEqual(podsNamed((l) => probe(l) && inDefault(l)));
  await page.click('[data-testid="filter-namespace"] summary'); // close the list for the picture
  await expect(page.inputValue('#filter-text')).resolves.toBe('probe');
  await screenshot(page, 'filter-text-and-namespace');
  await page.locator('#log-pane').focus();
  await page.keyboard.press('x');
  await expectUnfiltered();
  await expect(page.locator('[data-testid="filter-text-hides"]').count()).resolves.toBe(0);

  // X right after Enter (within the typing pause) clears the text for good: the pause's timer does not bring the
  // typed text back a moment later.
  await page.keyboard.press('/');
  await page.keyboard.type('probe');
  await page.keyboard.press('Enter');
  await page.locator('#log-pane').focus();
  await page.keyboard.press('x');
  await page.waitForTimeout(600); // past the 250 ms pause
  await expect(page.inputValue('#filter-text')).resolves.toBe('');
  await expectUnfiltered();
  expect(opened.errors).toEqual([]);
});

test('severity filter: Shift+E cycles all → warnings and errors → errors only → all, with its −n; × clears it', async () => {
  // Seed 004: its only W/E/F records are the seven E lines of containerd's crash (lines 206–209, 229, 230, 241).
  const seedText = readFileSync(join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log'), 'utf8');
  const errorLines = seedText.split('\n').filter((l) => /^[WEF]\d{4} \d\d:\d\d:\d\d\.\d{6} /.test(l));
  expect(errorLines.every((l) => l.startsWith('E'))).toBe(true);
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log')]);
  const total = Number((await page.textContent('[data-testid="hidden-count"]'))!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(errorLines.length);
  const severity = page.locator('[data-testid="filter-severity"]');
  for (const [choice, label] of [['1', 'warnings and errors'], ['2', 'errors only']]) {
    await page.locator('#log-pane').focus();
    await page.keyboard.press('Shift+E');
    await expect(severity.inputValue()).resolves.toBe(choice);
    await expect(severity.locator('option:checked').textContent()).resolves.toBe(label);
    await page.waitForFunction((w) => document.querySelector('[data-testid="hidden-count"]')?.textContent?.startsWith(w),
      `${total - errorLines.length} of ${total} events hidden`);
    await expect(page.textContent('[data-testid="filter-severity-hides"]')).resolves.toBe(`−${total - errorLines.length}`);
    const shown = await page.locator('.log-line .log-text').allTextContents();
    expect(shown.length).toBe(errorLines.length);
    for (const l of shown) expect(l).toMatch(/^E\d{4} /);
  }
  await screenshot(page, 'filter-severity');
  await page.keyboard.press('Shift+E');
  await expect(severity.inputValue()).resolves.toBe('0');
  await page.waitForFunction((n) => document.querySelector('[data-testid="hidden-count"]')?.textContent === `${n} events`, total);
  await page.keyboard.press('Shift+E');
  await page.waitForSelector('[data-testid="filter-severity-hides"]');
  await page.getByRole('button', { name: 'Clear the severity filter' }).click();
  await page.waitForSelector('[data-testid="filter-severity-hides"]', { state: 'detached' });
  await expect(severity.inputValue()).resolves.toBe('0');
  expect(opened.errors).toEqual([]);
});
