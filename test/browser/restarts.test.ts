/**
 * Kubelet restarts in real Chromium, on the constructed kubelet-exited journal (a kubelet failing at start-up every
 * 10 s, then another way, then up): the node's rows are shaded from each process's last line to the next start,
 * the pointer there tells what the log shows, and a click selects the start's line.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loadFiles, openApp, ROOT, screenshot, viewport } from './browser.ts';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'findings', 'kubelet-exited-constructed.log');
const US_PER_DAY = 86_400_000_000;

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('the time a node had no kubelet is shaded, and the pointer there says which start ended it', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [FIXTURE]);
  const header = await page.locator('[data-testid="node-header"]').first().boundingBox();
  const canvas = await page.locator('[data-testid="timeline-canvas"]').boundingBox();
  if (!header || !canvas) throw new Error('no node header or canvas');
  // 08:56:00 is inside the stretch between pid 4153's last line (08:55:21, line 12) and pid 4388's start (08:56:40, line 16).
  const view = await viewport(page);
  const tUs = Math.floor(view.startUs / US_PER_DAY) * US_PER_DAY + (8 * 3600 + 56 * 60) * 1e6;
  const x = canvas.x + ((tUs - view.startUs) / (view.endUs - view.startUs)) * canvas.width;
  await page.mouse.move(x, header.y + header.height / 2);
  const tip = page.locator('.timeline-tooltip:not(.note-tooltip)');
  await tip.waitFor({ state: 'visible' });
  await expect(tip.textContent()).resolves.toBe('08:56:40.120044  Kubelet start (pid 4388) at line 16, 1m18s after the last line of the '
    + 'previous process (pid 4153, line 12), which ended: Main process exited, code=exited, status=1/FAILURE (line 13)');
  await screenshot(page, 'kubelet-restarts');
  await page.mouse.click(x, header.y + header.height / 2);
  await page.waitForSelector('.log-line.selected[data-line="16"]');
  await expect(page.textContent('[data-testid="raw-line"]')).resolves.toContain('kubelet[4388]');
  // The inspector tells the start's story and leads to the old process's last line and its exit.
  const start = page.locator('[data-testid="kubelet-start"]');
  await expect(start.textContent()).resolves.toContain('Kubelet start (pid 4388) at line 16, 1m18s after the last line of the previous process (pid 4153, line 12)');
  await start.locator('.event-ref', { hasText: 'how it ended' }).click();
  await page.waitForSelector('.log-line.selected[data-line="13"]');
  await screenshot(page, 'kubelet-restart-inspector');
  expect(errors).toEqual([]);
  await page.context().close();
});
