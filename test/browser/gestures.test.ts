/**
 * Touch gestures on the timeline through Chromium's own touch input (CDP Input.dispatchTouchEvent on a touch-screen
 * page): a two-finger pinch zooms around the pinch centre, moving two fingers pans, U undoes each gesture; and a
 * wheel zoom over the overview strip is one undoable step.
 */
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot, viewport, type OpenedPage } from './browser.ts';

let browser: Browser;
let opened: OpenedPage;
let page: Page;
let cdp: CDPSession;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => {
  await opened?.page.context().close();
  await browser?.close();
});
beforeEach(async () => {
  await opened?.page.context().close();
  opened = await openApp(browser, { hasTouch: true });
  page = opened.page;
  cdp = await page.context().newCDPSession(page);
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log')]);
});

type Point = { x: number; y: number };

/** Two fingers down at a0/b0, moved in `steps` to a1/b1, lifted. */
async function twoFingers(a0: Point, b0: Point, a1: Point, b1: Point, steps = 8): Promise<void> {
  const points = (a: Point, b: Point) => [{ x: a.x, y: a.y, id: 1 }, { x: b.x, y: b.y, id: 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(a0, b0) });
  for (let i = 1; i <= steps; i++) {
    const f = i / steps;
    const lerp = (p: Point, q: Point) => ({ x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(lerp(a0, a1), lerp(b0, b1)) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function canvasBox() {
  const box = await page.locator('[data-testid="timeline-canvas"]').boundingBox();
  if (!box) throw new Error('no canvas');
  return box;
}

const widthOf = (v: { startUs: number; endUs: number }) => v.endUs - v.startUs;

test('pinching out zooms in around the pinch centre; pinching in zooms out; U undoes each', async () => {
  const box = await canvasBox();
  const before = await viewport(page);
  const y = box.y + 200;
  const cx = box.x + box.width * 0.3; // off-centre, so zooming around the canvas centre would be caught
  const timeAt = (v: { startUs: number; endUs: number }, xPx: number) => v.startUs + (xPx / box.width) * widthOf(v);
  const centreTime = timeAt(before, cx - box.x);

  await twoFingers({ x: cx - 50, y }, { x: cx + 50, y }, { x: cx - 150, y }, { x: cx + 150, y });
  const zoomed = await viewport(page);
  expect(widthOf(zoomed) / widthOf(before)).toBeCloseTo(1 / 3, 2);
  // The time that was under the pinch centre is still there.
  expect(Math.abs(timeAt(zoomed, cx - box.x) - centreTime)).toBeLessThan(widthOf(zoomed) * 0.005);
  await screenshot(page, 'touch-pinch-zoomed');

  await twoFingers({ x: cx - 150, y }, { x: cx + 150, y }, { x: cx - 75, y }, { x: cx + 75, y });
  const out = await viewport(page);
  expect(widthOf(out) / widthOf(zoomed)).toBeCloseTo(2, 1);

  await page.keyboard.press('u');
  expect(await viewport(page)).toEqual(zoomed);
  await page.keyboard.press('u');
  expect(await viewport(page)).toEqual(before);
  expect(opened.errors).toEqual([]);
});

test('moving two fingers sideways pans in time without zooming, and selects nothing', async () => {
  const box = await canvasBox();
  await twoFingers({ x: box.x + 300, y: box.y + 150 }, { x: box.x + 500, y: box.y + 150 }, { x: box.x + 300, y: box.y + 150 }, { x: box.x + 500, y: box.y + 150 }, 1);
  const zoomedFirst = await viewport(page); // the same window: no movement, no change
  await twoFingers({ x: box.x + 400, y: box.y + 150 }, { x: box.x + 600, y: box.y + 150 }, { x: box.x + 240, y: box.y + 150 }, { x: box.x + 440, y: box.y + 150 });
  const panned = await viewport(page);
  expect(widthOf(panned)).toBeCloseTo(widthOf(zoomedFirst), 0);
  // Fingers moved 160 px left: the window moves 160 px worth of time later.
  expect((panned.startUs - zoomedFirst.startUs) / (widthOf(zoomedFirst) / box.width)).toBeCloseTo(160, 0);
  await expect(page.locator('[data-testid="event-details"], [data-testid="span-details"]').count()).resolves.toBe(0);
  await page.keyboard.press('u');
  expect(await viewport(page)).toEqual(zoomedFirst);
});

test('a wheel zoom over the overview strip is one step of the navigation history', async () => {
  const before = await viewport(page);
  const minimap = await page.locator('[data-testid="minimap"]').boundingBox();
  await page.mouse.move(minimap!.x + minimap!.width / 2, minimap!.y + minimap!.height / 2);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -100);
  await page.waitForFunction((w) => {
    const v = (window as unknown as { __syncloopPerf: { viewport(): { startUs: number; endUs: number } } }).__syncloopPerf.viewport();
    return v.endUs - v.startUs < w * 0.5;
  }, widthOf(before));
  await page.keyboard.press('u');
  expect(await viewport(page)).toEqual(before);
});
