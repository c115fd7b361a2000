/**
 * Findings in the browser, on the real incidents: the strip lists the finding most severe first; selecting it
 * highlights its range and lanes on the timeline's overlay canvas and zooms there; an evidence line selects its
 * event, and the log pane scrolls to that line; G steps through findings; "open the simulation" is offered.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot, viewport } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Fraction of the overlay canvas's pixels in a column band [x0, x1) that are not transparent. */
async function overlayCoverage(page: Page, x0: number, x1: number): Promise<number> {
  return page.evaluate(([a, b]) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="timeline-canvas"]')!;
    const ctx = canvas.getContext('2d')!;
    const w = Math.max(1, Math.min(canvas.width, b) - a);
    const data = ctx.getImageData(a, 0, w, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
    return painted / (data.length / 4);
  }, [x0, x1]);
}

/** A shorter log pane leaves the timeline room under the findings strip (and keeps the picture small). */
async function shrinkLogPane(page: Page, byPx: number): Promise<void> {
  const splitter = (await page.locator('.splitter-row').boundingBox())!;
  await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + 2);
  await page.mouse.down();
  await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + 2 + byPx, { steps: 4 });
  await page.mouse.up();
}

async function waitForOverlay(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

test('seed 000 (dark theme): the readiness race is listed first; its evidence line selects the event and scrolls the log to it', async () => {
  const { page, errors } = await openApp(browser, { colorScheme: 'dark' });
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-000-readiness-init-race.log')]);
  const first = page.locator('[data-testid="finding-list"] .finding-item').first();
  await expect(first.getAttribute('data-finding')).resolves.toBe('readiness-init-race');
  await expect(first.locator('.severity-badge').textContent()).resolves.toBe('error');
  // Before anything is chosen the most severe finding is readable, but nothing is highlighted yet.
  await expect(page.locator('[data-testid="finding-details"]').getAttribute('data-finding')).resolves.toBe('readiness-init-race');
  await waitForOverlay(page);
  expect(await overlayCoverage(page, 0, 2000)).toBe(0);

  await first.click();
  await expect(first.getAttribute('class')).resolves.toContain('active');
  await waitForOverlay(page);
  // The range band covers the canvas where the finding is; with nothing else selected the overlay was empty before.
  expect(await overlayCoverage(page, 0, 2000)).toBeGreaterThan(0.2);
  await screenshot(page, 'findings-seed-000-active');

  // Evidence line 46 is the kill: its tooltip is the raw line (read when the pointer reaches it); clicking it
  // selects that event; the log pane shows line 46 selected.
  const evidence46 = page.locator('[data-testid="finding-evidence"] .evidence-line[data-line="46"]');
  await evidence46.hover();
  await expect(evidence46.getAttribute('title')).resolves.toMatch(/^I0312 10:42:27\.032833 .*Killing container/);
  await evidence46.click();
  await page.waitForSelector('.log-line.selected[data-line="46"]');
  await expect(page.textContent('[data-testid="raw-line"]')).resolves.toContain('Killing container');
  const selectedLine = page.locator('.log-line.selected[data-line="46"]');
  const box = await selectedLine.boundingBox();
  const pane = await page.locator('#log-pane').boundingBox();
  expect(box && pane && box.y >= pane.y && box.y + box.height <= pane.y + pane.height).toBe(true);
  await screenshot(page, 'findings-seed-000-evidence');

  // The killed container is named with its ID; clicking it selects its band (the instance that was running).
  const container = page.locator('[data-testid="finding-containers"] .finding-container');
  await expect(container.count()).resolves.toBe(1);
  await expect(container.textContent()).resolves.toBe('auto-srv-cwhttp-py 8a61fda8d43e');
  await container.click();
  await page.waitForSelector('[data-testid="span-details"]');
  await expect(page.textContent('[data-testid="span-details"]')).resolves.toContain('8a61fda8d43e');
  await screenshot(page, 'findings-seed-000-container');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('seed 004: the stuck pod worker finding zooms to its range; G and Shift+G step through findings', async () => {
  const { page, errors } = await openApp(browser, { width: 1200, height: 700 });
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log')]);
  await shrinkLogPane(page, 120);
  const items = page.locator('[data-testid="finding-list"] .finding-item');
  const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-finding')));
  expect(ids).toContain('pod-worker-stuck-terminating');
  expect(ids).toContain('runtime-call-errors');

  // G focuses the first finding in panel order, G again the next; the active item follows.
  await page.locator('[data-testid="timeline-canvas"]').hover({ position: { x: 50, y: 50 } });
  await page.keyboard.press('g');
  await expect(items.nth(0).getAttribute('class')).resolves.toContain('active');
  await page.keyboard.press('g');
  await expect(items.nth(1).getAttribute('class')).resolves.toContain('active');
  await page.keyboard.press('Shift+G');
  await expect(items.nth(0).getAttribute('class')).resolves.toContain('active');

  // The runtime-call errors happened within 239 µs; focusing them shows a window of that order, not the 65 days.
  await page.locator('[data-testid="finding-list"] .finding-item[data-finding="runtime-call-errors"]').click();
  const v = await viewport(page);
  expect(v.endUs - v.startUs).toBeLessThan(5_000);
  await waitForOverlay(page);
  expect(await overlayCoverage(page, 0, 2000)).toBeGreaterThan(0.2);

  await page.locator('[data-testid="finding-list"] .finding-item[data-finding="pod-worker-stuck-terminating"]').click();
  await expect(page.locator('[data-testid="finding-details"]').textContent()).resolves.toContain('What to check next');
  await expect(page.locator('[data-testid="finding-details"]').textContent()).resolves.toContain('sandbox-leak-terminating');
  // The log pane lists the window's kubelet lines (not the write-up's prose) for the picture.
  await page.locator('.log-pane input[type="checkbox"]').check();
  await waitForOverlay(page);
  await screenshot(page, 'docs/findings-seed-004');
  // The evidence line with the failed kill selects it.
  await page.locator('[data-testid="finding-evidence"] .evidence-line[data-line="230"]').click();
  await page.waitForSelector('.log-line.selected[data-line="230"]');
  await expect(page.textContent('[data-testid="raw-line"]')).resolves.toContain('connection closed');

  // The strip folds away and comes back (Shift+F).
  await page.locator('[data-testid="timeline-canvas"]').hover({ position: { x: 50, y: 50 } });
  await page.keyboard.press('Shift+F');
  await expect(page.locator('[data-testid="finding-list"]').count()).resolves.toBe(0);
  await page.keyboard.press('Shift+F');
  await expect(page.locator('[data-testid="finding-list"]').count()).resolves.toBe(1);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('evidence from several files names each file and line without drawing over the text, however long the name', async () => {
  const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'syncloop-evidence-'));
  const journal = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'findings', 'probe-failures-1.log'), 'utf8').split('\n');
  const long = join(dir, 'kubelet-journal-of-node-192-168-0-1-b28-collected-for-the-incident.log');
  const short = join(dir, 'b.log');
  writeFileSync(long, journal.slice(0, 2).join('\n') + '\n');
  writeFileSync(short, journal.slice(2).join('\n'));
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [long, short]);
  const rows = page.locator('[data-testid="finding-evidence"] .evidence-line');
  expect(await rows.count()).toBeGreaterThan(1);
  for (let k = 0; k < await rows.count(); k++) {
    const place = (await rows.nth(k).locator('.evidence-number').boundingBox())!;
    const text = (await rows.nth(k).locator('.evidence-text').boundingBox())!;
    expect(place.x + place.width).toBeLessThanOrEqual(text.x);
    // The line number stays in view even when the file name is cut.
    const title = await rows.nth(k).locator('.evidence-number').getAttribute('title');
    expect(title).toMatch(/\.log:\d+$/);
    const inner = await rows.nth(k).locator('.evidence-number').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(inner.scroll).toBeLessThanOrEqual(inner.client + 1);
  }
  await expect(page.locator('[data-testid="finding-evidence"]').textContent()).resolves.toContain('b.log:');
  expect(errors).toEqual([]);
  await page.context().close();
});
