/**
 * The incident view in real Chromium, on seed 004 (the stuck-terminating pod worker): selecting events from the
 * log and from the canvas, the inspector and causal links following, zoom/pan/undo, filters that hide, the help.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { draws, INCIDENTS_DIR, layerDraws, launchBrowser, loadFiles, openApp, screenshot, viewport, waitForRedraw, type OpenedPage } from './browser.ts';

let browser: Browser;
let opened: OpenedPage;
let page: Page;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });
beforeEach(async () => {
  await opened?.page.context().close();
  opened = await openApp(browser);
  page = opened.page;
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log')]);
});

/** Line 87 of the document: `I0919 11:11:20.322601 … "SyncLoop DELETE" source="api" pods=[default/nginx-…]`. */
const DELETE_LINE = 87;
const DELETE_US = Date.UTC(2023, 8, 19, 11, 11, 20) * 1000 + 322601;

async function selectViaFilteredLog(text: string, line: number): Promise<void> {
  await page.fill('#filter-text', text);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /matching the filters/.test(document.querySelector('[data-testid="log-summary"]')?.textContent ?? ''));
  await page.click(`.log-line[data-line="${line}"]`);
  await page.waitForSelector('[data-testid="event-details"]');
}

async function canvasBox(page: Page) {
  const box = await page.locator('[data-testid="timeline-canvas"]').boundingBox();
  if (!box) throw new Error('no canvas');
  return box;
}

describe('selection follows between the log, the timeline and the inspector', () => {
  test('clicking a log line selects its event, centres the timeline on it, and fills the inspector', async () => {
    await selectViaFilteredLog('SyncLoop DELETE', DELETE_LINE);
    const details = page.locator('[data-testid="event-details"]');
    await expect(details.locator('[data-testid="raw-line"]').textContent()).resolves.toContain('"SyncLoop DELETE" source="api"');
    await expect(details.textContent()).resolves.toContain(`line ${DELETE_LINE}`);
    await expect(details.locator('[data-testid="event-explanation"]').textContent()).resolves.not.toBe('');
    // The parsed fields come from re-reading the raw record.
    await expect(details.locator('table.fields').textContent()).resolves.toContain('source');
    const v = await viewport(page);
    expect(Math.abs((v.startUs + v.endUs) / 2 - DELETE_US)).toBeLessThan((v.endUs - v.startUs) * 0.01);
    // With the filter cleared, the raw log scrolls to the same line and marks it.
    await page.fill('#filter-text', '');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`.log-line.selected[data-line="${DELETE_LINE}"]`);
    await screenshot(page, 'select-from-log');
  });

  test('clicking the event on the canvas selects it; the log pane scrolls to its line', async () => {
    await selectViaFilteredLog('SyncLoop DELETE', DELETE_LINE);
    await page.fill('#filter-text', '');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape'); // leaves the text field
    await page.keyboard.press('Escape'); // clears the selection
    await page.waitForSelector('[data-testid="event-details"]', { state: 'detached' });
    // The timeline is centred on the DELETE; it sits in the pinned sync-loop lane's mark strip.
    const lane = await page.locator('.lane-header.pinned').first().boundingBox();
    const box = await canvasBox(page);
    await page.mouse.click(box.x + box.width / 2, lane!.y + lane!.height - 8);
    await page.waitForSelector('[data-testid="event-details"]');
    await expect(page.locator('[data-testid="raw-line"]').textContent()).resolves.toContain('SyncLoop DELETE');
    await page.waitForSelector(`.log-line.selected[data-line="${DELETE_LINE}"]`);
  });

  test('a selected event shows its causal neighbours, one hop, expandable to the chain', async () => {
    await selectViaFilteredLog('SyncLoop DELETE', DELETE_LINE);
    const links = page.locator('.link-list li');
    await expect(links.first().textContent()).resolves.toContain('dispatch');
    await expect(page.locator('.link-list').textContent()).resolves.toContain('Pod is marked for graceful deletion');
    await page.fill('#filter-text', '');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape'); // leaves the text field; the keys below go to the app
    await page.keyboard.press('e');
    await expect(page.getByRole('button', { name: /Whole chain/ }).count()).resolves.toBe(1);
    await page.keyboard.press('z');
    await page.waitForTimeout(150);
    await screenshot(page, 'causal-chain');
  });

  test('clicking a state band shows what entered and left that state', async () => {
    const header = page.locator('[data-testid="lane-header"][data-lane-kind="api-status"]');
    const lane = await header.boundingBox();
    const box = await canvasBox(page);
    await page.mouse.click(box.x + box.width * 0.8, lane!.y + 8);
    const details = page.locator('[data-testid="span-details"]');
    await details.waitFor();
    await expect(details.textContent()).resolves.toContain('Entered by');
    await expect(details.textContent()).resolves.toContain('Status for pod is up-to-date');
    await screenshot(page, 'select-band');
  });
});

