/**
 * The pictures in the README, taken from the built app so they show what a newcomer will see: the landing page,
 * seed 000 with a selected event and its causal arrows, seed 004 in the dark theme, and a 100,000-line synthetic
 * log zoomed out (level-of-detail blocks). Written to test-results/readme/; docs/screenshots/ holds reviewed copies.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { syntheticKlog } from './synthetic-log.ts';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const size = { width: 1280, height: 760 };

/** A shorter log pane keeps the pictures small (text is what costs bytes in a PNG). */
async function shrinkLogPane(page: import('playwright-core').Page, byPx: number): Promise<void> {
  const splitter = await page.locator('.splitter-row').boundingBox();
  if (!splitter) return;
  await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + 2);
  await page.mouse.down();
  await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + 2 + byPx, { steps: 4 });
  await page.mouse.up();
}

test('README screenshots', async () => {
  const light = await openApp(browser, size);
  await screenshot(light.page, 'readme/landing');

  await loadFiles(light.page, [join(INCIDENTS_DIR, 'seed-000-readiness-init-race.log')]);
  await shrinkLogPane(light.page, 130);
  // The probe worker's first result (line 32 → 44) and the status the pod worker generated before it.
  await light.page.fill('#filter-text', 'Generating status');
  await light.page.keyboard.press('Enter');
  await light.page.click('.log-line[data-line="29"]');
  await light.page.fill('#filter-text', '');
  await light.page.keyboard.press('Enter');
  await light.page.keyboard.press('Escape');
  await light.page.keyboard.press('e');
  await light.page.keyboard.press('z');
  await light.page.keyboard.press('s');
  await light.page.waitForTimeout(200);
  await screenshot(light.page, 'readme/seed-000-causal-chain');
  expect(light.errors).toEqual([]);
  await light.page.context().close();

  const dark = await openApp(browser, { ...size, colorScheme: 'dark' });
  await loadFiles(dark.page, [join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log')]);
  await shrinkLogPane(dark.page, 140);
  await dark.page.fill('#filter-text', 'Pod worker has observed request to terminate');
  await dark.page.keyboard.press('Enter');
  await dark.page.locator('.log-line').last().click();
  await dark.page.fill('#filter-text', '');
  await dark.page.keyboard.press('Enter');
  await dark.page.keyboard.press('Escape');
  await dark.page.keyboard.press('e');
  await dark.page.keyboard.press('z');
  await dark.page.getByLabel('only the visible time window').check();
  await dark.page.waitForTimeout(200);
  await screenshot(dark.page, 'readme/seed-004-dark');
  expect(dark.errors).toEqual([]);
  await dark.page.context().close();

  const dir = mkdtempSync(join(tmpdir(), 'syncloop-'));
  const file = join(dir, 'synthetic-100k.log');
  writeFileSync(file, [...syntheticKlog({ pods: 120, lines: 100_000 })].join(''));
  const big = await openApp(browser, size);
  await loadFiles(big.page, [file]);
  await shrinkLogPane(big.page, 90);
  await big.page.waitForTimeout(200);
  await screenshot(big.page, 'readme/synthetic-100k-overview');
  expect(big.errors).toEqual([]);
  await big.page.context().close();
});
