/**
 * A gap in the log in real Chromium: seed 000's write-up quotes two excerpts half an hour apart (the first quoted
 * excerpt ends at line 137, the next log line is line 300); the bands across the gap say "not in the log", and the
 * inspector says where the lines were left out: the first cut after the last record before the gap.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('a band across a gap in the log says so, and the inspector names the cut', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-000-readiness-init-race.log')]);
  await page.locator('#log-pane').focus();
  await page.keyboard.press('f');
  const pod = '[data-testid="pod-header"][data-pod="default/auto-srv-cwhttp-sf-30b71-0"]';
  await page.waitForSelector(pod);
  const lane = await page.locator('[data-testid="lane-header"][data-lane-kind="sandbox"]').first().boundingBox();
  const canvas = await page.locator('[data-testid="timeline-canvas"]').boundingBox();
  if (!lane || !canvas) throw new Error('no lane or canvas');
  // The half hour left out covers most of the fitted window: its middle is inside the gap.
  await page.mouse.click(canvas.x + canvas.width * 0.5, lane.y + 8);
  const details = page.locator('[data-testid="span-details"]');
  await details.waitFor();
  await expect(details.locator('.inspector-title').textContent()).resolves.toBe('unknown state');
  await expect(page.locator('[data-testid="gap-note"]').textContent()).resolves.toMatch(/Lines were left out here \(the end of a quoted excerpt at line 137 of seed-000-readiness-init-race\.log\): nothing from 2020-03-12 10:42:31\.908195 to 2020-03-12 11:12:37\.907399 is in the log/);
  await screenshot(page, 'gap-in-the-log');
  expect(errors).toEqual([]);
  await page.context().close();
});