describe('navigation', () => {
  test('ctrl+wheel zooms at the pointer, drag pans, keys zoom and pan, F fits, U undoes', async () => {
    const box = await canvasBox(page);
    const start = await viewport(page);
    const width = (v: { startUs: number; endUs: number }) => v.endUs - v.startUs;
    await page.mouse.move(box.x + box.width / 2, box.y + 60);
    let n = await draws(page);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -400);
    await page.keyboard.up('Control');
    await waitForRedraw(page, n);
    const zoomed = await viewport(page);
    expect(width(zoomed)).toBeLessThan(width(start) * 0.5);

    n = await draws(page);
    await page.mouse.move(box.x + box.width / 2, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 200, box.y + 60, { steps: 8 });
    await page.mouse.up();
    await waitForRedraw(page, n);
    const panned = await viewport(page);
    expect(width(panned)).toBeCloseTo(width(zoomed), 0);
    // Dragging left by 200 px moves the window later by 200 px worth of time.
    expect((panned.startUs - zoomed.startUs) / (width(zoomed) / box.width)).toBeCloseTo(200, -1);

    await page.keyboard.press('w');
    expect(width(await viewport(page))).toBeLessThan(width(panned));
    await page.keyboard.press('s');
    await page.keyboard.press('d');
    expect((await viewport(page)).startUs).toBeGreaterThan(panned.startUs);
    await page.keyboard.press('f');
    const fitted = await viewport(page);
    expect(width(fitted)).toBeGreaterThan(width(start));
    await page.keyboard.press('u');
    expect(await viewport(page)).not.toEqual(fitted);
    await screenshot(page, 'after-navigation');
  });

  test('a pan redraws the lanes but not the overlay, whose cursor line is hidden until the drag ends', async () => {
    await page.keyboard.press('Escape'); // nothing selected: nothing on the overlay is placed by time
    const box = await canvasBox(page);
    const x = box.x + box.width / 2;
    await page.mouse.move(x, box.y + 60);
    await page.mouse.move(x + 1, box.y + 60);
    const overlayBefore = await layerDraws(page, 'overlay');
    const baseBefore = await draws(page);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(x - i * 15, box.y + 60);
      await page.waitForTimeout(30);
    }
    // One overlay draw at most: the one that hid the cursor line when the drag began.
    expect(await draws(page) - baseBefore).toBeGreaterThanOrEqual(5);
    expect(await layerDraws(page, 'overlay') - overlayBefore).toBeLessThanOrEqual(1);
    const overlayDuring = await layerDraws(page, 'overlay');
    await page.mouse.up();
    await page.waitForFunction((n) => (window as unknown as { __syncloopPerf: { layerDraws: Record<string, number> } }).__syncloopPerf.layerDraws.overlay > n, overlayDuring);
  });

  test('the overview strip moves the window; shift+drag selects a range that Z zooms to', async () => {
    const box = await canvasBox(page);
    const before = await viewport(page);
    await page.keyboard.press('f');
    const minimap = await page.locator('[data-testid="minimap"]').boundingBox();
    await page.mouse.click(minimap!.x + minimap!.width * 0.9, minimap!.y + minimap!.height / 2);
    const moved = await viewport(page);
    expect(moved.startUs).toBeGreaterThan(before.startUs);
    await page.keyboard.press('u');
    await page.keyboard.press('u');
    await page.keyboard.down('Shift');
    await page.mouse.move(box.x + box.width * 0.3, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + 100, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await page.locator('[data-testid="range-details"]').waitFor();
    const pre = await viewport(page);
    await page.keyboard.press('z');
    const after = await viewport(page);
    expect(after.endUs - after.startUs).toBeLessThan((pre.endUs - pre.startUs) * 0.4);
  });

  test('? opens the keyboard help; Escape closes it', async () => {
    await page.keyboard.press('?');
    const help = page.locator('[data-testid="help-overlay"]');
    await help.waitFor();
    await expect(help.textContent()).resolves.toContain('zoom in');
    await expect(help.textContent()).resolves.toContain('undo navigation');
    await screenshot(page, 'help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });
});

describe('filters hide', () => {
  test('message text hides other events and lanes, and says how many it hides', async () => {
    const totalLanes = await page.locator('[data-testid="lane-header"]').count();
    await page.fill('#filter-text', 'Killing container');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /hidden/.test(document.querySelector('[data-testid="hidden-count"]')?.textContent ?? ''));
    await expect(page.textContent('[data-testid="hidden-count"]')).resolves.toMatch(/^[\d,]+ of [\d,]+ events hidden/);
    expect(await page.locator('[data-testid="lane-header"]').count()).toBeLessThan(totalLanes);
    // Every line left in the log pane is one of the matching records.
    const lines = await page.locator('.log-line .log-text').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(/Killing container/i);
    await screenshot(page, 'filter-text');
  });

  test('a regular expression that could run for ever is refused with the reason', async () => {
    await page.click('button[aria-pressed]');
    await page.fill('#filter-text', '(a+)+$');
    await expect(page.textContent('[data-testid="filter-error"]')).resolves.toMatch(/nested quantifier/);
    await page.fill('#filter-text', 'Killing container .*grace');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /hidden/.test(document.querySelector('[data-testid="hidden-count"]')?.textContent ?? ''));
    for (const l of await page.locator('.log-line .log-text').allTextContents()) expect(l).toMatch(/Killing container .*grace/);
  });

  test('severity and lane-kind filters combine; clearing restores everything', async () => {
    await page.selectOption('[data-testid="filter-severity"]', '2');
    await page.waitForFunction(() => /hidden/.test(document.querySelector('[data-testid="hidden-count"]')?.textContent ?? ''));
    const severityOnly = await page.textContent('[data-testid="hidden-count"]');
    for (const cls of await page.locator('.log-line').evaluateAll((els) => els.map((e) => e.className))) expect(cls).toContain('sev-error');
    await page.click('[data-testid="filter-lanes"] summary');
    await page.locator('[data-testid="filter-lanes"] label', { hasText: 'pod worker' }).click();
    await page.click('[data-testid="filter-lanes"] summary');
    await page.waitForFunction((before) => document.querySelector('[data-testid="hidden-count"]')?.textContent !== before, severityOnly);
    const kinds = await page.locator('[data-testid="lane-header"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-lane-kind')));
    expect(new Set(kinds)).toEqual(new Set(['pod-worker']));
    await screenshot(page, 'filter-combined');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.textContent('[data-testid="hidden-count"]')).resolves.not.toMatch(/hidden/);
  });
});

describe('themes', () => {
  test('the dark theme applies to the chrome and the canvas', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.keyboard.press('j');
    await page.waitForTimeout(150);
    const pixel = await page.evaluate(() => {
      const c = document.querySelector('.timeline-canvas') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(c.width - 3, c.height - 3, 1, 1).data;
      return [d[0], d[1], d[2]];
    });
    expect(pixel[0] + pixel[1] + pixel[2]).toBeLessThan(150);
    await screenshot(page, 'dark');
  });
});
