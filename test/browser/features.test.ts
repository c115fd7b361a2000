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

test('the new keys: Shift+R cycles the pod sort, Shift+H folds the selected pod, and ? lists every one of them', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [seed('seed-000-readiness-init-race.log')]);
  const sort = page.locator('[data-testid="pod-sort"]');
  await expect(sort.inputValue()).resolves.toBe('problems');
  await page.locator('#log-pane').focus();
  await page.keyboard.press('c');
  await page.keyboard.press('Shift+R');
  await expect(sort.inputValue()).resolves.toBe('name');
  const order = async () => (await page.locator('[data-testid="pod-header"]').evaluateAll((els) =>
    els.map((e) => ({ name: e.getAttribute('data-pod') ?? '', top: parseFloat((e.parentElement as HTMLElement).style.top) }))))
    .sort((a, b) => a.top - b.top).map((p) => p.name);
  const byName = await order();
  expect(byName).toEqual([...byName].sort());
  await page.keyboard.press('Shift+R');
  await expect(sort.inputValue()).resolves.toBe('first-activity');
  await page.keyboard.press('Shift+R');
  await expect(sort.inputValue()).resolves.toBe('problems');

  // Expand all, select the killed pod, and fold just its group.
  await page.keyboard.press('C');
  const pod = 'default/auto-srv-cwhttp-sf-30b71-0';
  await page.fill('#pod-finder', 'auto-srv-cwhttp');
  await page.keyboard.press('Enter');
  const header = page.locator(`[data-testid="pod-header"][data-pod="${pod}"]`);
  await header.waitFor();
  const chevron = header.locator('.chevron');
  await expect(chevron.getAttribute('aria-expanded')).resolves.toBe('true');
  const lanes = () => page.locator('[data-testid="lane-header"]:not(.pinned)').count();
  const lanesBefore = await lanes();
  await page.locator('#log-pane').focus();
  await page.keyboard.press('Shift+H');
  await expect(chevron.getAttribute('aria-expanded')).resolves.toBe('false');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="lane-header"]:not(.pinned)').length < n, lanesBefore);
  // Only that group folds: the other pods stay expanded.
  const expanded = page.locator('[data-testid="pod-header"] .chevron[aria-expanded="true"]');
  expect(await expanded.count()).toBeGreaterThan(0);
  await screenshot(page, 'fold-selected-pod');
  await page.keyboard.press('Shift+H');
  await expect(chevron.getAttribute('aria-expanded')).resolves.toBe('true');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="lane-header"]:not(.pinned)').length === n, lanesBefore);

  await page.keyboard.press('?');
  const help = page.locator('[data-testid="help-overlay"]');
  await help.waitFor();
  const rows = Object.fromEntries(await help.locator('tr').evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? ''])));
  for (const [key, does] of [['Shift+R', 'sort pods'], ['Shift+E', 'severity filter'], ['Shift+K', 'namespace filter'],
    ['Shift+T', 'container filter'], ['Shift+L', 'lane filter'], ['Shift+H', 'collapse the selected pod'],
    ['Ctrl+O', 'open log files'], ['Ctrl+V', 'paste log text']]) {
    expect(rows[key], key).toContain(does);
  }
  await screenshot(page, 'help-keys');
  await page.locator('.modal-body').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await screenshot(page, 'help-keys-end');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('on the start page, Ctrl+O opens the file picker and pasting text (Ctrl+V) opens it in the paste box', async () => {
  const { page, errors } = await openApp(browser);
  const chooser = page.waitForEvent('filechooser');
  // Listening turns on Chromium's file-chooser interception by a message of its own; a round trip on the same
  // session makes sure it is on before the key is pressed (else the picker opens natively and no event comes).
  await page.evaluate(() => 0);
  await page.keyboard.press('Control+o');
  const picker = await chooser;
  expect(picker.isMultiple()).toBe(true);
  await picker.setFiles(seed('seed-003-upgrade-hash-recreate.log'));
  await waitForLoaded(page);
  await expect(page.textContent('[data-testid="trace-title"]')).resolves.toBe('seed-003-upgrade-hash-recreate.log');
  await page.click('.brand'); // back to the start page
  await page.waitForSelector('[data-testid="drop-zone"]');

  // A paste on the page (not in a field): the browser's paste event carries the clipboard's text.
  const text = readFileSync(seed('seed-004-stuck-terminating-worker.log'), 'utf8').split('\n').slice(86, 130).join('\n');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await expect(page.inputValue('.paste-area')).resolves.toBe(text);
  await screenshot(page, 'paste-from-clipboard');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await waitForLoaded(page);
  await page.waitForSelector('[data-testid="pod-header"][data-pod="default/nginx-deployment-bd4476b48-fpgvc"]');
  expect(errors).toEqual([]);
  await page.context().close();
});
