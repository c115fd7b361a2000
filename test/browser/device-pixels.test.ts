/**
 * Device pixel ratio in real Chromium: at 2 device pixels per CSS px every timeline canvas has a backing store
 * twice its CSS size (so lines and text are sharp), and when the ratio changes without a resize (a window moved
 * to another screen) the canvases follow.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, RESULTS_DIR, screenshot, type OpenedPage } from './browser.ts';

let browser: Browser;
let opened: OpenedPage;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => {
  await opened?.page.context().close();
  await browser?.close();
});

/** Backing-store size over CSS size of each canvas of the timeline (base, overlay, axis, overview). */
function canvasRatios(page: Page) {
  return page.evaluate(() => [...document.querySelectorAll<HTMLCanvasElement>('canvas.timeline-canvas, canvas.minimap, canvas.time-axis')]
    .map((c) => {
      const r = c.getBoundingClientRect();
      return { name: c.className || c.dataset.testid || '', x: c.width / r.width, y: c.height / r.height };
    }));
}

test('at deviceScaleFactor 2 the canvases draw at 2× and follow a ratio change without a resize', async () => {
  opened = await openApp(browser, { deviceScaleFactor: 2 });
  const { page } = opened;
  // Keep the resolution queries the page makes, to deliver the change Chromium sends when a window moves screens.
  await page.addInitScript(() => {
    const queries: MediaQueryList[] = [];
    (window as unknown as { __resolutionQueries: MediaQueryList[] }).__resolutionQueries = queries;
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = original(query);
      if (query.includes('resolution')) queries.push(list);
      return list;
    };
  });
  await page.reload();
  await page.waitForSelector('[data-testid="drop-zone"]');
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log')]);
  await expect(page.evaluate(() => devicePixelRatio)).resolves.toBe(2);
  const ratios = await canvasRatios(page);
  expect(ratios.length).toBeGreaterThanOrEqual(4);
  for (const r of ratios) {
    expect(r.x, r.name).toBeCloseTo(2, 1);
    expect(r.y, r.name).toBeCloseTo(2, 1);
  }
  await screenshot(page, 'dpr-2');
  // A close-up of the lanes and their labels at device resolution, to look at.
  const box = await page.locator('[data-testid="timeline-canvas"]').boundingBox();
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, 'dpr-2-closeup.png'), clip: { x: box!.x, y: box!.y, width: 520, height: 260 } });

  // The window moves to a 1× screen: same CSS size, new ratio, no resize; only the resolution media query says so.
  // Headless Chromium changes the ratio on CDP's request but re-evaluates media queries only on a resize, so the
  // change event a real screen move brings is delivered here by hand to the page's own query.
  const cdp = await page.context().newCDPSession(page);
  const size = page.viewportSize()!;
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: size.width, height: size.height, deviceScaleFactor: 1, mobile: false });
  await page.waitForFunction(() => devicePixelRatio === 1);
  const sent = await page.evaluate(() => {
    const queries = (window as unknown as { __resolutionQueries: MediaQueryList[] }).__resolutionQueries;
    const live = queries.filter((q) => q.media.includes('2dppx'));
    for (const q of live) q.dispatchEvent(new Event('change'));
    return live.length;
  });
  expect(sent).toBeGreaterThan(0);
  await expect.poll(async () => (await canvasRatios(page)).map((r) => Math.round(r.x * 10) / 10)).toEqual(ratios.map(() => 1));
  for (const r of await canvasRatios(page)) expect(r.y, r.name).toBeCloseTo(1, 1);
  await screenshot(page, 'dpr-1-after-change');
  expect(opened.errors).toEqual([]);
});
