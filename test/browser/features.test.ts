/**
 * Smaller features in real Chromium: pasting text, sorting and collapsing pods, measuring time from an origin,
 * the log pane's keyboard, following the visible window, and the theme toggle.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot, viewport, waitForLoaded } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const seed = (name: string) => join(INCIDENTS_DIR, name);

test('pasted log text is analysed like a file', async () => {
  const { page, errors } = await openApp(browser);
  const lines = readFileSync(seed('seed-004-stuck-terminating-worker.log'), 'utf8').split('\n').slice(86, 130).join('\n');
  await page.getByRole('button', { name: 'Paste log text…' }).click();
  await page.fill('.paste-area', lines);
  await screenshot(page, 'paste-dialog');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await waitForLoaded(page);
  await expect(page.textContent('[data-testid="trace-title"]')).resolves.toBe('pasted text');
  await page.waitForSelector('[data-testid="pod-header"][data-pod="default/nginx-deployment-bd4476b48-fpgvc"]');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('pods sort by name, collapse and expand, and the finder scrolls to one', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [seed('seed-000-readiness-init-race.log')]);
  await page.selectOption('[data-testid="pod-sort"]', 'name');
  await page.keyboard.press('c'); // collapse every pod: many more pod headers fit in view
  const names = await page.locator('[data-testid="pod-header"]').evaluateAll((els) =>
    els.map((e) => ({ name: e.getAttribute('data-pod') ?? '', top: parseFloat((e.parentElement as HTMLElement).style.top) })));
  names.sort((a, b) => a.top - b.top);
  expect(names.length).toBeGreaterThan(10);
  const shown = names.map((n) => n.name);
  expect(shown).toEqual([...shown].sort());
  expect(await page.locator('[data-testid="lane-header"]:not(.pinned)').count()).toBeLessThan(5);
  await screenshot(page, 'pods-collapsed');
  await page.fill('#pod-finder', 'opensource');
  await page.keyboard.press('Enter');
  const header = page.locator('[data-testid="pod-header"][data-pod="default/opensource-sf-dc750-2"]');
  await header.waitFor();
  await expect(header.getAttribute('class')).resolves.toContain('selected');
  await page.waitForSelector('[data-testid="pod-details"]');
  await page.keyboard.press('Escape');
  await page.keyboard.press('C');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="lane-header"]:not(.pinned)').length > 5);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('O measures time from the selection; Shift+O goes back to wall-clock time', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [seed('seed-004-stuck-terminating-worker.log')]);
  await page.locator('#log-pane').focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await page.keyboard.press('o');
  await expect(page.textContent('.timeline-corner')).resolves.toContain('relative to origin');
  await screenshot(page, 'relative-time');
  await page.keyboard.press('O');
  await expect(page.textContent('.timeline-corner')).resolves.toContain('wall-clock');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('the log pane: arrow keys walk the lines and select their events; it can follow the visible window', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [seed('seed-004-stuck-terminating-worker.log')]);
  // Line 87 is a kubelet record; select it from the filtered list, then walk on in the raw log.
  await page.fill('#filter-text', 'SyncLoop DELETE');
  await page.keyboard.press('Enter');
  await page.click('.log-line[data-line="87"]');
  await page.fill('#filter-text', '');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.log-line.selected[data-line="87"]');
  await page.locator('#log-pane').focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('.log-line.selected[data-line="88"]');
  await expect(page.locator('[data-testid="raw-line"]').textContent()).resolves.toContain('Pod is marked for graceful deletion');
  const centreBefore = await viewport(page);
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('.log-line.selected[data-line="89"]');
  const centreAfter = await viewport(page);
  expect((centreAfter.startUs + centreAfter.endUs) / 2).toBeGreaterThan((centreBefore.startUs + centreBefore.endUs) / 2);

  await page.getByLabel('only the visible time window').check();
  await page.waitForFunction(() => /in the visible window/.test(document.querySelector('[data-testid="log-summary"]')?.textContent ?? ''));
  const v = await viewport(page);
  const times = await page.locator('.log-line .log-text').allTextContents();
  expect(times.length).toBeGreaterThan(0);
  for (const t of times) {
    const m = /^[IWEF](\d\d)(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{6})/.exec(t);
    expect(m).not.toBeNull();
    const us = Date.UTC(2023, Number(m![1]) - 1, Number(m![2]), Number(m![3]), Number(m![4]), Number(m![5])) * 1000 + Number(m![6]);
    expect(us).toBeGreaterThanOrEqual(v.startUs - 1);
    expect(us).toBeLessThanOrEqual(v.endUs + 1);
  }
  expect(errors).toEqual([]);
  await page.context().close();
});

test('T switches the theme; the choice overrides the system preference', async () => {
  const { page, errors } = await openApp(browser, { colorScheme: 'light' });
  await loadFiles(page, [seed('seed-004-stuck-terminating-worker.log')]);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  await page.locator('#log-pane').focus();
  await page.keyboard.press('t');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await page.keyboard.press('t');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  expect(errors).toEqual([]);
  await page.context().close();
});
