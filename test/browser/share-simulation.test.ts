/**
 * From a finding to its simulation, and a link to a stepped simulation: seed 000's finding opens the
 * readiness-init-race scenario; after stepping and one scheduling choice, the Share dialog's link (sanitizing off
 * by default for simulations) opens in a fresh browser at the same step with the same choice and note.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot } from './browser.ts';
import { leaks, notePixels } from './share-kit.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('a stepped simulation, opened from its finding, shared by link, reopens at the same step', async () => {
  const { page, errors, requests } = await openApp(browser);
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-000-readiness-init-race.log')]);
  await page.click('[data-testid="finding-list"] .finding-item[data-finding="readiness-init-race"]');
  await page.click('[data-testid="open-simulation"]');
  await page.waitForSelector('[data-testid="sim-workspace"]');
  await page.waitForSelector('[data-testid="timeline-canvas"]');

  for (let i = 0; i < 6; i++) await page.click('[data-testid="step-forward"]');
  const runnable = page.locator('[data-testid="runnable"]');
  if (await runnable.count()) await runnable.last().click();
  await page.click('[data-testid="step-forward"]');
  const step = await page.textContent('[data-testid="sim-step"]');
  const choices = (await page.locator('[data-testid="choices"]').count()) ? await page.textContent('[data-testid="choices"]') : '';

  // A note on the visible window, from the timeline's context menu.
  await page.locator('[data-testid="timeline-canvas"]').click({ button: 'right', position: { x: 200, y: 40 } });
  await page.locator('[data-testid="note-menu"] button', { hasText: 'visible time window' }).click();
  await page.fill('[data-testid="note-editor"] textarea', 'watch the readiness worker here');
  await page.click('[data-testid="note-editor"] button[type="submit"]');

  await page.click('[data-testid="share-button"]');
  await expect(page.locator('[data-testid="sanitize-toggle"]').isChecked()).resolves.toBe(false);
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  const link = await page.inputValue('[data-testid="share-link"]');
  const summary = await page.locator('[data-testid="share-summary"] li').allTextContents();
  expect(summary[0]).toMatch(new RegExp(`^simulation readiness-init-race \\(buggy, kubelet [0-9.]+(, -v=[0-9]+)?\\), seed [0-9]+, at ${step}$`));
  expect(summary).toContain('1 note');
  await screenshot(page, 'share-simulation-dialog');
  expect(errors).toEqual([]);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const opened = await context.newPage();
  const openedRequests: string[] = [];
  opened.on('request', (r) => openedRequests.push(r.url()));
  await opened.goto(link);
  await opened.waitForSelector('[data-testid="sim-workspace"]');
  await opened.waitForFunction((s) => document.querySelector('[data-testid="sim-step"]')?.textContent === s, step);
  if (choices) await expect(opened.textContent('[data-testid="choices"]')).resolves.toBe(choices);
  // The note arrives with the run (drawn on the timeline once the run is in).
  await opened.waitForFunction(() => document.querySelector('[data-testid="timeline-canvas"]') !== null);
  await expect.poll(() => notePixels(opened), { timeout: 20_000 }).toBeGreaterThan(20);
  await screenshot(opened, 'share-simulation-opened');

  expect(leaks(requests, link)).toEqual([]);
  expect(leaks(openedRequests, link)).toEqual([]);
  await context.close();
  await page.context().close();
});
