/**
 * The share dialog's link size: a link past ~4,000 characters (what chat tools accept) shows its length, the
 * warning, and a button that saves the trace file instead — and that button really downloads it (the sanitized
 * trace, gzipped, which loads back). A short link shows its length and no warning.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loadFiles, openApp, RESULTS_DIR, screenshot } from './browser.ts';
import { syntheticKlog } from './synthetic-log.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Characters shown in the dialog's size line ("13,671 characters. …"). */
async function shownLength(page: import('playwright-core').Page): Promise<number> {
  const text = (await page.textContent('[data-testid="link-size"]')) ?? '';
  return Number(/^([0-9,]+) characters/.exec(text)?.[1].replaceAll(',', '') ?? NaN);
}

/** A synthetic log of `pods` pods and `lines` lines, loaded in a new page whose share dialog is open with its link made. */
async function sharedLog(name: string, pods: number, lines: number, viewport?: { width: number; height: number }) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logPath = join(RESULTS_DIR, name);
  writeFileSync(logPath, [...syntheticKlog({ pods, lines })].join(''));
  const { page, errors } = await openApp(browser, viewport);
  await loadFiles(page, [logPath]);
  await page.click('[data-testid="share-button"]');
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  return { page, errors, logPath, link: await page.inputValue('[data-testid="share-link"]') };
}

test('a long link warns past ~4,000 characters and offers the trace file, which downloads', async () => {
  // 1,500 lines on 12 pods: about 200 KB, under the whole-log limit, so the link carries it all.
  const { page, errors, logPath, link } = await sharedLog('share-size-1500.log', 12, 1500, { width: 1280, height: 900 });
  expect(link.length).toBeGreaterThan(4000);
  expect(await shownLength(page)).toBe(link.length);
  const warning = page.locator('[data-testid="link-warning"]');
  await expect(warning.isVisible()).resolves.toBe(true);
  const warningText = (await warning.textContent()) ?? '';
  expect(warningText).toContain(`${link.length.toLocaleString('en')} characters long`);
  expect(warningText).toContain('about 4,000 characters');
  await warning.scrollIntoViewIfNeeded();
  await screenshot(page, 'share-size-warning');

  const button = page.getByRole('button', { name: 'Download the trace file instead' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('share-size-1500.syncloop.json.gz');
  const saved = join(RESULTS_DIR, `size-${download.suggestedFilename()}`);
  await download.saveAs(saved);
  const doc = JSON.parse(gunzipSync(readFileSync(saved)).toString('utf8'));
  expect(doc.format).toBe('syncloop-trace');
  // Sanitizing is on by default for logs: the file holds the pseudonyms, as the link does.
  const original = readFileSync(logPath, 'utf8');
  const podName = /pod="[^/"]+\/([^"]+)"/.exec(original)![1];
  const fileText = JSON.stringify(doc);
  expect(fileText).not.toContain(podName);
  expect(fileText).toMatch(/pod-[a-z]+-\d+/);
  expect(errors).toEqual([]);
  await page.context().close();

  // The saved file opens again in a fresh page.
  const back = await openApp(browser);
  await loadFiles(back.page, [saved]);
  await expect(back.page.textContent('[data-testid="sources-button"]')).resolves.toMatch(/1,500 lines · 12 pods/);
  const pods = await back.page.locator('[data-testid="pod-header"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pod') ?? ''));
  expect(pods.length).toBeGreaterThan(0);
  for (const p of pods) expect(p).toMatch(/^(ns-\d+|default|kube-system)\/pod-[a-z]+-\d+$/);
  expect(back.errors).toEqual([]);
  await back.page.context().close();
});

test('a short link shows its length and no warning', async () => {
  const { page, errors, link } = await sharedLog('share-size-40.log', 2, 40);
  expect(link.length).toBeLessThan(4000);
  expect(await shownLength(page)).toBe(link.length);
  await expect(page.locator('[data-testid="link-warning"]').count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: 'Download the trace file instead' }).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await page.context().close();
});
